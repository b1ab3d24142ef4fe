#!/bin/sh
# kits-dk-dp.sh - the printable kits of Dragon Keepers and Dragon Pants
# (templates/dragon-keepers, templates/dragon-pants): A4 and Letter, with
# and without bleed and backs, checked with qpdf and poppler: structure,
# embedded fonts, exact page counts and sizes, every card name and the
# number of each card, byte-identical reruns, and the hex tiles measured
# from the content (83 mm flat to flat, 95 mm point to point).
. "$top_srcdir/tests/sh/lib.sh"
for tool in qpdf pdfinfo pdffonts pdftotext; do
	command -v $tool >/dev/null 2>&1 || { echo "kits-dk-dp.sh: $tool missing, skipped"; exit 77; }
done
WYRMPOST_TEMPLATES=$top_srcdir/templates
export WYRMPOST_TEMPLATES
cd "$scratch"

# pages KIT PAPER VARIANT: the page count we expect.  Dragon Keepers:
# 36 keepers (4 sheets of 9), 22 magic and hunter cards (3), the hunter
# card (1), 6 dragon tiles (1), 77 tokens (1), 4 aids (1), 120 stickers (1);
# backs double all but tokens and stickers.  Dragon Pants: overview (1),
# 19 power cards (3), 33 destiny (4), time card (1), marker and pawns (1),
# 43 tiles 5 a page (9), the poster (4) and its overview (1); backs double
# the cards and the tiles, but folded the tiles go 3 a page with their
# backs beside them (15).
pages() {
	case "$1 $2 $3" in
	"dragon-keepers a4 plain"|"dragon-keepers letter plain") echo 12 ;;
	"dragon-keepers a4 bleed") echo 13 ;;
	"dragon-keepers letter bleed") echo 15 ;;
	dragon-keepers*" duplex"|dragon-keepers*" fold") echo 22 ;;
	"dragon-keepers a4 bleed-duplex") echo 24 ;;
	"dragon-keepers letter bleed-duplex") echo 28 ;;
	"dragon-pants a4 plain"|"dragon-pants letter plain") echo 24 ;;
	"dragon-pants a4 bleed") echo 25 ;;
	"dragon-pants letter bleed") echo 27 ;;
	dragon-pants*" duplex") echo 41 ;;
	dragon-pants*" fold") echo 37 ;;
	"dragon-pants a4 bleed-duplex") echo 43 ;;
	"dragon-pants letter bleed-duplex") echo 47 ;;
	esac
}
# names KIT: every card name and title, each a line of its own
names() {
	case $1 in
	dragon-keepers)
		for c in Red Purple Blue White Green Yellow; do
			echo "$c Keeper"; echo "$c Dragon"; echo "$c tribe"
		done
		printf '%s\n' "Warding Rune" "Mist Cloak" "Stone Wall" "Wind Veil" "Hidden Cave" \
			"Healing Herbs" "Moon Spring" "Soothing Song" "Phoenix Feather" \
			"Dragon Whistle" "Flight Lesson" "Elder Scroll" "Sky Saddle" "Ember Stone" \
			"War Drum" "Fire Spark" "Storm Call" "Battle Cry" "Hunter" "Hunter card" \
			"The Hunter" "Dragon game" "Friendly" "Player aid" "Arrow" "Flame" \
			"Defend" "Heal" "Train" "Attack" "MISS" "WEAK" "FLAME" ;;
	dragon-pants)
		printf '%s\n' "The Pants" "Fireball" "Shock" "Shield" "Freeze" "Boost" "Poison" \
			"Amulet" "Tongue" "Banish" "Thunderstorm" "Teleport" "Rubber Ducky" "Mirror" \
			"Destiny" "Time" "Seat 1" "Seat 6" "Dragon Pants" "Dens by number of players" \
			"A1" "D4" "G4" "N den" "NE den" "SE den" "S den" "SW den" "NW den" \
			"Dragon Pants: the board" ;;
	esac
}
# count FILE LINE: how many lines of FILE are exactly LINE
count() { tr -d '\f' <"$1" | grep -cxF -- "$2" || true; }
# expect_count FILE LINE N
expect_count() {
	n=$(count "$1" "$2")
	if [ "$n" = "$3" ]; then ok; else fail "$1: '$2' $n times, wanted $3"; fi
}

for kit in dragon-keepers dragon-pants; do
	for paper in a4 letter; do
		if [ $paper = a4 ]; then size='595.276 x 841.89'; wide='841.89 x 595.276'
		else size='612 x 792'; wide='792 x 612'; fi
		for variant in plain bleed duplex bleed-duplex fold; do
			case $variant in
			plain) opts= ;;
			bleed) opts='--bleed 3' ;;
			duplex) opts='--backs duplex --offset 0.5,-0.5' ;;
			bleed-duplex) opts='--bleed 3 --backs duplex' ;;
			fold) opts='--backs fold' ;;
			esac
			f=$kit-$paper-$variant.pdf
			# shellcheck disable=SC2086
			expect_status 0 "$WYRMPOST" print $kit --paper $paper $opts -o $f
			[ -s $f ] || continue
			if qpdf --check $f >qpdf.out 2>&1; then ok; else fail "qpdf --check $f"; cat qpdf.out >&2; fi
			pdffonts $f 2>/dev/null | tail -n +3 >fonts.out
			if [ -s fonts.out ] && awk '$(NF-4) != "yes" { bad = 1 } END { exit bad }' fonts.out
			then ok; else fail "$f has a font not embedded"; cat fonts.out >&2; fi
			want=$(pages $kit $paper $variant)
			got=$(pdfinfo $f 2>/dev/null | awk '/^Pages:/ { print $2 }')
			if [ "$got" = "$want" ]; then ok; else fail "$f has $got pages, wanted $want"; fi
			pdfinfo -f 1 -l "$got" $f 2>/dev/null | grep '^Page .* size:' |
				sed 's/^Page *[0-9]* size: *//; s/ pts.*//' | sort -u >sizes.out
			if grep -qv -e "^$size\$" -e "^$wide\$" sizes.out; then
				fail "$f: page sizes"; cat sizes.out >&2
			else ok; fi
			pdftotext $f $kit-$paper-$variant.txt 2>/dev/null
			tr -d '\f' <$kit-$paper-$variant.txt >text.out
			names $kit | while read -r w; do
				grep -qxF -- "$w" text.out || echo "$w"
			done >missing.out
			if [ -s missing.out ]; then fail "$f lacks: $(tr '\n' '|' <missing.out)"; else ok; fi
		done
	done
done

# Dragon Keepers: how many of each piece (fronts only, then the backs)
t=dragon-keepers-a4-plain.txt
for c in Red Purple Blue White Green Yellow; do
	expect_count $t "$c Keeper" 6 # one in each tribe deck
	expect_count $t "$c tribe" 6  # each tribe deck has six keepers
	expect_count $t "$c" 3        # the shield tokens
done
for m in "Warding Rune" "Mist Cloak" "Stone Wall" "Wind Veil" "Hidden Cave" \
	"Healing Herbs" "Moon Spring" "Soothing Song" "Phoenix Feather" \
	"Dragon Whistle" "Flight Lesson" "Elder Scroll" "Sky Saddle" "Ember Stone" \
	"War Drum" "Fire Spark" "Storm Call" "Battle Cry"; do
	expect_count $t "$m" 1
done
expect_count $t "Magic: Defend" 5
expect_count $t "Magic: Heal" 4
expect_count $t "Magic: Train" 5
expect_count $t "Magic: Attack" 4
expect_count $t "Hunter card" 4
expect_count $t "The Hunter" 1
expect_count $t "Friendly" 6
expect_count $t "Trained" 0
expect_count $t "Player aid" 4
expect_count $t "Arrow" 15
expect_count $t "Flame" 5
expect_count $t "Defend" 12
expect_count $t "Heal" 8
expect_count $t "Train" 10
expect_count $t "Attack" 8
expect_count $t "Hunter" 5 # the hunter token and the 4 hunter cards
expect_count $t "MISS" 18  # white battle dice 2 x 6, red 1 x 6
expect_count $t "WEAK" 30  # white 3 x 6, red 2 x 6
expect_count $t "FLAME" 24 # white 1 x 6, red 3 x 6
t=dragon-keepers-a4-duplex.txt
for c in Red Purple Blue White Green Yellow; do expect_count $t "$c Tribe" 6; done
expect_count $t "Magic" 22 # one back for magic and hunter cards
expect_count $t "The Hunter" 2
expect_count $t "Keeper game" 1
expect_count $t "Trained" 6
expect_count $t "Actions" 4

# Dragon Pants: the Deck of Power, the Deck of Destiny and its three mixes
t=dragon-pants-a4-plain.txt
for c in Fireball Shock Shield Freeze Boost; do expect_count $t "$c" 2; done
for c in "The Pants" Poison Amulet Tongue Banish Thunderstorm Teleport "Rubber Ducky" Mirror; do
	expect_count $t "$c" 1
done
expect_count $t "Deck of Power" 19
expect_count $t "Destiny" 33 # 29 numbered and 4 blank
expect_count $t "Time runs down by 1." 16
expect_count $t "Time runs down by 2." 4
expect_count $t "Time runs down by 3." 2
expect_count $t "Time runs back up by 1." 4
expect_count $t "Time runs back up by 2." 3
expect_count $t "Blank: write a value of your own." 4
# each numbered card names the decks it belongs to: standard 18 cards,
# volatile 20, long all 29
tr -d '\f' <$t | sed -n 's/^Decks: //p' >decks.out
for d in S:18 V:20 L:29; do
	n=$(grep -cw "${d%:*}" decks.out || true)
	[ "$n" = "${d#*:}" ] && ok || fail "dragon-pants: $n destiny cards in deck ${d%:*}, wanted ${d#*:}"
done
expect_count dragon-pants-a4-duplex.txt "Deck of Destiny" 33
expect_count dragon-pants-a4-duplex.txt "Deck of Power" 38

# the hex tiles alone: every board hex and den once, and each tile's cut
# line measured from the content: 95 mm point to point, 83 mm flat to flat
mkdir -p tiles/dragon-pants
cp "$top_srcdir/templates/dragon-pants/tiles.xml" tiles/dragon-pants/
printf '<kit game="dragon-pants"><part template="tiles.xml"/></kit>\n' >tiles/dragon-pants/kit.xml
for paper in a4 letter; do
	expect_status 0 "$WYRMPOST" print dragon-pants --templates tiles --paper $paper -o tiles-$paper.pdf
	[ -s tiles-$paper.pdf ] || continue
	pdftotext tiles-$paper.pdf tiles.txt 2>/dev/null
	for col in A:4 B:5 C:6 D:7 E:6 F:5 G:4; do
		c=${col%:*}
		i=1
		while [ $i -le ${col#*:} ]; do expect_count tiles.txt "$c$i" 1; i=$((i + 1)); done
	done
	for d in N NE SE S SW NW; do expect_count tiles.txt "$d den" 1; done
	# each den's seat for 2..6 players, as RULINGS.md seats them (2: S N;
	# 3: S NW NE; 4: S SW N NE; 5: S SW N NE SE; 6: S SW NW N NE SE)
	pdftotext -raw tiles-$paper.pdf - 2>/dev/null | tr -d '\f' | tr '\n' '|' >raw.out
	for d in "N:2 - 3 3 4" "NE:- 3 4 4 5" "SE:- - - 5 6" "S:1 1 1 1 1" "SW:- - 2 2 2" "NW:- 2 - - 3"; do
		want="${d%%:*} den|seat by number of players|"
		p=2
		for seat in ${d#*:}; do want="$want${p}p|$seat|"; p=$((p + 1)); done
		grep -qF -- "$want" raw.out && ok || fail "tiles on $paper: no '$want'"
	done
	qpdf --qdf --object-streams=disable tiles-$paper.pdf qdf.pdf
	awk -f "$top_srcdir/tests/sh/pdfgeom.awk" qdf.pdf >lines.out
	# closed six-cornered paths wider than 50 mm: the clip and the cut line
	# of each tile; print page, lower left, width and height
	awk -f "$top_srcdir/tests/sh/hexpaths.awk" lines.out | awk '$4 - $2 > 50 {
		printf "%d %.1f %.1f %.3f %.3f\n", $1, $2, $3, $4 - $2, $5 - $3 }' >hexes.out
	if awk '$4 < 94.9 || $4 > 95.1 || $5 < 82.9 || $5 > 83.1 { bad = 1; print } END { exit bad }' \
		hexes.out >badhex.out; then ok; else fail "tiles on $paper: $(head -3 badhex.out)"; fi
	n=$(awk '{ print $1, $2, $3 }' hexes.out | sort -u | wc -l)
	[ "$n" -eq 43 ] && ok || fail "tiles on $paper: $n hexes measured, wanted 43"

	# Folded: three tiles a page left of a dashed fold line down the
	# middle, their backs right of it, each the mirror image of its front
	# across the fold; nothing crosses the fold, neighbours share a cut line.
	expect_status 0 "$WYRMPOST" print dragon-pants --templates tiles --paper $paper --backs fold \
		-o fold-$paper.pdf
	[ -s fold-$paper.pdf ] || continue
	if [ $paper = a4 ]; then pw=210; else pw=215.9; fi
	[ "$(pdfinfo fold-$paper.pdf 2>/dev/null | awk '/^Pages:/ { print $2 }')" = 15 ] && ok ||
		fail "tiles folded on $paper: not 15 pages"
	pdftotext fold-$paper.pdf tiles.txt 2>/dev/null
	expect_count tiles.txt "A1" 1
	expect_count tiles.txt "NW den" 1
	qpdf --qdf --object-streams=disable fold-$paper.pdf qdf.pdf
	awk -f "$top_srcdir/tests/sh/pdfgeom.awk" qdf.pdf >lines.out
	awk -f "$top_srcdir/tests/sh/hexpaths.awk" lines.out | awk '$4 - $2 > 50 {
		printf "%d %.2f %.2f %.3f %.3f\n", $1, $2, $3, $4 - $2, $5 - $3 }' | sort -u >hexes.out
	if awk '$4 < 94.9 || $4 > 95.1 || $5 < 82.9 || $5 > 83.1 { bad = 1; print } END { exit bad }' \
		hexes.out >badhex.out; then ok; else fail "folded tiles on $paper: $(head -3 badhex.out)"; fi
	awk -v pw=$pw '
		$2 + $4 <= pw / 2 - 4.99 { front[$1 " " $2 " " $3] = 1; nf++; next }
		$2 >= pw / 2 + 4.99 { back[$1 " " $2 " " $3] = 1; nb++; next }
		{ print "hex across the fold: " $0; bad = 1 }
		END {
			for (k in front) {
				split(k, f, " ")
				found = 0
				for (b in back) {
					split(b, g, " ")
					if (g[1] == f[1] && (g[2] - (pw - f[2] - 95))^2 < 0.0004 &&
					    (g[3] - f[3])^2 < 0.0004) found = 1
				}
				if (!found) { print "front " k " has no back across the fold"; bad = 1 }
			}
			if (nf != 43 || nb != 43) { print nf " fronts, " nb " backs"; bad = 1 }
			exit bad
		}' hexes.out >fold.out && ok || fail "folded tiles on $paper: $(head -3 fold.out)"
	# a fold line on every page, the whole height of the page, on the middle
	n=$(awk -v pw=$pw '($2 - pw / 2)^2 < 0.0001 && ($4 - pw / 2)^2 < 0.0001 &&
		($5 - $3)^2 > 250 * 250 { print $1 }' lines.out | sort -u | wc -l)
	[ "$n" -eq 15 ] && ok || fail "folded tiles on $paper: fold lines on $n pages"
	# on each page the fronts stack flat to flat: the cut lines meet
	awk '$2 + $4 < 110 { print $1, $3, $3 + $5 }' hexes.out | sort -k1,1n -k2,2n | awk '
		$1 == p && ($2 - top)^2 > 0.0001 { print "gap on page " $1; bad = 1 }
		{ p = $1; top = $3 } END { exit bad }' >gaps.out && ok ||
		fail "folded tiles on $paper: $(head -1 gaps.out)"
done

# the same input gives the same bytes
for kit in dragon-keepers dragon-pants; do
	expect_status 0 "$WYRMPOST" print $kit --paper letter --bleed 3 --backs duplex -o again.pdf
	if cmp -s again.pdf $kit-letter-bleed-duplex.pdf; then ok; else fail "$kit: two runs differ"; fi
	expect_status 0 "$WYRMPOST" print $kit --paper a4 -o again.pdf
	if cmp -s again.pdf $kit-a4-plain.pdf; then ok; else fail "$kit: two runs differ"; fi
done
finish
