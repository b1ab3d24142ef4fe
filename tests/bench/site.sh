#!/bin/sh
# site.sh BUILDDIR [N] - `make bench`, web archive part.  A campaign of N
# Burglar games (default 1000) of 20 turns each, copies of one game played
# for 20 turns, and, wall clock and peak memory of each:
#   1. the first build: `wyrmpost site` into an empty folder;
#   2. a `run` that plays no game, the site configured (<site dir>): it
#      reads each game's summary (DIR/ID/.summary), not the game;
#   3. a `run` that plays one game, the site configured, with the files
#      it wrote to the site;
#   4. the same run with no site configured, for what the run itself
#      costs (it looks at every game to find the due ones).
# The site's share of a run is 3 less 4.  Times are wall clock on a
# machine that may be shared: run it twice.
set -eu
build=$1
n=${2:-1000}
[ -n "$n" ] || n=1000
timer=/usr/bin/time
[ -x "$timer" ] || { echo "bench: needs GNU time (Debian package time)" >&2; exit 69; }
work=$(mktemp -d "${TMPDIR:-/tmp}/wp-bench-site-XXXXXX")
trap '[ -n "${BENCH_KEEP:-}" ] || rm -rf "$work"' EXIT
export LC_ALL=C
T0=1800000000
TURNS=20
wp() { "$build/wyrmpost" -d "$work/c" "$@"; }

# One game played for 20 turns (nobody sends orders; nmr-drop=0 keeps
# every player in), then copied under N ids.
WYRMPOST_NOW=$T0 wp init --sender gm@example.org >/dev/null
WYRMPOST_NOW=$T0 wp new proto burglar --seed 1 --deadline 24h \
	--player ann:a@x.org:p --player bob:b@x.org:p --player cat:c@x.org:p \
	--player dan:d@x.org:p --option rounds=3 --option pdf=none --option nmr-drop=0 >/dev/null
t=1
while [ "$t" -le "$TURNS" ]; do
	WYRMPOST_NOW=$((T0 + t * 86400 + 60)) wp run >/dev/null 2>&1
	t=$((t + 1))
done
grep -q " turn=\"$((TURNS + 1))\"" "$work/c/games/proto/game.xml" ||
	{ echo "bench: the game did not reach turn $((TURNS + 1))" >&2; exit 70; }
# After the last turn, all would be due at once: every copy's deadline is
# pushed a century on; b00001 and b00002 are made due for the runs below.
now=$((T0 + (TURNS + 1) * 86400))
i=1
while [ "$i" -le "$n" ]; do
	id=$(printf b%05d "$i")
	cp -R "$work/c/games/proto" "$work/c/games/$id"
	sed -i "s/ id=\"proto\"/ id=\"$id\"/" "$work/c/games/$id/game.xml" "$work/c/games/$id/turns/"*.xml
	i=$((i + 1))
done
rm -rf "$work/c/games/proto" "$work/c/outbox/new/"*
sed -i 's/ deadline="20\([0-9][0-9]\)-/ deadline="21\1-/' "$work"/c/games/*/game.xml

# timed NAME CMD...: "SECONDS PEAK-KB" in NAME.time.
timed() {
	name=$1
	shift
	sync -f "$work"
	$timer -f '%e %M' -o "$work/$name.time" "$@" >/dev/null 2>&1
}

timed first "$build/wyrmpost" -d "$work/c" site -o "$work/c/www"
files=$(find "$work/c/www" -type f | wc -l)
sed -i 's|  <defaults>|  <site dir="www"/>\n  <defaults>|' "$work/c/wyrmpost.xml"
grep -q '<site dir="www"/>' "$work/c/wyrmpost.xml" || { echo "bench: no <site> set" >&2; exit 70; }
timed idle env WYRMPOST_NOW=$now "$build/wyrmpost" -d "$work/c" run
# b00001 due: the run plays it alone.
sed -i 's/ deadline="21\([0-9][0-9]\)-[^"]*"/ deadline="2000-01-01T00:00:00Z"/' \
	"$work/c/games/b00001/game.xml"
touch "$work/mark"
sleep 1
timed one env WYRMPOST_NOW=$now "$build/wyrmpost" -d "$work/c" run
grep -q " turn=\"$((TURNS + 2))\"" "$work/c/games/b00001/game.xml" ||
	{ echo "bench: the run did not play b00001" >&2; exit 70; }
wrote=$(find "$work/c/www" -type f -newer "$work/mark" | wc -l)
read_games=$(find "$work/c/www" -name .summary -newer "$work/mark" | wc -l)
# The same with no site: b00002 due.
sed -i 's|  <site dir="www"/>||' "$work/c/wyrmpost.xml"
sed -i 's/ deadline="21\([0-9][0-9]\)-[^"]*"/ deadline="2000-01-01T00:00:00Z"/' \
	"$work/c/games/b00002/game.xml"
timed nosite env WYRMPOST_NOW=$now "$build/wyrmpost" -d "$work/c" run
grep -q " turn=\"$((TURNS + 2))\"" "$work/c/games/b00002/game.xml" ||
	{ echo "bench: the run did not play b00002" >&2; exit 70; }

read s_first m_first <"$work/first.time"
read s_idle m_idle <"$work/idle.time"
read s_one m_one <"$work/one.time"
read s_nosite m_nosite <"$work/nosite.time"
echo "site: $n games of $TURNS turns, $files files"
printf '  first build (wyrmpost site)        %7.2f s  %6d KB\n' "$s_first" "$m_first"
printf '  run, no game played, site kept     %7.2f s  %6d KB\n' "$s_idle" "$m_idle"
printf '  run, one game played, site kept    %7.2f s  %6d KB  (%d files written, %d games read)\n' \
	"$s_one" "$m_one" "$wrote" "$read_games"
printf '  run, one game played, no site      %7.2f s  %6d KB\n' "$s_nosite" "$m_nosite"
