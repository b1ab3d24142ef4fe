#!/bin/sh
# onegame.sh - one game's trouble never stops a run: an orders file that
# cannot be read holds that game (named with the file, by `run` and by
# `check`) and is never taken for no orders (a FIFO, a link to /dev/zero,
# a dangling or looping link: named at once, never waited on or read
# without end); a game whose folder cannot be
# written is skipped; a state with values far off the tracks is drawn; the
# other games are played every time.
. "$top_srcdir/tests/sh/lib.sh"
wp init --sender gm@example.org >/dev/null
for g in g1 g2 g3 g4; do
	wp new $g burglar --seed 4 --deadline 1h --player ann:ann@example.org:pa \
		--player bob:bob@example.org:pb >/dev/null
done
# g1: ann's orders for turn 1 are there but cannot be read (a directory
# stands where the file should: root reads any file whatever its mode).
mkdir -p "$scratch/c/games/g1/orders/0001/ann"
# g2: its reports cannot be written (a file stands where the folder goes).
rm -rf "$scratch/c/games/g2/reports"
echo 'not a folder' >"$scratch/c/games/g2/reports"
# g4: Heart of Glass with a Dragon's Body of 1000 and a Minion's of 200,
# values no track has room for.
sed -e 's/id="case"/id="g4"/' -e 's/<dragon body="6"/<dragon body="1000"/' \
	-e 's/player="dave" life="alive" body="4"/player="dave" life="alive" body="200"/' \
	-e 's/name="hold" value="yes"/name="hold" value="no"/' \
	"$top_srcdir/tests/cases/heart-of-glass/four-of-diamonds-resolution/before.xml" \
	>"$scratch/c/games/g4/game.xml"
rm -rf "$scratch/c/games/g4/turns"/*

expect_status 74 env WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d "$scratch/c" run
expect_grep 'g1: orders that cannot be read, so the turn waits: cannot read .*games/g1/orders/0001/ann' "$scratch/err"
expect_grep 'g2: ' "$scratch/err"
expect_no_grep 'g3' "$scratch/err"
expect_no_grep 'g4' "$scratch/err"
[ -f "$scratch/c/games/g3/turns/0001.xml" ] && ok || fail "g3 was not played"
[ -f "$scratch/c/games/g4/turns/0001.xml" ] && ok || fail "g4 was not played"
[ -s "$scratch/c/games/g4/reports/0001/dave.pdf" ] && ok || fail "g4's report PDF is missing"
if command -v pdfinfo >/dev/null; then
	pdfinfo "$scratch/c/games/g4/reports/0001/dave.pdf" >"$scratch/info" 2>/dev/null
	expect_grep '^Title: .*: game g4, turn 1, dave$' "$scratch/info"
	expect_grep '^Author: *wyrmpost$' "$scratch/info"
	expect_grep '^Subject: .* turn report$' "$scratch/info"
	expect_no_grep 'CreationDate' "$scratch/info"
fi
[ ! -e "$scratch/c/games/g1/turns/0001.xml" ] && ok || fail "g1 was played without ann's orders"
[ ! -e "$scratch/c/games/g2/turns/0001.xml" ] && ok || fail "g2 half-played"
expect_grep 'turn="1"' "$scratch/c/games/g1/game.xml"
expect_grep 'turn="1"' "$scratch/c/games/g2/game.xml"
expect_status 0 wp status
expect_grep 'g1 .*one unreadable' "$scratch/out"
expect_status 65 wp check
expect_grep 'g1: orders that cannot be read' "$scratch/err"
# Again at the next cron run: g1 and g2 still held back, the rest go on.
expect_status 74 env WYRMPOST_NOW=$((T0 + 14400)) "$WYRMPOST" -d "$scratch/c" run
[ -f "$scratch/c/games/g3/turns/0002.xml" ] && ok || fail "g3 was not played again"
# Mended, g1 plays with ann's orders and g2 with its reports.
rmdir "$scratch/c/games/g1/orders/0001/ann"
rm "$scratch/c/games/g2/reports"
mkdir "$scratch/c/games/g2/reports"
expect_status 0 env WYRMPOST_NOW=$((T0 + 21600)) "$WYRMPOST" -d "$scratch/c" run
[ -f "$scratch/c/games/g1/turns/0001.xml" ] && ok || fail "g1 was not played once mended"
[ -f "$scratch/c/games/g2/turns/0001.xml" ] && ok || fail "g2 was not played once mended"

# Orders files that are not files: each game named, none played, and the
# run ends at once (a FIFO used to hold it, and the lock, for ever).
for g in f1 f2 f3 f4; do
	wp new $g burglar --seed 4 --deadline 1h --player ann:ann@example.org:pa \
		--player bob:bob@example.org:pb >/dev/null
	mkdir -p "$scratch/c/games/$g/orders/0001"
done
mkfifo "$scratch/c/games/f1/orders/0001/ann"
ln -s /dev/zero "$scratch/c/games/f2/orders/0001/ann"
ln -s "$scratch/nowhere" "$scratch/c/games/f3/orders/0001/ann"
ln -s ann "$scratch/c/games/f4/orders/0001/ann"
expect_status 74 env WYRMPOST_NOW=$((T0 + 30000)) timeout 60 "$WYRMPOST" -d "$scratch/c" run
for g in f1 f2 f3 f4; do
	expect_grep "$g: orders that cannot be read, so the turn waits: cannot .*games/$g/orders/0001/ann" "$scratch/err"
	[ ! -e "$scratch/c/games/$g/turns/0001.xml" ] && ok || fail "$g played as if ann sent nothing"
done
expect_grep 'f1: .*not a regular file' "$scratch/err"
expect_grep 'f2: .*not a regular file' "$scratch/err"
rm "$scratch/c/games/f3/orders/0001/ann"
expect_status 74 env WYRMPOST_NOW=$((T0 + 36000)) timeout 60 "$WYRMPOST" -d "$scratch/c" run
[ -f "$scratch/c/games/f3/turns/0001.xml" ] && ok || fail "f3 was not played once mended"

# A game whose game.xml is lost is named with the way back, by run,
# status and check (65), and the others still play; a folder a killed
# `new` left without game.xml nor snapshots blocks nothing.
rm -f "$scratch/c/games"/f?/orders/0001/ann
rm "$scratch/c/games/g3/game.xml"
mkdir -p "$scratch/c/games/k1/turns" "$scratch/c/games/k1/orders"
expect_status 65 env WYRMPOST_NOW=$((T0 + 43200)) "$WYRMPOST" -d "$scratch/c" run
last=$(ls "$scratch/c/games/g3/turns" | tail -n 1)
expect_grep "^wyrmpost: g3: game.xml is missing; restore the last state with: cp games/g3/turns/$last games/g3/game.xml\$" "$scratch/err"
expect_no_grep 'k1' "$scratch/err"
[ -f "$scratch/c/games/g1/turns/0002.xml" ] && ok || fail "g1 was not played beside a lost game"
expect_status 65 wp status
expect_grep "^wyrmpost: g3: game.xml is missing; restore the last state with: cp games/g3/turns/$last" "$scratch/err"
expect_grep '^g1 ' "$scratch/out"
expect_status 65 wp check
expect_grep "^wyrmpost: g3: game.xml is missing; restore the last state with: cp games/g3/turns/$last" "$scratch/err"
expect_status 0 wp new k1 burglar --seed 4 --deadline 1h --player ann:ann@example.org:pa \
	--player bob:bob@example.org:pb
[ -f "$scratch/c/games/k1/game.xml" ] && ok || fail "new did not take over k1's empty folder"
cp "$scratch/c/games/g3/turns/$last" "$scratch/c/games/g3/game.xml"
# (only the outbox's mail, with no way to send it, is left to say)
expect_status 78 wp check
[ "$(grep -vc 'wait in the outbox' "$scratch/err")" -eq 0 ] && ok || fail "check: $(cat "$scratch/err")"
finish
