#!/bin/sh
# crash.sh - `run` killed (SIGKILL) between any two of its steps and started
# again loses nothing and applies nothing twice: the campaign ends up byte
# for byte as after one clean run.  Also `submit` killed after storing.
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
	(cd "$1" && find games outbox -type f ! -name '.*' | sort | xargs sha256sum)
}

export WYRMPOST_NOW=$((T0 + 86400))
cp -R "$scratch/start" "$scratch/ref"
"$WYRMPOST" -d "$scratch/ref" run
snapshot "$scratch/ref" >"$scratch/ref.sums"
grep -q 'games/g1/turns/0001.xml' "$scratch/ref.sums" && ok || fail "reference did not play"

for point in turn-reports turn-first-mail turn-mail turn-snapshot turn-commit; do
	rm -rf "$scratch/c"
	cp -R "$scratch/start" "$scratch/c"
	set +e
	WYRMPOST_CRASH_AT=$point "$WYRMPOST" -d "$scratch/c" run 2>/dev/null
	st=$?
	set -e
	[ $st -eq 137 ] && ok || fail "$point: run was not killed (status $st)"
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
finish
