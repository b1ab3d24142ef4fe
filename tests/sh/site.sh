#!/bin/sh
# site.sh - the web archive (`wyrmpost site`, <site dir> and `run`) of the
# demo campaign: every page there, linked, well formed, with no script,
# nothing private and no address in it.  (tests/sh/site-browser.sh loads it
# in a real browser.)
. "$top_srcdir/tests/sh/lib.sh"
[ -d "$top_srcdir/examples/campaign/games" ] || { echo "no demo campaign: skipped"; exit 77; }

cp -R "$top_srcdir/examples/campaign" "$scratch/c"
chmod -R u+w "$scratch/c"
# run keeps the archive when wyrmpost.xml names one.
sed -i 's|  <defaults>|  <site dir="www"/>\n  <defaults>|' "$scratch/c/wyrmpost.xml"
expect_status 0 wp check
WYRMPOST_NOW=1780500000 wp run
www=$scratch/c/www
[ -f "$www/index.html" ] && [ -f "$www/style.css" ] && ok || fail "run wrote no site"

ids=$(ls "$scratch/c/games")
for id in $ids; do
	expect_grep "href=\"$id/index.html\"" "$www/index.html"
	[ -f "$www/$id/index.html" ] && ok || fail "no page for $id"
	turn=$(sed -n 's/.* turn="\([0-9]*\)".*/\1/p' "$scratch/c/games/$id/game.xml" | head -1)
	t=1
	while [ "$t" -lt "$turn" ]; do
		page=$www/$id/$(printf %04d "$t").html
		[ -f "$page" ] && ok || fail "no page for $id turn $t"
		expect_grep '<svg xmlns="http://www.w3.org/2000/svg"' "$page"
		t=$((t + 1))
	done
	# The last turn's page has its public report, as observers got it.
	last=$(printf %04d $((turn - 1)))
	head -1 "$scratch/c/games/$id/reports/$last/public.txt" | sed 's/&/\&amp;/g' >"$scratch/line"
	grep -qF -- "$(cat "$scratch/line")" "$www/$id/$last.html" && ok ||
		fail "$id: turn $last's page lacks its public report"
done
for g in $GAMES; do
	[ -f "$top_srcdir/docs/rules/$g.md" ] || continue
	expect_grep '<h2>' "$www/rules/$g.html"
	# The player guide, the page every mail to a player names.
	expect_grep 'the player guide</h1>' "$www/guide/$g.html"
done
expect_grep 'Open seats</dt><dd>none' "$www/index.html"
# Reports are HTML: sections, lists and tables, no <pre> but the board in
# characters folded under its picture.
expect_grep '<h3>What happened</h3>' "$www/pants/0005.html"
expect_grep '<table class="report">' "$www/pants/0005.html"
expect_grep '<li>fay moves ne from A1 to B1.</li>' "$www/pants/0005.html"
grep -l '<pre class="report"' "$www"/*/*.html >"$scratch/bad" && fail "a report in <pre>: $(cat "$scratch/bad")" || ok
# The Dragon Pants board north up, with a legend, on the web as in the PDF.
expect_no_grep 'north is to the left' "$www/pants/0005.html"
expect_grep '<title>Dragon Pants (north is up)</title>' "$www/pants/0005.html"
expect_grep '>power tile</text>' "$www/pants/0005.html"
# Standings; a finished game's winner, on its page and the index's list
# of finished games; both Dragon Keepers modes named.
expect_grep '<h2>Standings</h2>' "$www/cellar/index.html"
expect_grep '<h2>Final standings</h2>' "$www/keep/index.html"
expect_grep '<dt>Winner</dt><dd><a href="../players/cat.html">cat</a>' "$www/keep/index.html"
sed -n '/<h2>Finished<\/h2>/,$p' "$www/index.html" >"$scratch/finished"
expect_grep '<a href="keep/index.html">keep</a>' "$scratch/finished"
expect_grep '<dt>Winner</dt><dd><a href="players/cat.html">cat</a>' "$scratch/finished"
expect_grep 'Dragon Keepers, the keeper game</a>' "$www/keep/index.html"
expect_grep 'Dragon Keepers, the dragon game, easy</a>' "$www/lair/index.html"
# A page per player, the campaign's statistics.
expect_grep '<a href="../keep/index.html">keep</a></th><td>Dragon Keepers, the keeper game</td><td>3</td><td>5</td><td>won</td>' "$www/players/cat.html"
expect_grep '<a href="cat.html">cat</a>' "$www/players/index.html"
expect_grep '<h2>Wins by seat</h2>' "$www/stats.html"
expect_grep 'Chi-square over 3 seats: 2.00 on 2 degrees of freedom' "$www/stats.html"
expect_grep 'NMR rate' "$www/stats.html"
# Feeds and the calendar, linked from the pages.
for f in feed.atom deadlines.ics keep/feed.atom; do
	[ -s "$www/$f" ] && ok || fail "no $f"
done
expect_grep '<link rel="alternate" type="application/atom+xml" title="pants" href="feed.atom"/>' "$www/pants/index.html"
expect_grep '<link rel="alternate" type="text/calendar" title="Deadlines" href="deadlines.ics"/>' "$www/index.html"
# An offered seat is an open seat (`offer ID SEAT`, then a turn).
cp -R "$scratch/c" "$scratch/c2"
( export WYRMPOST_NOW=1780500000; "$WYRMPOST" -d "$scratch/c2" offer tavern "$(sed -n 's/.*<player name="\([^"]*\)".*/\1/p' "$scratch/c2/games/tavern/game.xml" | tail -1)" >/dev/null 2>&1 ) &&
	ok || fail "offer failed"
WYRMPOST_NOW=1780700000 "$WYRMPOST" -d "$scratch/c2" run >/dev/null 2>&1
"$WYRMPOST" -d "$scratch/c2" site -o "$scratch/www2" >/dev/null
sed -n '/tavern\/index.html/,/<\/li>/p' "$scratch/www2/index.html" >"$scratch/tavern"
expect_grep '1 seat offered to a newcomer' "$scratch/tavern"
expect_no_grep 'Open seats</dt><dd>none' "$scratch/tavern"
# The game's page shows the mail that takes the seat: sent as shown (a
# name and password of one's own), it is answered with the code.
mail_of() { # PAGE SECTION-ID NAME PASSWORD: the lines a page says to mail
	sed -n "/<h2 id=\"$2\">/,/<\/pre>/p" "$1" | sed -n '/<pre class="mail">/,/<\/pre>/p' |
		sed 's/<pre class="mail">//; s/<\/pre>//; s/YOUR-NAME/'"$3"'/; s/A-PASSWORD-OF-YOUR-OWN/'"$4"'/'
}
sender=$(sed -n 's/.*<sender[^>]*address="\([^"]*\)".*/\1/p' "$scratch/c/wyrmpost.xml" | head -1)
expect_grep "mail <a href=\"mailto:$sender\">$sender</a> these lines" "$scratch/www2/tavern/index.html"
{ printf 'From: Gus <gus@example.net>\nMessage-ID: <site-take@x>\n\n'
  mail_of "$scratch/www2/tavern/index.html" join gus gus-secret; } >"$scratch/take.eml"
expect_grep '^takeover ' "$scratch/take.eml"
"$WYRMPOST" -d "$scratch/c2" submit "$scratch/take.eml" >/dev/null 2>&1 && ok || fail "the takeover mail failed"
ls "$scratch"/c2/outbox/new/tavern-*-takeover-confirm-* >/dev/null 2>&1 && ok ||
	fail "the page's takeover mail got no code"
wp game cellar set open=yes >/dev/null
expect_status 0 wp site
expect_grep 'open: 62 more players may join by mail' "$scratch/c/www/index.html"
expect_grep '<a href="cellar/index.html#join">how to join</a>' "$scratch/c/www/index.html"
{ printf 'From: Hal <hal@example.net>\nMessage-ID: <site-join@x>\n\n'
  mail_of "$www/cellar/index.html" join hal hal-secret; } >"$scratch/join.eml"
expect_grep '^join$' "$scratch/join.eml"
expect_status 0 wp submit "$scratch/join.eml"
ls "$scratch"/c/outbox/new/cellar-*-join-confirm-* >/dev/null 2>&1 && ok ||
	fail "the page's join mail got no code"
# ...and the mail that has the public reports sent (observe).
{ printf 'From: Ida <ida@example.net>\nMessage-ID: <site-obs@x>\n\n'
  mail_of "$www/tavern/index.html" observe - -; } >"$scratch/obs.eml"
expect_grep '^observe$' "$scratch/obs.eml"
expect_status 0 wp submit "$scratch/obs.eml"
ls "$scratch"/c/outbox/new/tavern-*-observe-confirm-* >/dev/null 2>&1 && ok ||
	fail "the page's observe mail got no code"
expect_no_grep 'id="observe"' "$www/keep/index.html"   # finished: nothing to follow
expect_no_grep 'id="join"' "$www/keep/index.html"
# How to play by mail (docs/orders.md), linked from every page.
expect_grep '<h1>How to play by mail</h1>' "$www/guide/orders.html"
for f in "$www/index.html" "$www"/*/index.html; do
	expect_grep 'guide/orders.html">How to play by mail</a>' "$f"
done
# Links between the pages of docs/ go to their pages; others are text.
expect_grep '<a href="../guide/dragon-keepers.html">' "$www/rules/dragon-keepers.html"
expect_grep '<a href="../rules/dragon-keepers.html">' "$www/guide/dragon-keepers.html"
expect_grep '<a href="../guide/burglar.html">' "$www/guide/orders.html"
expect_grep 'see the guide to the kits)' "$www/rules/dragon-keepers.html"
# No page names a file of the source tree.
grep -rnE 'tests/|src/|\.md\b|RULINGS|docs/|examples/' "$www" >"$scratch/paths" &&
	fail "paths of the repository on the site: $(head -5 "$scratch/paths")" || ok
expect_grep 'Deadline' "$www/index.html"

# Nothing private: no script, no address, no private report, none of the
# events only some players were told.
# (The player guides' examples are documentation, not players: left out.)
find "$www" -type f ! -path "$www/guide/*" >"$scratch/files"
[ "$(grep -c . "$scratch/files")" -gt 40 ] && ok || fail "too few files: $(cat "$scratch/files")"
grep -l '<script' $(cat "$scratch/files") >"$scratch/bad" && fail "script in $(cat "$scratch/bad")" || ok
# (The campaign's own address is shown: it is where joining mail goes.)
grep -o '[^ "<>:]*@example.org' $(cat "$scratch/files") | grep -vF ":$sender" >"$scratch/bad" &&
	fail "addresses in $(cat "$scratch/bad")" || ok
# What a player's own report says that no public report of the game does
# (a hand, a seat, the orders to send) appears nowhere in the site.
looked=0
for id in $ids; do
	cat "$scratch"/c/games/$id/reports/*/public.txt | sed 's/^ *//' >"$scratch/pub"
	for f in "$scratch"/c/games/$id/reports/*/*.txt; do
		[ "$(basename "$f")" = public.txt ] && continue
		sed 's/^ *//' "$f" | awk 'length($0) >= 20' | grep -vxFf "$scratch/pub" |
			sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/'"'"'/\&#39;/g; s/"/\&quot;/g'
	done | sort -u >"$scratch/private"
	[ -s "$scratch/private" ] && looked=$((looked + 1))
	grep -rlFf "$scratch/private" "$www/$id" >"$scratch/leak" && {
		fail "private lines of $id in $(cat "$scratch/leak")"
		grep -rhoFf "$scratch/private" "$www/$id" | head -3 >&2
	} || ok
done
[ "$looked" -ge 5 ] && ok || fail "only $looked games have private lines to look for"

# Every page well formed and every link within the site found.
# (Written as well-formed XML too, so any XML tool reads them.)
if command -v xmllint >/dev/null; then
	for f in $(grep '\.html$' "$scratch/files"); do
		xmllint --noout "$f" 2>"$scratch/err" && ok ||
			{ fail "$f is not well formed"; sed 's/^/  | /' "$scratch/err" >&2; }
	done
fi
for f in $(grep '\.html$' "$scratch/files"); do
	for href in $(grep -o 'href="[^"]*"' "$f" | sed 's/href="//; s/"$//'); do
		case $href in http* | mailto:*) continue ;; esac
		[ -f "$(dirname "$f")/${href%%#*}" ] || echo "$f: $href" >>"$scratch/broken"
	done
done
[ -s "$scratch/broken" ] && fail "broken links: $(cat "$scratch/broken")" || ok

# A run that changes nothing rewrites nothing.
ls -l --time-style=+%s.%N -R "$www" >"$scratch/before"
sleep 1
WYRMPOST_NOW=1780500060 wp run
ls -l --time-style=+%s.%N -R "$www" >"$scratch/after"
cmp -s "$scratch/before" "$scratch/after" && ok || fail "a run with no turn rewrote the site"
# A turn played is in it at once; `site -o` writes the same site anywhere.
WYRMPOST_NOW=1780700000 wp run
[ -f "$www/tavern/0006.html" ] && ok || fail "the new turn is not in the site"
expect_grep 'href="0006.html"' "$www/tavern/0005.html"
expect_status 0 wp site -o "$scratch/copy"
diff -r "$www" "$scratch/copy" >"$scratch/diff" && ok || { fail "site -o differs from run's"; head "$scratch/diff" >&2; }

# A run that plays one game reads that game alone, not the others nor
# their turns (only its summary, DIR/ID/.summary, is written anew), and
# writes only its pages and those across games.
cp -R "$scratch/c" "$scratch/c3"
w3=$scratch/c3/www
for id in $ids; do
	[ "$id" = tavern ] || grep -q ' status="over"' "$scratch/c3/games/$id/game.xml" ||
		"$WYRMPOST" -d "$scratch/c3" game "$id" pause >/dev/null 2>&1 || fail "pause $id failed"
done
WYRMPOST_NOW=1780800000 "$WYRMPOST" -d "$scratch/c3" run >/dev/null 2>&1
ls "$w3/tavern" | grep '^[0-9]*\.html$' >"$scratch/turns-before"
find "$w3" -exec touch -h -d @1000000000 {} +
WYRMPOST_NOW=1780900000 "$WYRMPOST" -d "$scratch/c3" run >/dev/null 2>&1
ls "$w3/tavern" | grep '^[0-9]*\.html$' | grep -vxFf "$scratch/turns-before" >"$scratch/turns-new" &&
	ok || fail "the run played no turn of tavern"
find "$w3" -type f -newermt @1000000001 | sed "s|^$w3/||" | sort >"$scratch/written"
expect_grep '^tavern/\.summary$' "$scratch/written"
expect_grep '^index\.html$' "$scratch/written"
grep '\.summary$' "$scratch/written" | grep -v '^tavern/' >"$scratch/bad" &&
	fail "a run that played tavern read other games: $(cat "$scratch/bad")" || ok
grep -vE '^(tavern/|index\.html$|feed\.atom$|deadlines\.ics$|stats\.html$|players/)' \
	"$scratch/written" >"$scratch/bad" && fail "a run that played tavern wrote $(cat "$scratch/bad")" || ok
# What it wrote is what a whole new site says.
expect_status 0 "$WYRMPOST" -d "$scratch/c3" site -o "$scratch/copy3"
diff -r "$w3" "$scratch/copy3" >"$scratch/diff" && ok ||
	{ fail "the run's site differs from a whole new one"; head "$scratch/diff" >&2; }
# A summary that does not read is no summary: the game is read anew.
printf 'wyrmpost site summary 1\n99\ntorn' >"$w3/cellar/.summary"
WYRMPOST_NOW=1780900060 "$WYRMPOST" -d "$scratch/c3" run >/dev/null 2>&1
diff -r "$w3" "$scratch/copy3" >"$scratch/diff" && ok ||
	{ fail "a torn summary was believed"; head "$scratch/diff" >&2; }
finish
