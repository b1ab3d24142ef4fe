#!/bin/sh
# playthrough.sh - a Burglar game made with `wyrmpost new` played to its end
# through `submit` and `run` with order files, as a game master would.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender gm@example.org >/dev/null
wp new tavern burglar --seed 2026 --deadline 1h --option tokens=6 --option seats=3 \
	--player ann:ann@example.org:pa --player bob:bob@example.org:pb \
	--player cat:cat@example.org:pc --player dan:dan@example.org:pd >/dev/null

orders() { # PLAYER PASSWORD ORDER
	printf 'game tavern\nplayer %s\npassword %s\n%s\n' "$1" "$2" "$3" >"$scratch/o.txt"
	wp submit "$scratch/o.txt" >"$scratch/reply" 2>&1 || true
}

now=$T0
turn=0
while [ $turn -lt 2000 ]; do
	turn=$((turn + 1))
	case $turn in
	2) orders dan pd "join 4" ;;   # every seat is taken when the turn runs
	3) orders bob pb leave ;;
	4) orders bob pb "join 6" ;;   # left an hour ago, sun not up: refused
	5) orders dan pd "join 4" ;;
	esac
	if [ $turn -eq 2 ]; then expect_grep 'accepted: join 4' "$scratch/reply"; fi
	if [ $turn -eq 4 ]; then expect_grep 'rejected \[before-sunrise\]' "$scratch/reply"; fi
	if [ $turn -eq 5 ]; then expect_grep 'accepted: join 4' "$scratch/reply"; fi
	now=$((now + 3600))
	WYRMPOST_NOW=$now wp run
	if wp status | grep -q ' over '; then break; fi
done
wp status | grep -q ' over ' && ok || fail "the game did not end in $turn turns"
last=$(ls "$scratch/c/games/tavern/reports" | tail -n 1)
wp report tavern >"$scratch/final"
expect_grep 'The game is over' "$scratch/final"
expect_grep 'dan wants to join, but every seat is taken' \
	"$scratch/c/games/tavern/reports/0002/public.txt"
expect_grep 'bob leaves the table with' "$scratch/c/games/tavern/reports/0003/public.txt"
expect_grep 'dan joins the table in seat 2 with 4 tokens' \
	"$scratch/c/games/tavern/reports/0005/public.txt"
# Every turn has its reports, its mail and the state before it.
[ "$(ls "$scratch/c/games/tavern/turns" | wc -l)" -eq "$(expr "$last" + 0)" ] && ok ||
	fail "turn snapshots missing"
[ -f "$scratch/c/outbox/new/tavern-$last-report-ann.eml" ] && ok || fail "last report mail"
# No orders are taken once it is over.
orders ann pa leave
expect_grep 'over' "$scratch/reply"
finish
