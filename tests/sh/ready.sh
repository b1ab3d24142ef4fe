#!/bin/sh
# ready.sh - a turn runs before its deadline only on orders every awaited
# player meant and finished (issue #31): a mail with a refused line, an
# incomplete set or `wait` holds the early run; `ready` or a mail all
# accepted releases it; at the deadline the turn runs all the same, on
# the accepted lines.  Driven through `submit` and `run` with a fixed clock.
. "$top_srcdir/tests/sh/lib.sh"

wp init --sender gm@example.org >/dev/null
wp new keep dragon-keepers --seed 12 --deadline 24h --option mode=keeper --option hold=no \
	--player ann:ann@example.org:pa --player bob:bob@example.org:pb \
	--player cat:cat@example.org:pc >/dev/null
wp new pants dragon-pants --seed 3 --deadline 96h --option hold=no \
	--player cal:cal@example.org:pk --player dee:dee@example.org:pd >/dev/null

orders() { # GAME PLAYER PASSWORD ORDER...
	g=$1 p=$2 pw=$3
	shift 3
	{ printf 'game %s\nplayer %s\npassword %s\n' "$g" "$p" "$pw"; printf '%s\n' "$@"; } \
		>"$scratch/o.txt"
	wp submit "$scratch/o.txt" >"$scratch/reply-$p" 2>&1 || true
}
turn_of() { sed -n 's/.*<game [^>]*turn="\([0-9]*\)".*/\1/p' "$scratch/c/games/$1/game.xml"; }
keeper() { # PLAYER: the first keeper the player's welcome offers
	sed -n '/You may send one of:/{n;p;q}' "$scratch/c/outbox/new/keep-welcome-$1.eml" |
		sed 's/^ *//; s/ #.*//' | tr -d '\r'
}
a=$(keeper ann)
b=$(keeper bob)
orders keep cat pc "$(keeper cat)"

# A half-refused mail: the keeper is in, the turn does not run early.
orders keep ann pa "$a" "mend pink"
orders keep bob pb "$b"
head -n 1 "$scratch/reply-ann" | grep -q '^NOT READY: turn 1 will not run early for you' && ok ||
	fail "ann's reply does not open with NOT READY: $(head -n 1 "$scratch/reply-ann")"
expect_grep "line 5: mend pink" "$scratch/reply-ann"
expect_grep "What to send: your whole orders again, corrected" "$scratch/reply-ann"
expect_grep "At the deadline (2027-01-16 08:00 UTC), the turn runs with your pending orders below, without the refused lines" "$scratch/reply-ann"
head -n 1 "$scratch/reply-bob" | grep -q '^READY: turn 1 may run' && ok ||
	fail "bob's reply does not open with READY"
WYRMPOST_NOW=$((T0 + 60)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 1 ] && ok || fail "turn 1 ran early on ann's half-refused mail"
expect_status 0 wp status keep
expect_grep '^  ann  *ann@example.org  *not ready, orders in$' "$scratch/out"
expect_grep '^  bob  *bob@example.org  *ready, orders in$' "$scratch/out"
expect_no_grep ' , ' "$scratch/out"
# The same by mail.
orders keep bob pb status
expect_grep '^  ann  *orders in, not ready$' "$scratch/reply-bob"
expect_grep '^  bob  *orders in, ready$' "$scratch/reply-bob"
head -n 1 "$scratch/reply-bob" | grep -q '^READY' && ok || fail "a status mail unreadied bob"
# `ready` lets the accepted lines stand: the turn runs at once.
orders keep ann pa ready
head -n 1 "$scratch/reply-ann" | grep -q '^READY' && ok || fail "'ready' left ann not ready"
WYRMPOST_NOW=$((T0 + 120)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 2 ] && ok || fail "turn 1 did not run once both were ready"

# `wait` holds the turn even with complete orders; a later mail all
# accepted releases it.
a=$(sed -n '/You may send one of:/{n;p;q}' "$scratch/c/games/keep/reports/0001/ann.txt" |
	sed 's/^ *//; s/ #.*//')
b=$(sed -n '/You may send one of:/{n;p;q}' "$scratch/c/games/keep/reports/0001/bob.txt" |
	sed 's/^ *//; s/ #.*//')
orders keep ann pa "$a" wait
head -n 1 "$scratch/reply-ann" | grep -q '^WAITING: you asked turn 2 to wait' && ok ||
	fail "ann's wait not confirmed: $(head -n 1 "$scratch/reply-ann")"
orders keep bob pb "$b"
orders keep cat pc "$(sed -n '/You may send one of:/{n;p;q}' "$scratch/c/games/keep/reports/0001/cat.txt" |
	sed 's/^ *//; s/ #.*//')"
WYRMPOST_NOW=$((T0 + 180)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 2 ] && ok || fail "turn 2 ran although ann sent 'wait'"
expect_status 0 wp status keep
expect_grep '^  ann  *ann@example.org  *waiting, orders in$' "$scratch/out"
orders keep ann pa "$a"
WYRMPOST_NOW=$((T0 + 240)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 3 ] && ok || fail "turn 2 did not run after ann's new orders"

# At the deadline the turn runs all the same: the refused line dropped,
# the accepted keeper played.
a=$(sed -n '/You may send one of:/{n;p;q}' "$scratch/c/games/keep/reports/0002/ann.txt" |
	sed 's/^ *//; s/ #.*//')
orders keep ann pa "$a" "keeper pink"
WYRMPOST_NOW=$((T0 + 300)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 3 ] && ok || fail "turn 3 ran early"
WYRMPOST_NOW=$((T0 + 200000)) wp run >/dev/null 2>&1
[ "$(turn_of keep)" = 4 ] && ok || fail "turn 3 did not run at its deadline"
expect_grep "ann plays the $(echo "$a" | sed 's/keeper //; s/./\U&/') keeper" \
	"$scratch/c/games/keep/reports/0003/ann.txt"
expect_grep 'bob sent no orders' "$scratch/c/games/keep/reports/0003/ann.txt"

# Dragon Pants: a turn is two actions; one alone is not ready.
who=$(wp status pants | sed -n 's/^  \([a-z]*\) .* not ready$/\1/p')
pw=pk; [ "$who" = dee ] && pw=pd
m=$(sed -n '/You may send one of:/{n;p;q}' "$scratch/c/outbox/new/pants-welcome-$who.eml" |
	sed 's/^ *//; s/ #.*//' | tr -d '\r')
case $m in move\ *) ok ;; *) fail "$who is offered '$m' first" ;; esac
orders pants "$who" "$pw" "$m"
head -n 2 "$scratch/reply-$who" | tr '\n' ' ' |
	grep -q '^NOT READY YET: turn 1 still needs from you:   your second action of 2' &&
	ok || fail "one action of two is ready: $(head -n 1 "$scratch/reply-$who")"
WYRMPOST_NOW=$((T0 + 60)) wp run >/dev/null 2>&1
[ "$(turn_of pants)" = 1 ] && ok || fail "the pants turn ran on one action of two"
orders pants "$who" "$pw" "$m" pass
head -n 1 "$scratch/reply-$who" | grep -q '^READY' && ok || fail "'pass' does not end a turn"
WYRMPOST_NOW=$((T0 + 120)) wp run >/dev/null 2>&1
[ "$(turn_of pants)" = 2 ] && ok || fail "the pants turn did not run on a move and 'pass'"

# The text, the PDF and the XML view show one list (issue #31, 2): the
# dragon game's plays that work now, the choices one line each, the rest
# summed up by reason.
wp new lair dragon-keepers --seed 13 --deadline 1h --option mode=dragon --option hold=no \
	--option report-xml=yes --player eve:eve@example.org:pe --player fay:fay@example.org:pf \
	>/dev/null
orders lair eve pe pass
orders lair fay pf pass
WYRMPOST_NOW=$((T0 + 60)) wp run >/dev/null 2>&1
r=$scratch/c/games/lair/reports/0001
[ "$(turn_of lair)" = 2 ] && ok || fail "the dragon game's round did not run on two passes"
sed -n '/You may send one of:/,/^  [^ ]/p' "$r/eve.txt" | sed -n 's/^    \([^-][^#]*[^ #]\)\( #.*\)\{0,1\}$/\1/p' \
	>"$scratch/text-list"
sed -n 's/.*<legal[^>]*>\([^<]*\)<\/legal>.*/\1/p' "$r/eve.xml" >"$scratch/xml-list"
[ -s "$scratch/text-list" ] && cmp -s "$scratch/text-list" "$scratch/xml-list" && ok ||
	{ fail "the text and the XML list differ"; diff "$scratch/text-list" "$scratch/xml-list" >&2; }
expect_grep '^    reroll white|red|none # when the Blue dragon attacks for you' "$r/eve.txt"
expect_grep '^    green flame|mend # ' "$r/eve.txt"
expect_grep '^    take left|discard # ' "$r/eve.txt"
expect_grep 'A whole turn from you: your keeper card and action' "$r/eve.txt"
expect_no_grep '# fails' "$r/eve.txt"
expect_no_grep 'more like them' "$r/eve.txt"
if grep -q 'would fail now, so' "$r/eve.txt"; then
	expect_grep '<failing count=' "$r/eve.xml"
else
	ok
fi
pdftotext -layout "$r/eve.pdf" "$scratch/eve-pdf.txt"
expect_grep 'reroll white|red|none # when the Blue dragon' "$scratch/eve-pdf.txt"
finish
