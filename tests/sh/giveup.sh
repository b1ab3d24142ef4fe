#!/bin/sh
# giveup.sh - mail that cannot be delivered for <limits give-up> hours is set
# aside in outbox/failed/ and named, not tried every six hours for ever; mail
# that goes through in time is sent once, and an old two-number retry state
# still counts.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender tavern@example.org >/dev/null
mkdir -p "$scratch/mta"
# A stand-in MTA that refuses (exit 69, "unavailable") while mta/down exists.
cat >"$scratch/sendmail" <<EOS
#!/bin/sh
[ -e "$scratch/mta/down" ] && { echo "550 no such user" >&2; exit 69; }
n=\$(ls "$scratch/mta" | wc -l)
cat >"$scratch/mta/\$n.eml"
EOS
chmod +x "$scratch/sendmail"
cat >"$scratch/c/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="tavern@example.org"/>
  <sendmail command="$scratch/sendmail -i"/>
  <limits give-up="24"/>
</wyrmpost>
EOX
wp new g1 burglar --seed 5 --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw >/dev/null
count() { ls "$1" 2>/dev/null | wc -l; }
[ "$(count "$scratch/c/outbox/new")" -eq 2 ] && ok || fail "two welcome mails wanted"

# Down for the first day: kept, with the time of the first failure.
touch "$scratch/mta/down"
expect_status 75 wp send
expect_grep 'will try again after' "$scratch/err"
[ "$(count "$scratch/c/outbox/retry")" -eq 2 ] && ok || fail "no retry state"
for f in "$scratch/c/outbox/retry/"*; do
	[ "$(head -n 1 "$f" | cut -d' ' -f3)" = "$T0" ] && ok || fail "first failure not kept: $f"
done
# An older state without the first time: it counts from its next failure.
printf '3 0\nold error\n' >"$scratch/c/outbox/retry/$(ls "$scratch/c/outbox/new" | tail -n 1)"
WYRMPOST_NOW=$((T0 + 12 * 3600)) expect_status 75 wp send
[ "$(count "$scratch/c/outbox/new")" -eq 2 ] && ok || fail "given up before its time"
# A day after the first failure: the first message is set aside, the other
# (whose clock started twelve hours later) is still tried.
WYRMPOST_NOW=$((T0 + 24 * 3600)) expect_status 75 wp send --now
expect_grep 'undeliverable since 2027-01-15' "$scratch/err"
expect_grep 'moved to outbox/failed/' "$scratch/err"
[ "$(count "$scratch/c/outbox/new")" -eq 1 ] && ok || fail "one should be left"
[ "$(count "$scratch/c/outbox/failed/new")" -eq 1 ] && ok || fail "one should be set aside"
[ "$(count "$scratch/c/outbox/retry")" -eq 1 ] && ok || fail "state of the set-aside mail kept"
# Only given-up mail in this run: a plain I/O failure (74), not a retry (75).
WYRMPOST_NOW=$((T0 + 36 * 3600)) expect_status 74 wp send --now
expect_grep '1 mail given up after 24 hours' "$scratch/err"
[ "$(count "$scratch/c/outbox/new")" -eq 0 ] && ok || fail "outbox not empty"
[ "$(count "$scratch/c/outbox/failed/new")" -eq 2 ] && ok || fail "both set aside"

# Back up; the gamemaster moves one back by hand: it is sent, once.
rm "$scratch/mta/down"
mv "$scratch/c/outbox/failed/new/"*ann* "$scratch/c/outbox/new/"
WYRMPOST_NOW=$((T0 + 40 * 3600)) expect_status 0 wp send
[ "$(ls "$scratch/mta" | grep -c eml)" -eq 1 ] && ok || fail "not delivered once"
grep -q 'ann@example.test' "$scratch/mta/"*.eml && ok || fail "the wrong mail went"
WYRMPOST_NOW=$((T0 + 41 * 3600)) expect_status 0 wp send
[ "$(ls "$scratch/mta" | grep -c eml)" -eq 1 ] && ok || fail "sent twice"

# The schema bounds the setting.
sed -i 's/give-up="24"/give-up="0"/' "$scratch/c/wyrmpost.xml"
expect_status 78 wp send
expect_grep 'wyrmpost.xml' "$scratch/err"
finish
