#!/bin/sh
# deb.sh - the Debian package end to end on this machine: build it (source
# and binary, build-aux/deb.sh), lintian with no error and no warning,
# install it with apt-get, the README's short tour with the installed
# /usr/bin/wyrmpost in a scratch campaign, `man wyrmpost`, the systemd units
# (tests/pkg/systemd.sh), then `dpkg -r` and `dpkg -P`, after which nothing
# of it is left.
#
# Not part of `make check`: it needs root and installs a package.  Run by
# `make check-deb`, or as `sh tests/pkg/deb.sh` from the source tree.
# Exit 77 (SKIP) without root, dpkg-buildpackage or lintian, or when a
# wyrmpost package is already installed (this test would remove it).
set -eu

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
out=${DEB_OUT:-$top_srcdir/build/deb}
[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root (the test installs the package)"; exit 77; }
command -v dpkg-buildpackage >/dev/null 2>&1 ||
	{ echo "SKIP: no dpkg-buildpackage (./quickstart deb installs it)"; exit 77; }
command -v lintian >/dev/null 2>&1 || { echo "SKIP: no lintian (apt-get install lintian)"; exit 77; }
if dpkg-query -W -f='${Status}' wyrmpost 2>/dev/null | grep -q 'ok installed'; then
	echo "SKIP: a wyrmpost package is installed already; this test would remove it"
	exit 77
fi

WYRMPOST=/usr/bin/wyrmpost
export WYRMPOST top_srcdir
. "$top_srcdir/tests/sh/lib.sh"
installed=false
cleanup() {
	if $installed; then
		rm -rf /var/lib/wyrmpost/pkgtest*
		dpkg -P wyrmpost >/dev/null 2>&1 || true
	fi
	rm -rf "$scratch"
}
trap cleanup EXIT

# --- build and lint ---------------------------------------------------------
version=$(dpkg-parsechangelog -l "$top_srcdir/debian/changelog" -S Version)
arch=$(dpkg --print-architecture)
deb=$out/wyrmpost_${version}_$arch.deb
rm -f "$out"/wyrmpost_* "$out"/wyrmpost-dbgsym_*
if sh "$top_srcdir/build-aux/deb.sh" "$top_srcdir" "$out" -us -uc >"$scratch/build.log" 2>&1; then
	ok
else
	fail "dpkg-buildpackage failed"
	tail -n 40 "$scratch/build.log" >&2
	finish || exit 1
fi
echo "built $deb"
# The tests debian/rules runs at build time ran and passed.
expect_grep '^PASS: tests/sh/cli.sh' "$scratch/build.log"
lintian -I --pedantic "$out/wyrmpost_${version}_$arch.changes" >"$scratch/lintian" 2>&1 || true
grep -v 'running with root privileges' "$scratch/lintian" | sed 's/^/lintian: /'
if grep -q '^[EW]: ' "$scratch/lintian"; then
	fail "lintian reports errors or warnings"
else
	ok
fi
# It looked at both the source and the binary package.
grep -q 'wyrmpost_.*\.dsc' "$out/wyrmpost_${version}_$arch.changes" && ok ||
	fail "no source package in the .changes: lintian saw only the binary"

# --- install ----------------------------------------------------------------
installed=true
expect_status 0 env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb"
for f in /usr/bin/wyrmpost /usr/share/man/man1/wyrmpost.1.gz /usr/share/man/man5/wyrmpost.xml.5.gz \
	/usr/share/man/man5/wyrmpost-view.5.gz /usr/share/wyrmpost/templates/burglar \
	/usr/share/wyrmpost/schema/game.rng /usr/share/doc/wyrmpost/copyright \
	/usr/share/doc/wyrmpost/README.md /usr/share/doc/wyrmpost/burglar.md \
	/usr/share/doc/wyrmpost/rules/burglar.md \
	/usr/share/doc/wyrmpost/examples/campaign/wyrmpost.xml \
	/usr/share/doc/wyrmpost/examples/campaign/games/tavern/game.xml \
	/lib/systemd/system/wyrmpost@.service /lib/systemd/system/wyrmpost@.timer; do
	[ -e "$f" ] && ok || fail "the package does not install $f"
done
getent passwd wyrmpost >/dev/null && ok || fail "no system user wyrmpost"
[ "$(stat -c %U:%a /var/lib/wyrmpost)" = wyrmpost:750 ] && ok ||
	fail "/var/lib/wyrmpost is $(stat -c %U:%a /var/lib/wyrmpost)"

# --- the README's short tour, with the installed program ----------------------
cd "$scratch"
expect_status 0 wp init --sender gm@example.org
expect_status 0 wp new t1 burglar --deadline 18:00 --tz Europe/Berlin \
	--player ann:ann@example.org:annsecret --player bob:bob@example.org \
	--player cat:cat@example.org:catsecret
expect_grep '^  bob ' "$scratch/out"
printf 'game t1\nplayer ann\npassword annsecret\nleave\n' >"$scratch/orders.txt"
expect_status 0 wp submit orders.txt
expect_grep 'accepted: leave' "$scratch/out"
expect_status 0 wp status
expect_grep '^t1 .*burglar .*turn 1 ' "$scratch/out"
# lib.sh's clock stands at T0; a day later the game is due.
WYRMPOST_NOW=$((T0 + 86400)) expect_status 0 wp run
expect_status 0 wp status
expect_grep '^t1 .*turn 2 ' "$scratch/out"
expect_status 0 wp report t1
expect_grep 'ann leaves' "$scratch/out"
expect_status 0 wp report t1 --player cat
expect_grep 'Report for cat' "$scratch/out"
# The kits come from /usr/share/wyrmpost/templates.
expect_status 0 wp print burglar -o burglar.pdf
head -c 5 burglar.pdf | grep -q '^%PDF-' && ok || fail "print burglar wrote no PDF"
if command -v strace >/dev/null 2>&1; then
	strace -f -e trace=openat -o print.trace "$WYRMPOST" print burglar -o again.pdf >/dev/null 2>&1
	grep -q '"/usr/share/wyrmpost/templates/burglar/' print.trace && ok ||
		fail "print burglar did not read the kit in /usr/share/wyrmpost/templates"
fi
# The web archive's rules pages come from /usr/share/doc/wyrmpost/rules.
expect_status 0 wp site -o site
[ -s site/rules/burglar.html ] && ok || fail "no rules page: the installed docs/rules unread"

# --- the manual ----------------------------------------------------------------
[ "$(man -w wyrmpost)" = /usr/share/man/man1/wyrmpost.1.gz ] && ok || fail "man -w wyrmpost: $(man -w wyrmpost)"
MANWIDTH=80 man wyrmpost 2>/dev/null >"$scratch/man"
expect_grep 'play-by-email turn processor' "$scratch/man"
expect_grep '^SYNOPSIS' "$scratch/man"
MANWIDTH=80 man 5 wyrmpost.xml 2>/dev/null >"$scratch/man5"
expect_grep '^NAME' "$scratch/man5"
cd /

# --- the systemd units -----------------------------------------------------------
set +e
sh "$top_srcdir/tests/pkg/systemd.sh"
rc=$?
set -e
case $rc in
0) ok ;;
77) echo "(tests/pkg/systemd.sh skipped a part: see above)" ;;
*) fail "tests/pkg/systemd.sh failed" ;;
esac

# --- remove, then purge: nothing left ---------------------------------------------
expect_status 0 dpkg -r wyrmpost
[ ! -e /usr/bin/wyrmpost ] && [ ! -e /usr/share/wyrmpost ] && ok ||
	fail "dpkg -r left /usr/bin/wyrmpost or /usr/share/wyrmpost"
expect_status 0 dpkg -P wyrmpost
installed=false
for f in /usr/share/wyrmpost /usr/share/doc/wyrmpost /usr/share/man/man1/wyrmpost.1.gz \
	/lib/systemd/system/wyrmpost@.service /lib/systemd/system/wyrmpost@.timer /var/lib/wyrmpost; do
	[ ! -e "$f" ] && ok || fail "$f is left after dpkg -P"
done
status=$(dpkg-query -W -f='${Status}' wyrmpost 2>/dev/null || true)
case $status in
'' | *not-installed) ok ;;
*) fail "after dpkg -P, dpkg says wyrmpost is '$status'" ;;
esac
finish
