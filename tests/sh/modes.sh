#!/bin/sh
# modes.sh - files that hold a secret (game states and snapshots with the
# players' password hashes, mail in the outbox and the spool) are open to
# their owner only; everything else follows the umask.
. "$top_srcdir/tests/sh/lib.sh"

mode() { stat -c %a "$1"; }
expect_mode() { # WANT FILE
	got=$(mode "$2")
	[ "$got" = "$1" ] && ok || fail "$2 has mode $got, wanted $1"
}

for mask in 022 077; do
	rm -rf "$scratch/c"
	(
		umask $mask
		wp init --sender gm@example.org >/dev/null
		wp new g1 burglar --seed 3 --deadline 0 --player ann:ann@example.org:annpw \
			--player bob:bob@example.org:bobpw >/dev/null
		printf 'game g1\nplayer ann\npassword annpw\nleave\n' | wp submit >/dev/null
		wp run >/dev/null 2>&1 || true
	)
	file=$(printf '%o' $((0666 & ~0$mask))) dir=$(printf '%o' $((0777 & ~0$mask)))
	expect_mode 600 "$scratch/c/games/g1/game.xml"
	for f in "$scratch"/c/games/g1/turns/*.xml "$scratch"/c/outbox/new/*.eml; do
		expect_mode 600 "$f"
	done
	ls "$scratch"/c/outbox/new/*welcome* >/dev/null 2>&1 && ok || fail "no welcome mail"
	ls "$scratch"/c/games/g1/turns/*.xml >/dev/null 2>&1 && ok || fail "no turn played"
	expect_mode "$file" "$scratch/c/wyrmpost.xml"
	for f in "$scratch"/c/games/g1/reports/*/*; do
		expect_mode "$file" "$f"
	done
	expect_mode "$dir" "$scratch/c/games"
	expect_mode "$dir" "$scratch/c/games/g1/reports"
done
finish
