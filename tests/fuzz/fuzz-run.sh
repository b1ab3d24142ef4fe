#!/bin/sh
# fuzz-run.sh FUZZER WORKDIR SRCDIR [SECONDS] - `make fuzz`: run the intake
# fuzz target (tests/fuzz/fuzz-intake.c, built with libFuzzer) for SECONDS
# (default 60) on the corpus WORKDIR/corpus, seeded with every .eml and
# .mail file under SRCDIR/examples and SRCDIR/tests and, when it exists,
# ../shared/mail-corpus beside the source tree (read in place through
# -seed_inputs, never copied; its crashers/ are left out, see below).
#
# libFuzzer stops at the first crash, and libetpan 1.9.4 has a known one
# (boundary="\"", ../shared/LIBETPAN.md section 3.1) that wyrmpost survives
# only by parsing in a child, which the target leaves out.  So this runs
# libFuzzer again for the time left after each crash, sorts every crash
# into that known one (its stack passes through mailmime_extract_boundary)
# or a new one, and exits 1 when there is a new one.  Crash files stay in
# WORKDIR/crashes; `./fuzz-replay FILE` replays one without clang.
set -eu
fuzzer=$1 work=$2 src=$3
secs=${4:-60}
[ -n "$secs" ] || secs=60
mkdir -p "$work/corpus" "$work/crashes" "$work/logs"
rm -f "$work/kinds" "$work/logs/"*.log

seeds=$work/seeds.list
find "$src/examples" "$src/tests" -type f \( -name '*.eml' -o -name '*.mail' \) | sort >"$seeds"
shared=$src/../shared/mail-corpus
if [ -d "$shared" ]; then
	# Only the top level: crashers/ would end every run at its first input.
	find "$shared" -maxdepth 1 -type f \( -name '*.eml' -o -name '*.mail' \) | sort >>"$seeds"
fi
# -seed_inputs=@FILE wants the names separated by commas.
paste -s -d , "$seeds" | tr -d '\n' >"$seeds.commas"
echo "fuzz: $(wc -l <"$seeds") seed mails, corpus $work/corpus ($(ls "$work/corpus" | wc -l) inputs), $secs s"

end=$(($(date +%s) + secs))
runs=0 known=0 new=0 execs=0
while :; do
	left=$((end - $(date +%s)))
	[ "$left" -gt 0 ] || break
	runs=$((runs + 1))
	log=$work/logs/run-$runs.log
	# -timeout and -rss_limit_mb: about the child's limits in mime.c (5 s
	# of CPU, 512 MiB) with room for the sanitizers' overhead.
	set +e
	"$fuzzer" -max_total_time="$left" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -dict="$src/tests/fuzz/fuzz-intake.dict" \
		-artifact_prefix="$work/crashes/" -seed_inputs=@"$seeds.commas" \
		-print_final_stats=1 "$work/corpus" >"$log" 2>&1
	status=$?
	set -e
	n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	execs=$((execs + ${n:-0}))
	[ "$status" -ne 0 ] || break
	unit=$(sed -n "s/^artifact_prefix=.*; Test unit written to //p" "$log" | tail -n 1)
	if [ -z "$unit" ]; then
		echo "fuzz: the fuzzer failed (exit status $status) without a crash file; see $log" >&2
		exit 2
	fi
	if grep -q 'mailmime_extract_boundary' "$log"; then
		known=$((known + 1))
		mv "$unit" "$work/crashes/known-libetpan-boundary-${unit##*/crash-}"
		continue
	fi
	# One line per kind of crash: the promise broken, or the sanitizer's
	# summary (numbers dropped) and the first frame in our own code.
	sig=$(grep -m 1 'broken promise' "$log" | sed 's/\(promise: [^:]*\):.*/\1/' || :)
	if [ -z "$sig" ]; then
		sig="$(grep -m 1 '^SUMMARY' "$log" | tr -d '0-9') at$(grep -m 1 " in .* $src/" "$log" |
			sed 's/^.* in \([^ ]*\) .*/ \1/')"
	fi
	new=$((new + 1))
	if ! grep -qxF -- "$sig" "$work/kinds" 2>/dev/null; then
		echo "$sig" >>"$work/kinds"
		echo "fuzz: NEW crash $unit (log $log):"
		echo "  | $sig"
	fi
done
echo "fuzz: $runs run(s), $execs inputs executed, corpus now $(ls "$work/corpus" | wc -l) inputs"
echo "fuzz: known libetpan boundary crash (LIBETPAN.md 3.1, quarantined by the child in wyrmpost): $known time(s)"
echo "fuzz: new crashes: $new, of $(cat "$work/kinds" 2>/dev/null | wc -l) kind(s)"
[ "$new" -eq 0 ]
