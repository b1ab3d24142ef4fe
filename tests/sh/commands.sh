#!/bin/sh
# commands.sh - what a player may ask by mail beside orders: help, status,
# resend, password, resign.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender gm@example.org >/dev/null
wp new g1 burglar --seed 9 --deadline 24h --player ann:ann@example.org:annpw \
	--player bob:bob@example.org:bobpw --player cat:cat@example.org:catpw \
	--player dan:dan@example.org:danpw --player eve:eve@example.org:evepw \
	--option seats=4 >/dev/null
send() { # PLAYER PASSWORD LINES...
	who=$1 pw=$2; shift 2
	{ printf 'game g1\nplayer %s\npassword %s\n' "$who" "$pw"; printf '%s\n' "$@"; } >"$scratch/o"
	expect_status "${rc_want:-0}" wp submit "$scratch/o"
	rc_want=0
}

# Anyone may watch: public reports only, by mail, once the address has
# confirmed with the code mailed to it.
printf 'From: Zed <zed@example.net>\n\ngame g1\nobserve\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
expect_grep 'To confirm, reply' "$scratch/out"
expect_no_grep 'zed@example.net' "$scratch/c/games/g1/game.xml"
f=$(ls "$scratch"/c/outbox/new/g1-0001-observe-confirm-* 2>/dev/null | head -n 1)
[ -n "$f" ] && expect_grep '^To: zed@example.net' "$f" || fail "no confirmation mailed"
code=$(sed -n 's/^observe \([a-z2-9]*\)$/\1/p' "$scratch/out")
[ ${#code} -eq 10 ] && ok || fail "no code in '$(cat "$scratch/out")'"
[ "$(stat -c %a "$scratch/c/secret")" = 600 ] && ok || fail "the secret is open to others"
# Asked again the same turn: no second mail to that address.
rm -f "$f"
mv "$scratch/c/outbox/new" "$scratch/c/outbox/new.x"; mkdir "$scratch/c/outbox/new"
cp "$scratch/c/outbox/new.x/"* "$scratch/c/sent/new/" 2>/dev/null || true
expect_status 0 wp submit "$scratch/m"
[ -z "$(ls "$scratch/c/outbox/new")" ] && ok || fail "asked twice, mailed twice"
rmdir "$scratch/c/outbox/new"; mv "$scratch/c/outbox/new.x" "$scratch/c/outbox/new"
# A wrong code, or zed's code from another address, subscribes nobody.
printf 'From: zed@example.net\n\ngame g1\nobserve abcdefghij\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
printf 'From: mallory@example.net\n\ngame g1\nobserve %s\n' "$code" >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
expect_no_grep 'example.net' "$scratch/c/games/g1/game.xml"
# The code from zed's address, in any case: subscribed.
printf 'From: Zed <zed@example.net>\n\ngame g1\nobserve %s\n' "$(echo "$code" | tr a-z A-Z)" \
	>"$scratch/m"
expect_status 0 wp submit "$scratch/m"
expect_grep 'public reports of game g1' "$scratch/out"
expect_grep 'zed@example.net' "$scratch/c/games/g1/game.xml"
expect_no_grep 'mallory' "$scratch/c/games/g1/game.xml"
printf 'game g1\nobserve\n' >"$scratch/m"
expect_status 65 wp submit "$scratch/m"          # not by mail: no address
send ann annpw leave
send ann annpw help
expect_grep 'accepted: help' "$scratch/out"
expect_grep 'You may send one of' "$scratch/out"
expect_grep '^    leave' "$scratch/out"
[ "$(cat "$scratch/c/games/g1/orders/0001/ann")" = leave ] && ok ||
	fail "a mail with only 'help' replaced ann's orders"
expect_no_grep 'Every order was rejected' "$scratch/out"

send eve evepw status
expect_grep 'Status of game g1' "$scratch/out"
expect_grep 'ann  *orders in' "$scratch/out"
expect_no_grep 'leave' "$scratch/out"        # who has sent orders, never what

send bob bobpw 'resend'
expect_grep 'no turn has been played yet\|No turn has been played yet' "$scratch/out"
WYRMPOST_NOW=$((T0 + 86400)) wp run
f=$scratch/c/outbox/new/g1-0001-public-0.eml
expect_grep '^To: zed@example.net' "$f"
expect_grep 'Public report' "$f"
expect_grep 'application/pdf' "$f"
expect_no_grep 'You sit in seat' "$f"
printf 'From: zed@example.net\n\ngame g1\nunobserve\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
expect_no_grep 'zed@example.net' "$scratch/c/games/g1/game.xml"
expect_grep 'no longer get the reports' "$scratch/out"
# Unobserve from an address that does not observe: nothing, nobody mailed.
n=$(ls "$scratch/c/outbox/new" | wc -l)
printf 'From: nobody@example.net\n\ngame g1\nunobserve\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
[ "$(ls "$scratch/c/outbox/new" | wc -l)" -eq "$n" ] && ok || fail "unobserve answered a stranger"
send bob bobpw 'resend 1'
expect_grep 'sent again' "$scratch/out"
ls "$scratch/c/outbox/new" | grep -q '^g1-0001-resend-bob-' && ok || fail "no resent report"
expect_grep 'application/pdf' "$(ls -d "$scratch"/c/outbox/new/g1-0001-resend-bob-*)"
send bob bobpw 'resend 7'
expect_grep 'rejected \[bad-turn\]' "$scratch/out"

send cat catpw 'password short'
expect_grep 'rejected \[bad-password\]' "$scratch/out"
send cat catpw 'password n3w-secret'
expect_grep 'Your password is changed' "$scratch/out"
expect_no_grep 'n3w-secret' "$scratch/out"
expect_no_grep 'n3w-secret' "$scratch/c/games/g1/game.xml"
rc_want=77 send cat catpw status
send cat n3w-secret status

send bob bobpw resign
expect_grep 'leave the game for good' "$scratch/out"
WYRMPOST_NOW=$((T0 + 2 * 86400)) wp run
expect_grep 'bob resigns from the game' "$scratch/c/games/g1/reports/0002/public.txt"
expect_grep 'bob leaves the table' "$scratch/c/games/g1/reports/0002/public.txt"
rc_want=65 send bob bobpw status
expect_grep 'bob is out of the game' "$scratch/err"
# A wrong password: no answer to the sender, the player is told.
# (A mail, not typed orders: delivered, so 0 for the mail system.)
printf 'From: mallory@example.net\n\ngame g1\nplayer cat\npassword guess\nleave\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
expect_grep 'wrong player or password' "$scratch/err"
ls "$scratch"/c/outbox/new | grep -q 'unreadable' && fail "mallory was answered" || ok
f=$(ls "$scratch"/c/outbox/new/g1-0003-badpw-cat-* 2>/dev/null | head -n 1)
[ -n "$f" ] && ok || fail "cat was not told of the wrong password"
[ -n "$f" ] && expect_grep '^To: cat <cat@example.org>' "$f"
[ -n "$f" ] && expect_grep 'mallory@example.net' "$f"
# The right password from another address: accepted, and the player told.
printf 'From: Cat <cat@elsewhere.example>\n\ngame g1\nplayer cat\npassword n3w-secret\nleave\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
ls "$scratch"/c/outbox/new/g1-0003-elsewhere-cat-* >/dev/null 2>&1 && ok || fail "cat not told"
# Orders for a turn gone by are refused, and the player is told why.
printf 'game g1\nplayer dan\npassword danpw\nturn 1\nleave\n' >"$scratch/m"
expect_status 65 wp submit "$scratch/m"
f=$(ls "$scratch"/c/outbox/new/g1-0003-refused-dan-* 2>/dev/null | head -n 1)
[ -n "$f" ] && expect_grep 'for turn 1, but the game is at turn 3' "$f" || fail "dan not told"
# A newcomer joins by mail when the game is open.
printf 'From: Fay <fay@example.net>\n\ngame g1\nplayer fay\npassword fay-pw-1\njoin 5\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"             # not open: unknown player...
expect_grep "g1: no player 'fay' in this game" "$scratch/err"
ls "$scratch"/c/outbox/new | grep -q 'unreadable' && fail "fay was answered" || ok # ...in no game
wp new g2 burglar --seed 3 --deadline 24h --option open=yes \
	--player ann:ann@example.org:annpw --player bob:bob@example.org:bobpw >/dev/null
sed 's/game g1/game g2/' "$scratch/m" >"$scratch/m2"
expect_status 0 wp submit "$scratch/m2"             # first a code to the address
expect_no_grep 'fay' "$scratch/c/games/g2/game.xml"
f=$(ls "$scratch"/c/outbox/new/g2-0001-join-confirm-* 2>/dev/null | head -n 1)
code=$( [ -n "$f" ] && sed -n 's/^confirm \([a-z2-9]*\)\r*$/\1/p' "$f")
[ ${#code} -eq 10 ] && ok || fail "no join code mailed to fay"
printf 'confirm %s\n' "$code" >>"$scratch/m2"
expect_status 0 wp submit "$scratch/m2"
expect_grep 'accepted: join 5' "$scratch/out"
expect_grep 'name="fay" email="fay@example.net"' "$scratch/c/games/g2/game.xml"
WYRMPOST_NOW=$((T0 + 86400)) wp turn g2 >/dev/null
expect_grep 'fay joins the table in seat 3 with 5 tokens' "$scratch/c/games/g2/reports/0001/public.txt"
# A player's misspelt name from an address we know: answered, with a hint.
printf 'From: Ann <ann@example.org>\n\ngame g1\nplayer amn\npassword annpw\nleave\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
f=$(ls "$scratch"/c/outbox/new/unreadable-* 2>/dev/null | head -n 1)
[ -n "$f" ] && expect_grep "g1: no player 'amn' in this game; did you mean 'ann'?" "$f" ||
	fail "ann not told of her misspelt name"
[ -n "$f" ] && expect_grep '^To: ann@example.org' "$f"
rm -f "$scratch"/c/outbox/new/unreadable-*
# A limit on mails per player per turn.
wp new g3 burglar --seed 4 --option mails-per-turn=2 \
	--player ann:ann@example.org:annpw --player bob:bob@example.org:bobpw >/dev/null
mail3() { # MESSAGE-ID: a mail of ann's for g3
	printf 'From: ann@example.org\nMessage-ID: <%s@example.org>\n\ngame g3\nplayer ann\npassword annpw\nhelp\n' \
		"$1" >"$scratch/m"
}
mail3 one; expect_status 0 wp submit "$scratch/m"
# The same mail again (a run killed after counting it, say) counts once.
expect_status 0 wp submit "$scratch/m"
[ "$(wc -l <"$scratch/c/games/g3/orders/0001/.mails-ann")" -eq 1 ] && ok ||
	fail "one mail counted twice"
mail3 two; expect_status 0 wp submit "$scratch/m"
mail3 three; expect_status 0 wp submit "$scratch/m"
expect_grep 'has sent 2 mails for turn 1' "$scratch/err"
mail3 two; expect_status 0 wp submit "$scratch/m"   # counted already: still taken
# A counter of the older form, a number, still counts.
printf '2\n' >"$scratch/c/games/g3/orders/0001/.mails-bob"
printf 'game g3\nplayer bob\npassword bobpw\nhelp\n' >"$scratch/m"
expect_status 65 wp submit "$scratch/m"
expect_grep 'bob has sent 2 mails for turn 1' "$scratch/err"
# A misspelt order or command gets a hint: the nearest order the player
# may give now, or command; a word near nothing gets none.
wp new g4 burglar --seed 5 --player ann:ann@example.org:annpw \
	--player bob:bob@example.org:bobpw >/dev/null
printf 'game g4\nplayer bob\npassword bobpw\nstauts\nlaeve\nxyzzy\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
expect_grep "'stauts' is not a Burglar order.* (did you mean 'status'?)" "$scratch/out"
expect_grep "'laeve' is not a Burglar order.* (did you mean 'leave'?)" "$scratch/out"
grep 'xyzzy' "$scratch/out" | grep -q 'did you mean' && fail "a hint for xyzzy" || ok
finish
