#!/bin/sh
# schema.sh - the schemas as files: they are valid RelaxNG, and what the
# program writes validates against them with a tool that is not ours.
. "$top_srcdir/tests/sh/lib.sh"
command -v xmllint >/dev/null || { echo "xmllint missing: skipped"; exit 77; }

wp init --sender gm@example.org >/dev/null
wp new g1 burglar --seed 3 --deadline 0 --player a:a@x.org:p --player b:b@x.org:p >/dev/null
WYRMPOST_NOW=$((T0 + 10)) wp run
xmllint --noout --relaxng "$top_srcdir/schema/config.rng" "$scratch/c/wyrmpost.xml" 2>"$scratch/err" &&
	ok || { fail "wyrmpost.xml"; cat "$scratch/err" >&2; }
for f in "$scratch/c/games/g1/game.xml" "$scratch/c/games/g1/turns/0001.xml"; do
	xmllint --noout --relaxng "$top_srcdir/schema/game.rng" "$f" 2>"$scratch/err" &&
		ok || { fail "$f"; cat "$scratch/err" >&2; }
	xmllint --xpath '/game/engine' "$f" >"$scratch/engine.xml"
	xmllint --noout --relaxng "$top_srcdir/src/games/burglar/burglar.rng" "$scratch/engine.xml" \
		2>"$scratch/err" && ok || { fail "$f engine part"; cat "$scratch/err" >&2; }
done
# The examples' state files too.
for f in "$top_srcdir"/examples/campaign/games/*/game.xml; do
	[ -f "$f" ] || continue
	xmllint --noout --relaxng "$top_srcdir/schema/game.rng" "$f" 2>/dev/null && ok || fail "$f"
done
finish
