#!/bin/sh
# gm.sh - the game master's verbs on a running game, as a game master
# would use them: `game ID set|deadline|pause|resume|end|delete` and
# `player ID NAME address|password|replace|drop`; the players are mailed,
# every change is in games/ID/history and opens the next report, and
# nothing is changed when a verb is refused.
. "$top_srcdir/tests/sh/lib.sh"
wp init --sender gm@example.org >/dev/null
for g in g1 g2; do
	wp new $g burglar --seed 5 --deadline 24h --player ann:ann@example.org:pa \
		--player bob:bob@example.org:pb --player cat:cat@example.org:pc >/dev/null
done
out=$scratch/c/outbox/new
hist=$scratch/c/games/g1/history

# Options: the ones every game has change; the game's own do not.
expect_status 0 wp game g1 set remind=6
expect_grep 'name="remind" value="6"' "$scratch/c/games/g1/game.xml"
expect_grep 'turn 1: option remind is now 6' "$hist"
cp "$scratch/c/games/g1/game.xml" "$scratch/before.xml"
expect_status 64 wp game g1 set seats=5
expect_grep 'shaped the game when it began' "$scratch/err"
expect_status 64 wp game g1 set colour=red
expect_grep "no option 'colour'" "$scratch/err"
expect_status 64 wp game g1 set nmr-drop=lots
cmp -s "$scratch/before.xml" "$scratch/c/games/g1/game.xml" && ok || fail "a refused set changed the game"
# A new deadline counts from now; the players hear of it.
expect_status 0 env WYRMPOST_NOW=$((T0 + 3600)) "$WYRMPOST" -d "$scratch/c" game g1 deadline 'tue,fri 18:00'
expect_status 0 wp status g1
expect_grep 'due 2027-01-15 18:00 UTC' "$scratch/out"
[ "$(grep -l 'changed the deadline to tue,fri 18:00' "$out"/* | wc -l)" -eq 3 ] && ok ||
	fail "not every player was told of the deadline"

# Pause: nothing runs, whatever the clock says; resume gives a whole turn.
expect_status 0 wp game g1 pause
expect_status 64 wp game g1 pause
expect_status 0 env WYRMPOST_NOW=$((T0 + 7 * 86400)) "$WYRMPOST" -d "$scratch/c" run
expect_grep 'status="paused"' "$scratch/c/games/g1/game.xml"
expect_grep 'turn="1"' "$scratch/c/games/g1/game.xml"
grep -l 'has paused the game' "$out"/* >/dev/null && ok || fail "pause not mailed"
expect_status 0 env WYRMPOST_NOW=$((T0 + 7 * 86400)) "$WYRMPOST" -d "$scratch/c" run --dry-run
expect_grep '^held or paused: g1 ' "$scratch/out"
expect_status 0 env WYRMPOST_NOW=$((T0 + 8 * 86400)) "$WYRMPOST" -d "$scratch/c" game g1 resume
expect_grep 'status="active"' "$scratch/c/games/g1/game.xml"
expect_status 0 env WYRMPOST_NOW=$((T0 + 8 * 86400)) "$WYRMPOST" -d "$scratch/c" status g1
expect_grep 'due 2027-01-26 18:00 UTC' "$scratch/out"   # the next Tuesday
grep -l 'has resumed the game; turn 1 runs at 2027-01-26 18:00' "$out"/* >/dev/null && ok ||
	fail "resume not mailed"

# A pause and a resume in the same second are two mails to each player.
expect_status 0 wp game g2 pause
expect_status 0 wp game g2 resume
[ "$(grep -l 'has paused the game' "$out"/g2-* | wc -l)" -eq 3 ] && ok ||
	fail "a resume in the same second overwrote the pause mail"
[ "$(grep -l 'has resumed the game' "$out"/g2-* | wc -l)" -eq 3 ] && ok || fail "resume not mailed"
# An option the players need not hear of says so, and mails nobody.
n=$(ls "$out" | wc -l)
expect_status 0 wp game g2 set hold=yes
expect_grep 'no mail' "$scratch/out"
expect_no_grep 'mailed' "$scratch/out"
[ "$(ls "$out" | wc -l)" -eq "$n" ] && ok || fail "set hold=yes mailed someone"
expect_status 0 wp game g2 set hold=no
# The same address again is refused: nobody is told of a change that is none.
expect_status 64 wp player g2 ann address ann@example.org
expect_grep "ann's address is ann@example.org already" "$scratch/err"

# Players: a new address (both told), a new password (mailed, printed once,
# the old one refused), a replacement (welcomed, the seat kept), a drop.
expect_status 0 wp player g1 ann address ann@new.example.org
expect_grep 'email="ann@new.example.org"' "$scratch/c/games/g1/game.xml"
[ "$(grep -l 'changed the address of ann' "$out"/* | wc -l)" -eq 2 ] && ok || fail "address: two mails"
grep -l '^To: .*ann@example.org' $(grep -l 'changed the address of ann' "$out"/*) >/dev/null &&
	ok || fail "the old address was not told"
expect_status 64 wp player g1 ann address not-an-address
expect_status 0 wp player g1 bob password
pw=$(sed -n 's/^New password (shown only this once): //p' "$scratch/out")
[ -n "$pw" ] && ok || fail "no new password printed"
grep -l "$pw" "$out"/*password* >/dev/null && ok || fail "the new password was not mailed"
printf 'game g1\nplayer bob\npassword pb\nleave\n' >"$scratch/o.txt"
expect_status 77 wp submit "$scratch/o.txt"
printf 'game g1\nplayer bob\npassword %s\nleave\n' "$pw" >"$scratch/o.txt"
expect_status 0 wp submit "$scratch/o.txt"
expect_status 0 wp player g1 cat replace dan:dan@example.org:pd
expect_grep 'name="dan" email="dan@example.org"' "$scratch/c/games/g1/game.xml"
expect_no_grep 'name="cat"' "$scratch/c/games/g1/game.xml"
grep -l 'you take over from cat' "$out"/g1-welcome-dan* >/dev/null && ok || fail "dan not welcomed"
expect_status 64 wp player g1 dan replace ann:x@example.org
expect_grep "already has a player 'ann'" "$scratch/err"
expect_status 0 wp player g1 ann drop
expect_grep 'name="ann" .*dropped="yes"' "$scratch/c/games/g1/game.xml"
expect_status 64 wp player g1 ann drop
expect_status 64 wp player g1 zed drop
expect_grep "no player 'zed'" "$scratch/err"

# Open seats (gm-mail.sh follows the mails): what is refused, and why.
# A mail is handled (exit 0) whether or not the request is granted; why
# not is on stderr.  Each mail has its own Message-ID: the intake applies
# a Message-ID once.
asked=0
ask() { # NAME PASSWORD SEAT: a stranger's takeover mail
	asked=$((asked + 1))
	printf 'From: Eve <eve@example.org>\nMessage-ID: <ask%d@x>\n\ngame g1\nplayer %s\npassword %s\ntakeover %s\n' \
		"$asked" "$1" "$2" "$3" >"$scratch/t.eml"
	expect_status 0 wp submit "$scratch/t.eml"
}
ask eve evesecret bob
expect_grep 'the seat of bob is not open' "$scratch/err"
expect_status 0 wp offer g1 bob
grep -l 'the seat of bob is open. Anyone may take it over' "$out"/* >/dev/null && ok ||
	fail "the offer was not mailed"
expect_grep 'name="bob" .*open="yes"' "$scratch/c/games/g1/game.xml"
expect_status 0 wp offer g1
expect_grep '^bob: open, nobody has asked' "$scratch/out"
expect_status 64 wp approve g1 bob
expect_grep 'nobody has asked for the seat of bob' "$scratch/err"
ask eve short bob
expect_grep 'a password of one word, 6 characters or more' "$scratch/err"
ask dan evesecret bob          # a name in the game is that player's, password and all
expect_grep "wrong player or password" "$scratch/err"
# A request that can be taken first mails its From address a code, and
# changes nothing: a forged From must not ask for a seat in someone's name.
before=$(ls "$out" | wc -l)
ask eve evesecret bob
expect_no_grep 'eve' "$scratch/c/games/g1/game.xml"
[ "$(ls "$out" | wc -l)" -eq $((before + 1)) ] && ok || fail "more than the code was mailed"
f=$(ls "$out"/g1-*-takeover-confirm-* 2>/dev/null | head -n 1)
[ -n "$f" ] && expect_grep '^To: eve@example.org' "$f" || fail "no takeover confirmation"
code=$( [ -n "$f" ] && sed -n 's/^takeover bob \([a-z2-9]*\)\r*$/\1/p' "$f")
[ ${#code} -eq 10 ] && ok || fail "no code in the takeover confirmation"
ask eve evesecret bob          # asked again the same turn: no second mail
[ "$(ls "$out" | wc -l)" -eq $((before + 1)) ] && ok || fail "the code was mailed twice"
ask eve evesecret "bob abcdefghij"
expect_grep 'wrong confirmation code' "$scratch/err"
expect_no_grep 'eve' "$scratch/c/games/g1/game.xml"
ask eve evesecret "bob $code"
expect_grep 'waits for the game master' "$scratch/out"
ask fay faysecret bob
expect_grep 'someone has asked for the seat of bob already' "$scratch/err"
expect_status 0 wp offer g1
expect_grep '^bob: open; eve <eve@example.org> asks for it' "$scratch/out"
expect_status 0 wp approve g1 bob
expect_grep 'name="eve" email="eve@example.org"' "$scratch/c/games/g1/game.xml"
expect_no_grep 'open="yes"' "$scratch/c/games/g1/game.xml"
expect_status 64 wp approve g1 eve
expect_status 64 wp approve g1 eve --later

# At the nmr-drop limit of a game with takeover=auto the seat opens, every
# report shows it, and the first to ask takes it; an observer hears of it.
wp new g4 dragon-keepers --seed 5 --deadline 24h --option nmr-drop=1 --option takeover=auto \
	--player ann:ann@example.org:pa --player bob:bob@example.org:pb >/dev/null
sed -i 's|</players>|</players><observers><observer email="olga@example.org"/></observers>|' \
	"$scratch/c/games/g4/game.xml"
printf 'game g4\nplayer bob\npassword pb\npass\n' >"$scratch/o.txt"
expect_status 0 wp submit "$scratch/o.txt"
expect_status 0 env WYRMPOST_NOW=$((T0 + 25 * 3600)) "$WYRMPOST" -d "$scratch/c" turn g4
for r in public bob ann; do
	expect_grep '^Open seats' "$scratch/c/games/g4/reports/0001/$r.txt"
done
expect_grep "ann's seat is open after 1 missed turns" "$scratch/c/games/g4/reports/0001/public.txt"
expect_grep 'The first to ask takes the seat' "$scratch/c/games/g4/reports/0001/bob.txt"
expect_grep 'with the code after the seat (takeover ann CODE)' \
	"$scratch/c/games/g4/reports/0001/bob.txt"
expect_grep 'name="ann" .*open="yes"' "$scratch/c/games/g4/game.xml"
expect_status 0 wp status g4
expect_grep 'ann .*open' "$scratch/out"
expect_status 0 env WYRMPOST_NOW=$((T0 + 26 * 3600)) "$WYRMPOST" -d "$scratch/c" offer g4 ann
grep -l '^To: .*olga@example.org' "$out"/g4-*offer-ann* >/dev/null && ok ||
	fail "the observer was not told of the open seat"
printf 'From: Gus <gus@example.org>\nMessage-ID: <g4gus@x>\n\ngame g4\nplayer gus\npassword gus-secret\ntakeover ann\n' >"$scratch/t.eml"
expect_status 0 wp submit "$scratch/t.eml"
expect_no_grep 'gus' "$scratch/c/games/g4/game.xml"
f=$(ls "$out"/g4-*-takeover-confirm-* 2>/dev/null | head -n 1)
code=$( [ -n "$f" ] && sed -n 's/^takeover ann \([a-z2-9]*\)\r*$/\1/p' "$f")
[ ${#code} -eq 10 ] && ok || fail "no code mailed to gus"
printf 'From: Gus <gus@example.org>\nMessage-ID: <g4gus2@x>\n\ngame g4\nplayer gus\npassword gus-secret\ntakeover ann %s\n' \
	"$code" >"$scratch/t.eml"
expect_status 0 wp submit "$scratch/t.eml"
expect_grep 'You take over the seat of ann in game g4' "$scratch/out"
expect_grep 'name="gus" email="gus@example.org"' "$scratch/c/games/g4/game.xml"
expect_no_grep 'open="yes"' "$scratch/c/games/g4/game.xml"
grep -l 'Welcome to game g4 of Dragon Keepers, gus' "$out"/g4-welcome-gus* >/dev/null && ok ||
	fail "gus not welcomed"
printf 'game g4\nplayer gus\npassword gus-secret\npass\n' >"$scratch/o.txt"
expect_status 0 wp submit "$scratch/o.txt"
# An open seat can be given by hand too; its old player is refused meanwhile.
expect_status 0 wp offer g4 bob
printf 'game g4\nplayer bob\npassword pb\npass\n' >"$scratch/o.txt"
expect_status 65 wp submit "$scratch/o.txt"
expect_grep 'the seat of bob is open for someone else' "$scratch/err"
grep -l 'the seat of bob is open for someone else' "$out"/g4-*refused-bob* >/dev/null && ok ||
	fail "bob's orders for his open seat were not refused"
expect_status 0 wp player g4 bob replace hal:hal@example.org:halpw1
expect_grep 'name="hal" email="hal@example.org"' "$scratch/c/games/g4/game.xml"
expect_no_grep 'open="yes"' "$scratch/c/games/g4/game.xml"

# The history has it all, and the next report opens with it.
for what in 'paused the game' 'resumed the game' "ann's address was changed" \
	'bob was given a new password' 'dan takes over the seat of cat' 'ann was dropped' \
	'opened the seat of bob' 'eve takes over the seat of bob'; do
	expect_grep "$what" "$hist"
done
expect_status 0 env WYRMPOST_NOW=$((T0 + 20 * 86400)) "$WYRMPOST" -d "$scratch/c" run
r=$scratch/c/games/g1/reports/0001/public.txt
expect_grep 'Game master: dan takes over the seat of cat' "$r"
expect_grep 'Game master: ann was dropped from the game by the game master' "$r"

# End: a last report to everyone; delete: archived, not lost.
expect_status 0 env WYRMPOST_NOW=$((T0 + 21 * 86400)) "$WYRMPOST" -d "$scratch/c" game g2 end
expect_grep 'status="over"' "$scratch/c/games/g2/game.xml"
n=$(ls "$out" | grep -c '^g2-[0-9]*-ended-')
[ "$n" -eq 3 ] && ok || fail "$n last reports for three players"
grep -l 'The game master ended the game here' "$out"/g2-*-ended-ann* >/dev/null && ok ||
	fail "the last report does not say why"
expect_status 64 wp game g2 pause
expect_status 0 env WYRMPOST_NOW=$((T0 + 22 * 86400)) "$WYRMPOST" -d "$scratch/c" game g1 delete
expect_grep 'archived in .*archive/g1-20270206-080000' "$scratch/out"
[ -f "$scratch/c/archive/g1-20270206-080000/game.xml" ] && ok || fail "the archive has no game"
[ ! -e "$scratch/c/games/g1" ] && ok || fail "the game is still there"
expect_status 66 wp status g1
expect_status 64 wp game g1 fly
expect_status 64 wp player g1 ann
# A replacement is told to both, and the newcomer may have the seat's
# earlier reports sent again, written under the name the seat had then.
wp new g6 burglar --seed 5 --deadline 24h --player ann:ann@example.org:pa \
	--player bob:bob@example.org:pb --player cat:cat@example.org:pc >/dev/null
expect_status 0 env WYRMPOST_NOW=$((T0 + 86400)) "$WYRMPOST" -d "$scratch/c" run
[ -s "$scratch/c/games/g6/reports/0001/cat.txt" ] && ok || fail "g6: no turn played"
expect_status 0 env WYRMPOST_NOW=$((T0 + 86400 + 60)) "$WYRMPOST" -d "$scratch/c" player g6 cat \
	replace dan:dan@example.net:pd
f=$(ls "$out"/g6-0002-replaced-cat.eml 2>/dev/null)
[ -n "$f" ] && expect_grep '^To: cat <cat@example.org>' "$f" || fail "cat was not told of dan"
[ -n "$f" ] && expect_grep 'has given your seat to dan' "$f"
printf 'game g6\nplayer dan\npassword pd\nresend 1\n' >"$scratch/o.txt"
expect_status 0 env WYRMPOST_NOW=$((T0 + 86400 + 120)) "$WYRMPOST" -d "$scratch/c" submit "$scratch/o.txt"
expect_grep 'Your report of turn 1 is sent again' "$scratch/out"
f=$(ls "$out"/g6-0001-resend-dan-* 2>/dev/null | head -n 1)
[ -n "$f" ] && expect_grep '^To: dan <dan@example.net>' "$f" || fail "dan got no report of turn 1"
# An offered seat: its player is out, and is not invited to take it back.
expect_status 0 env WYRMPOST_NOW=$((T0 + 86400 + 180)) "$WYRMPOST" -d "$scratch/c" offer g6 bob
[ -z "$(grep -l 'the seat of bob is open' "$out"/g6-0002-gm-bob-* 2>/dev/null)" ] && ok ||
	fail "bob was invited to take over his own seat"
f=$(grep -l 'the seat of bob is open' "$out"/g6-0002-gm-ann-* | head -n 1)
[ -n "$f" ] && ok || fail "ann was not told of the open seat"
[ -n "$f" ] && expect_no_grep 'turn 2: Game g6' "$f"

# Turns played early on a calendar keep to it: three on a Sunday leave the
# game due on the Tuesday (min-gap, default 24 hours), where each used to
# push it to the slot after the one it beat (Friday, then Tuesday week).
wp new g5 dragon-keepers --seed 5 --deadline 'tue,fri 18:00' --player ann:ann@x.org:pa \
	--player bob:bob@x.org:pb >/dev/null
SUN=$((T0 + 2 * 86400))
for t in 1 2 3; do
	for p in ann:pa bob:pb; do
		printf 'game g5\nplayer %s\npassword %s\npass\n' "${p%:*}" "${p#*:}" >"$scratch/o.txt"
		expect_status 0 env WYRMPOST_NOW=$((SUN + t * 60)) "$WYRMPOST" -d "$scratch/c" submit "$scratch/o.txt"
	done
	expect_status 0 env WYRMPOST_NOW=$((SUN + t * 60 + 30)) "$WYRMPOST" -d "$scratch/c" run
done
expect_status 0 wp status g5
expect_grep "turn 4 .*due 2027-01-19 18:00 UTC" "$scratch/out"
finish
