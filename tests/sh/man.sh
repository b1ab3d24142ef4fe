#!/bin/sh
# man.sh - the manual pages are mdoc that mandoc reads without a warning,
# and wyrmpost(1) names every verb the program has.
. "$top_srcdir/tests/sh/lib.sh"
command -v mandoc >/dev/null 2>&1 || { echo "SKIP: no mandoc"; exit 77; }
for page in "$top_srcdir"/man/wyrmpost.1 "$top_srcdir"/man/wyrmpost.xml.5 \
	"$top_srcdir"/man/wyrmpost-view.5; do
	expect_status 0 mandoc -Tlint -W warning "$page"
	[ -s "$scratch/out" ] && { fail "mandoc warns about $page"; cat "$scratch/out" >&2; }
	grep -q '^\.Dd ' "$page" && ok || fail "$page is not mdoc"
done
mandoc -Tascii "$top_srcdir/man/wyrmpost.1" | col -b >"$scratch/page"
"$WYRMPOST" help | sed -n 's/^  \([a-z]*\)  .*/\1/p' >"$scratch/verbs"
[ -s "$scratch/verbs" ] && ok || fail "no verbs in wyrmpost help"
while read -r verb; do
	grep -q "^     $verb\( \|$\)" "$scratch/page" && ok || fail "wyrmpost(1) lacks the verb $verb"
done <"$scratch/verbs"
finish
