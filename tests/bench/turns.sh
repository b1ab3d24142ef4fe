#!/bin/sh
# turns.sh BUILDDIR [N] - `make bench`, turns part.  A campaign of N due
# Burglar games (default 1000; four players, three rounds a turn), and:
#   1. a timed `wyrmpost run` over it for pdf=none, standard and
#      embedded, each at -j 1 and at -j J (J: the online cores, or
#      BENCH_JOBS), with the peak memory of the largest process: the
#      fastest of BENCH_REPS runs (3), each over a fresh copy;
#   2. the floors: libxml2 alone parsing and rewriting the same states
#      (bench-floor), and the plain-file floor: the very bytes the pdf=none
#      run wrote, written to the same paths with no temporary names, no
#      flush per file and one syncfs (bench-floor-files);
#   3. the ratios the performance issue (#16) sets targets for, and
#      beside the -j J speed-up, the machine's own: J runs -j 1 started
#      at once over J campaigns of N/J games that share nothing but the
#      kernel and the disk, against one run -j 1 over N games; and the
#      same for the plain-file floor: J floors at once, each writing the
#      files of N/J games; and the cores' own: one loop pinned to each
#      core in turn, whose times bound what J processes can get at all,
#      timed before each round's -j 1 and -j J, which are then printed
#      beside that bound (the cores' speeds change from minute to minute);
#   4. pdf=none at -j 1 for 10, 100 and 1000 games (and 10,000 with
#      BENCH_BIG=1): time per game and peak memory, to show the cost linear
#      and the memory flat.
# Times are wall clock on a machine that may be shared: run it twice.
# Nothing is deleted until the end: on ext4 without a journal (this
# project's machine) a new inode skips every inode freed in the last
# minute (five while its inode table block is unwritten), so a run
# started right after an rm -rf of 30,000 files pays
# for that rm (docs/benchmarks.md, "Deleted files").
set -eu
build=$1
n=${2:-1000}
[ -n "$n" ] || n=1000
jobs=${BENCH_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
reps=${BENCH_REPS:-3}
timer=/usr/bin/time
[ -x "$timer" ] || { echo "bench: needs GNU time (Debian package time)" >&2; exit 69; }
work=$(mktemp -d "${TMPDIR:-/tmp}/wp-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
export LC_ALL=C
T0=1800000000

# campaign DIR N PDF: N copies of one game under new ids (creating each
# with `new` would time password hashing, not turns).
campaign() {
	dir=$1 count=$2 pdf=$3
	WYRMPOST_NOW=$T0 "$build/wyrmpost" -d "$dir" init --sender gm@example.org >/dev/null
	WYRMPOST_NOW=$T0 "$build/wyrmpost" -d "$dir" new proto burglar --seed 1 --deadline 24h \
		--player ann:a@x.org:p --player bob:b@x.org:p --player cat:c@x.org:p \
		--player dan:d@x.org:p --option rounds=3 --option pdf="$pdf" >/dev/null
	awk -v dir="$dir" -v count="$count" '
		{ proto = proto $0 "\n" }
		END {
			for (i = 1; i <= count; i++) {
				id = sprintf("b%05d", i)
				d = dir "/games/" id
				system("mkdir -p " d "/turns " d "/orders " d "/reports")
				s = proto
				sub(/id="proto"/, "id=\"" id "\"", s)
				sub(/seed="1"/, "seed=\"" i "\"", s)
				printf "%s", s > (d "/game.xml")
				close(d "/game.xml")
			}
		}' "$dir/games/proto/game.xml"
	rm -rf "$dir/games/proto" "$dir/outbox/new/"*
}

# busy: the CPU seconds the whole machine has spent busy since boot (all
# cores, the kernel's own threads included; /proc/stat, Linux).
busy() {
	awk -v hz="$(getconf CLK_TCK)" '$1 == "cpu" { print ($2 + $3 + $4 + $7 + $8) / hz; exit }' \
		/proc/stat 2>/dev/null || echo 0
}

# timed NAME DIR JOBS: one run; "SECONDS PEAK-KB CPU-SECONDS BUSY-SECONDS"
# in NAME.time (CPU: user + system of the run and its workers; less
# shaken than the wall clock by others' use of the disk.  BUSY: the whole
# machine's busy CPU over the run, which counts the kernel's writeback
# too: no run on N cores can take less than BUSY / N).
timed() {
	sync -f "$work" # the copies just made: not this run's to flush
	b0=$(busy)
	WYRMPOST_NOW=$((T0 + 86400)) $timer -f '%e %M %U %S' -o "$work/$1.time.raw" \
		"$build/wyrmpost" -d "$2" run -j "$3"
	b1=$(busy)
	[ -f "$2/games/b00001/turns/0001.xml" ] || { echo "bench: $1 played nothing" >&2; exit 70; }
	awk -v b0="$b0" -v b1="$b1" '{ print $1, $2, $3 + $4, b1 - b0 }' \
		"$work/$1.time.raw" >"$work/$1.time"
}

# apart NAME DIR: $jobs runs at -j 1, started together, over the
# campaigns DIR/1 .. DIR/$jobs; the wall time from the first start to the
# last end in NAME.time (the other fields are not measured: 0).
apart() {
	sync -f "$work"
	pids=
	s0=$(date +%s.%N)
	for k in $(seq "$jobs"); do
		WYRMPOST_NOW=$((T0 + 86400)) "$build/wyrmpost" -d "$2/$k" run -j 1 &
		pids="$pids $!"
	done
	for p in $pids; do
		wait "$p"
	done
	s1=$(date +%s.%N)
	for k in $(seq "$jobs"); do
		[ -f "$2/$k/games/b00001/turns/0001.xml" ] || { echo "bench: $1 played nothing" >&2; exit 70; }
	done
	awk -v s0="$s0" -v s1="$s1" 'BEGIN { print s1 - s0, 0, 0, 0 }' >"$work/$1.time"
}

# best NAME: of NAME.1.time .. NAME.$reps.time, the line of the fastest
# run (wall clock) into NAME.time.  The disk of a shared virtual machine
# stalls now and then; the least of a few runs is the program's cost.
best() {
	sort -n "$work/$1".[0-9]*.time | head -n 1 >"$work/$1.time"
}

# core_times: one loop of awk pinned to each core in turn, its seconds on
# one line; fails without taskset.  A virtual machine's cores need not be
# equal, nor stay so (one of this project's ran a third as fast as the
# other for an hour, another half as fast now and then for minutes): J
# processes get at most the sum of the cores' speeds over the fastest
# one's, and -j J is measured against that bound as it was just before.
core_times() {
	command -v taskset >/dev/null 2>&1 || return 1
	line=
	for k in $(seq 0 $((jobs - 1))); do
		$timer -f '%e' -o "$work/core" taskset -c "$k" \
			awk 'BEGIN { for (i = 0; i < 20000000; i++) s += i }' || return 1
		line="$line $(cat "$work/core")"
	done
	echo $line
}

# Each round times every mode once, so that a slow spell of the machine
# (they last minutes here) weighs on all modes alike rather than on the
# one that happened to be running, and the ratios between modes keep.
for pdf in none standard embedded; do
	campaign "$work/$pdf" "$n" $pdf
done
campaign "$work/part" $((n / jobs)) none
for r in $(seq "$reps"); do
	for pdf in none standard embedded; do
		cp -R "$work/$pdf" "$work/$pdf-j1.$r"
		cp -R "$work/$pdf" "$work/$pdf-jN.$r"
		core_times >"$work/$pdf-cores.$r" 2>/dev/null || : >"$work/$pdf-cores.$r"
		timed $pdf-j1.$r "$work/$pdf-j1.$r" 1
		timed $pdf-jN.$r "$work/$pdf-jN.$r" "$jobs"
	done
	for k in $(seq "$jobs"); do
		mkdir -p "$work/apart.$r"
		cp -R "$work/part" "$work/apart.$r/$k"
	done
	apart apart.$r "$work/apart.$r" >/dev/null
done
best apart
for pdf in none standard embedded; do
	best $pdf-j1
	best $pdf-jN
	# The report PDFs the run wrote: how many, their mean and largest size.
	find "$work/$pdf-j1.1/games" -path '*/reports/*' -name '*.pdf' -exec wc -c {} + |
		awk -v pdf="$pdf" '$2 != "total" { n++; s += $1; if ($1 > m) m = $1 }
		END { if (n) printf "report PDFs (pdf=%s): %d, mean %.0f bytes, largest %d\n", pdf, n, s / n, m }' >>"$work/pdfsizes"
done
cp -R "$work/none" "$work/xmlfloor"
sync -f "$work"
$timer -f '%e %M' -o "$work/xml.time" "$build/bench-floor" "$work/xmlfloor" >/dev/null
for r in $(seq "$reps"); do
	cp -R "$work/none" "$work/floor.$r"
	sync -f "$work"
	"$build/bench-floor-files" "$work/none-j1.1" "$work/floor.$r" >"$work/files.$r.out"
done
# FILES BYTES SECONDS: the fastest of the floors
sort -n -k 3 "$work"/files.*.out | head -n 1 >"$work/files.out"
# The floor J at once: each writes the files one of the separate runs
# above wrote; the pair's time is the longest of its writers' (each times
# its writing only, after reading its files, and they start together).
for r in $(seq "$reps"); do
	pids=
	for k in $(seq "$jobs"); do
		mkdir -p "$work/floorpart.$r"
		cp -R "$work/part" "$work/floorpart.$r/$k"
	done
	sync -f "$work"
	for k in $(seq "$jobs"); do
		"$build/bench-floor-files" "$work/apart.$r/$k" "$work/floorpart.$r/$k" \
			>"$work/floorwriter.$r.$k.out" &
		pids="$pids $!"
	done
	for p in $pids; do
		wait "$p"
	done
	cat "$work/floorwriter.$r".*.out | sort -n -k 3 | tail -n 1 >"$work/floorpart.$r.out"
done
sort -n -k 3 "$work"/floorpart.[0-9]*.out | head -n 1 >"$work/floorpart.out"

# Each core alone: the fastest of its loops over the rounds.
cores=$(cat "$work"/*-cores.[0-9]* | awk '{ for (k = 1; k <= NF; k++) if (!(k in c) || $k + 0 < c[k] + 0) c[k] = $k
	if (NF > n) n = NF } END { for (k = 1; k <= n; k++) printf " %s", c[k] }')
{
	[ -z "$cores" ] || echo "cores$cores"
	for f in none-j1 none-jN standard-j1 standard-jN embedded-j1 embedded-jN xml apart; do
		printf '%s ' "$f"
		cat "$work/$f.time"
	done
	printf 'files '
	cat "$work/files.out"
	printf 'floorpart '
	cat "$work/floorpart.out"
} >"$work/all"
# bound(t, n): the speed-up n processes can get at most on cores whose
# loops took t[1..n] seconds: the sum of their speeds over the fastest's.
bound_awk='
function bound(t, n,    k, f, b) {
	f = t[1]
	for (k = 2; k <= n; k++)
		if (t[k] < f)
			f = t[k]
	for (k = 1; k <= n; k++)
		b += t[k] > 0 ? f / t[k] : 0
	return b
}'
awk -v n="$n" -v j="$jobs" "$bound_awk"'
	$1 == "cores" { ncores = NF - 1; for (k = 2; k <= NF; k++) core[k - 1] = $k; next }
	{ t[$1] = $2; m[$1] = $3; c[$1] = $4; b[$1] = $5 }
	$1 == "files" { files = $2; bytes = $3; t["files"] = $4 }
	$1 == "floorpart" { t["floorpart"] = $4 }
	END {
		split("none standard embedded", pdfs, " ")
		printf "wyrmpost run, %d due games (wall time, games/s, CPU time, peak memory of the largest process):\n", n
		for (k = 1; k <= 3; k++) {
			p = pdfs[k]
			printf "  pdf=%-8s -j 1: %6.2f s %5.0f games/s cpu %5.2f s %5.1f MB | -j %d: %6.2f s %5.0f games/s cpu %5.2f s %5.1f MB | speed-up %.2f\n",
				p, t[p "-j1"], n / t[p "-j1"], c[p "-j1"], m[p "-j1"] / 1024, j,
				t[p "-jN"], n / t[p "-jN"], c[p "-jN"], m[p "-jN"] / 1024, t[p "-j1"] / t[p "-jN"]
		}
		printf "whole machine busy (all cores, kernel writeback included; a run on %d cores takes at least busy / %d):\n", j, j
		for (k = 1; k <= 3; k++) {
			p = pdfs[k]
			printf "  pdf=%-8s -j 1: busy %5.2f s | -j %d: busy %5.2f s, wall / (busy / %d) %.2f\n",
				p, b[p "-j1"], j, b[p "-jN"], j, b[p "-jN"] ? t[p "-jN"] / (b[p "-jN"] / j) : 0
		}
		printf "  floor, plain files: the %d files (%.1f MB) of pdf=none written as they are, one syncfs: %.2f s\n",
			files, bytes / 1048576, t["files"]
		printf "  floor, libxml2 parse + rewrite of the states only: %.2f s, peak %.1f MB\n",
			t["xml"], m["xml"] / 1024
		printf "  ratios: pdf=none / plain-file floor %.1f (target <= 2); embedded / none %.1f (target <= 3); pdf=none -j %d speed-up of the fastest runs %.2f (target >= 1.7 at -j 2; each round'"'"'s below)\n",
			t["none-j1"] / t["files"], t["embedded-j1"] / t["none-j1"], j,
			t["none-j1"] / t["none-jN"]
		printf "  the machine'"'"'s own speed-up: %d runs -j 1 at once, each over %d of the games in a campaign of its own: %.2f s, speed-up %.2f\n",
			j, int(n / j), t["apart"], t["none-j1"] / t["apart"]
		printf "  the file system'"'"'s own: %d plain-file floors at once, each over the files of %d games: %.2f s, speed-up %.2f over the one floor\n",
			j, int(n / j), t["floorpart"], t["floorpart"] ? t["files"] / t["floorpart"] : 0
		if (ncores) {
			line = ""
			for (k = 1; k <= ncores; k++)
				line = line sprintf(" %.2f s", core[k])
			printf "  the cores'"'"' own: one loop alone on each core:%s; %d processes get at most a speed-up of %.2f\n",
				line, ncores, bound(core, ncores)
		}
	}' "$work/all"

# Each round's -j J speed-up beside the bound the cores set just before it,
# and the median of the rounds: -j 1 and -j J timed back to back meet the
# machine in the same mood, where the fastest of each (above) may not.  A
# round whose cores' loops differ by more than a tenth is marked '*' and
# left out of the median: -j 1 then runs as fast as the core the
# scheduler happens to give it, and its ratio to -j J says more of that
# core than of wyrmpost.
echo "-j $jobs each round: speed-up over -j 1 (at most, by the cores' loops just before; * unequal cores); median of the rest:"
for pdf in none standard embedded; do
	rounds=$(for r in $(seq "$reps"); do
		cat "$work/$pdf-j1.$r.time" "$work/$pdf-jN.$r.time" "$work/$pdf-cores.$r" |
			awk "$bound_awk"'NR == 1 { t1 = $1 } NR == 2 { tn = $1 }
			NR == 3 { f = s = $1; for (k = 1; k <= NF; k++) { c[k] = $k; if ($k < f) f = $k; if ($k > s) s = $k }
				most = bound(c, NF) }
			END { mark = most && s > 1.1 * f ? "*" : ""
				printf "%.2f %s %s\n", tn ? t1 / tn : 0, most ? sprintf("%.2f", most) : "?", mark }'
	done)
	echo "$rounds" | awk -v pdf="$pdf" '
		{ line = line sprintf(" %s (%s)%s", $1, $2, $3); if ($3 != "*") v[++n] = $1 }
		END {
			for (i = 1; i <= n; i++) for (k = i + 1; k <= n; k++) if (v[k] < v[i]) { t = v[i]; v[i] = v[k]; v[k] = t }
			printf "  pdf=%-8s%s; median %s\n", pdf, line,
				!n ? "none: no round with equal cores" : sprintf("%.2f", n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2)
		}'
done
cat "$work/pdfsizes"
echo "wyrmpost run -j 1, pdf=none, by size (linear cost, flat memory):"
sizes="10 100 1000"
[ "${BENCH_BIG:-0}" = 1 ] && sizes="$sizes 10000"
for s in $sizes; do
	campaign "$work/s$s" "$s" none
	timed s$s "$work/s$s" 1
	read -r ss sk sc _ <"$work/s$s.time"
	awk -v n="$s" -v t="$ss" -v k="$sk" -v c="$sc" 'BEGIN {
		printf "  %6d games: %7.2f s  %6.2f ms a game  cpu %6.2f ms a game  peak %5.1f MB\n",
			n, t, 1000 * t / n, 1000 * c / n, k / 1024 }'
done
