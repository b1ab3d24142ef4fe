#!/bin/sh
# crash.sh - `run` killed (SIGKILL) between any two of its steps and started
# again loses nothing and applies nothing twice: the campaign ends up byte
# for byte as after one clean run, dot files included (a killed writer's
# temporary file is swept away).  Also `submit` killed after storing, and
# `rollback` killed at each of its steps and given again.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender gm@example.org >/dev/null
for g in g1 g2; do
	wp new $g burglar --seed 7 --deadline 24h --player ann:ann@example.org:pa \
		--player bob:bob@example.org:pb --player cat:cat@example.org:pc \
		--player dan:dan@example.org:pd --option seats=3 --option rounds=2 >/dev/null
done
printf 'game g1\nplayer bob\npassword pb\nleave\n' | wp submit >/dev/null
printf 'game g2\nplayer dan\npassword pd\njoin 5\n' | wp submit >/dev/null
cp -R "$scratch/c" "$scratch/start"

snapshot() { # DIR -> a listing with checksums of everything that matters
	(cd "$1" && find games outbox -type f | sort | xargs sha256sum)
}

export WYRMPOST_NOW=$((T0 + 86400))
cp -R "$scratch/start" "$scratch/ref"
old_state=$(ls -i "$scratch/ref/games/g1/game.xml" | cut -d' ' -f1)
"$WYRMPOST" -d "$scratch/ref" run
snapshot "$scratch/ref" >"$scratch/ref.sums"
grep -q 'games/g1/turns/0001.xml' "$scratch/ref.sums" && ok || fail "reference did not play"
# The snapshot is the old game.xml itself, not a copy of it.
[ "$(ls -i "$scratch/ref/games/g1/turns/0001.xml" | cut -d' ' -f1)" = "$old_state" ] && ok ||
	fail "the snapshot is not the replaced game.xml"

# batch-*: after each stage of the group commit (fs_batch_end): the data,
# the games' states, the turn's mail released to outbox/new.
for point in turn-reports turn-first-mail turn-mail turn-snapshot turn-commit batch-data \
	batch-committed batch-released; do
	rm -rf "$scratch/c"
	cp -R "$scratch/start" "$scratch/c"
	set +e
	WYRMPOST_CRASH_AT=$point "$WYRMPOST" -d "$scratch/c" run 2>/dev/null
	st=$?
	set -e
	[ $st -eq 137 ] && ok || fail "$point: run was not killed (status $st)"
	# A temporary file as a writer killed mid-write leaves it (PID 1 is
	# init, never a wyrmpost: use one that cannot be running).
	# The sweep looks where a killed turn writes: the game's folder, turns/
	# and the folders of the turn being played.
	mkdir -p "$scratch/c/games/g1/reports/0001" "$scratch/c/games/g1/turns"
	echo half >"$scratch/c/games/g1/.game.xml.999999999.tmp"
	echo half >"$scratch/c/games/g1/turns/.0001.xml.7.999999999.tmp"
	# (Killed once the states are in place, turn 1's folders are done
	# with: a writer of the next turn would leave its file elsewhere.)
	case $point in batch-committed | batch-released) ;; *)
		echo half >"$scratch/c/games/g1/reports/0001/.ann.txt.3.999999999.tmp" ;;
	esac
	wp run
	snapshot "$scratch/c" >"$scratch/got.sums"
	if cmp -s "$scratch/ref.sums" "$scratch/got.sums"; then ok; else
		fail "$point: campaign differs from a clean run"
		diff "$scratch/ref.sums" "$scratch/got.sums" >&2 || true
	fi
	# A third run has nothing left to do.
	wp run
	snapshot "$scratch/c" >"$scratch/again.sums"
	cmp -s "$scratch/ref.sums" "$scratch/again.sums" && ok || fail "$point: third run changed things"
	ls "$scratch/c/outbox/tmp" | grep -q . && fail "$point: mail left held in outbox/tmp" || ok
done

# submit killed after the orders are stored, before the reply: sending the
# same mail again stores the same orders and writes one reply.
rm -rf "$scratch/c"
cp -R "$scratch/start" "$scratch/c"
printf 'game g1\nplayer cat\npassword pc\nleave\n' >"$scratch/cat.txt"
set +e
WYRMPOST_CRASH_AT=submit-stored "$WYRMPOST" -d "$scratch/c" submit "$scratch/cat.txt" >/dev/null 2>&1
st=$?
set -e
[ $st -eq 137 ] && ok || fail "submit was not killed ($st)"
[ "$(cat "$scratch/c/games/g1/orders/0001/cat")" = leave ] && ok || fail "orders lost"
wp submit "$scratch/cat.txt" >/dev/null
wp submit "$scratch/cat.txt" >/dev/null
n=$(ls "$scratch/c/outbox/new" | grep -c '^g1-0001-orders-cat-')
[ "$n" -eq 1 ] && ok || fail "$n replies for one mail sent twice"

# rollback killed at each step and given again ends as one clean rollback;
# so does a run after the kill.
rm -rf "$scratch/ref"
cp -R "$scratch/start" "$scratch/ref"
for t in 1 2 3; do WYRMPOST_NOW=$((T0 + t * 86400)) "$WYRMPOST" -d "$scratch/ref" run; done
cp -R "$scratch/ref" "$scratch/played"
# (at the time of the last run: the rollback's new deadline is a turn on)
TR=$((T0 + 3 * 86400 + 60))
WYRMPOST_NOW=$TR "$WYRMPOST" -d "$scratch/ref" rollback g1 >/dev/null
snapshot "$scratch/ref" >"$scratch/ref.sums"
grep -q 'games/g1/turns/0003.xml' "$scratch/ref.sums" && fail "the reference did not roll back" || ok
for point in rollback-intent rollback-state rollback-snapshots; do
	for then in rollback run; do
		rm -rf "$scratch/c"
		cp -R "$scratch/played" "$scratch/c"
		set +e
		WYRMPOST_NOW=$TR WYRMPOST_CRASH_AT=$point "$WYRMPOST" -d "$scratch/c" rollback g1 \
			>/dev/null 2>&1
		st=$?
		set -e
		[ $st -eq 137 ] && ok || fail "rollback at $point was not killed ($st)"
		if [ $then = rollback ]; then
			expect_status 0 env WYRMPOST_NOW=$TR "$WYRMPOST" -d "$scratch/c" rollback g1
			expect_grep 'back before turn 3' "$scratch/out"
		else
			# (not due before the new deadline: it only finishes)
			expect_status 0 env WYRMPOST_NOW=$((TR + 60)) "$WYRMPOST" -d "$scratch/c" run
		fi
		snapshot "$scratch/c" >"$scratch/got.sums"
		if cmp -s "$scratch/ref.sums" "$scratch/got.sums"; then ok; else
			fail "rollback killed at $point, then $then: differs from one clean rollback"
			diff "$scratch/ref.sums" "$scratch/got.sums" >&2 || true
		fi
	done
done
finish
