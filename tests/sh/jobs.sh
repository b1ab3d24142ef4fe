#!/bin/sh
# jobs.sh - `run -j N` plays the games in N processes with the results of
# `run -j 1`, byte for byte: the whole campaign tree, dot files included
# (but the lock file, which holds the pid of the run), what is printed,
# and the exit status; one game that fails stops no other in either, nor
# does a worker killed on its own: its game fails, the next run mends it.
. "$top_srcdir/tests/sh/lib.sh"
wp init --sender gm@example.org >/dev/null
i=0
# Ids whose sorting as text and as "ID: message" differ (g1, g10, g2...).
for g in g1 g2 g3 g4 g5 g6 g7 g8 g9 g10 g11 g12; do
	i=$((i + 1))
	rem=""
	[ $((i % 3)) -eq 0 ] && rem="--option remind=30"
	wp new $g burglar --seed $i --deadline 1h $rem --player ann:ann@example.org:pa \
		--player bob:bob@example.org:pb --player cat:cat@example.org:pc \
		--option seats=3 --option rounds=2 >/dev/null
done
# g13: not due for a day; g7: paused by the game master; g9: damaged;
# g11: held, an orders file cannot be read.
wp new g13 burglar --seed 13 --deadline 24h --player ann:ann@example.org:pa \
	--player bob:bob@example.org:pb >/dev/null
wp game g7 pause >/dev/null
echo '<game' >"$scratch/c/games/g9/game.xml"
mkdir -p "$scratch/c/games/g11/orders/0001/ann" # unreadable orders: held
printf 'game g2\nplayer ann\npassword pa\nleave\n' >"$scratch/o1"
wp submit "$scratch/o1" >/dev/null

tree() { # DIR -> every file and folder, dot files too, but the lock
	# The index of games names games/'s time and each folder's inode,
	# which differ between copies: its games, wake times and marks do not.
	(cd "$1" && find . ! -name .lock | sort | while read -r f; do
		if [ "$f" = ./spool/wake-index ]; then
			printf '%s  %s\n' "$(sed 1d "$f" | cut -d' ' -f1,5,6 | sha256sum | cut -d' ' -f1)" "$f"
		elif [ -f "$f" ]; then sha256sum "$f"; else echo "dir $f"; fi
	done)
}
# runs N WHEN ARGS...: run with -j N in a copy, keep its output
runs() {
	n=$1 when=$2
	shift 2
	set +e
	WYRMPOST_NOW=$when "$WYRMPOST" -d "$scratch/j$n" run -j "$n" "$@" \
		>"$scratch/out$n" 2>"$scratch/err$n"
	echo $? >"$scratch/status$n"
	set -e
	sed -i "s|$scratch/j$n/|CAMPAIGN/|g" "$scratch/out$n" "$scratch/err$n"
	tree "$scratch/j$n" >"$scratch/tree$n"
}
same() { # WHAT
	for f in out err status tree; do
		if cmp -s "$scratch/${f}1" "$scratch/${f}4"; then ok; else
			fail "$1: -j 4 $f differs from -j 1"
			diff "$scratch/${f}1" "$scratch/${f}4" >&2 || true
		fi
	done
}
cp -R "$scratch/c" "$scratch/j1"
cp -R "$scratch/c" "$scratch/j4"
for n in 1 4; do runs $n $((T0 + 1800)) --dry-run; done
same "dry run"
expect_grep '13 games, 0 played' "$scratch/out4"
expect_grep 'held or paused: g7' "$scratch/out4"
for n in 1 4; do runs $n $((T0 + 1800)); done   # reminders only
same "reminders"
for n in 1 4; do runs $n $((T0 + 7200)); done
same "first turns"
expect_grep 'g9: ' "$scratch/err4"
expect_grep 'g11: ' "$scratch/err4"
[ "$(cat "$scratch/status4")" -ne 0 ] && ok || fail "a failed game left status 0"
[ -f "$scratch/j4/games/g12/turns/0001.xml" ] && ok || fail "g12 was not played"
# The messages come in the order of the games (as -j 1 lists them), not
# in the order they finish.
[ "$(grep -o '^wyrmpost: g[0-9]*' "$scratch/err4" | tr '\n' ' ')" = \
	"wyrmpost: g11 wyrmpost: g9 " ] && ok || fail "messages out of order: $(cat "$scratch/err4")"
for n in 1 4; do runs $n $((T0 + 2 * 86400)); done
same "second turns"
# More workers than games, and the default (one per core).
cp -R "$scratch/j1" "$scratch/j9"
WYRMPOST_NOW=$((T0 + 4 * 86400)) "$WYRMPOST" -d "$scratch/j1" run -j 1 >/dev/null 2>&1 || true
WYRMPOST_NOW=$((T0 + 4 * 86400)) "$WYRMPOST" -d "$scratch/j9" run -j 64 >/dev/null 2>&1 || true
tree "$scratch/j1" >"$scratch/tree1"
tree "$scratch/j9" >"$scratch/tree9"
cmp -s "$scratch/tree1" "$scratch/tree9" && ok || fail "-j 64 differs from -j 1"
# A worker killed (not the run): the games it was playing fail with a
# message, the others are played, and the next run finishes the turn as
# one clean run would.  Skipped when no kill falls on a game in play.
mkdir "$scratch/k"
WYRMPOST_NOW=$T0 "$WYRMPOST" -d "$scratch/k" init --sender gm@example.org >/dev/null
i=0
while [ $i -lt 40 ]; do
	i=$((i + 1))
	WYRMPOST_NOW=$T0 "$WYRMPOST" -d "$scratch/k" new "k$i" burglar --seed $i --deadline 1h \
		--player ann:ann@example.org:pa --player bob:bob@example.org:pb \
		--option pdf=embedded >/dev/null
done
cp -R "$scratch/k" "$scratch/kref"
cp -R "$scratch/k" "$scratch/k0"
WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d "$scratch/kref" run -j 1 >/dev/null 2>&1
tree "$scratch/kref" >"$scratch/tree1"
# kill_a_worker: run -j 2 over a fresh copy of the campaign, one worker
# killed as soon as it is seen; victim is empty when the run ended first,
# st is the run's status.
kill_a_worker() {
	rm -rf "$scratch/k"
	cp -R "$scratch/k0" "$scratch/k"
	WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d "$scratch/k" run -j 2 >/dev/null 2>"$scratch/kerr" &
	run=$!
	victim=""
	n=0
	while [ -z "$victim" ] && [ $n -lt 500 ] && kill -0 $run 2>/dev/null; do
		victim=$(ps -o pid= --ppid $run 2>/dev/null | head -n 1 | tr -d ' ')
		n=$((n + 1))
		[ -n "$victim" ] || sleep 0.01
	done
	[ -n "$victim" ] && kill -9 "$victim" 2>/dev/null || victim=""
	set +e
	wait $run
	st=$?
	set -e
}
# A worker killed after it reported its last game lost nothing: the run
# ends well and the campaign is that of a clean run.  Tried again (five
# times at most) until the kill falls on a game being played.
tries=0
while :; do
	tries=$((tries + 1))
	kill_a_worker
	[ -n "$victim" ] && [ $st -eq 0 ] || break
	tree "$scratch/k" >"$scratch/tree4"
	cmp -s "$scratch/tree1" "$scratch/tree4" && ok ||
		fail "a worker killed after its last game, and the run differs from a clean one"
	[ $tries -lt 5 ] || break
done
if [ -n "$victim" ] && [ $st -ne 0 ]; then
	expect_grep 'a worker process was killed (signal 9) while it played this game' "$scratch/kerr"
	WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d "$scratch/k" run -j 2 >/dev/null 2>&1
	tree "$scratch/k" >"$scratch/tree4"
	cmp -s "$scratch/tree1" "$scratch/tree4" && ok ||
		{ fail "after a killed worker, a second run differs from one clean run"
		  diff "$scratch/tree1" "$scratch/tree4" >&2 || true; }
else
	echo "jobs.sh: no kill fell on a game being played ($tries tries); that part skipped"
fi
expect_status 64 wp run -j 0
expect_grep 'number of processes' "$scratch/err"
expect_status 64 wp run -j x
finish
