#!/bin/sh
# builddir.sh - a wyrmpost built but not installed finds its kits in the
# source tree (src/datadir.c), so the README's commands work after
# ./configure && make; a missing kit's error says how to point at templates.
. "$top_srcdir/tests/sh/lib.sh"
unset WYRMPOST_TEMPLATES
cd "$scratch"

expect_status 0 "$WYRMPOST" print burglar -o burglar.pdf
if [ -s burglar.pdf ] && head -c 5 burglar.pdf | grep -q '%PDF-'; then ok; else fail "no PDF from print burglar"; fi
expect_status 0 "$WYRMPOST" help rules
for k in "$top_srcdir"/templates/*/kit.xml; do
	k=$(basename "$(dirname "$k")")
	expect_grep "^  $k\$" "$scratch/out"
done

expect_status 66 "$WYRMPOST" print no-such-kit
expect_grep "no kit for 'no-such-kit'" "$scratch/err"
expect_grep "give --templates DIR or set WYRMPOST_TEMPLATES" "$scratch/err"
expect_grep "$top_srcdir/templates" "$scratch/err"
finish
