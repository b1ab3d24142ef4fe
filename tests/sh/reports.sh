#!/bin/sh
# reports.sh - turn report PDFs drawn from templates/NAME/report.xml: for a
# game of each rules, one turn is played and every player's report checked
# with qpdf and poppler: a sound file, a header with game, turn and player
# and "Page N of M" on every page, the events the player saw, their own
# marked, nothing off the page (words and lines), no word drawn over
# another; then the same game played again gives the same bytes.  Every
# report embeds one face, DejaVu Sans, and the demo campaign's reports are
# 15 KB at most (issue #15).
. "$top_srcdir/tests/sh/lib.sh"
for tool in qpdf pdfinfo pdftotext; do
	command -v $tool >/dev/null 2>&1 || { echo "reports.sh: $tool missing, skipped"; exit 77; }
done
WYRMPOST_TEMPLATES=$top_srcdir/templates
export WYRMPOST_TEMPLATES
cd "$scratch"

# play RULES DIR PLAYER...: a new game g1 in DIR, one turn played
# ($opts: more options for `new`; $observer: an observer's address)
play() {
	rules=$1 dir=$2
	shift 2
	args=${opts:-}
	for p in "$@"; do args="$args --player $p:$p@example.org:pw$p"; done
	rm -rf "$dir"
	"$WYRMPOST" -d "$dir" init --sender gm@example.org >/dev/null
	# shellcheck disable=SC2086
	expect_status 0 env WYRMPOST_NOW=$T0 "$WYRMPOST" -d "$dir" new g1 "$rules" --seed 4 \
		--deadline 1h $args
	[ -z "${observer:-}" ] ||
		sed -i "s|</players>|</players><observers><observer email=\"$observer\"/></observers>|" \
			"$dir/games/g1/game.xml"
	expect_status 0 env WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d "$dir" run
}

# check PDF TITLE PLAYER [GAME [TURN]]: the checks every report passes
check() {
	f=$1 title=$2 who=$3 game=${4:-g1} turn=${5:-1}
	qpdf --check "$f" >qpdf.out 2>&1 && ok || fail "$f: qpdf --check: $(tail -1 qpdf.out)"
	pages=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/ { print $2 }')
	[ "${pages:-0}" -ge 2 ] && ok || fail "$f: $pages pages"
	i=1
	while [ "$i" -le "${pages:-0}" ]; do
		pdftotext -layout -f $i -l $i "$f" page.txt
		grep -qF "$title" page.txt && ok || fail "$f page $i: no header '$title'"
		grep -q "game $game, turn $turn" page.txt && ok || fail "$f page $i: no game and turn"
		grep -qF "$who" page.txt && ok || fail "$f page $i: no player '$who'"
		[ "$who" = "Public report" ] || grep -qF "Report for $who" page.txt && ok ||
			fail "$f page $i: no 'Report for $who'"
		grep -q "Page $i of $pages" page.txt && ok || fail "$f page $i: no page number"
		i=$((i + 1))
	done
	pdftotext -bbox "$f" bbox.html
	awk -f "$top_srcdir/tests/sh/textgeom.awk" bbox.html >geom.out && ok ||
		fail "$f: $(head -3 geom.out)"
	qpdf --qdf --object-streams=disable "$f" qdf.pdf
	pw=$(pdfinfo "$f" | awk '/^Page size:/ { print $3 * 25.4 / 72 }')
	ph=$(pdfinfo "$f" | awk '/^Page size:/ { print $5 * 25.4 / 72 }')
	awk -f "$top_srcdir/tests/sh/pdfgeom.awk" qdf.pdf | awk -v w="$pw" -v h="$ph" '
		$2 < 5 || $3 < 5 || $4 < 5 || $5 < 5 || $2 > w - 5 || $4 > w - 5 ||
		$3 > h - 5 || $5 > h - 5 { print; bad = 1 } END { exit bad }' >off.out && ok ||
		fail "$f: lines off the page: $(head -2 off.out)"
	pdftotext -layout "$f" all.txt
}

# every event of the text report is in the PDF
events_in() { # TXT: the lines under "What happened", trimmed
	awk '/^What happened/ { on = 1; next } on && /^$/ { exit } on { sub(/^ +/, ""); print }' "$1"
}
check_events() { # TXT
	events_in "$1" >ev.txt
	[ -s ev.txt ] && ok || fail "$1: no events"
	tr -s ' ' <all.txt >flat.txt
	while IFS= read -r line; do
		grep -qF "$(printf '%s' "$line" | tr -s ' ' | cut -c1-40)" flat.txt && ok ||
			fail "event not in the PDF: $line"
	done <ev.txt
}

# ---- Burglar & the Dragon
play burglar b ann bob
r=b/games/g1/reports/0001
for who in ann bob; do
	check $r/$who.pdf "Burglar & the Dragon" $who
	check_events $r/$who.txt
	expect_grep 'Your next orders' all.txt
	expect_grep 'Seats' all.txt
	expect_grep 'password YOUR-PASSWORD' all.txt
done
# the board once, as a board: no text drawing of it
expect_no_grep '+--------+' all.txt
# ann's own events are marked: the legend, and bold text, drawn as Sans
# filled and outlined (text rendering mode 2) in one embedded face
expect_grep 'bold with a bar: about you' all.txt
qpdf --qdf --object-streams=disable $r/ann.pdf qdf.pdf
grep -aq '^2 Tr$' qdf.pdf && ok || fail "no bold (outlined) text for marked events"
[ "$(pdffonts $r/ann.pdf 2>/dev/null | awk 'NR > 2' | wc -l)" -eq 1 ] && ok ||
	fail "burglar report: more than one face: $(pdffonts $r/ann.pdf | awk 'NR > 2 { print $1 }')"
# the public report's PDF is drawn for its observers, and only for them
[ ! -e $r/public.pdf ] && ok || fail "burglar: a public PDF with no observer to mail it to"
[ -s $r/public.txt ] && ok || fail "burglar: no public text report"
cp $r/ann.pdf first.pdf
observer=olga@example.org play burglar b ann bob
cmp -s first.pdf $r/ann.pdf && ok || fail "burglar: the same game twice, different reports"
check $r/public.pdf "Burglar & the Dragon" "Public report"
mail=$(grep -l '^To: olga@example.org' b/outbox/new/* | head -1)
[ -n "$mail" ] && grep -q '^Content-Type: application/pdf' "$mail" && ok ||
	fail "burglar: the observer's mail has no PDF"
# played again without the observer: the public PDF of the first playing goes
expect_status 0 env WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d b rollback g1
perl -0pi -e 's|<observers>.*?</observers>||s' b/games/g1/game.xml
expect_status 0 env WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d b turn g1
[ -s $r/ann.pdf ] && [ ! -e $r/public.pdf ] && ok ||
	fail "burglar: played again with no observer, the public PDF of the first playing stays"

# ---- Heart of Glass
play heart-of-glass h ann bob cat
r=h/games/g1/reports/0001
for who in ann bob cat; do
	check $r/$who.pdf "Heart of Glass" $who
	check_events $r/$who.txt
	# the trait names above their tracks, whole
	expect_grep '^ *Body  *Heart *$' all.txt
	expect_grep '^ *Mind  *Wealth *$' all.txt
	expect_grep "^ *Dragon *$" all.txt
done
# in the conflict, with a hand of ten and a Dragon's Body of 11: the hand as
# cards, all on the page, suits in colour, the Body's value past the track
"$WYRMPOST" -d h new g4 heart-of-glass --seed 4 --deadline 1h --player cheryl:c@example.org:pa \
	--player dave:d@example.org:pb >/dev/null
sed -e 's/id="case"/id="g4"/' -e 's/<dragon body="6"/<dragon body="12"/' \
	-e 's/name="hold" value="yes"/name="hold" value="no"/' \
	"$top_srcdir/tests/cases/heart-of-glass/four-of-diamonds-resolution/before.xml" \
	>h/games/g4/game.xml
rm -rf h/games/g4/turns/*
expect_status 0 env WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d h run
r=h/games/g4/reports/0001
check $r/dave.pdf "Heart of Glass" dave g4
expect_grep 'Your hand' all.txt
expect_grep '^ *3  *4  *5  *6  *7  *8  *9  *J  *Q  *K *$' all.txt
expect_grep '11' all.txt
# every value a trait can reach has its box (issue #32): the Dragon's
# tracks to 58 in rows of 20, two traits side by side, a Minion's to 17
row() { seq -s ' ' "$1" "$2" | sed 's/ /  */g'; }
[ "$(grep -c "^ *$(row 41 58)  *$(row 41 58) *$" all.txt)" = 2 ] && ok ||
	fail "heart-of-glass: the Dragon's tracks do not go to 58"
[ "$(grep -c "$(row 1 17)  *[^ ]*  *$(row 1 17) *$" all.txt)" = 4 ] && ok ||
	fail "heart-of-glass: two Minions' tracks do not go to 17"
# and so in the web archive's picture (svgview.c), the Dragon's in rows
expect_status 0 "$WYRMPOST" -d h site -o hsite
for n in 20 21 58; do
	[ "$(grep -c "text-anchor=\"middle\">$n</text>" hsite/g4/0001.html)" = 4 ] && ok ||
		fail "heart-of-glass: the web's Dragon tracks have no box $n each"
done
qpdf --qdf --object-streams=disable $r/dave.pdf qdf.pdf
grep -aq '^0.8 0 0 rg' qdf.pdf && ok || fail "heart-of-glass: no suit in red"
# the story so far follows what happened, as in the text report
check $r/dave.pdf "Heart of Glass" dave g4
expect_grep '^ *The story so far *$' all.txt
expect_grep "Wu Lung threatens to eat Dave's ogre" all.txt
awk '/What happened/ { w = NR } /The story so far/ { s = NR } /Your next orders/ { o = NR }
	END { exit !(w && s > w && o > s) }' all.txt && ok ||
	fail "heart-of-glass: what happened, the story, the orders: not in that order"
# a story of 120 lines runs on over the pages, each with its header
"$WYRMPOST" -d h new g5 heart-of-glass --seed 4 --deadline 1h --player cheryl:c@example.org:pa \
	--player dave:d@example.org:pb >/dev/null
awk '/<frame>/ { sub(/<frame>.*<\/frame>/, "<frame>" story "</frame>") } { print }' \
	story="$(awk 'BEGIN { for (i = 1; i <= 120; i++) printf "Line %d of the framing.\n", i }')" \
	"$top_srcdir/tests/cases/heart-of-glass/four-of-diamonds-resolution/before.xml" |
	sed -e 's/id="case"/id="g5"/' -e 's/name="hold" value="yes"/name="hold" value="no"/' >h/games/g5/game.xml
rm -rf h/games/g5/turns/*
expect_status 0 env WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d h run
check h/games/g5/reports/0001/dave.pdf "Heart of Glass" dave g5
for i in 1 60 120; do expect_grep "^ *Line $i of the framing\.$" all.txt; done
[ "$(pdfinfo h/games/g5/reports/0001/dave.pdf | awk '/^Pages:/ { print $2 }')" -ge 4 ] && ok ||
	fail "heart-of-glass: a story of 120 lines on fewer than four pages"
# one framing of 1,500 words and 1,500 letters without a space, a line
# longer than a page: cut into pieces that each fit a page, nothing lost
"$WYRMPOST" -d h new g6 heart-of-glass --seed 4 --deadline 1h --player cheryl:c@example.org:pa \
	--player dave:d@example.org:pb >/dev/null
awk '/<frame>/ { sub(/<frame>.*<\/frame>/, "<frame>" story "</frame>") } { print }' \
	story="$(awk 'BEGIN { for (i = 1; i <= 1500; i++) printf "w%d ", i
		for (i = 1; i <= 1500; i++) printf "\303\251" }')" \
	"$top_srcdir/tests/cases/heart-of-glass/four-of-diamonds-resolution/before.xml" |
	sed -e 's/id="case"/id="g6"/' -e 's/name="hold" value="yes"/name="hold" value="no"/' >h/games/g6/game.xml
rm -rf h/games/g6/turns/*
expect_status 0 env WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d h run
check h/games/g6/reports/0001/dave.pdf "Heart of Glass" dave g6
tr -s ' \n' '\n\n' <all.txt | grep -x 'w[0-9]*' | tr -d w >words.txt
seq 1 1500 | cmp -s - words.txt && ok || fail "heart-of-glass: a long framing lost or reordered words"
[ "$(tr -cd '\303' <all.txt | wc -c)" -eq 1500 ] && ok ||
	fail "heart-of-glass: a long run of letters without a space lost some"

# ---- Dragon Pants
play dragon-pants p ann bob
r=p/games/g1/reports/0001
for who in ann bob; do
	check $r/$who.pdf "Dragon Pants" $who
	check_events $r/$who.txt
	expect_grep 'North' all.txt
	expect_grep 'Legend' all.txt
	expect_grep 'P: wears The Pants' all.txt
	expect_grep 'Lines of sight' all.txt
	# north up, as on the kit: D1 above D7, column A west of G, the N den
	# at the top; the names of hexes under no token (no word over another)
	pdftotext -f 1 -l 1 -bbox $r/$who.pdf bbox.html
	awk '/<word / { w = $0; sub(/.*">/, "", w); sub(/<\/word>.*/, "", w)
		if (w in y) next  # the board comes first: later words are the text
		match($0, /yMin="[0-9.]+"/); y[w] = substr($0, RSTART + 6, RLENGTH - 7) + 0
		match($0, /xMin="[0-9.]+"/); x[w] = substr($0, RSTART + 6, RLENGTH - 7) + 0 }
		END { exit !(y["D1"] < y["D4"] && y["D4"] < y["D7"] && x["A1"] < x["D1"] &&
			x["D1"] < x["G1"] && y["N"] < y["D1"] && y["S"] > y["D7"]) }' bbox.html &&
		ok || fail "$who: the board is not north up"
done
# the wearer of The Pants is marked on the board: a P beside a seat number
pdftotext -f 1 -l 1 -layout $r/ann.pdf page.txt
grep -q 'The Pants' $r/ann.txt && { grep -qw P page.txt && ok || fail "no P on the board"; }
# lines of sight: drawn to a dragon in reach, never to one under water
# (the text says it is out of reach).  Nobody moves on a turn without
# orders once out of the dens.
segs() { # PDF: page 1's straight segments, mm
	qpdf --qdf --object-streams=disable "$1" qdf.pdf
	awk -f "$top_srcdir/tests/sh/pdfgeom.awk" qdf.pdf | awk '$1 == 1'
}
place() { # Q R Q R: ann's and bob's dragons
	sed -i -E -e "s/(player=\"ann\" den=\"S\") q=\"-?[0-9]+\" r=\"-?[0-9]+\"/\1 q=\"$1\" r=\"$2\"/" \
		-e "s/(player=\"bob\" den=\"N\") q=\"-?[0-9]+\" r=\"-?[0-9]+\"/\1 q=\"$3\" r=\"$4\"/" \
		p/games/g1/game.xml
}
place -2 -1 -2 2
expect_status 0 env WYRMPOST_NOW=$((T0 + 14400)) "$WYRMPOST" -d p run
expect_grep 'flat line, clear' p/games/g1/reports/0002/ann.txt
# three hexes apart in a column: a vertical line 36 mm long
segs p/games/g1/reports/0002/ann.pdf | awk '{ dx = $4 - $2; dy = $5 - $3 }
	dx * dx < 0.01 && (dy > 35.9 && dy < 36.1 || dy < -35.9 && dy > -36.1) { found = 1 }
	END { exit !found }' && ok || fail "dragon pants: no sight line drawn"
check p/games/g1/reports/0002/ann.pdf "Dragon Pants" ann g1 2
place -3 1 -1 1
expect_status 0 env WYRMPOST_NOW=$((T0 + 21600)) "$WYRMPOST" -d p run
expect_grep 'under water: out of reach' p/games/g1/reports/0003/ann.txt
# no slanted line longer than a hex side, but for the compass at the left
segs p/games/g1/reports/0003/ann.pdf | awk '{ dx = $4 - $2; dy = $5 - $3 }
	$2 > 30 && dx * dx > 0.01 && dy * dy > 0.01 && dx * dx + dy * dy > 64 { bad = 1 }
	END { exit bad }' && ok || fail "dragon pants: a sight line to a dragon under water"

# ---- City of Glass
play city-of-glass g ann bob cat
r=g/games/g1/reports/0001
for who in ann bob cat; do
	check $r/$who.pdf "City of Glass" $who
	check_events $r/$who.txt
	expect_grep 'North' all.txt
	expect_grep '6 inches' all.txt
	expect_grep 'Legend' all.txt
	expect_grep 'pile 8' all.txt
	# the hand as cards: as many ranks on the card row as the text lists
	n=$(sed -n 's/^Your hand: //p' $r/$who.txt | tr ',' '\n' | grep -c .)
	pdftotext -f 1 -l 1 -layout $r/$who.pdf page.txt
	expect_grep 'Your hand' page.txt
	m=$(grep -A2 'Your hand' page.txt | grep -oE '(^| )(A|[2-9]|10|J|Q|K|joker)( |$)' | grep -c . || true)
	[ "$m" -ge "$n" ] && ok || fail "$who: $n cards in the text, $m on the page"
done
# north up: pile 1 lies north of pile 4 (y 28.66 against 6.67 inches)
pdftotext -f 1 -l 1 -bbox $r/ann.pdf bbox.html
awk '/>pile</ { getline; w = $0; sub(/.*">/, "", w); sub(/<\/word>.*/, "", w)
	match($0, /yMin="[0-9.]+"/); y[w] = substr($0, RSTART + 6, RLENGTH - 7) + 0 }
	END { exit !(y["1"] < y["4"]) }' bbox.html && ok || fail "city of glass: not north up"

# ---- Dragon Keepers, the dragon game and the keeper game
for mode in dragon keeper; do
	opts="--option mode=$mode" play dragon-keepers k ann bob cat
	r=k/games/g1/reports/0001
	for who in ann bob cat; do
		check $r/$who.pdf "Dragon Keepers" $who
		check_events $r/$who.txt
		expect_grep 'Legend' all.txt
		# each entry of the legend whole on its line (issue #32)
		expect_grep '^ *hunter dice on it *$' all.txt
		expect_grep '^ *the hunter aims at it *$' all.txt
		expect_grep 'Hunter' all.txt
		for c in Red Purple Blue White Green Yellow; do expect_grep "$c" all.txt; done
		expect_grep 'The dragons' all.txt
	done
	if [ $mode = dragon ]; then
		expect_grep 'Your tokens' all.txt
		expect_grep 'Your magic' all.txt
	else
		# the keeper game's hand: the six keeper cards, tribe and shields
		expect_grep 'Your tribe' all.txt
		expect_grep 'Your shields' all.txt
		[ "$(head -n 15 all.txt | grep -o -w 'keeper\|hunted' | wc -l)" -eq 6 ] && ok ||
			fail "keeper game: not six keeper cards"
	fi
done

# ---- A report template the game master broke: every due game of the run
# fails with the template's file and line (status 65, bad data, as `print`
# gives for the same template), plays nothing and mails nothing;
# mended, the next run plays them all.  A run keeps each template it loads,
# so this also shows that a failed load is not kept as "no template" (at
# -j 1, where one process plays both games).
mkdir -p broken
cp -R "$top_srcdir/templates/." broken/
sed -i 's/<items select/<itemz select/' broken/burglar/report.xml
rm -rf b
"$WYRMPOST" -d b init --sender gm@example.org >/dev/null
for g in g1 g2; do
	"$WYRMPOST" -d b new $g burglar --seed 4 --deadline 1h --player ann:a@example.org:pa \
		--player bob:b@example.org:pb >/dev/null
done
expect_status 65 env WYRMPOST_TEMPLATES="$scratch/broken" WYRMPOST_NOW=$((T0 + 7200)) \
	"$WYRMPOST" -d b run -j 1
for g in g1 g2; do
	expect_grep "$g: .*broken/burglar/report.xml:8: .*itemz" err
	[ ! -e b/games/$g/turns/0001.xml ] && [ ! -e b/games/$g/reports/0001/ann.pdf ] && ok ||
		fail "broken template: $g played"
done
ls b/outbox/new >mails
expect_no_grep report mails
expect_status 0 env WYRMPOST_NOW=$((T0 + 7200)) "$WYRMPOST" -d b run
for g in g1 g2; do
	check b/games/$g/reports/0001/ann.pdf "Burglar" ann $g
done

# ---- The demo campaign: every report PDF, pdf=embedded, at most 15 KB,
# one face embedded, and what the text report tabulates (monospaced in the
# text, cells of Sans in the PDF) still in columns
if [ -d "$top_srcdir/examples/campaign/games" ]; then
	cp -R "$top_srcdir/examples/campaign" demo
	chmod -R u+w demo
	expect_status 0 env WYRMPOST_NOW=1780500000 "$WYRMPOST" -d demo run
	n=0
	for f in demo/games/*/reports/*/*.pdf; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		g=$(basename "$(dirname "$(dirname "$(dirname "$f")")")")
		grep -q '<option name="pdf" value="embedded"/>' demo/games/$g/game.xml && ok ||
			fail "$f: its game is not pdf=embedded"
		size=$(wc -c <"$f")
		[ "$size" -le 15360 ] && ok || fail "$f: $size bytes, more than 15 KB"
		faces=$(pdffonts "$f" 2>/dev/null | awk 'NR > 2 { print $1 }')
		case $faces in
		*+DejaVuSans,Book) ok ;;
		*) fail "$f: faces $faces" ;;
		esac
	done
	[ "$n" -ge 20 ] && ok || fail "demo: $n report PDFs"
	# Dragon Pants' table of dragons: each column starts at one x
	pdftotext -f 1 -l 1 -bbox demo/games/pants/reports/0005/eve.pdf bbox.html
	awk '/<word / { w = $0; sub(/.*">/, "", w); sub(/<\/word>.*/, "", w)
		match($0, /xMin="[0-9.]+"/); x = substr($0, RSTART + 6, RLENGTH - 7) + 0
		if (w == "Dragons") on = 1; if (w == "Power") on = 0
		if (on && w == "den") den[++nd] = x; if (on && w == "at") at[++na] = x }
		END { if (nd < 3 || na < 3) exit 1
			# the last three of each: the header line has an "at" too
			for (i = 1; i <= 2; i++)
				if (den[nd - i] != den[nd] || at[na - i] != at[na]) exit 1 }' bbox.html &&
		ok || fail "demo: the table of dragons out of its columns"
fi

finish
