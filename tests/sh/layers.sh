#!/bin/sh
# layers.sh - the layers of ../shared/DESIGN.md hold: every #include "..."
# of lib/, mail/, print/ and src/games/NAME/ names a header of its own
# folder, of lib/, or (games only) the engine interface, engine.h and
# game.h; libharu's private headers only in print/hpdf-glue.c; nothing of
# src/ outside src/cli/ includes a header of the CLI or calls a function
# the CLI defines; and no code outside src/games/ names a game of GAMES.
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

# The application under the command line: no file of src/ includes a
# header that is found in src/cli/ (by any path, "cli/cli.h" included).
top=$(pwd -P)
out=$(
	for f in src/*.[ch]; do
		grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
		while IFS= read -r row; do
			h=$(printf '%s\n' "$row" | sed 's/.*"\(.*\)".*/\1/')
			for d in src lib mail print src/cli; do
				[ -f "$d/$h" ] || continue
				case $(cd "$(dirname "$d/$h")" && pwd -P)/ in
				"$top/src/cli/"*)
					echo "$f:${row%%:*}: includes \"$h\", a header of the CLI" ;;
				esac
				break
			done
		done
	done
)
if [ -n "$out" ]; then
	fail "the application includes the CLI:"
	printf '%s\n' "$out" >&2
else
	ok
fi

# ... nor calls it: no symbol the CLI's objects define is one the
# application library needs.
app=${top_builddir:?run through make check}/libwyrmapp.a
set -- "$top_builddir"/src/cli/*.o
if [ ! -f "$app" ] || [ ! -f "$1" ]; then
	fail "no $app or no objects in $top_builddir/src/cli/ to read with nm"
else
	nm -g --defined-only "$@" | awk 'NF == 3 { print $3 }' | sort -u >"$scratch/cli-defs"
	nm -u "$app" | awk '$1 == "U" { print $2 }' | sort -u >"$scratch/app-needs"
	hits=$(comm -12 "$scratch/cli-defs" "$scratch/app-needs")
	if [ -n "$hits" ] || [ ! -s "$scratch/cli-defs" ] || [ ! -s "$scratch/app-needs" ]; then
		fail "the application library calls the CLI (or nm read nothing):"
		printf '%s\n' "$hits" >&2
	else
		ok
	fi
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

# Only a game's own folder (and the list in configure.ac) names it.
for g in ${GAMES:?run through make check}; do
	sym=$(printf '%s' "$g" | tr -c 'A-Za-z0-9\n' _)
	hits=$(grep -n -e "\"$g\"" -e "${sym}_engine" lib/*.[ch] mail/*.[ch] print/*.[ch] src/*.[ch] 2>/dev/null || true)
	if [ -n "$hits" ]; then
		fail "code outside src/games/$g names the game:"
		printf '%s\n' "$hits" >&2
	else
		ok
	fi
done
finish
