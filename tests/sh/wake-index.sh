#!/bin/sh
# wake-index.sh - the index of games (spool/wake-index, spool/touched/)
# changes nothing but what a run reads: two copies of a campaign go
# through the same day, a game made due, touched by orders, paused and
# resumed, reminded, held, rolled back, removed, added by hand, the index
# damaged; before each run one copy loses its index (so its run reads
# every game, as without one).  Each run's output and exit status, a dry
# run's summary, and the whole campaign afterwards (the index left out)
# must be the same in both.  And `check` finds an index that disagrees
# with a state edited by hand.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender gm@example.org >/dev/null
# g2 is Burglar, which awaits no orders on its first turn; the others are
# Dragon Keepers, which await both players' (an early turn when both are
# in; a reminder for g3; a turn held for g4 when both are missing).
for g in g1 g2 g3 g4; do
	rules=dragon-keepers
	[ $g = g2 ] && rules=burglar
	wp new $g $rules --seed 5 --deadline 24h --player ann:ann@example.test:pa \
		--player bob:bob@example.test:pb \
		$([ $g = g2 ] && echo --option rounds=2) \
		$([ $g = g3 ] && echo --option remind=12) \
		$([ $g = g4 ] && echo --option hold=yes) >/dev/null
done
mv "$scratch/c" "$scratch/a"
cp -R "$scratch/a" "$scratch/b"

in_both() { # CMD...: the same wyrmpost command in both copies
	for k in a b; do
		"$WYRMPOST" -d "$scratch/$k" "$@" 2>&1 | sed "s|$scratch/$k|DIR|g" >"$scratch/$k.cmd"
	done
	cmp -s "$scratch/a.cmd" "$scratch/b.cmd" && ok || fail "'$*' differs between the copies"
}
by_hand() { # SHELL-COMMAND: the same in both copies (run in each)
	for k in a b; do
		(cd "$scratch/$k" && eval "$1")
	done
}
tree() { # DIR -> every file, dot files too, but the index and the lock
	(cd "$1" && find . -type f ! -path ./spool/wake-index ! -name .lock | sort |
		xargs sha256sum)
}
# runs NAME WHEN: a dry run and a run at WHEN in both copies, b without
# its index; their output and the campaigns must be the same.
runs() {
	rm -f "$scratch/b/spool/wake-index"
	for k in a b; do
		WYRMPOST_NOW=$2 "$WYRMPOST" -d "$scratch/$k" run --dry-run -j 1 >"$scratch/$k.out" 2>&1 ||
			echo "status $?" >>"$scratch/$k.out"
		WYRMPOST_NOW=$2 "$WYRMPOST" -d "$scratch/$k" run -j 2 >>"$scratch/$k.out" 2>&1 ||
			echo "status $?" >>"$scratch/$k.out"
		tree "$scratch/$k" >"$scratch/$k.tree"
	done
	if cmp -s "$scratch/a.out" "$scratch/b.out" && cmp -s "$scratch/a.tree" "$scratch/b.tree"; then
		ok
	else
		fail "$1: the run with the index differs from the one without"
		diff "$scratch/a.out" "$scratch/b.out" >&2 || true
		diff "$scratch/a.tree" "$scratch/b.tree" >&2 || true
	fi
	[ -f "$scratch/a/spool/wake-index" ] && ok || fail "$1: no index written"
	[ -z "$(ls "$scratch/a/spool/touched" 2>/dev/null)" ] && ok || fail "$1: marks left"
}
order() { # GAME PLAYER PASSWORD LINE: a player's mail, submitted in both
	printf 'game %s\nplayer %s\npassword %s\n%s\n' "$1" "$2" "$3" "$4" >"$scratch/o"
	in_both submit "$scratch/o"
}

D=$((T0 + 86400)) # the first deadline
runs "nothing due" $((T0 + 60))
grep -q ' - ' "$scratch/a/spool/wake-index" && fail "a game never to be woken" || ok
runs "nothing due, again" $((T0 + 120))
order g1 ann pa pass
runs "touched: one order in" $((T0 + 3600))
order g1 bob pb pass
runs "touched: every order in, an early turn" $((T0 + 7200))
order g3 bob pb status
runs "touched: a mail command, nothing changed" $((T0 + 7300))
runs "reminder not due yet" $((D - 13 * 3600))
runs "reminder due" $((D - 11 * 3600))
ls "$scratch/a/outbox/new" >"$scratch/names"
expect_grep "g3-0001-remind-ann" "$scratch/names"
runs "reminded already" $((D - 10 * 3600))
runs "deadline passed, g4 held" $((D + 60))
expect_grep "4 games, .* 1 held" "$scratch/a.out"
runs "held, still" $((D + 120))
expect_grep "4 games, .* 1 held" "$scratch/a.out"
order g4 ann pa pass
order g4 bob pb pass
runs "touched: the held turn's orders in" $((D + 180))
expect_grep "4 games, .* 0 held" "$scratch/a.out"

in_both game g2 pause
runs "paused" $((T0 + 3 * 86400))
expect_grep "held or paused: g2" "$scratch/a.out"
runs "paused, still" $((T0 + 3 * 86400 + 30))
expect_grep "held or paused: g2" "$scratch/a.out"
in_both game g2 resume
runs "resumed" $((T0 + 3 * 86400 + 60))

in_both rollback g1
runs "rolled back" $((T0 + 3 * 86400 + 120))

in_both game g3 set deadline=48h
runs "deadline changed" $((T0 + 3 * 86400 + 180))

in_both game g3 delete
runs "removed by the game master" $((T0 + 3 * 86400 + 240))
by_hand 'rm -rf games/g2'
runs "removed by hand" $((T0 + 3 * 86400 + 300))

by_hand 'mkdir games/g9 && sed "s/id=\"g1\"/id=\"g9\"/" games/g1/game.xml >games/g9/game.xml'
runs "added by hand" $((T0 + 3 * 86400 + 360))
by_hand 'mkdir games/g8'
runs "an empty folder" $((T0 + 3 * 86400 + 420))
by_hand 'sed "s/id=\"g1\"/id=\"g8\"/" games/g1/game.xml >games/g8/game.xml'
runs "its game copied in later" $((T0 + 3 * 86400 + 480))

printf 'garbage\n' >"$scratch/a/spool/wake-index"
runs "damaged index" $((T0 + 10 * 86400))
runs "all due again" $((T0 + 20 * 86400))

# check: an index that agrees is no problem; one that would leave a game
# unread when due (its state edited by hand) is.
wp() { "$WYRMPOST" -d "$scratch/a" "$@"; }
wp new g7 burglar --seed 5 --deadline 24h --player ann:ann@example.test:pa \
	--player bob:bob@example.test:pb >/dev/null
WYRMPOST_NOW=$((T0 + 20 * 86400 + 60)) wp run -j 1
export WYRMPOST_NOW=$((T0 + 20 * 86400 + 120))
expect_grep "^g7 [0-9]* [0-9]* [0-9]* 18018[0-9]* -" "$scratch/a/spool/wake-index"
expect_check wp check
sed 's/deadline="[^"]*"/deadline="2027-02-05T00:00:00Z"/' "$scratch/a/games/g7/game.xml" \
	>"$scratch/a/games/g7/game.new"
mv "$scratch/a/games/g7/game.new" "$scratch/a/games/g7/game.xml"
expect_status 65 wp check
expect_grep "g7: spool/wake-index has the next run look at it only at" "$scratch/err"
rm "$scratch/a/spool/wake-index"
expect_check wp check

finish
