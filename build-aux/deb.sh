#!/bin/sh
# deb.sh - build the Debian package from a clean copy of the source tree.
#
#   sh build-aux/deb.sh SRCDIR OUTDIR [dpkg-buildpackage options]
#
# The tree is copied to OUTDIR/wyrmpost-VERSION (the files git knows, or,
# outside a git checkout such as a release tarball, every file but build
# trees), so that dpkg-buildpackage's own files and autoreconf's never land
# in the source tree.  The .deb, .buildinfo and .changes go to OUTDIR, the
# copy's parent.  Options default to -us -uc -b (binary, unsigned).
set -eu

src=$(cd "${1:?usage: deb.sh SRCDIR OUTDIR [options]}" && pwd)
out=${2:?usage: deb.sh SRCDIR OUTDIR [options]}
shift 2
[ $# -gt 0 ] || set -- -us -uc -b

command -v dpkg-buildpackage >/dev/null 2>&1 ||
	{ echo "deb.sh: no dpkg-buildpackage: apt-get install dpkg-dev debhelper" >&2; exit 69; }
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
mkdir -p "$out"
out=$(cd "$out" && pwd)
tree=$out/wyrmpost-$version
# What an earlier build of this version left: a stale file is not taken
# for a new one.
rm -rf "$tree" "$out"/wyrmpost_"$version"[._]* "$out"/wyrmpost-dbgsym_"$version"_*
mkdir -p "$tree"

if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# Tracked and new files as they are now; a tracked file deleted but not
	# yet committed is skipped.
	(cd "$src" && git ls-files -z --cached --others --exclude-standard |
		tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -C "$tree" -xf -
else
	# Every top-level entry but build trees (build/, or any holding a
	# config.status), the copies made here, and what debhelper leaves.
	(cd "$src" && for e in * .[!.]*; do
		[ -e "$e" ] || continue
		case $e in build | .git | autom4te.cache) continue ;; esac
		[ -f "$e/config.status" ] || [ "$src/$e" = "$out" ] || printf '%s\n' "$e"
	done | tar --exclude=debian/wyrmpost --exclude=debian/tmp \
		--exclude=debian/.debhelper -T - -cf -) | tar -C "$tree" -xf -
fi
[ -f "$tree/debian/rules" ] || { echo "deb.sh: no debian/rules in the copy of $src" >&2; exit 1; }

cd "$tree"
dpkg-buildpackage -Jauto "$@"
echo "deb.sh: built in $out:"
ls -d "$out"/wyrmpost_"$version"[._]* "$out"/wyrmpost-dbgsym_"$version"_* 2>/dev/null || true
