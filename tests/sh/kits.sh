#!/bin/sh
# kits.sh - `wyrmpost print`: every kit on A4 and Letter, with and without
# bleed and backs, checked with qpdf and poppler: structure, embedded fonts,
# exact page counts and sizes, the text a reader sees, byte-identical
# reruns, the ruler measured from the content, messages for bad templates,
# and a stored Burglar game's own sheets.
. "$top_srcdir/tests/sh/lib.sh"
for tool in qpdf pdfinfo pdffonts pdftotext; do
	command -v $tool >/dev/null 2>&1 || { echo "kits.sh: $tool missing, skipped"; exit 77; }
done
WYRMPOST_TEMPLATES=$top_srcdir/templates
export WYRMPOST_TEMPLATES
cd "$scratch"

# pages KIT PAPER VARIANT: the page count we expect
pages() {
	case "$1 $2 $3" in
	burglar*) echo 1 ;;
	"heart-of-glass a4 plain"|"heart-of-glass letter plain") echo 8 ;;
	"heart-of-glass a4 bleed") echo 9 ;;
	"heart-of-glass letter bleed") echo 11 ;;
	heart-of-glass*duplex) echo 14 ;;
	"heart-of-glass a4 fold"|"heart-of-glass letter fold") echo 15 ;;
	"heart-of-glass a4 bleed-fold") echo 15 ;;
	"heart-of-glass letter bleed-fold") echo 20 ;;
	heart-of-glass*small) echo 8 ;;
	"city-of-glass a4 plain"|"city-of-glass letter plain") echo 9 ;;
	"city-of-glass a4 bleed") echo 10 ;;
	"city-of-glass letter bleed") echo 12 ;;
	city-of-glass*duplex) echo 15 ;;
	"city-of-glass a4 fold"|"city-of-glass letter fold") echo 17 ;;
	"city-of-glass a4 bleed-fold") echo 17 ;;
	"city-of-glass letter bleed-fold") echo 21 ;;
	city-of-glass*small) echo 9 ;;
	esac
}
# words KIT: what pdftotext must find in the kit
words() {
	case $1 in
	burglar) printf '%s\n' "Dragon's Hoard" "Coffer" "11" "How to play" ;;
	heart-of-glass) printf '%s\n' "Minion" "The Dragon" "Body" "Wealth" "Heart" "Mind" \
		"Nature" "Description" "Wyrm" "Mind 1" "Body 13" ;;
	city-of-glass) printf '%s\n' "Joker" "Private Eye" "Murderer" "Victim" "Betrayer" \
		"Special cards" "12-inch ruler" "Pile 10" "moves up to 13 in" ;;
	esac
}

for kit in burglar heart-of-glass city-of-glass; do
	for paper in a4 letter; do
		if [ $paper = a4 ]; then size='595.276 x 841.89'; wide='841.89 x 595.276'
		else size='612 x 792'; wide='792 x 612'; fi
		for variant in plain bleed duplex fold bleed-fold small; do
			case $variant in
			plain) opts= ;;
			bleed) opts='--bleed 3' ;;
			duplex) opts='--backs duplex --offset 0.5,-0.5' ;;
			fold) opts='--backs fold' ;;
			bleed-fold) opts='--bleed 3 --backs fold' ;;
			small) opts='--small' ;;
			esac
			f=$kit-$paper-$variant.pdf
			# shellcheck disable=SC2086
			expect_status 0 "$WYRMPOST" print $kit --paper $paper $opts -o $f
			[ -s $f ] || continue
			if qpdf --check $f >qpdf.out 2>&1; then ok; else fail "qpdf --check $f"; cat qpdf.out >&2; fi
			pdffonts $f 2>/dev/null | tail -n +3 >fonts.out
			if [ $variant = small ]; then
				# the standard 14 fonts: nothing embedded
				if awk '$(NF-4) != "no" { bad = 1 } END { exit bad }' fonts.out; then ok
				else fail "$f embeds a font with --small"; cat fonts.out >&2; fi
			else
				if [ -s fonts.out ] && awk '$(NF-4) != "yes" { bad = 1 } END { exit bad }' fonts.out
				then ok; else fail "$f has a font not embedded"; cat fonts.out >&2; fi
			fi
			want=$(pages $kit $paper $variant)
			got=$(pdfinfo $f 2>/dev/null | awk '/^Pages:/ { print $2 }')
			if [ "$got" = "$want" ]; then ok; else fail "$f has $got pages, wanted $want"; fi
			# every page is the paper, upright or turned
			pdfinfo -f 1 -l "$got" $f 2>/dev/null | grep '^Page .* size:' |
				sed 's/^Page *[0-9]* size: *//; s/ pts.*//' | sort -u >sizes.out
			if grep -qv -e "^$size\$" -e "^$wide\$" sizes.out; then
				fail "$f: page sizes"; cat sizes.out >&2
			else ok; fi
			pdftotext $f text.out 2>/dev/null
			words $kit | while read -r w; do
				grep -qF -- "$w" text.out || echo "$w"
			done >missing.out
			if [ -s missing.out ]; then fail "$f lacks: $(tr '\n' '|' <missing.out)"; else ok; fi
		done
	done
done

# suits: in the cards and on the trait tracks (DejaVu text extracts as U+2660..)
pdftotext heart-of-glass-a4-plain.pdf hog.txt 2>/dev/null
for s in ♣ ♦ ♥ ♠; do expect_grep "$s" hog.txt; done
# the card counts: 52 cards carry a trait line, 54 a role or Joker
n=$(grep -cE '^(Body|Wealth|Heart|Mind) [0-9]+$' hog.txt || true)
[ "$n" = 52 ] && ok || fail "heart-of-glass deck: $n trait lines, wanted 52"
pdftotext city-of-glass-a4-plain.pdf cog.txt 2>/dev/null
n=$(grep -cE '^moves up to [0-9]+ in$' cog.txt || true)
[ "$n" = 52 ] && ok || fail "city-of-glass deck: $n suited cards, wanted 52"
n=$(grep -c '^Joker$' cog.txt || true)
[ "$n" -ge 2 ] && ok || fail "city-of-glass deck: $n jokers"

# the same input gives the same bytes
for kit in burglar heart-of-glass city-of-glass; do
	expect_status 0 "$WYRMPOST" print $kit --paper letter --backs duplex --offset 0.5,-0.5 -o again.pdf
	if cmp -s again.pdf $kit-letter-duplex.pdf; then ok; else fail "$kit: two runs differ"; fi
	expect_status 0 "$WYRMPOST" print $kit --paper a4 --backs fold -o again.pdf
	if cmp -s again.pdf $kit-a4-fold.pdf; then ok; else fail "$kit: two runs differ"; fi
done
# default file name, and standard output
expect_status 0 "$WYRMPOST" print burglar
[ -s burglar.pdf ] && ok || fail "no burglar.pdf"
"$WYRMPOST" print burglar -o - >stdout.pdf
if cmp -s stdout.pdf burglar.pdf; then ok; else fail "-o - differs from the file"; fi
# what a reader shows of the document: the kit's title, no date
pdfinfo burglar.pdf >info.out 2>/dev/null
expect_grep '^Title: *Burglar & the Dragon$' info.out
expect_grep '^Subject: *print and play kit$' info.out
expect_grep '^Creator: *wyrmpost$' info.out
expect_no_grep 'CreationDate\|ModDate' info.out

# the ruler: twelve inches in two strips of six, measured from the content.
# Inch ticks are the lines 8 mm long drawn downwards from a strip's top edge.
for paper in a4 letter; do
	qpdf --qdf --object-streams=disable city-of-glass-$paper-plain.pdf qdf.pdf
	awk -f "$top_srcdir/tests/sh/pdfgeom.awk" qdf.pdf >lines.out
	page=8 # 6 pages of deck, 1 of role cards, then the ruler
	awk -v p=$page '$1 == p && $2 == $4 && $3 - $5 > 7.99 && $3 - $5 < 8.01' lines.out >ticks.out
	awk '
		{ n[$3]++; if (!($3 in lo) || $2 < lo[$3]) lo[$3] = $2
		  if (!($3 in hi) || $2 > hi[$3]) hi[$3] = $2 }
		END {
			strips = 0; total = 0
			for (y in n) { strips++; total += hi[y] - lo[y]
				if (n[y] != 7) { print "strip at y=" y " has " n[y] " inch ticks"; bad = 1 } }
			if (strips != 2) { print strips " strips"; bad = 1 }
			if (total < 304.7 || total > 304.9) { print "12 in measure " total " mm"; bad = 1 }
			exit bad
		}' ticks.out >measure.out && ok || { fail "ruler on $paper: $(cat measure.out)"; }
	# consecutive inch ticks are 25.4 mm apart
	sort -k3,3n -k2,2n ticks.out | awk '
		prev_y == $3 && ($2 - prev_x < 25.35 || $2 - prev_x > 25.45) { bad = 1; print }
		{ prev_y = $3; prev_x = $2 } END { exit bad }' >/dev/null && ok ||
		fail "ruler on $paper: inch ticks not 25.4 mm apart"
	# the 100 mm check bar
	awk -v p=$page '$1 == p && $3 == $5 && $4 - $2 > 99.95 && $4 - $2 < 100.05' lines.out | grep -q . &&
		ok || fail "ruler on $paper: no 100 mm bar"
done

# bad templates: a message naming the file and line, exit 65
mkdir -p bad/burglar
cp "$top_srcdir/templates/burglar/kit.xml" bad/burglar/
printf '<template kind="sheet">\n<front>\n<rect x="0"\n</front></template>\n' >bad/burglar/board.xml
expect_status 65 "$WYRMPOST" print burglar --templates bad -o bad.pdf
expect_grep 'bad/burglar/board.xml:4:' "$scratch/err"
printf '<template kind="sheet">\n<front>\n\n<circle cx="1" cy="2"/>\n</front></template>\n' >bad/burglar/board.xml
expect_status 65 "$WYRMPOST" print burglar --templates bad -o bad.pdf
expect_grep 'bad/burglar/board.xml:4:' "$scratch/err"
printf '<template kind="sheet">\n<front>\n<text x="0" y="0" w="9" h="9">\n{count(@a,)}</text>\n</front></template>\n' >bad/burglar/board.xml
expect_status 65 "$WYRMPOST" print burglar --templates bad -o bad.pdf
expect_grep "bad/burglar/board.xml:3: XPath 'count(@a,)'" "$scratch/err"
printf '<template kind="sheet">\n<front>\n<rect x="{$nothing}" y="0" w="1" h="1"/>\n</front></template>\n' >bad/burglar/board.xml
expect_status 65 "$WYRMPOST" print burglar --templates bad -o bad.pdf
expect_grep "bad/burglar/board.xml:3: XPath '\$nothing'" "$scratch/err"
[ ! -e bad.pdf ] && ok || fail "a failed print left bad.pdf"
rm bad/burglar/board.xml
expect_status 66 "$WYRMPOST" print burglar --templates bad -o bad.pdf
expect_grep 'bad/burglar/board.xml' "$scratch/err"
expect_status 66 "$WYRMPOST" print no-such-game -o x.pdf
expect_grep "no kit for 'no-such-game'" "$scratch/err"
expect_status 64 "$WYRMPOST" print burglar --paper a3
# a missing picture: the template's file and line, exit 65
printf '<template kind="sheet">\n<front>\n<image x="0" y="0" w="9" h="9" src="no-such.png"/>\n</front></template>\n' >bad/burglar/board.xml
expect_status 65 "$WYRMPOST" print burglar --templates bad -o bad.pdf
expect_grep "bad/burglar/board.xml:3: image 'no-such.png': .*no such file" "$scratch/err"
printf 'GIF89a' >bad/burglar/broken.png
printf '<template kind="sheet">\n<item/>\n<front>\n<image x="0" y="0" w="9" h="9" src="{concat(%s, %s)}"/>\n</front></template>\n' \
	"'broken'" "'.png'" >bad/burglar/board.xml
expect_status 65 "$WYRMPOST" print burglar --templates bad -o bad.pdf
expect_grep "bad/burglar/board.xml:4: image 'broken.png': .*not a PNG or JPEG" "$scratch/err"
rm bad/burglar/board.xml bad/burglar/broken.png
expect_status 64 "$WYRMPOST" print burglar --backs both
expect_status 64 "$WYRMPOST" print

# pictures: the Heart of Glass card back carries a PNG with transparency,
# embedded once as an RGB image with a separate grey soft mask, both
# compressed; a JPEG is passed through as it is
if command -v pdfimages >/dev/null 2>&1; then
	pdfimages -list heart-of-glass-a4-duplex.pdf 2>/dev/null | tail -n +3 >images.out
	# page num type width height color comp bpc enc interp object gen x-ppi y-ppi size ratio
	awk '$3 == "image" && $4 == 160 && $6 == "rgb" && $9 == "image"' images.out | grep -q . &&
		ok || { fail "heart-of-glass backs: no 160 x 160 RGB picture"; cat images.out >&2; }
	awk '$3 == "smask" && $4 == 160 && $6 == "gray"' images.out | grep -q . &&
		ok || fail "heart-of-glass backs: the picture has no soft mask"
	# Flate-compressed: a fraction of the raw 76,800 (RGB) and 25,600 bytes
	awk '{ r = $16; sub(/%/, "", r); if (r + 0 > 50) bad = 1 } END { exit bad }' images.out &&
		ok || fail "heart-of-glass backs: a picture is not compressed"
	n=$(awk '{ print $11 }' images.out | sort -u | wc -l)
	[ "$n" -eq 1 ] && ok || fail "heart-of-glass backs: the picture is embedded $n times"
	n=$(awk '$3 == "image"' images.out | wc -l)
	[ "$n" -eq 52 ] && ok || fail "heart-of-glass backs: $n pictures drawn, wanted 52"
	[ -z "$(pdfimages -list heart-of-glass-a4-plain.pdf 2>/dev/null | tail -n +3)" ] && ok ||
		fail "heart-of-glass without backs has pictures"
	# a JPEG, made by poppler from a page of ours, on a sheet of a toy kit
	if pdftoppm -jpeg -r 20 -f 1 -l 1 burglar.pdf shot >/dev/null 2>&1 && [ -s shot-1.jpg ]; then
		mkdir -p pics/burglar
		cp shot-1.jpg pics/burglar/shot.jpg
		cp "$top_srcdir/templates/heart-of-glass/emblem.png" pics/burglar/
		printf '<kit game="burglar"><part template="p.xml"/></kit>\n' >pics/burglar/kit.xml
		printf '<template kind="sheet"><front><image x="0" y="0" w="190" h="130" src="shot.jpg" fit="cover"/><image x="0" y="140" w="100" h="100" src="emblem.png" fit="stretch"/></front></template>\n' \
			>pics/burglar/p.xml
		expect_status 0 "$WYRMPOST" print burglar --templates pics -o pics.pdf
		pdfimages -list pics.pdf 2>/dev/null | tail -n +3 >images.out
		awk '$3 == "image" && $9 == "jpeg"' images.out | grep -q . && ok ||
			{ fail "a JPEG is not passed through"; cat images.out >&2; }
		awk '$3 == "smask"' images.out | grep -q . && ok || fail "pics.pdf: no soft mask"
		qpdf --check pics.pdf >/dev/null 2>&1 && ok || fail "qpdf --check pics.pdf"
	else
		echo "kits.sh: pdftoppm cannot write JPEG, that part skipped"
	fi
else
	echo "kits.sh: pdfimages missing, pictures not checked"
fi

# a stored Burglar game: its board shows the tokens, the seats sheet its players
expect_status 0 wp init --sender gm@example.org
expect_status 0 wp new b1 burglar --seed 7 --deadline 0 --option tokens=5 \
	--player ann:ann@example.org:pw1 --player bob:bob@example.org:pw2 --player cy:cy@example.org:pw3
expect_status 0 wp turn b1
expect_status 0 wp turn b1
expect_status 0 wp print b1 -o b1.pdf
if [ -s b1.pdf ]; then
	qpdf --check b1.pdf >/dev/null 2>&1 && ok || fail "qpdf --check b1.pdf"
	[ "$(pdfinfo b1.pdf 2>/dev/null | awk '/^Pages:/ { print $2 }')" = 2 ] && ok ||
		fail "b1.pdf: not 2 pages"
	pdftotext b1.pdf b1.txt 2>/dev/null
	state=$scratch/c/games/b1/game.xml
	hoard=$(sed -n 's/.*<engine [^>]*hoard="\([0-9]*\)".*/\1/p' "$state")
	expect_grep "Game b1, turn 3" b1.txt
	expect_grep "^$hoard tokens\$" b1.txt
	expect_grep "Dragon's Hoard: $hoard tokens" b1.txt
	for p in ann bob cy; do
		tokens=$(sed -n "s/.*<seat [^>]*player=\"$p\" tokens=\"\([0-9]*\)\".*/\1/p" "$state")
		if [ -n "$tokens" ]; then
			expect_grep "^$p\$" b1.txt
			expect_grep "^$tokens\$" b1.txt
		fi
	done
	# one token drawn per occupied coffer, in the list of coffers
	for n in $(sed -n 's/.*<coffer number="\([0-9]*\)".*/\1/p' "$state"); do
		expect_grep "^$n\$" b1.txt
	done
fi
# the default name is the game's id; a blank kit of the game's rules still works
(cd "$scratch" && "$WYRMPOST" -d "$scratch/c" print b1) && [ -s "$scratch/b1.pdf" ] && ok ||
	fail "print b1 without -o"
# A stored Heart of Glass game: the Dragon's and every Minion's sheet,
# filled in with names and current traits.
"$WYRMPOST" -d "$scratch/c" new h1 heart-of-glass --seed 7 --option hold=no \
	--player ann:ann@example.org:pw1 --player bob:bob@example.org:pw2 \
	--player cat:cat@example.org:pw3 >/dev/null
for t in 1 2 3; do
	WYRMPOST_NOW=$((T0 + t * 86400)) "$WYRMPOST" -d "$scratch/c" run
done
expect_status 0 "$WYRMPOST" -d "$scratch/c" print h1 -o "$scratch/h1.pdf"
pdftotext "$scratch/h1.pdf" "$scratch/h1.txt" 2>/dev/null
for who in ann bob cat; do expect_grep "Minion of $who: game h1" "$scratch/h1.txt"; done
expect_grep 'The Dragon: game h1' "$scratch/h1.txt"
[ "$(pdfinfo "$scratch/h1.pdf" 2>/dev/null | awk '/^Pages/ { print $2 }')" = 4 ] && ok ||
	fail "h1.pdf should have the Dragon's and three Minions' sheets"
# A Dragon's trait goes as high as 58 (docs/rules/heart-of-glass.md), a
# Minion's 17: the tracks hold every value, the Dragon's in rows of 20
# (issue #32).  Body 13 is ringed on the first row, and no other row shows
# it past its end.
upto() { seq -s ' ' 1 "$1"; }
pdftotext -raw -f 2 -l 2 heart-of-glass-a4-plain.pdf - 2>/dev/null | tr '\n' ' ' >"$scratch/hog-dragon.txt"
pdftotext -raw -f 1 -l 1 heart-of-glass-a4-plain.pdf - 2>/dev/null | tr '\n' ' ' >"$scratch/hog-minion.txt"
for t in Body Wealth Heart Mind; do
	expect_grep "$t $(upto 58) " "$scratch/hog-dragon.txt"
	expect_grep "$t $(upto 17) " "$scratch/hog-minion.txt"
done
cp -R "$scratch/c" "$scratch/c13"
sed 's/\(<dragon [^>]*\)body="[0-9]*"/\1body="13"/' "$scratch/c/games/h1/game.xml" \
	>"$scratch/c13/games/h1/game.xml"
grep -q '<dragon [^>]*body="13"' "$scratch/c13/games/h1/game.xml" && ok ||
	fail "no Dragon in h1 to give Body 13"
expect_status 0 "$WYRMPOST" -d "$scratch/c13" print h1 -o "$scratch/h13.pdf"
pdftotext -raw "$scratch/h13.pdf" - 2>/dev/null | tr '\n' ' ' >"$scratch/h13.txt"
expect_grep "Body $(upto 58) [^ 0-9]* Wealth" "$scratch/h13.txt"
# and on a toy sheet: past the top, below the bottom, and in range
mkdir -p "$scratch/tracks/heart-of-glass"
printf '<kit game="heart-of-glass"><part template="t.xml"/></kit>\n' \
	>"$scratch/tracks/heart-of-glass/kit.xml"
{
	echo '<template kind="sheet" width="190" height="100"><front>'
	echo '<track x="0" y="80" w="190" h="14" min="1" max="10" value="13" label="Up" label-width="40"/>'
	echo '<track x="0" y="60" w="190" h="14" min="1" max="10" value="0" label="Down" label-width="40"/>'
	echo '<track x="0" y="40" w="190" h="14" min="1" max="10" value="7" label="In" label-width="40"/>'
	echo '<track x="0" y="20" w="100" h="8" min="1" max="10" value="104" label-width="0" size="6"/>'
	echo '</front></template>'
} >"$scratch/tracks/heart-of-glass/t.xml"
expect_status 0 "$WYRMPOST" print heart-of-glass --templates "$scratch/tracks" -o "$scratch/tracks.pdf"
pdftotext -raw "$scratch/tracks.pdf" - 2>/dev/null | tr '\n' ' ' >"$scratch/tracks.txt"
expect_grep 'Up 1 2 3 4 5 6 7 8 9 10 13 ' "$scratch/tracks.txt"
expect_grep 'Down 1 2 3 4 5 6 7 8 9 10 0 ' "$scratch/tracks.txt"
expect_grep 'In 1 2 3 4 5 6 7 8 9 10 1 ' "$scratch/tracks.txt"
expect_grep '1 2 3 4 5 6 7 8 9 10 104 ' "$scratch/tracks.txt"
finish
