#!/bin/sh
# layers.sh - the layers of ../shared/DESIGN.md hold: every #include "..."
# of lib/, mail/, print/ and src/games/NAME/ names a header of its own
# folder, of lib/, or (games only) the engine interface, engine.h and
# game.h; libharu's private headers only in print/hpdf-glue.c; and no code
# outside src/games/ names a game of GAMES, or a colour of its own.
. "$top_srcdir/tests/sh/lib.sh"
cd "$top_srcdir" || exit 99

# check_layer DIR ALLOWED-DIR... [-- ALLOWED-HEADER...]
check_layer() {
	dir=$1; shift
	dirs=$dir headers=config.h
	while [ $# -gt 0 ] && [ "$1" != -- ]; do dirs="$dirs $1"; shift; done
	[ "${1:-}" = -- ] && shift && headers="$headers $*"
	for f in "$dir"/*.[ch]; do
		[ -f "$f" ] || continue
		grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
		while IFS= read -r row; do
			h=$(printf '%s\n' "$row" | sed 's/.*"\(.*\)".*/\1/')
			ok=
			for d in $dirs; do [ -f "$d/$h" ] && ok=1; done
			for a in $headers; do [ "$h" = "$a" ] && ok=1; done
			[ -n "$ok" ] || echo "$f:${row%%:*}: includes \"$h\", outside its layer"
		done
	done
	return 0
}

out=$(
	check_layer lib
	check_layer mail lib
	check_layer print lib
	for g in src/games/*/; do
		check_layer "${g%/}" lib -- engine.h game.h
	done
)
if [ -n "$out" ]; then
	fail "includes that cross the layers:"
	printf '%s\n' "$out" >&2
else
	ok
fi

# libharu past its public API only in print/hpdf-glue.c: every other file
# of print/ sees it through pdf-int.h, which asks for the public view.
hits=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*<hpdf' print/*.[ch] |
	grep -v -e '^print/hpdf-glue\.[ch]:' -e '^print/pdf-int\.h:[0-9]*:#include <hpdf\.h>$' || true)
if [ -n "$hits" ] || ! grep -q '^#define HPDF_SHARED$' print/pdf-int.h; then
	fail "libharu reached outside print/hpdf-glue.c:"
	printf '%s\n' "$hits" >&2
else
	ok
fi

# Only a game's own folder (and the list in configure.ac) names it, or the
# colours of its own that its views name (its struct view_colour table:
# terrain, heights...): print/ draws them from the view's palette.
all_colours=
for g in ${GAMES:?run through make check}; do
	sym=$(printf '%s' "$g" | tr -c 'A-Za-z0-9\n' _)
	colours=$(grep -ho '{ *"[^"]*", *{ *[0-9.]*, *[0-9.]*, *[0-9.]* *}' src/games/"$g"/*.c |
		sed 's/^{ *"\([^"]*\)".*/\1/')
	all_colours="$all_colours$colours"
	set -- -e "\"$g\"" -e "${sym}_engine"
	for c in $colours; do
		set -- "$@" -e "\"$c\""
	done
	hits=$(grep -n "$@" lib/*.[ch] mail/*.[ch] print/*.[ch] src/*.[ch] 2>/dev/null || true)
	if [ -n "$hits" ]; then
		fail "code outside src/games/$g names the game or a colour of its own:"
		printf '%s\n' "$hits" >&2
	else
		ok
	fi
done
# The tables above were found: a check of no names would pass anything.
if [ -n "$all_colours" ]; then
	ok
else
	fail "no game's colour table (struct view_colour) was found in src/games/"
fi
finish
