#!/bin/sh
# idle.sh BUILDDIR - `make bench`, the index of games part: for a campaign
# of 1,000 and 10,000 Burglar games (and 100,000 with BENCH_BIG=1), none
# due but one an hour after the rest, the wall time and peak memory of
#   - an idle run (nothing due, the index current),
#   - a run with one game due (it is played; the others left unread),
#   - `status ID` of one game,
#   - a run that rebuilds the index (it was removed): what every idle run
#     cost before there was one, every game read.
# The idle run and `status ID` should not grow with the campaign, nor
# should the memory.  Times are the fastest of BENCH_REPS (3) on a machine
# that may be shared.
set -eu
build=$1
reps=${BENCH_REPS:-3}
timer=/usr/bin/time
[ -x "$timer" ] || { echo "bench: needs GNU time (Debian package time)" >&2; exit 69; }
work=$(mktemp -d "${TMPDIR:-/tmp}/wp-bench-idle-XXXXXX")
trap 'rm -rf "$work"' EXIT
export LC_ALL=C
T0=1800000000
wp=$build/wyrmpost

# campaign DIR N: N copies of one game under new ids (made with `new`
# they would time password hashing); the first due an hour before the
# others, so that a run at T0 + 23 h has exactly one game to play.
campaign() {
	dir=$1 count=$2
	WYRMPOST_NOW=$T0 "$wp" -d "$dir" init --sender gm@example.org >/dev/null
	WYRMPOST_NOW=$T0 "$wp" -d "$dir" new proto burglar --seed 1 --deadline 24h \
		--player ann:a@x.org:p --player bob:b@x.org:p --player cat:c@x.org:p \
		--player dan:d@x.org:p --option rounds=3 --option pdf=none >/dev/null
	seq "$count" | awk -v dir="$dir" '{ printf "%s/games/b%06d/turns\n", dir, $1 }' |
		xargs mkdir -p
	awk -v dir="$dir" -v count="$count" '
		{ proto = proto $0 "\n" }
		END {
			for (i = 1; i <= count; i++) {
				id = sprintf("b%06d", i)
				s = proto
				sub(/id="proto"/, "id=\"" id "\"", s)
				sub(/seed="1"/, "seed=\"" i "\"", s)
				if (i == 1)
					sub(/deadline="2027-01-16T08:00:00Z"/, "deadline=\"2027-01-16T07:00:00Z\"", s)
				printf "%s", s > (dir "/games/" id "/game.xml")
				close(dir "/games/" id "/game.xml")
			}
		}' "$dir/games/proto/game.xml"
	rm -rf "$dir/games/proto" "$dir/spool/touched" "$dir/outbox/new/"*
}

# timed NAME WHEN ARGS...: the fastest of $reps, "MICROSECONDS PEAK-KB" in
# NAME (the wall clock by date: GNU time's counts hundredths)
timed() {
	name=$1 when=$2
	shift 2
	: >"$work/$name.all"
	for r in $(seq "$reps"); do
		t0=$(date +%s%N)
		WYRMPOST_NOW=$when $timer -f '%M' -o "$work/t" "$wp" "$@" >/dev/null
		t1=$(date +%s%N)
		echo "$(((t1 - t0) / 1000)) $(cat "$work/t")" >>"$work/$name.all"
	done
	sort -n "$work/$name.all" | head -n 1 >"$work/$name"
}

show() { # LABEL NAME
	read -r s k <"$work/$2"
	awk -v l="$1" -v s="$s" -v k="$k" 'BEGIN { printf "    %-26s %9.1f ms  peak %6.1f MB\n", l, s / 1000, k / 1024 }'
}

sizes=${BENCH_IDLE_SIZES:-1000 10000}
[ "${BENCH_BIG:-0}" = 1 ] && sizes="$sizes 100000"
echo "the index of games: an idle run, one game due, status ID (fastest of $reps):"
for n in $sizes; do
	c=$work/c$n
	campaign "$c" "$n"
	# The first run builds the index (it reads every game).
	WYRMPOST_NOW=$((T0 + 60)) "$wp" -d "$c" run -j 1
	timed idle $((T0 + 120)) -d "$c" run -j 1
	timed status $((T0 + 120)) -d "$c" status b000001
	reps_was=$reps
	reps=1 # each plays the game: one round, on its own copy
	cp -a "$c" "$c.due" # as it is: games/'s time too, which the index knows
	timed due $((T0 + 23 * 3600 + 60)) -d "$c.due" run -j 1
	[ -f "$c.due/games/b000001/turns/0001.xml" ] || { echo "bench: the due game was not played" >&2; exit 70; }
	[ ! -f "$c.due/games/b000002/turns/0001.xml" ] || { echo "bench: a game not due was played" >&2; exit 70; }
	rm -f "$c/spool/wake-index"
	timed rebuild $((T0 + 180)) -d "$c" run -j 1
	reps=$reps_was
	echo "  $n games:"
	show "idle run" idle
	show "one game due" due
	show "status ID" status
	show "run rebuilding the index" rebuild
done
