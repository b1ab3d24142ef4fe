#!/bin/sh
# replay-seeds.sh - each libFuzzer target but intake (fuzz-replay.sh has
# that one), linked with replay-main.c, over its seeds tests/fuzz/seeds/NAME/:
# the example inputs and every crash the fuzzer once found.  Each must run
# through with every promise kept (a broken one aborts, a sanitizer-free
# build still catches what BUG() catches) and one line per seed.
. "$top_srcdir/tests/sh/lib.sh"

for t in state conf tpl orders; do
	seeds=$top_srcdir/tests/fuzz/seeds/$t
	expect_status 0 "$top_builddir/fuzz-replay-$t" "$seeds"
	if [ "$(grep -c ': ok (' "$scratch/out")" -eq "$(ls "$seeds" | wc -l)" ] &&
		[ "$(ls "$seeds" | wc -l)" -gt 2 ]; then ok; else
		fail "$t: $(ls "$seeds" | wc -l) seeds but $(grep -c ': ok (' "$scratch/out") replayed"
	fi
done

# A file that cannot be read is reported, and the rest still replayed.
expect_status 1 "$top_builddir/fuzz-replay-conf" "$scratch/missing.xml" \
	"$top_srcdir/examples/campaign/wyrmpost.xml"
expect_grep 'wyrmpost.xml: ok' "$scratch/out"
expect_grep 'missing.xml' "$scratch/err"
finish
