#!/bin/sh
# new-game.sh - a new game is one folder and one word: a copy of the source
# tree gets src/games/tally/ (from tests/sh/tally-game/) and "tally" in
# WP_GAMES, and nothing else; it must build, list the game, play it from
# `new` to the end, and write XML reports its own grammar accepts.  A full
# configure and build of the copy: the slowest shell test, and the only one
# that runs the autotools.
. "$top_srcdir/tests/sh/lib.sh"
for tool in autoreconf make cc; do
	command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: no $tool"; exit 77; }
done
tree=$scratch/tree
mkdir "$tree"
# The source tree without build products (a git checkout or a release).
(cd "$top_srcdir" && find . -path ./.git -prune -o \( -type d -path './build*' ! -path ./build-aux \) -prune \
	-o -path ./autom4te.cache -prune -o -type f -print) |
	grep -v -e '/Makefile$' -e '\.o$' -e '\.a$' -e '/config\.\(log\|status\|h\)$' >"$scratch/files"
(cd "$top_srcdir" && tar -cf - -T "$scratch/files") | (cd "$tree" && tar -xf -)
[ -f "$tree/configure.ac" ] || { fail "the tree was not copied"; finish; }

# The one folder and the one word.
cp -R "$top_srcdir/tests/sh/tally-game/tally" "$tree/src/games/tally"
sed -i 's/^m4_define(\[WP_GAMES\], \[\(.*\)\])$/m4_define([WP_GAMES], [\1 tally])/' "$tree/configure.ac"
grep -q '^m4_define(\[WP_GAMES\], \[.* tally\])$' "$tree/configure.ac" && ok ||
	fail "WP_GAMES not found in configure.ac"

cd "$tree"
log=$scratch/build.log
if autoreconf -fi >"$log" 2>&1 && mkdir build && cd build &&
	../configure -q --enable-werror >>"$log" 2>&1 && make -j2 wyrmpost >>"$log" 2>&1; then
	ok
else
	fail "the tree with src/games/tally does not build"
	tail -n 30 "$log" >&2
	finish
fi
W=$tree/build/wyrmpost

expect_status 0 "$W" help rules
expect_grep '^  tally  *Tally (a test game), 1 to 4 players$' "$scratch/out"
expect_grep '^  burglar ' "$scratch/out"

c=$scratch/c
expect_status 0 "$W" -d "$c" init --sender gm@example.test
expect_status 0 "$W" -d "$c" new t1 tally --deadline 0 --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw
printf 'game t1\nplayer ann\npassword annpw\nadd 2\n' >"$scratch/o1"
expect_status 0 "$W" -d "$c" submit "$scratch/o1"
expect_grep 'add 2' "$scratch/out"
printf 'game t1\nplayer bob\npassword bobpw\nadd 7\n' >"$scratch/o2"
"$W" -d "$c" submit "$scratch/o2" >"$scratch/reply" 2>&1 || true
expect_grep "send 'add 1' or 'add 2'" "$scratch/reply"
turns=0
while ! grep -q 'over\|finished' "$scratch/status" 2>/dev/null && [ $turns -lt 12 ]; do
	printf 'game t1\nplayer ann\npassword annpw\nadd 2\n' >"$scratch/o1"
	"$W" -d "$c" submit "$scratch/o1" >/dev/null 2>&1
	"$W" -d "$c" turn t1 --force >/dev/null 2>&1
	"$W" -d "$c" status >"$scratch/status" 2>&1
	turns=$((turns + 1))
done
expect_status 0 "$W" -d "$c" report t1
expect_grep 'tally 1[0-9] of 10' "$scratch/out"
[ $turns -le 6 ] && ok || fail "Tally did not end in 5 turns ($turns)"

# Its XML reports validate against its own grammar, installed beside view.rng.
if command -v xmllint >/dev/null 2>&1; then
	mkdir "$scratch/rng"
	cp "$top_srcdir/schema/view.rng" "$tree/src/games/tally/tally-view.rng" "$scratch/rng/"
	for x in "$c"/games/t1/reports/*/*.xml; do
		if xmllint --noout --relaxng "$scratch/rng/tally-view.rng" "$x" 2>"$scratch/err"; then
			ok
		else
			fail "$x does not validate against tally-view.rng"
			cat "$scratch/err" >&2
		fi
	done
fi
finish
