#!/bin/sh
# intake.sh - `wyrmpost submit` as procmail and fetchmail's mda use it: a
# mail on standard input, with its mbox envelope line, taken by the same
# intake as fetch.  A mail delivered again is applied once; an
# out-of-office reply is neither answered nor stored; a 50 MB mail is
# quarantined with memory bounded by the limit, not by the mail; mail from
# an address in no game (a forged From) is logged, never answered, while a
# player's address gets the hint; mail from the campaign's own address is
# never answered; `observe` subscribes, and a newcomer's `join` registers,
# only after the mailed code comes back.  Every one of them exits 0: delivered, nothing for the mail system
# to bounce or retry.
. "$top_srcdir/tests/sh/lib.sh"

C=$scratch/c
wp init --sender tavern@example.org >/dev/null
sed -i 's|</wyrmpost>|  <limits message-size="20000"/>\n</wyrmpost>|' "$C/wyrmpost.xml"
wp new g1 burglar --seed 5 --deadline 24h --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw >/dev/null
rm -f "$C/outbox/new/"*
log=$C/spool/fetch.log
out() { ls "$C/outbox/new" | wc -l; }

deliver() { # FILE: as procmail pipes it, envelope line first
	{ printf 'From sender@example.test  Fri Jan 15 09:00:00 2027\n'; cat "$1"; } |
		expect_status 0 wp submit
}
mail() { # FILE FROM MESSAGE-ID [HEADER...] -- BODY-LINES...
	f=$1 from=$2 id=$3; shift 3
	{ printf 'From: %s\nTo: tavern@example.org\nSubject: orders\n' "$from"
	  [ -n "$id" ] && printf 'Message-ID: %s\n' "$id"
	  while [ $# -gt 0 ] && [ "$1" != -- ]; do printf '%s\n' "$1"; shift; done
	  shift
	  printf '\n'; printf '%s\n' "$@"; } >"$f"
}

# Delivered twice, and again after a later mail: applied once.
mail "$scratch/a" 'Ann <ann@example.test>' '<a1@example.test>' -- \
	'game g1' 'player ann' 'password annpw' 'leave'
deliver "$scratch/a"
expect_grep 'accepted: leave' "$scratch/out"
[ "$(cat "$C/games/g1/orders/0001/ann")" = leave ] && ok || fail "ann's orders"
[ "$(out)" -eq 1 ] && ok || fail "ann: $(out) replies"
rm -f "$C/outbox/new/"*
deliver "$scratch/a"
[ "$(out)" -eq 0 ] && ok || fail "a mail delivered again was answered"
mail "$scratch/b" 'Ann <ann@example.test>' '<a2@example.test>' -- \
	'game g1' 'player ann' 'password annpw'
deliver "$scratch/b"                     # withdraws her orders
[ -z "$(cat "$C/games/g1/orders/0001/ann")" ] && ok || fail "ann's orders not withdrawn"
rm -f "$C/outbox/new/"*
deliver "$scratch/a"                     # the first one, late, once more
[ -z "$(cat "$C/games/g1/orders/0001/ann")" ] && ok || fail "an old mail applied again"
[ "$(out)" -eq 0 ] && ok || fail "an old mail answered again"
[ "$(wc -l <"$C/games/g1/orders/0001/.mails-ann")" -eq 2 ] && ok || fail "mails counted"

# The same orders in two mails: each answered under a Message-ID of its
# own (the reply's key came from the orders' text, and the second reply,
# In-Reply-To another mail, reused the first one's Message-ID).
rm -f "$C/outbox/new/"*
mail "$scratch/s1" 'Ann <ann@example.test>' '<same1@example.test>' -- \
	'game g1' 'player ann' 'password annpw' 'leave'
mail "$scratch/s2" 'Ann <ann@example.test>' '<same2@example.test>' -- \
	'game g1' 'player ann' 'password annpw' 'leave'
deliver "$scratch/s1"
deliver "$scratch/s2"
[ "$(out)" -eq 2 ] && ok || fail "two mails, $(out) replies"
ids=$(cat "$C/outbox/new/"* | grep -i '^Message-ID:' | sort -u | wc -l)
[ "$ids" -eq 2 ] && ok || fail "two replies under $ids Message-IDs"
rm -f "$C/outbox/new/"*

# An out-of-office reply quoting the orders: not answered, not stored.
mail "$scratch/ooo" 'Bob <bob@example.test>' '<ooo@example.test>' \
	'Auto-Submitted: auto-replied' -- 'I am away until Monday.' '' \
	'game g1' 'player bob' 'password bobpw' 'leave'
deliver "$scratch/ooo"
[ "$(out)" -eq 0 ] && ok || fail "an out-of-office reply was answered"
[ ! -e "$C/games/g1/orders/0001/bob" ] && ok || fail "an out-of-office reply was stored"
expect_grep 'not answered: Auto-Submitted' "$log"
mail "$scratch/ooo2" 'Bob <bob@example.test>' '<ooo2@example.test>' 'Precedence: junk' -- \
	'Out of office.'
deliver "$scratch/ooo2"
[ "$(out)" -eq 0 ] && ok || fail "a Precedence: junk reply was answered"

# 50 MB: quarantined whole, read no further into memory than the limit.
{ printf 'From: Ann <ann@example.test>\nMessage-ID: <big@example.test>\n\n'
  printf 'game g1\nplayer ann\npassword annpw\n'
  head -c 50000000 /dev/zero | tr '\0' x; printf '\n'; } >"$scratch/big"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f %M -o "$scratch/rss" "$WYRMPOST" -d "$C" submit <"$scratch/big" \
		>"$scratch/out" 2>"$scratch/err" && ok || fail "50 MB: not delivered"
	echo "50 MB mail: $(cat "$scratch/rss") KB at most in memory"; [ "$(cat "$scratch/rss")" -lt 40000 ] && ok || fail "50 MB: $(cat "$scratch/rss") KB used"
else
	expect_status 0 wp submit <"$scratch/big"
fi
q=$(ls "$C/spool/quarantine/"*.eml 2>/dev/null | head -n 1)
[ -n "$q" ] && [ "$(wc -c <"$q")" -eq "$(wc -c <"$scratch/big")" ] && ok ||
	fail "50 MB: not quarantined whole"
[ -n "$q" ] && [ "$(stat -c %a "$q")" = 600 ] && ok || fail "quarantine open to others"
[ "$(basename "$q" .eml)" = "$(sha256sum <"$scratch/big" | cut -d' ' -f1)" ] && ok ||
	fail "quarantine not named by its hash"
[ "$(out)" -eq 0 ] && ok || fail "50 MB: answered"
expect_grep 'over the limit of 20000' "$log"
rm -f "$scratch/big" "$q"

# Not orders, from an address in no game (a forged From, or a stranger):
# logged, not answered; nor a wrong player from one.  The same from a
# player's address: answered there, with the hint.
mail "$scratch/f1" 'Victim <victim@example.net>' '<f1@example.test>' -- 'Hello there'
deliver "$scratch/f1"
mail "$scratch/f2" 'victim@example.net' '<f2@example.test>' -- \
	'game g1' 'player zed' 'password x' 'leave'
deliver "$scratch/f2"
mail "$scratch/f3" 'victim@example.net' '<f3@example.test>' -- \
	'game g9' 'player ann' 'password x' 'leave'
deliver "$scratch/f3"
[ "$(out)" -eq 0 ] && ok || fail "a stranger was answered"
[ "$(grep -c 'not answered: victim@example.net is in no game' "$log")" -eq 3 ] && ok ||
	fail "the strangers' mails were not logged"
mail "$scratch/f4" 'Bob <bob@example.test>' '<f4@example.test>' -- \
	'game g1' 'player bbo' 'password bobpw' 'leave'
deliver "$scratch/f4"
f=$(ls "$C"/outbox/new/unreadable-* 2>/dev/null | head -n 1)
[ -n "$f" ] && expect_grep "g1: no player 'bbo' in this game; did you mean 'bob'?" "$f" ||
	fail "bob not told of his misspelt name"
[ -n "$f" ] && expect_grep '^To: bob@example.test' "$f"
[ -n "$f" ] && expect_no_grep "'bob'?\\." "$f"   # one stop after a question
rm -f "$C/outbox/new/"*

# Headers and no body (no blank line, or nothing after it): still mail,
# delivered (exit 0), not bounced to a possibly forged sender; a player's
# address is told it held no orders, a stranger's is only logged.
printf 'From: Bob <bob@example.test>\nSubject: hi\nMessage-ID: <h1@example.test>\n' \
	>"$scratch/h1"
deliver "$scratch/h1"
printf 'From: Bob <bob@example.test>\nSubject: hi\nMessage-ID: <h2@example.test>\n\n\n' \
	>"$scratch/h2"
deliver "$scratch/h2"
[ "$(grep -l 'Your mail held no orders: it had no text after its headers' \
	"$C"/outbox/new/unreadable-* 2>/dev/null | wc -l)" -eq 2 ] && ok ||
	fail "bob's mails of headers alone not answered"
rm -f "$C/outbox/new/"*
printf 'From: Victim <victim@example.net>\nMessage-ID: <h3@example.test>\n' >"$scratch/h3"
deliver "$scratch/h3"
[ "$(out)" -eq 0 ] && ok || fail "a stranger's mail of headers alone was answered"
[ "$(grep -c 'not answered: victim@example.net is in no game' "$log")" -eq 4 ] && ok ||
	fail "a stranger's mail of headers alone was not logged"

# A NUL in the From's display name: the address after it is still read,
# so the player's orders are taken without a false "from another
# address" notice.
printf 'From: "Bob\000Smith" <bob@example.test>\nMessage-ID: <nul@example.test>\n\ngame g1\nplayer bob\npassword bobpw\nleave\n' \
	>"$scratch/nul"
deliver "$scratch/nul"
[ "$(cat "$C/games/g1/orders/0001/bob")" = leave ] && ok || fail "bob's orders with a NUL in From"
[ "$(out)" -eq 1 ] && ok || fail "a NUL in From: $(out) mails, not 1 reply"
expect_no_grep 'sent in your name' "$C"/outbox/new/*
rm -f "$C/outbox/new/"* "$C/games/g1/orders/0001/bob" "$C/games/g1/orders/0001/.mails-bob"

# From the campaign's own address (a loop, or a forgery): never answered,
# even with the right password.
mail "$scratch/own" 'The Tavern <tavern@example.org>' '<own@example.test>' -- \
	'game g1' 'player bob' 'password bobpw' 'leave'
deliver "$scratch/own"
[ "$(out)" -eq 0 ] && ok || fail "our own address was answered"
[ ! -e "$C/games/g1/orders/0001/bob" ] && ok || fail "mail from our own address was stored"
expect_grep "not answered: from the campaign's own address" "$log"

# observe: a code to the address, and only the reply carrying it subscribes.
mail "$scratch/o1" 'Zed <zed@example.net>' '<o1@example.test>' -- 'game g1' 'observe'
deliver "$scratch/o1"
expect_no_grep 'zed@example.net' "$C/games/g1/game.xml"
f=$(ls "$C"/outbox/new/g1-0001-observe-confirm-* 2>/dev/null | head -n 1)
[ -n "$f" ] && expect_grep '^To: zed@example.net' "$f" || fail "no confirmation"
code=$(sed -n 's/^observe \([a-z2-9]*\)\r*$/\1/p' "$f")
[ ${#code} -eq 10 ] && ok || fail "no code in the confirmation"
mail "$scratch/o2" 'Mallory <mallory@example.net>' '<o2@example.test>' -- \
	'game g1' "observe $code"
deliver "$scratch/o2"
expect_no_grep 'example.net' "$C/games/g1/game.xml"
mail "$scratch/o3" 'zed@example.net' '<o3@example.test>' -- \
	'> Someone, perhaps you, asked' "game g1" "observe $code"
deliver "$scratch/o3"
expect_grep 'email="zed@example.net"' "$C/games/g1/game.xml"
expect_grep 'You now get the public reports' "$scratch/out"
# join, in an open game: the same round trip.  Without the code nothing
# changes and only the code is mailed, once a turn; a wrong code, or the
# right one from another address, changes nothing; the right one joins.
expect_status 0 wp game g1 set open=yes
rm -f "$C/outbox/new/"*
mail "$scratch/j1" 'Fay <fay@example.net>' '<j1@example.test>' -- \
	'game g1' 'player fay' 'password fay-pw-1' 'join 5'
deliver "$scratch/j1"
expect_no_grep 'fay' "$C/games/g1/game.xml"
[ ! -e "$C/games/g1/orders/0001/fay" ] && ok || fail "unconfirmed join stored orders"
[ "$(out)" -eq 1 ] && ok || fail "unconfirmed join: $(out) mails"
f=$(ls "$C"/outbox/new/g1-0001-join-confirm-* 2>/dev/null | head -n 1)
[ -n "$f" ] && expect_grep '^To: fay@example.net' "$f" || fail "no join confirmation"
expect_grep '^join 5' "$f"
expect_no_grep 'fay-pw-1' "$f"
code=$(sed -n 's/^confirm \([a-z2-9]*\)\r*$/\1/p' "$f")
[ ${#code} -eq 10 ] && ok || fail "no code in the join confirmation"
mail "$scratch/j2" 'Fay <fay@example.net>' '<j2@example.test>' -- \
	'game g1' 'player fay' 'password fay-pw-1' 'join 5'
deliver "$scratch/j2"
[ "$(out)" -eq 1 ] && ok || fail "a second join in the turn mailed again"
mail "$scratch/j3" 'Fay <fay@example.net>' '<j3@example.test>' -- \
	'game g1' 'player fay' 'password fay-pw-1' 'join 5' 'confirm abcdefghij'
deliver "$scratch/j3"
expect_grep "'join' from fay@example.net has a wrong confirmation code" "$log"
mail "$scratch/j4" 'Mallory <mallory@example.net>' '<j4@example.test>' -- \
	'game g1' 'player fay' 'password fay-pw-1' 'join 5' "confirm $code"
deliver "$scratch/j4"
expect_no_grep 'fay' "$C/games/g1/game.xml"
[ ! -e "$C/games/g1/orders/0001/fay" ] && ok || fail "a wrong code stored orders"
# The code is fay's: the same address cannot seat another name with it.
mail "$scratch/j4b" 'Fay <fay@example.net>' '<j4b@example.test>' -- \
	'game g1' 'player fay2' 'password fay-pw-1' 'join 6' "confirm $code"
deliver "$scratch/j4b"
expect_no_grep 'fay2' "$C/games/g1/game.xml"
expect_grep "'join' from fay@example.net has a wrong confirmation code" "$log"
mail "$scratch/j5" 'fay@example.net' '<j5@example.test>' -- \
	'game g1' 'player fay' 'password fay-pw-1' 'join 5' "confirm $code"
deliver "$scratch/j5"
expect_grep 'name="fay" email="fay@example.net"' "$C/games/g1/game.xml"
expect_grep 'accepted: join 5' "$scratch/out"
expect_no_grep 'confirm' "$scratch/out"
[ "$(cat "$C/games/g1/orders/0001/fay")" = "join 5" ] && ok || fail "fay's join not stored"

# Replies are capped: at most replies-per-day answers to one address a
# day (an autoresponder ignoring Auto-Submitted, or a forger, gets no
# more), the rest logged; orders are still stored.  A new day, new replies.
sed -i 's|<limits message-size="20000"/>|<limits message-size="20000" replies-per-day="3"/>|' \
	"$C/wyrmpost.xml"
rm -f "$C/outbox/new/"*
export WYRMPOST_NOW=$((T0 + 3 * 86400))
for i in 1 2 3 4 5; do
	mail "$scratch/cap$i" 'Ann <ann@example.test>' "<cap$i@example.test>" -- "Hello $i"
	deliver "$scratch/cap$i"
done
[ "$(out)" -eq 3 ] && ok || fail "5 mails, $(out) replies, wanted 3"
[ "$(grep -c 'replies: no reply to ann@example.test .*3 replies today' "$log")" -eq 2 ] && ok ||
	fail "capped replies not logged"
rm -f "$C/games/g1/orders/0001/ann"
mail "$scratch/cap6" 'Ann <ann@example.test>' '<cap6@example.test>' -- \
	'game g1' 'player ann' 'password annpw' 'leave'
deliver "$scratch/cap6"
[ "$(cat "$C/games/g1/orders/0001/ann")" = leave ] && ok || fail "capped: orders not stored"
[ "$(out)" -eq 3 ] && ok || fail "capped: orders answered"
deliver "$scratch/cap1"                  # delivered again: still a duplicate
export WYRMPOST_NOW=$((T0 + 4 * 86400))
mail "$scratch/cap7" 'Ann <ann@example.test>' '<cap7@example.test>' -- 'Hello 7'
deliver "$scratch/cap7"
[ "$(out)" -eq 4 ] && ok || fail "a new day: no reply"
rm -f "$C/outbox/new/"*

# A reply echoes at most 200 of a mail's lines (an 840 KB mail got a 9.1
# MB reply), then says how many more there were.
{ printf 'From: Bob <bob@example.test>\nMessage-ID: <long@example.test>\n\n'
  printf 'game g1\nplayer bob\npassword bobpw\n'
  i=0; while [ $i -lt 2000 ]; do printf 'zz\n'; i=$((i + 1)); done; } >"$scratch/long"
deliver "$scratch/long"
f=$(ls "$C"/outbox/new/g1-0001-orders-bob-* 2>/dev/null | head -n 1)
[ -n "$f" ] && [ "$(grep -c '^line ' "$f")" -eq 200 ] && ok || fail "the reply echoes more than 200 lines"
[ -n "$f" ] && expect_grep '^\.\.\. 1800 more lines not shown (2000 rejected in all)' "$f"
[ -n "$f" ] && [ "$(wc -c <"$f")" -lt 70000 ] && ok || fail "the reply is $(wc -c <"$f") bytes"
export WYRMPOST_NOW=$T0
finish
