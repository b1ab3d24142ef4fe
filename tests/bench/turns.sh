#!/bin/sh
# turns.sh BUILDDIR [N] - `make bench`: a campaign of N due Burglar games
# (default 1000), one timed `wyrmpost run` over it, and beside it the floor:
# libxml2 alone parsing and rewriting the same state files.
set -eu
build=$1
n=${2:-1000}
[ -n "$n" ] || n=1000
timer=/usr/bin/time
[ -x "$timer" ] || { echo "bench: needs GNU time (Debian package time)" >&2; exit 69; }
work=$(mktemp -d "${TMPDIR:-/tmp}/wp-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
export WYRMPOST_NOW=1800000000 LC_ALL=C

wp() { "$build/wyrmpost" -d "$work/c" "$@"; }
wp init --sender gm@example.org >/dev/null
pdf=${BENCH_PDF:-embedded}
wp new proto burglar --seed 1 --deadline 24h --player ann:a@x.org:p --player bob:b@x.org:p \
	--player cat:c@x.org:p --player dan:d@x.org:p --option rounds=3 --option pdf=$pdf >/dev/null
# Copies of one game under new ids: creating each with `new` would time
# password hashing, not turns.
i=1
while [ $i -le "$n" ]; do
	id=$(printf 'b%05d' $i)
	mkdir -p "$work/c/games/$id/turns" "$work/c/games/$id/orders" "$work/c/games/$id/reports"
	sed "s/id=\"proto\"/id=\"$id\"/; s/seed=\"1\"/seed=\"$i\"/" \
		"$work/c/games/proto/game.xml" >"$work/c/games/$id/game.xml"
	i=$((i + 1))
done
rm -rf "$work/c/games/proto" "$work/c/outbox/new/"*
cp -R "$work/c" "$work/floor"

export WYRMPOST_NOW=$((WYRMPOST_NOW + 86400))
$timer -f '%e %M' -o "$work/run.time" "$build/wyrmpost" -d "$work/c" run
played=$(ls "$work/c/games/b00001/turns" | wc -l)
[ "$played" -eq 1 ] || { echo "bench: the run did not play the games" >&2; exit 70; }
$timer -f '%e %M' -o "$work/floor.time" "$build/bench-floor" "$work/floor" >/dev/null

# The report PDFs the run wrote: how many, and their mean and largest size.
find "$work/c/games" -path '*/reports/*' -name '*.pdf' -exec wc -c {} + |
	awk -v pdf="$pdf" '$2 != "total" { n++; s += $1; if ($1 > m) m = $1 }
	END { if (n) printf "report PDFs (pdf=%s): %d, mean %.0f bytes, largest %d\n", pdf, n, s / n, m }'
read -r rs rk <"$work/run.time"
read -r fs fk <"$work/floor.time"
awk -v pdf="$pdf" -v n="$n" -v rs="$rs" -v rk="$rk" -v fs="$fs" -v fk="$fk" 'BEGIN {
	printf "wyrmpost run (pdf=%s): %d games in %.2f s = %.0f games/s, peak memory %.1f MB\n",
		pdf, n, rs, (rs > 0 ? n / rs : 0), rk / 1024
	printf "floor (libxml2 parse + rewrite only): %.2f s = %.0f games/s, peak %.1f MB\n",
		fs, (fs > 0 ? n / fs : 0), fk / 1024
}'
