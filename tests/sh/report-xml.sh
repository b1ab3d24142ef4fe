#!/bin/sh
# report-xml.sh - the XML reports (wyrmpost-view(5)): every game's, played
# from the demo campaign, validates against that game's installed grammar
# with a tool that is not ours; the public one holds nothing private; the
# mail carries NAME.xml only when the game's option report-xml=yes, and
# then the same bytes as the file kept.
. "$top_srcdir/tests/sh/lib.sh"
command -v xmllint >/dev/null || { echo "xmllint missing: skipped"; exit 77; }
[ -d "$top_srcdir/examples/campaign/games" ] || { echo "no demo campaign: skipped"; exit 77; }

# The grammars as installed: side by side, each game's including view.rng.
mkdir -p "$scratch/rng"
cp "$top_srcdir/schema/view.rng" "$scratch/rng/"
for g in $GAMES; do
	f=$top_srcdir/src/games/$g/$g-view.rng
	if [ -f "$f" ]; then cp "$f" "$scratch/rng/"; ok; else fail "$g has no $g-view.rng"; fi
done

cp -R "$top_srcdir/examples/campaign" "$scratch/c"
chmod -R u+w "$scratch/c"
WYRMPOST_NOW=1780500000 wp run
played=""
for dir in "$scratch"/c/games/*/reports/0005; do
	id=$(basename "$(dirname "$(dirname "$dir")")")
	rules=$(sed -n 's/.* rules="\([^"]*\)".*/\1/p' "$dir/public.xml" | head -1)
	played="$played $rules"
	for x in "$dir"/*.xml; do
		if xmllint --noout --relaxng "$scratch/rng/$rules-view.rng" "$x" 2>"$scratch/err"; then
			ok
		else
			fail "$x does not validate against $rules-view.rng"
			sed 's/^/  | /' "$scratch/err" >&2
		fi
		# Beside the text and the PDF, of the same reader (the public
		# report's PDF only where the game has observers: none here).
		if [ "${x##*/}" = public.xml ]; then
			[ -f "${x%.xml}.txt" ] && [ ! -f "${x%.xml}.pdf" ] && ok || fail "$x alone"
		else
			[ -f "${x%.xml}.txt" ] && [ -f "${x%.xml}.pdf" ] && ok || fail "$x alone"
		fi
	done
	# A grammar narrowed per game: another game's refuses it.
	other=burglar
	[ "$rules" != burglar ] || other=dragon-pants
	xmllint --noout --relaxng "$scratch/rng/$other-view.rng" "$dir/public.xml" 2>/dev/null &&
		fail "$id: $other-view.rng accepts a $rules report" || ok
	# Nothing private in the public view; a player's own events marked.
	expect_no_grep 'private=' "$dir/public.xml"
	expect_no_grep '<report [^>]*player=' "$dir/public.xml"
	expect_no_grep '<orders' "$dir/public.xml"
	for x in "$dir"/*.xml; do
		[ "$(basename "$x")" = public.xml ] && continue
		who=$(basename "$x" .xml)
		expect_grep "<report [^>]* player=\"$who\"" "$x"
		grep -o '<event private="yes">[^<]*' "$x" | sed 's/<event private="yes">//' |
		while IFS= read -r line; do
			grep -qF -- "$line" "$dir/public.xml" && echo "$x: $line" >>"$scratch/leak"
		done
	done
done
[ -s "$scratch/leak" ] && fail "private events in the public view: $(cat "$scratch/leak")" || ok
for g in $GAMES; do
	case " $played " in *" $g "*) ok ;; *) fail "the demo played no $g report" ;; esac
done
# The reader's legal orders and what sending nothing means.
expect_grep '<legal' "$scratch/c/games/tavern/reports/0005/ann.xml"
expect_grep '<deadline turn="6" at="' "$scratch/c/games/tavern/reports/0005/ann.xml"

# Mail: by default no XML attached.
grep -l 'application/xml' "$scratch"/c/outbox/new/* >"$scratch/xmlmails" || true
[ -s "$scratch/xmlmails" ] && fail "XML attached without report-xml: $(cat "$scratch/xmlmails")" || ok
# With the option on one game: that game's reports carry it, no other's.
wp game tavern set report-xml=yes >/dev/null
WYRMPOST_NOW=1780700000 wp run
for m in "$scratch"/c/outbox/new/*-0006-report-*.eml; do
	case $(basename "$m") in
	tavern-*)
		who=$(basename "$m" .eml | sed 's/.*-report-//')
		expect_grep "filename=\"tavern-0006-$who.xml\"" "$m"
		expect_grep 'Content-Type: application/xml' "$m"
		# The attachment is the file kept, byte for byte.
		awk -v f="tavern-0006-$who.xml" '
			index($0, "filename=\"" f "\"") { p = 1; next }
			p && /^--/ { exit }
			p && NF { print }' "$m" | tr -d '\r' | base64 -d >"$scratch/att.xml"
		cmp -s "$scratch/att.xml" "$scratch/c/games/tavern/reports/0006/$who.xml" && ok ||
			fail "$m: the attached XML is not reports/0006/$who.xml"
		;;
	*) expect_no_grep 'application/xml' "$m" ;;
	esac
done
ls "$scratch"/c/outbox/new/tavern-0006-report-*.eml >/dev/null 2>&1 && ok || fail "no tavern turn 6"
finish
