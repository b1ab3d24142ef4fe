#!/bin/sh
# kits-dp-game.sh - `wyrmpost print ID` for a stored Dragon Pants game
# (templates/dragon-pants/position.xml): the example campaign's game on A4
# and Letter, checked with qpdf and poppler: structure, embedded fonts, one
# page, the game id, turn, time, players, dens, places and hands; each
# dragon's token measured from the content on the hex its q and r name; a
# dragon moved moves its token by one hex and nothing else; a spent card,
# a frozen and an out dragon and a game over; byte-identical reruns.
. "$top_srcdir/tests/sh/lib.sh"
for tool in qpdf pdfinfo pdffonts pdftotext; do
	command -v $tool >/dev/null 2>&1 || { echo "kits-dp-game.sh: $tool missing, skipped"; exit 77; }
done
WYRMPOST_TEMPLATES=$top_srcdir/templates
export WYRMPOST_TEMPLATES
cd "$scratch"
cp -R "$top_srcdir/examples/campaign" c
chmod -R u+w c
state=c/games/pants/game.xml

# tokens PDF: the centre of every dragon's token, in mm from the lower left
# of the 190 x 260 mm sheet area (centred on the page): the closed
# six-cornered paths 6.93 mm wide (flat-topped, 6 mm flat to flat), whose
# box sits 1 mm above the hex centre; sorted
tokens() {
	qpdf --qdf --object-streams=disable "$1" qdf.pdf
	pw=$(pdfinfo "$1" 2>/dev/null | awk '/^Page size:/ { printf "%.3f", $3 * 25.4 / 72 }')
	ph=$(pdfinfo "$1" 2>/dev/null | awk '/^Page size:/ { printf "%.3f", $5 * 25.4 / 72 }')
	awk -f "$top_srcdir/tests/sh/pdfgeom.awk" qdf.pdf | awk -f "$top_srcdir/tests/sh/hexpaths.awk" |
		awk -v ox="$pw" -v oy="$ph" '$4 - $2 > 6.88 && $4 - $2 < 6.98 {
			printf "%.2f %.2f\n", ($2 + $4) / 2 - (ox - 190) / 2,
				($3 + $5) / 2 - 1 - (oy - 260) / 2 }' | sort
}
# hex Q R: where the centre of hex (q, r) is on the sheet (position.xml:
# flat-topped, 12 mm flat to flat, north up, (0, 0) at 50, 183)
hex() { awk -v q="$1" -v r="$2" 'BEGIN { printf "%.2f %.2f\n", 50 + 10.3923 * q, 183 - 12 * (r + q / 2) }'; }

for paper in a4 letter; do
	if [ $paper = a4 ]; then size='595.276 x 841.89'; else size='612 x 792'; fi
	f=pants-$paper.pdf
	expect_status 0 "$WYRMPOST" -d c print pants --paper $paper -o $f
	[ -s $f ] || continue
	if qpdf --check $f >qpdf.out 2>&1; then ok; else fail "qpdf --check $f"; cat qpdf.out >&2; fi
	pdffonts $f 2>/dev/null | tail -n +3 >fonts.out
	if [ -s fonts.out ] && awk '$(NF-4) != "yes" { bad = 1 } END { exit bad }' fonts.out
	then ok; else fail "$f has a font not embedded"; cat fonts.out >&2; fi
	[ "$(pdfinfo $f 2>/dev/null | awk '/^Pages:/ { print $2 }')" = 1 ] && ok || fail "$f: not one page"
	pdfinfo $f 2>/dev/null | grep -q "^Page size: *$size pts" && ok || fail "$f: not $paper"
	pdfinfo $f 2>/dev/null | grep -q "^Title: *Dragon Pants: game pants, turn [0-9]*$" && ok ||
		fail "$f: no title naming the game and turn"
	pdftotext $f - 2>/dev/null | tr -d '\f' >text.out
	# the example game: eve (S den) on D7 with The Pants, fay (NW) on A1
	# with the Rubber Ducky and to play, gus (NE) on G1 with a Freeze; time
	# 8 of 10; 16 power cards and 16 destiny cards face down, -1 -1 drawn
	for w in "Dragon Pants: game pants, turn 5" "Time: 8" "The Pants: eve" "To play: fay" \
		eve fay gus S NW NE D7 A1 G1 "(0, 3)" "(-3, 0)" "(3, -3)" "The Pants" "Rubber Ducky" \
		Freeze "Deck of Power: 16 cards, face down" "Discard pile: empty" \
		"Deck of Destiny (standard): 16 cards, face down" "Destiny drawn (2): -1 -1" \
		"The game in progress, with every hand: for the gamemaster or the table" \
		"Wears The" "To play." 0 8 10; do
		grep -qxF -- "$w" text.out && ok || fail "$f lacks '$w'"
	done
	# nothing of what stays secret: the destiny cards to come, the passwords
	expect_no_grep 'pbkdf2' text.out
	expect_no_grep '+2' text.out
	# the tokens on their hexes: eve (0, 3), fay (-3, 0), gus (3, -3)
	tokens $f >got.out
	{ hex 0 3; hex -3 0; hex 3 -3; } | sort >want.out
	if cmp -s got.out want.out; then ok; else
		fail "$f: tokens at $(tr '\n' '|' <got.out), wanted $(tr '\n' '|' <want.out)"
	fi
done

# the same input gives the same bytes
expect_status 0 "$WYRMPOST" -d c print pants --paper a4 -o again.pdf
cmp -s again.pdf pants-a4.pdf && ok || fail "two runs differ"

# fay moves se, from A1 (-3, 0) to B2 (-2, 0): her token moves 10.39 mm
# east and 6 mm south, the others stay
sed 's/player="fay" den="NW" q="-3" r="0"/player="fay" den="NW" q="-2" r="0"/' $state >moved.xml
grep -q 'player="fay" den="NW" q="-2" r="0"' moved.xml && ok || fail "could not move fay"
cp moved.xml $state
expect_status 0 "$WYRMPOST" -d c print pants --paper a4 -o moved.pdf
cmp -s moved.pdf pants-a4.pdf && fail "moving a dragon changed nothing" || ok
tokens moved.pdf >got.out
{ hex 0 3; hex -2 0; hex 3 -3; } | sort >want.out
if cmp -s got.out want.out; then ok; else
	fail "moved: tokens at $(tr '\n' '|' <got.out), wanted $(tr '\n' '|' <want.out)"
fi
pdftotext moved.pdf - 2>/dev/null | tr -d '\f' >text.out
for w in B2 "(-2, 0)"; do grep -qxF -- "$w" text.out && ok || fail "moved: no '$w'"; done

# later: gus frozen and home in his den, fay's ducky spent and a shock on
# the discards, the time run out and eve the winner
sed -e 's/<engine time="8" current="fay" over="no">/<engine time="0" current="fay" over="yes">/' \
	-e 's/player="gus" den="NE" q="3" r="-3" frozen="no"/player="gus" den="NE" q="4" r="-4" frozen="yes"/' \
	-e 's/<card name="ducky"\/>/<card name="ducky" spent="yes"\/>/' \
	-e 's/mirror poison shock shock fireball"/mirror poison shock fireball"/' \
	-e 's/<discard cards=""\/>/<discard cards="shock"\/>/' \
	-e 's/<\/engine>/<winner player="eve"\/><\/engine>/' moved.xml >$state
expect_status 0 "$WYRMPOST" -d c print pants --paper letter -o over.pdf
pdftotext over.pdf - 2>/dev/null | tr -d '\f' >text.out
for w in "Time: 0" "Game over. Winner: eve" "NE den" "(4, -4)" "Frozen." spent "Rubber Ducky" \
	"Discard pile (1, the top last): shock" "Deck of Power: 15 cards, face down"; do
	grep -qxF -- "$w" text.out && ok || fail "over: no '$w'"
done
expect_no_grep '^To play' text.out
tokens over.pdf >got.out
{ hex 0 3; hex -2 0; hex 4 -4; } | sort >want.out
if cmp -s got.out want.out; then ok; else
	fail "over: tokens at $(tr '\n' '|' <got.out), wanted $(tr '\n' '|' <want.out)"
fi

# the blank kit has no game sheet
expect_status 0 "$WYRMPOST" print dragon-pants -o blank.pdf
pdftotext blank.pdf - 2>/dev/null | tr -d '\f' >text.out
expect_no_grep 'game in progress' text.out
finish
