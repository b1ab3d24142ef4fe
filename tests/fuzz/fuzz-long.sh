#!/bin/sh
# fuzz-long.sh WORKDIR SRCDIR RUNS TARGET... - `make fuzz-long`: run each
# libFuzzer target WORKDIR/fuzz_TARGET for RUNS inputs, one after the other,
# on its corpus WORKDIR/corpus-TARGET, seeded from SRCDIR/tests/fuzz/seeds/TARGET
# (intake: from the seed mails, as fuzz-run.sh does).  Crashes go to
# WORKDIR/crashes-TARGET/, logs to WORKDIR/logs/.  At the end a line per
# target: inputs run, executions per second, coverage (libFuzzer's "cov",
# edges), corpus size, crashes.  The intake target's known libetpan crash
# (see fuzz-run.sh) is counted apart and the run goes on after it; any
# other crash makes the exit status 1.
set -eu
work=$1 src=$2 runs=$3
shift 3
mkdir -p "$work/logs"
summary=$work/fuzz-long.txt
: >"$summary"
bad=0
for t in "$@"; do
	fuzzer=$work/fuzz_$t corpus=$work/corpus-$t crashes=$work/crashes-$t
	mkdir -p "$corpus" "$crashes"
	set --
	if [ "$t" = intake ]; then
		find "$src/examples" "$src/tests" -type f \( -name '*.eml' -o -name '*.mail' \) |
			sort | paste -s -d , - | tr -d '\n' >"$work/seeds-$t"
		set -- -seed_inputs=@"$work/seeds-$t" -dict="$src/tests/fuzz/fuzz-intake.dict"
	else
		set -- "$src/tests/fuzz/seeds/$t"
	fi
	done_runs=0 n=0 known=0 new=0 rate=0 cov=0
	while [ "$done_runs" -lt "$runs" ]; do
		n=$((n + 1))
		log=$work/logs/long-$t-$n.log
		status=0
		"$fuzzer" -runs=$((runs - done_runs)) -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
			-artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" "$@" \
			>"$log" 2>&1 || status=$?
		x=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
		done_runs=$((done_runs + ${x:-0}))
		r=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
		rate=${r:-$rate}
		c=$(sed -n 's/^#[0-9]*[^c]*cov: \([0-9]*\).*/\1/p' "$log" | tail -n 1)
		cov=${c:-$cov}
		[ "$status" -ne 0 ] || break
		# The known crash ends a run and the next goes on with the
		# inputs left (if that run executed any: never loop in place).
		if [ "$t" = intake ] && [ -n "$x" ] && grep -q 'mailmime_extract_boundary' "$log"; then
			known=$((known + 1))
			continue
		fi
		new=1
		echo "fuzz-long: $t: crash, see $log" >&2
		break
	done
	line="$t: $done_runs inputs, $rate exec/s, cov $cov edges, corpus $(ls "$corpus" | wc -l), crashes $new"
	[ "$t" != intake ] || line="$line (known libetpan: $known)"
	echo "fuzz-long: $line"
	echo "$line" >>"$summary"
	[ "$new" -eq 0 ] || bad=1
done
exit "$bad"
