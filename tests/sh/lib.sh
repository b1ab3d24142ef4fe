# lib.sh - shared by the shell tests.  Sourced; sets up a scratch campaign.
set -eu
: "${WYRMPOST:?run through make check}"
: "${top_srcdir:?run through make check}"
export LC_ALL=C
unset WYRMPOST_DIR WYRMPOST_CRASH_AT
T0=1800000000            # a fixed clock: 2027-01-15T08:00:00Z
export WYRMPOST_NOW=$T0
scratch=$(mktemp -d "${TMPDIR:-/tmp}/wp-test-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
failures=0
checks=0

wp() { "$WYRMPOST" -d "$scratch/c" "$@"; }
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { checks=$((checks + 1)); }
# expect_status N CMD...: run CMD, check its exit status
expect_status() {
	want=$1; shift
	set +e
	"$@" >"$scratch/out" 2>"$scratch/err"
	got=$?
	set -e
	if [ "$got" -ne "$want" ]; then
		fail "'$*' exited $got, wanted $want"
		sed 's/^/  | /' "$scratch/out" "$scratch/err" >&2
	else
		ok
	fi
}
# expect_check CMD...: a `wyrmpost check` that finds nothing wrong but,
# maybe, mail in the outbox with no way to send it (status 78 for that
# alone): a test campaign keeps its mail to look at.
expect_check() {
	set +e
	"$@" >"$scratch/out" 2>"$scratch/err"
	got=$?
	set -e
	if [ "$got" -eq 0 ] || { [ "$got" -eq 78 ] && ! grep -qv 'wait in the outbox' "$scratch/err"; }; then
		ok
	else
		fail "'$*' exited $got"
		sed 's/^/  | /' "$scratch/out" "$scratch/err" >&2
	fi
}
expect_grep() { # PATTERN FILE
	if grep -q -- "$1" "$2"; then ok; else fail "no '$1' in $2"; sed 's/^/  | /' "$2" >&2; fi
}
expect_no_grep() {
	if grep -q -- "$1" "$2"; then fail "unwanted '$1' in $2"; else ok; fi
}
finish() {
	echo "$checks passed, $failures failed"
	[ "$failures" -eq 0 ]
}
