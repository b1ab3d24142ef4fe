#!/bin/sh
# mailflow.sh - orders mail in from a Maildir and an mbox, answers and
# reports out through a sendmail-compatible command: `fetch`, `send`, and
# `run` doing both around the turns; duplicates, bounces, loops, the size
# limit, unreadable mail (answered only to a registered address), a
# refusing mail server and the retry.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender tavern@example.org >/dev/null
mkdir -p "$scratch/in/new" "$scratch/in/cur" "$scratch/in/tmp" "$scratch/mta"
# A stand-in MTA: records its arguments and the message; refuses while
# $scratch/mta/down exists, as a dead server would.
cat >"$scratch/fakesendmail" <<EOS
#!/bin/sh
[ -e "$scratch/mta/down" ] && exit 75
n=\$(ls "$scratch/mta" | wc -l)
printf '%s\n' "\$*" >"$scratch/mta/\$n.args"
cat >"$scratch/mta/\$n.eml"
EOS
chmod +x "$scratch/fakesendmail"
cat >"$scratch/c/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="tavern@example.org"/>
  <source url="maildir:$scratch/in"/>
  <source url="mbox:$scratch/mbox"/>
  <sendmail command="$scratch/fakesendmail -i"/>
  <limits message-size="3000"/>
</wyrmpost>
EOX
wp new g1 burglar --seed 5 --deadline 24h --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw --player cat:cat@example.test:catpw >/dev/null

mail() { # FILE FROM MESSAGE-ID BODY-LINES...
	f=$1 from=$2 id=$3; shift 3
	{ printf 'From: %s\nTo: tavern@example.org\nSubject: orders\n' "$from"
	  [ -n "$id" ] && printf 'Message-ID: %s\n' "$id"
	  printf '\n'; printf '%s\n' "$@"; } >"$f"
}
mail "$scratch/in/new/1" 'Ann <ann@example.test>' '<a1@example.test>' \
	'game g1' 'player ann' 'password annpw' 'leave'
cp "$scratch/in/new/1" "$scratch/in/cur/1-again:2,S"        # the same mail twice
mail "$scratch/in/new/2" 'MAILER-DAEMON@example.test' '<b1@example.test>' 'Delivery failed'
{ printf 'Auto-Submitted: auto-replied\n'; cat "$scratch/in/new/1"; } |
	sed 's/a1@/auto1@/' >"$scratch/in/new/3"
{ printf 'X-Loop: wyrmpost@example.org\n'; cat "$scratch/in/new/1"; } |
	sed 's/a1@/loop1@/' >"$scratch/in/new/4"
mail "$scratch/in/new/5" 'Zed <zed@example.test>' '<z1@example.test>' 'Hello, can I play?'
mail "$scratch/in/new/6" 'Big <big@example.test>' '<big@example.test>' 'game g1' \
	"$(head -c 4000 /dev/zero | tr '\0' x)"
mail "$scratch/m1" 'bob@example.test' '<m1@example.test>' 'game g1' 'player bob' \
	'password bobpw' 'leave' '>From here on I hold my tokens'
mail "$scratch/m2" 'cat@example.test' '<m2@example.test>' 'game g1' 'player cat' \
	'password catpw' 'status'
{ printf 'From bob@example.test Mon Jan 11 08:00:00 2027\n'; cat "$scratch/m1"
  printf '\nFrom cat@example.test Mon Jan 11 08:01:00 2027\n'; cat "$scratch/m2"; } >"$scratch/mbox"

touch "$scratch/mta/down"
expect_status 75 wp run                     # mail in, turn not due, the MTA down
[ -z "$(ls -A "$scratch/in/new")$(ls -A "$scratch/in/cur")" ] && ok || fail "maildir not emptied"
[ ! -s "$scratch/mbox" ] && ok || fail "mbox not emptied"
[ "$(cat "$scratch/c/games/g1/orders/0001/ann")" = leave ] && ok || fail "ann's orders"
[ "$(cat "$scratch/c/games/g1/orders/0001/bob")" = leave ] && ok || fail "bob's orders"
# What became of each mail is in the log; under cron (no terminal) stderr,
# which cron mails to the game master, does not repeat it.
log=$scratch/c/spool/fetch.log
expect_grep 'not answered: Auto-Submitted' "$log"
expect_grep 'not answered: our own X-Loop' "$log"
expect_grep 'not answered: a bounce' "$log"
expect_grep 'quarantined' "$log"
expect_no_grep 'not answered' "$scratch/err"
[ "$(ls "$scratch/c/spool/quarantine" | wc -l)" -eq 1 ] && ok || fail "quarantine"
ls "$scratch/c/outbox/new" | grep -c 'orders-ann' | grep -qx 1 && ok || fail "ann: one reply"
expect_grep 'will try again' "$scratch/err"
[ "$(ls "$scratch/c/outbox/retry" | wc -l)" -ge 1 ] && ok || fail "no retry state"
[ "$(ls "$scratch/mta" | grep -c eml)" -eq 0 ] && ok || fail "sent while down"

# The server is back, but the back-off has not passed: nothing is tried.
rm "$scratch/mta/down"
expect_status 0 wp send
[ "$(ls "$scratch/mta" | grep -c eml)" -eq 0 ] && ok || fail "retried too early"
# Ten minutes later everything goes, once.
WYRMPOST_NOW=$((T0 + 600)) expect_status 0 wp send
n=$(ls "$scratch/c/outbox/new" | wc -l)
[ "$n" -eq 0 ] && ok || fail "$n mails left in the outbox"
# The welcome mails went out with the password; the copies kept in sent/
# do not hold it.
grep -l 'password for this game is: annpw' "$scratch"/mta/*.eml >/dev/null && ok ||
	fail "ann's welcome mail went out without her password"
welcome=$(ls "$scratch"/c/sent/new/*welcome-ann*)
expect_grep 'password for this game is: (removed from this copy once it was sent)' "$welcome"
expect_no_grep 'annpw' "$welcome"
sent=$(ls "$scratch/mta" | grep -c eml)
[ "$sent" -eq "$(ls "$scratch/c/sent/new" | wc -l)" ] && ok || fail "sent $sent"
# Zed is in no game: his mail is logged, never answered (its From may be
# forged, and answering it would mail a stranger).
grep -l 'Your mail could not be read as orders' "$scratch"/mta/*.eml >"$scratch/unread" || true
[ ! -s "$scratch/unread" ] && ok || fail "zed's mail was answered"
grep -l 'zed@example.test' "$scratch"/mta/*.args >/dev/null 2>&1 && fail "mailed zed" || ok
expect_grep 'not answered: zed@example.test is in no game' "$log"
grep -l '^To: cat <cat@example.test>' "$scratch"/mta/*.eml | xargs grep -l 'Status of game g1' \
	>/dev/null && ok || fail "cat's status reply"
grep -l 'MAILER-DAEMON' "$scratch"/mta/*.eml >/dev/null && fail "answered a bounce" || ok
# Running again sends nothing twice.
WYRMPOST_NOW=$((T0 + 1200)) expect_status 0 wp run
[ "$(ls "$scratch/mta" | grep -c eml)" -eq "$sent" ] && ok || fail "sent again"
# A message handled before is only removed when it comes back.
mail "$scratch/in/new/7" 'Ann <ann@example.test>' '<a1@example.test>' \
	'game g1' 'player ann' 'password annpw' 'leave'
WYRMPOST_NOW=$((T0 + 1800)) expect_status 0 wp fetch
[ ! -e "$scratch/in/new/7" ] && ok || fail "duplicate left in the source"
[ "$(ls "$scratch/c/outbox/new" | wc -l)" -eq 0 ] && ok || fail "duplicate answered"
# A mail for a game the campaign does not have is answered, with a hint.
mail "$scratch/in/new/20" 'Ann <ann@example.test>' '<a20@example.test>' \
	'game g1x' 'player ann' 'password annpw' 'leave'
WYRMPOST_NOW=$((T0 + 2000)) expect_status 0 wp fetch
reply=$(ls "$scratch"/c/outbox/new/*unreadable* 2>/dev/null | head -n 1)
[ -n "$reply" ] && ok || fail "no answer to a mail for no game"
[ -z "$reply" ] || expect_grep "no game 'g1x' in this campaign; did you mean 'g1'?" "$reply"
[ -z "$reply" ] || expect_grep '^To: .*ann@example.test' "$reply"
# Without a way to send, send says so and keeps the mail.
sed -i '/<sendmail/d' "$scratch/c/wyrmpost.xml"
printf 'game g1\nplayer cat\npassword catpw\nhelp\n' | wp submit >/dev/null
expect_status 78 wp send
expect_grep 'wait in the outbox' "$scratch/err"
finish
