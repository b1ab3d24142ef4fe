#!/bin/sh
# send-budget.sh - a slow sendmail command does not hold the campaign:
# delivery stops once <limits send-budget> seconds are spent (the rest goes
# with the next run, each mail once), it holds only the outbox's lock (a
# `submit` during it is taken at once, a second sender is told to wait).
. "$top_srcdir/tests/sh/lib.sh"
C=$scratch/c

cat >"$scratch/slow" <<EOS
#!/bin/sh
sleep 2
cat >>"$scratch/rec.msg"
EOS
chmod +x "$scratch/slow"
wp init --sender gm@example.test >/dev/null
cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  <sendmail command="$scratch/slow -i"/>
  <limits send-budget="3"/>
</wyrmpost>
EOX
wp new g1 burglar --seed 1 --deadline 24h --option seats=6 \
	--player a1:a1@example.test:p1 --player a2:a2@example.test:p2 \
	--player a3:a3@example.test:p3 --player a4:a4@example.test:p4 \
	--player a5:a5@example.test:p5 --player a6:a6@example.test:p6 >/dev/null
: >"$scratch/rec.msg"
sent() { grep -c '^Message-ID:' "$scratch/rec.msg" || true; }
waiting() { ls "$C/outbox/new" | wc -l; }

# Six welcome mails at 2 s each (12 s), a budget of 3 s: one or two go
# (two when the second is begun within the budget), then the run ends.
# (The bound leaves room for a loaded machine.)
t=$(date +%s)
expect_status 0 wp run
took=$(($(date +%s) - t))
[ "$took" -le 9 ] && ok || fail "run took $took s with a budget of 3 s"
first=$(sent)
[ "$first" -ge 1 ] && [ "$first" -le 3 ] && ok || fail "first run: $first mails sent"
[ "$(waiting)" -eq $((6 - first)) ] && ok || fail "first run: $(waiting) mails left"
expect_grep 'wait for the next send' "$scratch/err"

# During the next run's delivery: `submit` is taken at once (it would wait
# up to WYRMPOST_LOCK_WAIT seconds for the campaign lock: none here), and a
# second sender is told another is at work.
wp run >/dev/null 2>&1 &
runner=$!
sleep 1
printf 'game g1\nplayer a1\npassword p1\nleave\n' >"$scratch/o"
t=$(date +%s)
WYRMPOST_LOCK_WAIT=0 expect_status 0 wp submit "$scratch/o"
[ $(($(date +%s) - t)) -le 1 ] && ok || fail "submit waited for the delivery"
expect_status 75 wp send
expect_grep 'another wyrmpost is delivering' "$scratch/err"
wait $runner
[ "$(sent)" -gt "$first" ] && ok || fail "second run sent nothing"

# The rest (and the submit's answer), by the runs after; each mail once.
n=0
while [ "$(waiting)" -gt 0 ] && [ $n -lt 8 ]; do
	wp run >/dev/null 2>&1 || true
	n=$((n + 1))
done
[ "$(waiting)" -eq 0 ] && ok || fail "$(waiting) mails still waiting"
if grep '^Message-ID:' "$scratch/rec.msg" | sort | uniq -d | grep -q .; then
	fail "a mail sent twice"
else
	ok
fi
finish
