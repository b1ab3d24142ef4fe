#!/bin/sh
# city-of-glass.sh - City of Glass as a game master and players use it:
# `new` with a setup file (and its line-numbered errors), placing and an
# activation through `submit` with the forecasts in the confirmations,
# `run`, the report's PDF (the table drawn to scale, checked with poppler),
# `print ID` at true size and on one page, solo, and byte-identical
# replays of the same seed and orders.
. "$top_srcdir/tests/sh/lib.sh"
for tool in pdfinfo pdftotext qpdf; do
	command -v $tool >/dev/null 2>&1 || { echo "city-of-glass.sh: $tool missing, skipped"; exit 77; }
done
WYRMPOST_TEMPLATES=$top_srcdir/templates
export WYRMPOST_TEMPLATES
wp init --sender gm@example.org >/dev/null

cat >"$scratch/bad.txt" <<'PILES'
# a hand-made table
pile 10 16 3
pile 22 16 three
PILES
expect_status 64 wp new g0 city-of-glass --setup "$scratch/bad.txt" \
	--player ann:ann@example.org:pa --player bob:bob@example.org:pb
expect_grep "bad.txt:3: write 'pile X Y BOOKS'" "$scratch/err"
printf 'pile 2 2 3\npile 4 10 2\n' >"$scratch/close.txt"
expect_status 64 wp new g0 city-of-glass --setup "$scratch/close.txt" \
	--player ann:ann@example.org:pa
expect_grep 'close.txt: piles 1 and 2 are 1 inches apart; piles keep 1.5 apart' "$scratch/err"
expect_status 64 wp new g0 burglar --setup "$scratch/bad.txt" \
	--player ann:ann@example.org:pa --player bob:bob@example.org:pb
expect_grep 'takes no setup file' "$scratch/err"
expect_status 64 wp new g0 city-of-glass --player a:a@example.org --player b:b@example.org \
	--player c:c@example.org --player d:d@example.org --player e:e@example.org
[ ! -e "$scratch/c/games/g0" ] && ok || fail "a refused game left a directory"

cat >"$scratch/piles.txt" <<'PILES'
pile 10 16 3    # west of the centre
pile 22 16 3
pile 15.5 4 turned 3
pile 15.5 28 turned 1
pile 2 2 turned 2
PILES
expect_status 0 wp new g1 city-of-glass --seed 11 --setup "$scratch/piles.txt" \
	--deadline 24h --option hold=no \
	--player ann:ann@example.org:pa --player bob:bob@example.org:pb
orders() { # PLAYER PASSWORD LINES...
	who=$1 pw=$2
	shift 2
	{ printf 'game g1\nplayer %s\npassword %s\n' "$who" "$pw"; printf '%s\n' "$@"; } >"$scratch/o.txt"
	wp submit "$scratch/o.txt" >"$scratch/reply" 2>&1 || true
}
orders ann pa 'place 18,24' 'place 8,19.5'
expect_grep 'rejected \[bad-spot\]: model A at 18,18 would see it' "$scratch/reply"
expect_grep 'model B at 8,19.5: out of sight of every model' "$scratch/reply"
# A line refused: ann is not ready, and the turn does not run early on
# the rest until she says 'ready' (issue #31).
expect_grep '^NOT READY: turn 1 will not run early for you' "$scratch/reply"
WYRMPOST_NOW=$((T0 + 50)) wp run >/dev/null
[ -e "$scratch/c/games/g1/reports/0001" ] && fail "turn 1 ran on a half-refused mail" || ok
orders ann pa ready
WYRMPOST_NOW=$((T0 + 100)) wp run >/dev/null
orders bob pb 'place 28,19.5'
WYRMPOST_NOW=$((T0 + 200)) wp run >/dev/null
orders ann pa 'place 19,2'
WYRMPOST_NOW=$((T0 + 300)) wp run >/dev/null
expect_grep 'Every model is on the table; ann plays first' "$scratch/c/games/g1/reports/0003/public.txt"

# An activation with a forecast; the hand is the report's.
card=$(sed -n 's/^Your hand: \([^,.]*\).*/\1/p' "$scratch/c/games/g1/reports/0003/ann.txt")
case $card in joker) line='play joker' ;; *) line="play $card on B" ;; esac
orders ann pa "$line" 'move 16,19.5' 'move 8,24 9,25'
expect_grep "accepted: $line" "$scratch/reply"
if [ "$card" != joker ]; then
	expect_grep 'rejected \[blocked\]: on leg 1 the base would cross pile 1' "$scratch/reply"
	expect_grep 'model B would see nobody and be seen by nobody' "$scratch/reply"
fi
orders ann pa ready # play the accepted lines, without the refused ones
WYRMPOST_NOW=$((T0 + 400)) wp run >/dev/null
r=$scratch/c/games/g1/reports/0004
[ -s "$r/ann.pdf" ] && ok || fail "no report PDF"
pdftotext -layout "$r/ann.pdf" "$scratch/rep.txt"
expect_grep 'City of Glass: game g1, turn 4' "$scratch/rep.txt"
expect_grep 'pile 5' "$scratch/rep.txt"
expect_grep '6 inches' "$scratch/rep.txt"   # the scale bar
expect_grep 'Your hand' "$scratch/rep.txt"
qpdf --check "$r/ann.pdf" >/dev/null 2>&1 && ok || fail "report PDF fails qpdf --check"
# Orders are inches: the table has a line every inch across it, a tick
# every inch out from its south and west edges, and numbers every 6
# inches beside those ticks, outside the table (issue #32).
grep -Eq '^ *0 +6 +12 +18 +24 +30 +36 *$' "$scratch/rep.txt" && ok ||
	fail "no inch numbers 0 to 36 along the table's south edge"
for n in 6 12 18 24 30 36; do
	grep -Eq "^ *$n( |\$)" "$scratch/rep.txt" && ok || fail "no $n up the table's west edge"
done
qpdf --qdf --object-streams=disable "$r/ann.pdf" "$scratch/rep-qdf.pdf"
awk -f "$top_srcdir/tests/sh/pdfgeom.awk" "$scratch/rep-qdf.pdf" >"$scratch/rep-lines"
# "ACROSS UP TICKS": lines 36 inches (154.8 mm) long, each way, and ticks
# of 1 or 1.8 mm
marks=$(awk '$1 == 1 {
		dx = $4 - $2; dy = $5 - $3; if (dx < 0) dx = -dx; if (dy < 0) dy = -dy
		if (dy < 0.01 && dx > 154.7 && dx < 154.9) across++
		if (dx < 0.01 && dy > 154.7 && dy < 154.9) up++
		if ((dx < 0.01 && (dy > 0.99 && dy < 1.01 || dy > 1.79 && dy < 1.81)) ||
		    (dy < 0.01 && (dx > 0.99 && dx < 1.01 || dx > 1.79 && dx < 1.81))) ticks++
	} END { print across + 0, up + 0, ticks + 0 }' "$scratch/rep-lines")
[ "$marks" = "40 40 74" ] && ok ||
	fail "the report's table: $marks lines across, up and ticks, not 40 40 74"
# The web archive's picture of it (svgview.c) has the same marks.
expect_status 0 wp site -o "$scratch/site"
svg=$scratch/site/g1/0004.html
[ "$(grep -c '<line [^>]*stroke="#e9e2d0"' "$svg")" = 60 ] && ok || fail "no inch lines on the web table"
[ "$(grep -c '<line [^>]*stroke="#cfc4a8"' "$svg")" = 10 ] && ok || fail "no 6-inch lines on the web table"
for n in 0 6 12 18 24 30 36; do
	grep -q "text-anchor=\"middle\">$n</text>" "$svg" && ok || fail "no $n along the web table's south edge"
done

# print ID: true size across pages, and on one page.
expect_status 0 wp print g1 --boards page -o "$scratch/page.pdf"
pages=$(pdfinfo "$scratch/page.pdf" | awk '/^Pages:/ { print $2 }')
[ "$pages" = 1 ] && ok || fail "--boards page printed $pages pages"
pdftotext "$scratch/page.pdf" "$scratch/page.txt"
expect_grep 'game g1, turn 5' "$scratch/page.txt"
expect_status 0 wp print g1 --boards poster --paper letter -o "$scratch/poster.pdf"
poster=$(pdfinfo "$scratch/poster.pdf" | awk '/^Pages:/ { print $2 }')
[ "$poster" -ge 16 ] && ok || fail "a 36-inch table on $poster pages of Letter"
expect_status 0 wp print g1 -o "$scratch/both.pdf"
both=$(pdfinfo "$scratch/both.pdf" | awk '/^Pages:/ { print $2 }')
expect_status 0 wp print g1 --boards poster -o "$scratch/a4.pdf"
a4=$(pdfinfo "$scratch/a4.pdf" | awk '/^Pages:/ { print $2 }')
[ "$both" = $((a4 + 1)) ] && ok || fail "both: $both pages, poster alone $a4"
# The title lies whole on the poster's first page, west of its overlap
# with the second (190 mm, 538.6 pt, from the paper's edge on A4), and
# nowhere on the second (issue #32).
pdftotext -bbox -f 1 -l 1 "$scratch/a4.pdf" "$scratch/a4-1.html"
pdftotext -bbox -f 2 -l 2 "$scratch/a4.pdf" "$scratch/a4-2.html"
title_at() { # WORD FILE: the word's xMax, if there
	sed -n "s/.*xMax=\"\([0-9.]*\)\".*>$1<\/word>.*/\1/p" "$2" | head -n 1
}
for w in Glass turn up.; do
	x=$(title_at "$w" "$scratch/a4-1.html")
	[ -n "$x" ] && awk -v x="$x" 'BEGIN { exit !(x < 538.6) }' && ok ||
		fail "the title's '$w' is not whole on the poster's first page (xMax '$x')"
	[ -z "$(title_at "$w" "$scratch/a4-2.html")" ] && ok ||
		fail "the title's '$w' runs onto the poster's second page"
done
# The assembly page names the rows and columns round the pages' outlines,
# and puts no big page number over the table.
pdftotext -layout -f "$both" -l "$both" "$scratch/both.pdf" "$scratch/over.txt"
for w in 'column 1' 'column 6' 'row 1' 'row 4' 'pages 1–6' 'pages 19–24'; do
	expect_grep "$w" "$scratch/over.txt"
done
pdftotext -bbox -f "$both" -l "$both" "$scratch/both.pdf" - |
	awk -F'"' '/<word / && $8 - $4 > 20 { print "a word", $8 - $4, "pt high:", $0 }' >"$scratch/big"
[ ! -s "$scratch/big" ] && ok || fail "big numbers on the assembly page: $(head -n 1 "$scratch/big")"
expect_status 0 wp print g1 -o "$scratch/both2.pdf"
cmp -s "$scratch/both.pdf" "$scratch/both2.pdf" && ok || fail "print ID is not byte-identical"
expect_status 64 wp print g1 --boards sideways -o "$scratch/x.pdf"

# Solo, and the same seed and orders giving the same bytes.
for c in s1 s2; do
	"$WYRMPOST" -d "$scratch/$c" init --sender gm@example.org >/dev/null
	"$WYRMPOST" -d "$scratch/$c" new solo city-of-glass --seed 5 --deadline 1h \
		--option hold=no --option nmr-drop=0 --player ann:ann@example.org:pa >/dev/null
	for t in 1 2 3 4 5 6 7 8 9 10; do
		WYRMPOST_NOW=$((T0 + t * 3600)) "$WYRMPOST" -d "$scratch/$c" run >/dev/null
	done
done
expect_grep 'turn="11"' "$scratch/s1/games/solo/game.xml"
# (but for the password hashes' salts)
for c in s1 s2; do sed 's/password="[^"]*"//' "$scratch/$c/games/solo/game.xml" >"$scratch/$c.xml"; done
cmp -s "$scratch/s1.xml" "$scratch/s2.xml" && ok || fail "the same seed and orders gave different games"
finish
