#!/bin/sh
# dragon-keepers.sh - Dragon Keepers made with `wyrmpost new` in both modes
# and played through `submit` and `run` to the end, as a game master would:
# orders stay secret until the turn runs, confirmations carry each order's
# note, and the report then shows every keeper played.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender gm@example.org >/dev/null
wp new keep dragon-keepers --seed 12 --deadline 1h --option mode=keeper --option hold=no \
	--option nmr-drop=0 --player ann:ann@example.org:pa --player bob:bob@example.org:pb \
	--player cat:cat@example.org:pc >/dev/null
wp new lair dragon-keepers --seed 13 --deadline 1h --option mode=dragon --option hold=no \
	--option nmr-drop=0 --player eve:eve@example.org:pe --player fay:fay@example.org:pf >/dev/null

orders() { # GAME PLAYER PASSWORD ORDER...
	g=$1 p=$2 pw=$3
	shift 3
	{ printf 'game %s\nplayer %s\npassword %s\n' "$g" "$p" "$pw"; printf '%s\n' "$@"; } \
		>"$scratch/o.txt"
	wp submit "$scratch/o.txt" >"$scratch/reply-$p" 2>&1 || true
}
# The first order a player's welcome mail offers.
first_order() { # GAME PLAYER
	sed -n '/You may send one of:/{n;p;q}' "$scratch/c/outbox/new/$1-welcome-$2.eml" |
		sed 's/^ *//; s/ #.*//' | tr -d '\r'
}

# The keeper game: two players send keepers, the third sends nothing.
a=$(first_order keep ann)
b=$(first_order keep bob)
case $a in keeper\ *) ok ;; *) fail "ann is offered '$a'" ;; esac
orders keep ann pa "$a"
orders keep bob pb "$b" "mend none"
expect_grep "accepted: $a" "$scratch/reply-ann"
expect_grep 'accepted: mend none' "$scratch/reply-bob"
# Nobody's confirmation shows another player's orders.
expect_no_grep 'mend none' "$scratch/reply-ann"
expect_no_grep 'bob' "$scratch/reply-ann"
WYRMPOST_NOW=$((T0 + 3600)) wp run
r=$scratch/c/games/keep/reports/0001
expect_grep "ann plays the .* keeper\." "$r/public.txt"
expect_grep "bob plays the .* keeper\." "$r/public.txt"
expect_grep "cat plays the .* keeper (at random)\." "$r/public.txt"
expect_grep 'rolls the hunter dice' "$r/public.txt"
expect_grep 'Favourite\|favourite the' "$r/ann.txt"

# The dragon game: a Defend or Train with its note, then nothing but passes.
e=$(first_order lair eve)
orders lair eve pe "$e" "magic defend red"
# the forecast is the line under the verdict
awk -v want="  accepted: $e" 'prev == want && /^    [a-z]/ { found = 1 } { prev = $0 }
	END { exit !found }' "$scratch/reply-eve" && ok || fail "no forecast under '$e'"
expect_grep 'rejected \[no-magic-card\]' "$scratch/reply-eve"
orders lair fay pf pass
expect_grep '^    takes back 0 keeper cards' "$scratch/reply-fay"

# wyrmpost print ID: one page with the dragons, the hunter card and the
# players; the dragon game's hands as cards in their colours.
if command -v pdftotext >/dev/null 2>&1 && command -v pdfinfo >/dev/null 2>&1; then
	WYRMPOST_TEMPLATES=$top_srcdir/templates
	export WYRMPOST_TEMPLATES
	for g in keep lair; do
		expect_status 0 wp print $g -o "$scratch/$g.pdf"
		[ "$(pdfinfo "$scratch/$g.pdf" | awk '/^Pages:/ { print $2 }')" = 1 ] && ok ||
			fail "print $g: not one page"
		pdftotext -layout "$scratch/$g.pdf" "$scratch/$g.txt"
		expect_grep "Dragon Keepers: game $g, round 2" "$scratch/$g.txt"
		for d in Red Purple Blue White Green Yellow; do
			expect_grep "$d dragon" "$scratch/$g.txt"
		done
		expect_grep 'Hunter card' "$scratch/$g.txt"
	done
	expect_grep 'The keeper game' "$scratch/keep.txt"
	expect_grep 'favourite .*; shields on' "$scratch/keep.txt"
	expect_grep 'tokens: defend' "$scratch/lair.txt"
	expect_grep 'eve' "$scratch/lair.txt"
	expect_status 0 wp print lair -o "$scratch/lair2.pdf"
	cmp -s "$scratch/lair.pdf" "$scratch/lair2.pdf" && ok || fail "print lair is not byte-identical"
fi

# Play both to their ends on the no-orders rule.
now=$((T0 + 3600))
turn=1
while [ $turn -lt 400 ]; do
	turn=$((turn + 1))
	now=$((now + 3600))
	WYRMPOST_NOW=$now wp run
	[ "$(wp status | grep -c ' over ')" -eq 2 ] && break
done
[ "$(wp status | grep -c ' over ')" -eq 2 ] && ok || fail "not both games ended in $turn turns"
wp report keep >"$scratch/keep-final"
expect_grep 'The game is over: .* win' "$scratch/keep-final"
wp report lair >"$scratch/lair-final"
expect_grep 'the hunters win and the keepers lose' "$scratch/lair-final"
wp check keep >/dev/null && wp check lair >/dev/null && ok || fail "wyrmpost check finds a problem"
finish
