#!/bin/sh
# layers.sh - the layers of docs/hacking.md hold, as the compiler and
# the linker see them.  Includes: every #include "..." of lib/, mail/,
# print/, the games' layer src/games/ and each game src/games/NAME/ names a
# header of its own folder, of lib/, or (games only) of the games' layer.
# Calls, by nm on the layer libraries of the build tree: no library leaves
# undefined a symbol that only a library above or beside it defines, and
# no game calls the clock, the environment, a time zone (lib/schedule,
# lib/tz) or rand().  Then libharu's private headers only in
# print/hpdf-glue.c; nothing of src/ outside src/cli/ includes a header of
# the CLI or calls a function the CLI defines; and no code outside
# src/games/ names a game of GAMES, or a colour of its own.
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
	check_layer src/games lib
	for g in src/games/*/; do
		check_layer "${g%/}" lib src/games
	done
)
if [ -n "$out" ]; then
	fail "includes that cross the layers:"
	printf '%s\n' "$out" >&2
else
	ok
fi

# --- calls: what the linker sees ---------------------------------------
# Each layer's library and the layers it may call (the application, on
# top, may call all of them).
nm=${NM:-nm}
libdir=${top_builddir:?run through make check}
LAYERS='lib: mail:lib print:lib games:lib'
library() { printf '%s/libwyrm%s.a' "$libdir" "$1"; }
# The global symbols the libraries of the layers named define, one a line.
defined_by() {
	for l in "$@"; do "$nm" -g --defined-only "$(library "$l")"; done |
		awk 'NF == 3 { print $3 }' | sort -u
}
# Each symbol a layer's library leaves undefined, as "symbol member".
undefined_in() {
	"$nm" -A -u "$(library "$1")" | awk '$(NF - 1) == "U" {
		n = split($1, part, ":"); member = part[n - 1]
		sub(/^libwyrm[a-z]*_a-/, "", member); print $NF, member }' | sort -u
}

calls_ok=1
if ! command -v "$nm" >/dev/null 2>&1; then
	fail "no $nm to read the libraries with"
	calls_ok=
fi
for l in lib mail print games app; do
	if [ ! -f "$(library "$l")" ]; then
		fail "no $(library "$l"): build the libraries before this test"
		calls_ok=
	fi
done
if [ -n "$calls_ok" ]; then
	# A lower library calls a higher one (or one beside it) when it leaves
	# undefined a symbol that such a library defines and that neither it
	# nor a library it may call does.
	out=$(for entry in $LAYERS; do
		l=${entry%%:*} below=${entry#*:}
		others=
		for o in lib mail print games app; do
			case " $l $below " in *" $o "*) ;; *) others="$others $o" ;; esac
		done
		# shellcheck disable=SC2086
		defined_by $l $below >"$scratch/own"
		# shellcheck disable=SC2086
		defined_by $others >"$scratch/above"
		undefined_in "$l" | while read -r sym member; do
			grep -qxF "$sym" "$scratch/own" && continue
			grep -qxF "$sym" "$scratch/above" || continue
			echo "libwyrm$l.a($member) calls $sym, which only a layer above or beside it defines"
		done
	done)
	if [ -n "$out" ]; then
		fail "calls that cross the layers:"
		printf '%s\n' "$out" >&2
	else
		ok
	fi

	# No engine reads the clock, the environment or a time zone, or draws
	# its own random numbers: the core hands it the time and the game's
	# clock in struct engine_ctx, and randomness in g->rng.  lib/schedule
	# and lib/tz are the time zones' modules: none of them either.
	"$nm" -A -g --defined-only "$(library lib)" |
		awk -F: '$2 ~ /(^|-)(schedule|tz)\.o$/ && NF >= 3 { split($3, f, " "); print f[3] }' \
		>"$scratch/zone"
	[ -s "$scratch/zone" ] || fail "found no lib/schedule functions in $(library lib)"
	clock='setenv unsetenv putenv clearenv getenv secure_getenv environ __environ
		tzset time clock clock_gettime gettimeofday ftime
		localtime localtime_r gmtime gmtime_r mktime timegm timelocal
		rand rand_r srand random random_r srandom srandom_r
		drand48 erand48 lrand48 nrand48 mrand48 jrand48 srand48 seed48
		getrandom getentropy arc4random arc4random_uniform'
	out=$(undefined_in games | while read -r sym member; do
		for f in $clock; do
			[ "$sym" = "$f" ] && echo "libwyrmgames.a($member) calls $sym"
		done
		grep -qxF "$sym" "$scratch/zone" &&
			echo "libwyrmgames.a($member) calls $sym of lib/schedule or lib/tz (a time zone)"
		true
	done)
	if [ -n "$out" ]; then
		fail "a game asks the system for the time, the environment or chance:"
		printf '%s\n' "$out" >&2
	else
		ok
	fi
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

# No cycle between the modules of src/: module A depends on module B when
# A includes B's header or, by nm on the application library, uses a
# symbol B defines; tsort finds no loop in those edges.
module_of() { sed -e 's/^libwyrmapp_a-//' -e 's/\.o$//'; }
{
	for f in src/*.c; do
		a=$(basename "$f" .c)
		{ grep -o '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*\.h"' "$f" || true; } |
			sed 's/.*"\(.*\)\.h"/\1/' | while read -r b; do
			if [ "$b" != "$a" ] && [ -f "src/$b.c" ]; then echo "$a $b"; fi
		done
	done
	"${NM:-nm}" -A -u "$app" | awk '{ n = split($1, p, ":"); print $NF, p[n - 1] }' |
		while read -r sym obj; do echo "$sym $(echo "$obj" | module_of)"; done |
		sort >"$scratch/app-uses"
	"${NM:-nm}" -A -g --defined-only "$app" | awk '{ n = split($1, p, ":"); print $NF, p[n - 1] }' |
		while read -r sym obj; do echo "$sym $(echo "$obj" | module_of)"; done |
		sort >"$scratch/app-defs"
	join "$scratch/app-uses" "$scratch/app-defs" | awk '$2 != $3 { print $2, $3 }'
} | sort -u >"$scratch/modules"
if [ ! -s "$scratch/modules" ]; then
	fail "found no dependencies between the modules of src/"
elif ! tsort "$scratch/modules" >/dev/null 2>"$scratch/loop"; then
	fail "a cycle between the modules of src/:"
	cat "$scratch/loop" >&2
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
