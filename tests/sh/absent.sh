#!/bin/sh
# absent.sh - absences (issue #31, 5): `absent FROM TO [reason]` and `back`
# by mail, `player ID NAME absent FROM TO | back` by the game master.
# While a player is away no turn waits for them, the no-orders rule plays
# their seat at the deadline, and those turns are not counted toward
# nmr-drop; a turn that waits only for someone away runs at its deadline,
# never earlier.  Refusals say why on the line; the game master hears of
# every absence; status shows "absent until DATE".  Driven through
# `submit` and `run` with a fixed clock (T0 is 2027-01-15 08:00 UTC).
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender gm@example.org --gamemaster boss@example.org >/dev/null
wp new keep dragon-keepers --seed 12 --deadline 24h --option mode=keeper --option hold=yes \
	--option nmr-drop=2 --player ann:ann@example.org:pa --player bob:bob@example.org:pb \
	--player cat:cat@example.org:pc >/dev/null
out=$scratch/c/outbox/new

orders() { # GAME PLAYER PASSWORD ORDER...
	g=$1 p=$2 pw=$3
	shift 3
	{ printf 'game %s\nplayer %s\npassword %s\n' "$g" "$p" "$pw"; printf '%s\n' "$@"; } \
		>"$scratch/o.txt"
	wp submit "$scratch/o.txt" >"$scratch/reply-$p" 2>&1 || true
}
turn_of() { sed -n 's/.*<game [^>]*turn="\([0-9]*\)".*/\1/p' "$scratch/c/games/$1/game.xml"; }
nmr_of() { # GAME PLAYER
	sed -n "s/.*<player name=\"$2\" [^>]*nmr=\"\([0-9]*\)\".*/\1/p" "$scratch/c/games/$1/game.xml"
}
first_offer() { # FILE: the first line of "You may send one of"
	sed -n '/You may send one of:/{n;p;q}' "$1" | sed 's/^ *//; s/ #.*//' | tr -d '\r'
}

# Refused on the line, with the reason; nothing stored.
orders keep ann pa "absent 2027-01-10 2027-01-14" "absent 2027-01-20 2027-01-18" \
	"absent 2027-01-20 2027-03-01" "absent soon"
expect_grep 'line 4: absent 2027-01-10 2027-01-14' "$scratch/reply-ann"
expect_grep 'refused: 2027-01-14 is past already' "$scratch/reply-ann"
expect_grep 'refused: the first day (2027-01-20) is after the last (2027-01-18)' "$scratch/reply-ann"
expect_grep 'refused: 41 days away is more than this game allows: at most 14 days in any 90' \
	"$scratch/reply-ann"
expect_grep "refused: write 'absent FROM TO \[reason\]' with two days as YYYY-MM-DD" "$scratch/reply-ann"
expect_no_grep '<absence' "$scratch/c/games/keep/game.xml"
ls "$out" | grep -q absence && fail "a refused absence was told to the game master" || ok

# Accepted: stored, confirmed, the game master told.
orders keep ann pa "absent 2027-01-14 2027-01-16 family visit"
expect_grep 'accepted: absent 2027-01-14 2027-01-16 family visit' "$scratch/reply-ann"
expect_grep 'You are absent until 2027-01-16 (family visit). No turn waits for you then' \
	"$scratch/reply-ann"
expect_no_grep 'NOT READY' "$scratch/reply-ann"
expect_grep '<absence from="2027-01-15" to="2027-01-16" reason="family visit"/>' \
	"$scratch/c/games/keep/game.xml"
gm=$(grep -l '^Subject: \[keep\] ann: absent until 2027-01-16 (family visit)' "$out"/* || true)
[ -n "$gm" ] && ok || fail "the game master was not told of ann's absence"
[ -n "$gm" ] && expect_grep '^To: .*boss@example.org' $gm
expect_status 0 wp status keep
expect_grep '^  ann  *ann@example.org  *absent until 2027-01-16$' "$scratch/out"
orders keep bob pb status
expect_grep '^  ann  *no orders needed, absent until 2027-01-16$' "$scratch/reply-bob"

# The turn does not wait for ann: it runs once bob and cat are ready; her
# seat is played by the no-orders rule and not counted as missed.
orders keep bob pb "$(first_offer "$out/keep-welcome-bob.eml")"
WYRMPOST_NOW=$((T0 + 60)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 1 ] && ok || fail "turn 1 ran before cat was ready"
orders keep cat pc "$(first_offer "$out/keep-welcome-cat.eml")"
WYRMPOST_NOW=$((T0 + 120)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 2 ] && ok || fail "turn 1 waited for ann, who is away"
r=$scratch/c/games/keep/reports/0001
expect_grep 'ann is away until 2027-01-16: the no-orders rule plays their seat' "$r/bob.txt"
expect_no_grep 'ann sent no orders' "$r/bob.txt"
[ "$(nmr_of keep ann)" = 0 ] && ok || fail "ann's absence counted as a missed turn"

# Turn 2: bob missing, ann away: one of the two awaited is missing, which
# is not more than half, so hold=yes does not hold the turn; it runs at
# the deadline, not before, and only bob's miss counts.
orders keep cat pc "$(first_offer "$r/cat.txt")"
WYRMPOST_NOW=$((T0 + 3600)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 2 ] && ok || fail "turn 2 ran early without bob"
WYRMPOST_NOW=$((T0 + 120 + 86400)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 3 ] && ok || fail "turn 2 did not run at its deadline"
expect_no_grep 'status="held"' "$scratch/c/games/keep/game.xml"
[ "$(nmr_of keep ann)" = 0 ] && ok || fail "ann's second turn away counted as missed"
[ "$(nmr_of keep bob)" = 1 ] && ok || fail "bob's miss was not counted"

# `back` on her last day: the absence ends today; turns wait for her again.
export WYRMPOST_NOW=$((T0 + 120 + 86400 + 60)) # 2027-01-16
orders keep ann pa back
expect_grep 'Welcome back: turns wait for your orders again' "$scratch/reply-ann"
expect_grep '<absence from="2027-01-15" to="2027-01-15"' "$scratch/c/games/keep/game.xml"
grep -l '^Subject: \[keep\] ann: back from absence early' "$out"/* >/dev/null && ok ||
	fail "the game master was not told ann is back"
expect_status 0 wp status keep
expect_no_grep 'absent' "$scratch/out"
orders keep ann pa back
expect_grep 'refused: you have no absence to end' "$scratch/reply-ann"
# The day gone counts toward the limit: 14 more in the window is one too many.
orders keep ann pa "absent 2027-02-01 2027-02-14"
expect_grep 'refused: with your other absences you would be away more than 14 days in 90' \
	"$scratch/reply-ann"
orders keep ann pa "absent 2027-02-01 2027-02-13"
expect_grep 'You are absent from 2027-02-01 to 2027-02-13' "$scratch/reply-ann"

# The game master: not held to the limit, refused a past day, mails the
# player, notes it in the history and the next report.
expect_status 0 wp player keep cat absent 2027-01-16 2027-03-01
grep -l 'the game master has marked you absent until 2027-03-01' "$out"/* >/dev/null && ok ||
	fail "cat was not told of the absence the game master set"
expect_grep 'turn 3: cat is absent until 2027-03-01' "$scratch/c/games/keep/history"
expect_status 64 wp player keep cat absent 2027-01-01 2027-01-02
expect_grep 'is past already' "$scratch/err"
expect_status 64 wp player keep cat absent 2027-02-30 2027-03-01
expect_status 64 wp player keep dan absent 2027-02-01 2027-03-01
expect_status 64 wp player keep cat absent 2027-02-01
expect_status 0 wp player keep cat back
grep -l 'the game master has ended your absence' "$out"/* >/dev/null && ok ||
	fail "cat was not told the absence ended"
expect_status 64 wp player keep cat back
expect_grep 'cat has no absence to end' "$scratch/err"
[ ! -e "$scratch/c/games/keep/.gm-intent" ] && ok || fail "an intent was left behind"

# Killed before the game is saved, the game master's absence is finished
# by the next run, as given: stored once, noted once, mailed once.
set +e
WYRMPOST_CRASH_AT=gm-save "$WYRMPOST" -d "$scratch/c" player keep bob absent 2027-01-20 2027-01-21 \
	2>/dev/null
st=$?
set -e
[ $st -eq 137 ] && ok || fail "the absent verb was not killed (status $st)"
expect_no_grep '<absence from="2027-01-20"' "$scratch/c/games/keep/game.xml"
[ -e "$scratch/c/games/keep/.gm-intent" ] && ok || fail "no intent after the kill"
expect_status 0 env WYRMPOST_NOW=$((WYRMPOST_NOW + 5)) "$WYRMPOST" -d "$scratch/c" run
expect_grep '<absence from="2027-01-20" to="2027-01-21"/>' "$scratch/c/games/keep/game.xml"
[ "$(grep -c 'bob is absent from 2027-01-20 to 2027-01-21' "$scratch/c/games/keep/history")" = 1 ] &&
	ok || fail "the finished absence was not noted exactly once"
[ "$(grep -l 'marked you absent from 2027-01-20 to 2027-01-21' "$out"/* "$scratch/c"/sent/*/* \
	2>/dev/null | wc -l)" = 1 ] && ok || fail "bob was not mailed exactly once"

export WYRMPOST_NOW=$T0

# A turn that waits only for someone away runs at its deadline, never
# earlier (Dragon Pants waits for one player at a time).
wp new pants dragon-pants --seed 3 --deadline 96h --option hold=no --option nmr-drop=1 \
	--player cal:cal@example.org:pk --player dee:dee@example.org:pd >/dev/null
who=$(wp status pants | sed -n 's/^  \([a-z]*\) .* not ready$/\1/p')
pw=pk; [ "$who" = dee ] && pw=pd
orders pants "$who" "$pw" "absent 2027-01-15 2027-01-28"
WYRMPOST_NOW=$((T0 + 60)) wp run >/dev/null 2>&1
[ "$(turn_of pants)" = 1 ] && ok || fail "a turn waiting only for $who, who is away, ran early"
WYRMPOST_NOW=$((T0 + 96 * 3600 - 1)) wp run >/dev/null 2>&1
[ "$(turn_of pants)" = 1 ] && ok || fail "the pants turn ran before its deadline"
WYRMPOST_NOW=$((T0 + 96 * 3600)) wp run >/dev/null 2>&1
[ "$(turn_of pants)" = 2 ] && ok || fail "the pants turn did not run at its deadline"
expect_no_grep "dropped=\"yes\"" "$scratch/c/games/pants/game.xml"
expect_grep "$who is away until 2027-01-28" "$scratch/c/games/pants/reports/0001/$who.txt"

finish
