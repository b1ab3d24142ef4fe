#!/bin/sh
# site-browser.sh - the demo campaign's web archive in a real browser:
# headless Chromium loads every page at a phone's width (390 px) and a
# desktop's (1280 px) and the test asserts, from the pages as laid out,
# that none scrolls sideways, that each has what its kind of page must,
# that the style sheet applied, and that no page logs a console error; a
# screenshot of each game's last turn at both widths is kept in
# site-shots/ of the build tree for people to look at.  Every page is also
# audited by axe-core inside the browser (no serious or critical
# violation) and checked by html-validate; both are npm packages that
# ./quickstart check installs into ~/.cache/wyrmpost-web (or
# WYRMPOST_NODE_MODULES): without them the test SKIPs, naming them.
#
# The pages have no script.  The measuring is done by a harness page of
# this test (site-harness.html) that loads each page into a frame of the
# width wanted and writes what it measured into its own DOM, which
# `chromium --dump-dom` prints: no driver, no new dependency.
# SKIP (77) where Chromium is missing or cannot start.
. "$top_srcdir/tests/sh/lib.sh"
[ -d "$top_srcdir/examples/campaign/games" ] || { echo "no demo campaign: skipped"; exit 77; }
chrome=
for c in chromium chromium-browser google-chrome; do
	command -v "$c" >/dev/null 2>&1 && { chrome=$c; break; }
done
[ -n "$chrome" ] || { echo "no chromium (apt-get install chromium): skipped"; exit 77; }
browse() { # ARGS...: headless, a profile of our own, no sandbox where we are root
	timeout 300 "$chrome" --headless --disable-gpu --no-sandbox --no-first-run \
		--user-data-dir="$scratch/profile" --hide-scrollbars "$@"
}
browse --dump-dom about:blank >/dev/null 2>&1 || { echo "chromium cannot start: skipped"; exit 77; }
nm=${WYRMPOST_NODE_MODULES:-${XDG_CACHE_HOME:-$HOME/.cache}/wyrmpost-web/node_modules}
axe=$nm/axe-core/axe.min.js
hv=$nm/html-validate/bin/html-validate.mjs
command -v node >/dev/null 2>&1 && [ -f "$axe" ] && [ -f "$hv" ] || {
	echo "no node, or no axe-core and html-validate in $nm (./quickstart check installs them): skipped"
	exit 77
}

cp -R "$top_srcdir/examples/campaign" "$scratch/c"
chmod -R u+w "$scratch/c"
WYRMPOST_NOW=1780500000 wp run
expect_status 0 wp site -o "$scratch/www"
www=$scratch/www
(cd "$www" && find . -name '*.html' | sed 's|^\./||' | sort) >"$scratch/pages"
npages=$(grep -c . "$scratch/pages")
ngames=$(ls "$scratch/c/games" | grep -c .)
[ "$npages" -gt "$ngames" ] && ok || fail "only $npages pages"

# No language, an image with no words, an empty link: axe must say so.
printf '%s\n' '<!DOCTYPE html><html><head><meta charset="utf-8"/><title>canary</title></head>' \
	'<body><img src="none.png"/><a href="none.html"></a></body></html>' >"$scratch/canary.html"

# The harness: each page at each width in turn, measured once loaded.
{
	cat <<'EOF'
<!DOCTYPE html><html><head><meta charset="utf-8"><title>harness</title></head>
<body><iframe id="f" style="border:0;height:3000px"></iframe><pre id="out"></pre>
<script>
const pages = [
EOF
	sed 's|.*|"&",|' "$scratch/pages"
	cat <<EOF
];
const base = "file://$www/", games = $ngames, CANARY = "$scratch/canary.html";
EOF
	printf 'const AXE = '
	node -e 'process.stdout.write(JSON.stringify(require("fs").readFileSync(process.argv[1], "utf8")))' "$axe"
	echo ';'
	cat <<'EOF'
const widths = [390, 1280], out = [], f = document.getElementById("f");
let i = 0;
function need(doc, sel, what, page, w) {
	if (!doc.querySelector(sel)) out.push(`FAIL ${page} @${w}: no ${what} (${sel})`);
}
function measure(page, w) {
	const doc = f.contentDocument;
	if (!doc || !doc.body) { out.push(`FAIL ${page} @${w}: not loaded`); return; }
	/* The board in characters unfolded: it too must fit. */
	for (const d of doc.querySelectorAll("details")) d.open = true;
	const root = doc.documentElement, cw = root.clientWidth;
	if (root.scrollWidth > cw)
		out.push(`FAIL ${page} @${w}: scrolls sideways (${root.scrollWidth} > ${cw})`);
	/* No box scrolls sideways either (a table's). */
	for (const el of doc.querySelectorAll(".scroll"))
		if (el.scrollWidth > el.clientWidth + 1)
			out.push(`FAIL ${page} @${w}: a table scrolls (${el.scrollWidth} > ${el.clientWidth})`);
	/* Nothing drawn past the right edge, but inside what scrolls itself
	 * (a report's pre, a table's box). */
	for (const el of doc.body.querySelectorAll("*")) {
		if (el.closest("pre, .scroll")) continue;
		const r = el.getBoundingClientRect();
		if (r.width && r.right > cw + 1) {
			out.push(`FAIL ${page} @${w}: <${el.tagName}> ends at ${Math.round(r.right)} > ${cw}`);
			break;
		}
	}
	if (getComputedStyle(doc.body).maxWidth === "none")
		out.push(`FAIL ${page} @${w}: the style sheet did not apply`);
	need(doc, "header h1", "title", page, w);
	need(doc, "nav a[href$='index.html']", "way back", page, w);
	for (const a of doc.querySelectorAll("a[href]")) {
		const href = a.href;
		/* (the feeds and the calendar: site.sh finds them) */
		if (href.startsWith(base) && /\.html$/.test(href) &&
		    !pages.includes(href.slice(base.length)))
			out.push(`FAIL ${page} @${w}: link to ${href} goes nowhere`);
	}
	if (page === "index.html") {
		const n = doc.querySelectorAll("li.game").length;
		if (n !== games) out.push(`FAIL ${page} @${w}: ${n} games listed, not ${games}`);
		need(doc, "li.game dl.facts", "facts of a game", page, w);
	} else if (/^[^/]+\/index\.html$/.test(page) && !page.startsWith("players/")) {
		need(doc, "dl.facts", "facts", page, w);
		need(doc, "ul.turns a", "turns", page, w);
		need(doc, "svg.board", "board", page, w);
	} else if (/^[^/]+\/\d{4}\.html$/.test(page)) {
		need(doc, "figure svg.board", "board", page, w);
		need(doc, "nav.pager", "pager", page, w);
		need(doc, "section.report h2", "report", page, w);
		for (const pre of doc.querySelectorAll("pre"))
			if (pre.scrollWidth > pre.clientWidth + 1)
				out.push(`FAIL ${page} @${w}: a <pre> scrolls (${pre.scrollWidth} > ${pre.clientWidth})`);
		const svg = doc.querySelector("svg.board");
		if (svg) {
			const r = svg.getBoundingClientRect();
			if (r.width < Math.min(200, cw / 2) || r.height < 100)
				out.push(`FAIL ${page} @${w}: board drawn ${r.width}x${r.height}`);
		}
	} else if (page.startsWith("rules/")) {
		need(doc, "main h2", "sections", page, w);
	}
	out.push(`ok ${page} @${w}`);
}
/* axe-core in the page itself, its serious and critical findings. */
async function audit(page) {
	const doc = f.contentDocument, s = doc.createElement("script");
	s.textContent = AXE;
	doc.head.appendChild(s);
	const r = await f.contentWindow.axe.run(doc, { resultTypes: ["violations"] });
	for (const v of r.violations)
		if (v.impact === "serious" || v.impact === "critical")
			out.push(`FAIL ${page}: axe ${v.id} (${v.impact}): ` +
				 v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", "));
	out.push(`audited ${page}`);
}
/* A page made to fail axe, so that an audit that finds nothing is seen
 * to be able to find something. */
function canary() {
	f.onload = async () => {
		try {
			const before = out.length;
			await audit("canary");
			out.push(`canary ${out.length - before - 1}`);
		} catch (e) { out.push(`FAIL canary: axe: ${e}`); }
		document.getElementById("out").textContent = "\n" + out.join("\n") + "\nDONE\n";
	};
	f.src = "file://" + CANARY;
}
function next() {
	if (i >= pages.length * widths.length) {
		canary();
		return;
	}
	const page = pages[Math.floor(i / widths.length)], w = widths[i % widths.length];
	f.style.width = w + "px";
	f.onload = async () => {
		measure(page, w);
		if (w === 1280) {
			try { await audit(page); } catch (e) { out.push(`FAIL ${page}: axe: ${e}`); }
		}
		i++;
		next();
	};
	f.src = base + page;
}
next();
</script></body></html>
EOF
} >"$scratch/site-harness.html"

browse --allow-file-access-from-files --enable-logging=stderr --v=0 \
	--virtual-time-budget=120000 --window-size=1400,3000 \
	--dump-dom "file://$scratch/site-harness.html" >"$scratch/dom" 2>"$scratch/log" || true
grep 'CONSOLE' "$scratch/log" >"$scratch/console" || true
grep -q '^DONE' "$scratch/dom" && ok || { fail "the harness did not finish"; tail -5 "$scratch/log" >&2; }
measured=$(grep -c '^ok ' "$scratch/dom" || true)
[ "$measured" -eq $((npages * 2)) ] && ok || fail "$measured of $((npages * 2)) page loads measured"
audited=$(grep '^audited ' "$scratch/dom" | grep -vc '^audited canary$' || true)
[ "$audited" -eq "$npages" ] && ok || fail "$audited of $npages pages audited by axe"
grep -q '^canary [1-9]' "$scratch/dom" && ok || fail "axe found nothing wrong in a page made to fail it"
grep '^FAIL' "$scratch/dom" | grep -v '^FAIL canary: axe [a-z-]* (' | sed 's/&gt;/>/g; s/&lt;/</g' >"$scratch/bad" || true
if [ -s "$scratch/bad" ]; then fail "$(wc -l <"$scratch/bad") layout failures"; head -20 "$scratch/bad" >&2; else ok; fi

# Every page valid HTML to html-validate.  The pages are polyglot (HTML
# that is well-formed XML too): void elements close themselves.
cat >"$scratch/htmlvalidate.json" <<'JSON'
{ "extends": ["html-validate:recommended"],
  "rules": { "void-style": ["error", { "style": "selfclosing" }] } }
JSON
(cd "$www" && node "$hv" --config "$scratch/htmlvalidate.json" $(cat "$scratch/pages")) >"$scratch/hv" 2>&1 && ok ||
	{ fail "html-validate: $(grep -c 'error' "$scratch/hv") errors"; head -30 "$scratch/hv" >&2; }
node "$hv" --config "$scratch/htmlvalidate.json" "$scratch/canary.html" >/dev/null 2>&1 &&
	fail "html-validate passed a page made to fail it" || ok

# Each game's last turn, looked at the way a person does: one load each,
# at each width, its console watched.
shots=$top_builddir/site-shots
rm -rf "$shots"
mkdir -p "$shots"
# The index, a game's page, a player's and the statistics too.
{
	for id in $(ls "$scratch/c/games"); do
		echo "$id $id/$(ls "$www/$id" | grep '^[0-9]*\.html$' | tail -1)"
	done
	echo "index index.html"
	echo "game-keep keep/index.html"
	echo "player-cat players/cat.html"
	echo "stats stats.html"
} >"$scratch/shots"
while read -r name page; do
	for w in 390 1280; do
		png=$shots/$name-$w.png
		browse --enable-logging=stderr --v=0 --window-size=$w,1600 \
			--screenshot="$png" "file://$www/$page" >/dev/null 2>"$scratch/log" || true
		grep 'CONSOLE' "$scratch/log" >>"$scratch/console" || true
		# A PNG of the width asked for (its IHDR), with something drawn.
		width=$(od -An -tu1 -j16 -N4 "$png" 2>/dev/null | awk '{ print $1*16777216 + $2*65536 + $3*256 + $4 }')
		[ "$width" = "$w" ] && ok || fail "$png is ${width:-no image}, not $w px wide"
		[ "$(wc -c <"$png" 2>/dev/null || echo 0)" -gt 20000 ] && ok || fail "$png looks empty"
	done
done <"$scratch/shots"
[ -s "$scratch/console" ] && { fail "console messages"; head -5 "$scratch/console" >&2; } || ok
echo "screenshots in $shots"
finish
