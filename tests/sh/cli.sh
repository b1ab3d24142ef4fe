#!/bin/sh
# cli.sh - the command line on a scratch campaign: init, new, submit, run,
# turn, report, status, check, rollback, help, exit statuses, the lock.
. "$top_srcdir/tests/sh/lib.sh"

expect_status 78 wp status                       # no campaign yet: EX_CONFIG
expect_status 0 wp init --sender gm@example.org
expect_status 73 wp init --sender gm@example.org  # never overwrites
expect_status 0 wp new g1 burglar --seed 42 --deadline 24h --tz Europe/Berlin \
	--player ann:ann@example.org:annpw --player bob:bob@example.org \
	--player cat:cat@example.org:catpw
expect_grep 'Generated passwords' "$scratch/out"
expect_grep '^  bob ' "$scratch/out"
bobpw=$(awk '$1 == "bob" { print $2 }' "$scratch/out")
[ ${#bobpw} -eq 12 ] && ok || fail "generated password '$bobpw'"
# The password is stored only as a hash.
expect_no_grep "$bobpw" "$scratch/c/games/g1/game.xml"
expect_no_grep 'annpw' "$scratch/c/games/g1/game.xml"
expect_grep 'pbkdf2-sha256\$' "$scratch/c/games/g1/game.xml"
# Welcome mails, one per player, with the password in it.
expect_grep "$bobpw" "$scratch/c/outbox/new/g1-welcome-bob.eml"
expect_grep '^To: bob <bob@example.org>' "$scratch/c/outbox/new/g1-welcome-bob.eml"

expect_status 64 wp new g2 burglar --player solo:solo@example.org   # too few
expect_status 64 wp new g2 chess --player a:a@x.org --player b:b@x.org
expect_status 64 wp new g2 burglar --option seats=12 --player a:a@x.org --player b:b@x.org
expect_grep 'seats' "$scratch/err"
expect_status 64 wp new ../g2 burglar --player a:a@x.org --player b:b@x.org
expect_status 64 wp new g2 burglar --player a:nomail --player b:b@x.org
expect_status 73 wp new g1 burglar --player a:a@x.org --player b:b@x.org

# Orders: verdicts with stable codes; wrong password; wrong turn.
cat >"$scratch/o1" <<'O'
game g1
player ann
password annpw
# ann is seated, so she may only leave
join 5
fly away
O
expect_status 0 wp submit "$scratch/o1"
expect_grep 'rejected \[already-seated\]' "$scratch/out"
expect_grep 'rejected \[unknown-order\]' "$scratch/out"
expect_grep 'earlier orders stand' "$scratch/out"
printf 'game g1\nplayer ann\npassword wrong\nleave\n' >"$scratch/o2"
expect_status 77 wp submit "$scratch/o2"
printf 'game g1\nplayer ann\npassword annpw\nturn 7\nleave\n' >"$scratch/o3"
expect_status 65 wp submit "$scratch/o3"
expect_grep 'turn 7' "$scratch/err"
printf 'hello\n' >"$scratch/o4"
expect_status 65 wp submit "$scratch/o4"
expect_status 66 wp submit "$scratch/nonexistent"
# From standard input, as from procmail.
printf 'From: ann@example.org\nSubject: orders\n\ngame g1\nplayer ANN\npassword annpw\nleave\n' |
	expect_status 0 wp submit
expect_grep 'accepted: leave' "$scratch/out"
[ "$(cat "$scratch/c/games/g1/orders/0001/ann")" = leave ] && ok || fail "ann's orders"
ls "$scratch/c/outbox/new" | grep -q '^g1-0001-orders-ann-' && ok || fail "no confirmation mail"

# init's inbox Maildir is the campaign's source: a mail delivered there is
# read by the next run and answered.
[ -d "$scratch/c/inbox/new" ] && [ -d "$scratch/c/inbox/cur" ] && [ -d "$scratch/c/inbox/tmp" ] &&
	ok || fail "init made no inbox Maildir"
expect_grep '<source url="maildir:inbox"/>' "$scratch/c/wyrmpost.xml"
n=$(ls "$scratch/c/outbox/new" | wc -l)
printf 'From: Cat <cat@example.org>\nMessage-ID: <inbox1@example.org>\n\ngame g1\nplayer cat\npassword catpw\nstatus\n' \
	>"$scratch/c/inbox/new/1.eml"
expect_status 0 wp run
[ -z "$(ls "$scratch/c/inbox/new")" ] && ok || fail "run did not read the inbox"
[ "$(ls "$scratch/c/outbox/new" | wc -l)" -eq $((n + 1)) ] && ok || fail "no answer to the inbox mail"

# Not due yet: run does nothing, quietly, but for the mail that waits in
# the outbox with no way to send it (on stderr: cron mails it).
expect_status 0 wp run
[ ! -s "$scratch/out" ] && ok || fail "run not quiet"
[ "$(cat "$scratch/err")" = "wyrmpost: 8 mails wait in the outbox, but wyrmpost.xml says no way to send them (<smtp> or <sendmail>, see wyrmpost.xml(5)); they stay there until it does" ] &&
	ok || fail "run did not say that the outbox cannot be sent: $(cat "$scratch/err")"
expect_status 0 wp status
expect_grep '^g1 .*burglar .*turn 1 ' "$scratch/out"
# A day later it is due.
WYRMPOST_NOW=$((T0 + 86400)) expect_status 0 wp run
expect_status 0 wp status g1
expect_grep 'turn 2' "$scratch/out"
expect_status 0 wp report g1
expect_grep 'ann leaves' "$scratch/out"
expect_grep 'Dragon' "$scratch/out"
expect_status 0 wp report g1 --player bob
expect_grep 'Report for bob' "$scratch/out"
expect_status 66 wp report g1 --turn 9
expect_grep '^Subject: \[g1\] turn 1 report' "$scratch/c/outbox/new/g1-0001-report-cat.eml"
expect_grep '^Auto-Submitted: auto-generated' "$scratch/c/outbox/new/g1-0001-report-cat.eml"
# Every report comes with its PDF: kept, and attached to the mail.
expect_grep 'Content-Type: application/pdf; name="g1-0001-cat.pdf"' \
	"$scratch/c/outbox/new/g1-0001-report-cat.eml"
pdf=$scratch/c/games/g1/reports/0001/cat.pdf
if command -v qpdf >/dev/null && command -v pdftotext >/dev/null; then
	qpdf --check "$pdf" >/dev/null 2>&1 && ok || fail "qpdf --check $pdf"
	pdftotext "$pdf" "$scratch/cat.txt" 2>/dev/null
	expect_grep 'Report for cat' "$scratch/cat.txt"
	expect_grep "Dragon.s Hoard" "$scratch/cat.txt"
	expect_grep 'ann leaves the table' "$scratch/cat.txt"
	pdffonts "$pdf" 2>/dev/null | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' &&
		ok || fail "a font of $pdf is not embedded"
	[ "$(pdfinfo "$pdf" 2>/dev/null | awk '/^Page size/ { print $3 "x" $5 }')" = 595.276x841.89 ] &&
		ok || fail "$pdf is not A4"
fi

# turn --dry-run writes nothing; turn plays now.
cp "$scratch/c/games/g1/game.xml" "$scratch/before.xml"
expect_status 0 wp turn g1 --dry-run
expect_grep 'Public report' "$scratch/out"
cmp -s "$scratch/before.xml" "$scratch/c/games/g1/game.xml" && ok || fail "dry run wrote"
expect_status 0 wp turn g1
expect_grep 'turn 2 played' "$scratch/out"
# Rollback: back before turn 2, byte for byte but the deadline: a whole
# turn from the rollback (the one it had is past), told to the players.
expect_status 0 wp rollback g1
sed 's/ deadline="[^"]*"//' "$scratch/before.xml" >"$scratch/before-nd.xml"
sed 's/ deadline="[^"]*"//' "$scratch/c/games/g1/game.xml" >"$scratch/after-nd.xml"
cmp -s "$scratch/before-nd.xml" "$scratch/after-nd.xml" && ok || fail "rollback"
expect_grep 'deadline="2027-01-16T08:00:00Z"' "$scratch/c/games/g1/game.xml"
[ "$(grep -l 'put the game back to the start of turn 2: turn 2 is undone' \
	"$scratch"/c/outbox/new/g1-0002-gm-* | wc -l)" -ge 2 ] && ok || fail "rollback not mailed"
expect_grep 'Turn 2 runs at 2027-01-16 09:00 CET at the latest' "$scratch"/c/outbox/new/g1-0002-gm-ann-*
expect_status 0 wp turn g1
expect_status 64 wp rollback g1 --to 5
expect_status 0 wp rollback g1 --to 1
expect_status 0 wp status g1
expect_grep 'turn 1' "$scratch/out"
expect_status 66 wp rollback g1     # nothing left to undo
expect_status 0 wp check g1
# The whole campaign's check says that the outbox's mail cannot be sent.
expect_status 78 wp check
expect_grep 'mails wait in the outbox, but wyrmpost.xml says no way to send them' "$scratch/err"
sed 's|</wyrmpost>|<sendmail command="/bin/true"/></wyrmpost>|' "$scratch/c/wyrmpost.xml" >"$scratch/w.xml"
cp "$scratch/c/wyrmpost.xml" "$scratch/w.keep"
cp "$scratch/w.xml" "$scratch/c/wyrmpost.xml"
expect_status 0 wp check
cp "$scratch/w.keep" "$scratch/c/wyrmpost.xml"
# Turns played again after a rollback go out as new mails that say so.
expect_status 0 wp turn g1
expect_status 0 wp turn g1
r=$(ls "$scratch/c/outbox/new" | grep '^g1-0002-report-[^-]*-replay2\.eml$' | head -n 1)
[ -n "$r" ] && ok || fail "no second replay of turn 2's report in the outbox"
expect_grep '^Subject: \[g1\] turn 2 report (replayed)' "$scratch/c/outbox/new/$r"
expect_grep 'This turn was played again' "$scratch/c/outbox/new/$r"
n=$(ls "$scratch/c/games/g1/reports/0001" | grep -c '\.txt$')   # the players and public
[ "$(ls "$scratch/c/outbox/new" | grep -c '^g1-0001-report-.*-replay1\.eml$')" -eq $((n - 1)) ] &&
	ok || fail "turn 1 was played again once: one new report for each player"

# A corrupt game is named with its line, skipped, and the others run.
expect_status 0 wp new g3 burglar --seed 1 --deadline 0 --player a:a@x.org:p --player b:b@x.org:p
printf '<?xml version="1.0"?>\n<game format="1">\n<players>\n</game>\n' >"$scratch/c/games/g1/game.xml"
expect_status 65 wp check
expect_grep 'games/g1/game.xml:4:' "$scratch/err"
expect_status 65 wp run
expect_grep 'g1: .*game.xml:4:' "$scratch/err"
expect_status 0 wp status g3
expect_grep 'turn 2' "$scratch/out"
# An attribute the grammar refuses: the element's attributes are shown,
# since libxml2 does not say which one.
cp "$scratch/c/wyrmpost.xml" "$scratch/wyrmpost.xml.good"
sed -i 's/<wyrmpost format="1"/<wyrmpost format="2"/' "$scratch/c/wyrmpost.xml"
expect_status 78 wp check
expect_grep 'wyrmpost.xml:[0-9]*: Element wyrmpost failed to validate attributes (its attributes: format="2")' "$scratch/err"
cp "$scratch/wyrmpost.xml.good" "$scratch/c/wyrmpost.xml"
# A state whose id is not its folder's is named with its path.
cp -R "$scratch/c/games/g3" "$scratch/c/games/g4"
expect_status 65 wp check
expect_grep "$scratch/c/games/g4/game.xml: holds game 'g3', but its folder says 'g4'" "$scratch/err"
rm -rf "$scratch/c/games/g4"

# The lock: a second run while one holds it exits EX_TEMPFAIL.
exec 9>"$scratch/c/.lock"
flock -n 9
expect_status 75 wp run
expect_grep 'another wyrmpost' "$scratch/err"
# submit (procmail's way in) waits for the lock a while, then gives up...
printf 'game g3\nplayer a\npassword p\n' >"$scratch/wait.txt"
expect_status 75 env WYRMPOST_LOCK_WAIT=1 "$WYRMPOST" -d "$scratch/c" submit "$scratch/wait.txt"
exec 9>&-
# ... or goes in once the lock is free.
( exec 8>"$scratch/c/.lock"; flock -n 8; sleep 2 ) &
sleep 0.5
expect_status 0 env WYRMPOST_LOCK_WAIT=20 "$WYRMPOST" -d "$scratch/c" submit "$scratch/wait.txt"
wait

# help
expect_status 0 wp help
expect_grep 'rollback' "$scratch/out"
for v in init new status check submit turn run report rollback help; do
	expect_status 0 wp help $v
	expect_grep "usage: wyrmpost $v" "$scratch/out"
done
expect_status 0 wp help rules
expect_grep 'burglar' "$scratch/out"
expect_status 64 wp help frobnicate
expect_status 64 wp frobnicate

# Text from a mail never reaches the terminal with its control characters:
# an escape sequence in the game line is refused by name, not echoed.
printf 'game g\033[2J\033[31m9\nplayer ann\npassword pw\nleave\n' >"$scratch/esc.txt"
"$WYRMPOST" -d "$scratch/c" submit "$scratch/esc.txt" >"$scratch/out" 2>"$scratch/err" || true
expect_grep 'line 1: character 2 of the line is U+001B' "$scratch/err"
if grep -q "$(printf '\033')" "$scratch/err" "$scratch/out"; then
	fail "a raw ESC reached the terminal"
else
	ok
fi
if LC_ALL=C grep -q "$(printf '\033')" "$scratch/err"; then fail "a raw escape reached stderr"; else ok; fi

# A turn that would run early waits for wanted orders too (Heart of
# Glass votes): status says so.
cp -R "$top_srcdir/examples/campaign/games/saga" "$scratch/c/games/"
chmod -R u+w "$scratch/c/games/saga"
expect_status 65 wp status      # g1 is still damaged: listed, and named
expect_grep '^saga .*orders 0/1, more wanted' "$scratch/out"
expect_grep '^g1 .*unreadable: .*games/g1/game.xml:4:' "$scratch/out"
expect_grep 'games/g1/game.xml:4:' "$scratch/err"
rm -rf "$scratch/c/games/saga"

# Deadlines on a calendar, in the game's zone: T0 is Friday 2027-01-15
# 08:00 UTC, 09:00 in Berlin; Tuesdays and Fridays 18:00 is that evening,
# then Tuesday.  A run late by a minute does not move the next one.
expect_status 0 wp new cal burglar --seed 1 --deadline 'tue,fri 18:00' --tz Europe/Berlin \
	--player ann:ann@example.org:pw --player bob:bob@example.org:pw
expect_status 0 wp status cal
expect_grep 'due 2027-01-15 18:00 CET' "$scratch/out"
expect_status 0 env WYRMPOST_NOW=$((T0 + 9 * 3600 + 60)) "$WYRMPOST" -d "$scratch/c" turn cal
expect_status 0 wp status cal
expect_grep 'due 2027-01-19 18:00 CET' "$scratch/out"
expect_status 64 wp new cal2 burglar --deadline 'tue,fry 18:00' \
	--player ann:ann@example.org:pw --player bob:bob@example.org:pw
expect_grep "days and a time such as 'tue,fri 18:00'" "$scratch/err"
expect_status 0 wp new every burglar --seed 1 --deadline 24h \
	--player ann:ann@example.org:pw --player bob:bob@example.org:pw
expect_status 0 env WYRMPOST_NOW=$((T0 + 86400 + 120)) "$WYRMPOST" -d "$scratch/c" turn every
expect_status 0 wp status every
expect_grep 'due 2027-01-17 08:00 UTC' "$scratch/out"
finish
