#!/bin/sh
# outputs.sh WYRMPOST SRCDIR OUT - everything a user gets from wyrmpost,
# written under OUT, for comparing two builds byte for byte across a
# restructure that should change none of it:
#
#   build-aux/outputs.sh old/wyrmpost . /tmp/before
#   build-aux/outputs.sh build/wyrmpost . /tmp/after
#   diff -r /tmp/before /tmp/after && echo same
#
# Each kit on A4 and Letter, with backs and bleed; every demo game's
# `print ID` sheets; one `run` of the demo campaign (its states, turns,
# reports, replies and mails); `status`, `report` and `help` texts; the
# web archive.  The clock is fixed, so two runs of one build agree.
set -eu
wyrmpost=${1:?usage: outputs.sh WYRMPOST SRCDIR OUT}
src=${2:?usage: outputs.sh WYRMPOST SRCDIR OUT}
out=${3:?usage: outputs.sh WYRMPOST SRCDIR OUT}
wyrmpost=$(cd "$(dirname "$wyrmpost")" && pwd)/$(basename "$wyrmpost")
src=$(cd "$src" && pwd)
rm -rf "$out"
mkdir -p "$out/kits" "$out/sheets" "$out/text"
out=$(cd "$out" && pwd)
export WYRMPOST_NOW=1780100000 WYRMPOST_TEMPLATES="$src/templates"
unset WYRMPOST_DIR

for kit in "$src"/templates/*/; do
	kit=$(basename "$kit")
	[ -f "$src/templates/$kit/kit.xml" ] || continue
	"$wyrmpost" print "$kit" -o "$out/kits/$kit-a4.pdf"
	"$wyrmpost" print "$kit" --paper letter --bleed 3 --backs duplex \
		-o "$out/kits/$kit-letter-duplex.pdf"
	"$wyrmpost" print "$kit" --backs fold --small -o "$out/kits/$kit-fold-small.pdf"
done

demo=$out/campaign
cp -R "$src/examples/campaign" "$demo"
w() { "$wyrmpost" -d "$demo" "$@"; }
w status >"$out/text/status-before.txt"
# Three runs a few days apart: the inbox's orders, then every game due.
for t in 0 300000 600000; do
	WYRMPOST_NOW=$((WYRMPOST_NOW + t)) w run >>"$out/text/run.txt" 2>&1 ||
		echo "run exit $?" >>"$out/text/run.txt"
done
w status >"$out/text/status-after.txt"
for g in "$demo"/games/*/; do
	g=$(basename "$g")
	w print "$g" -o "$out/sheets/$g.pdf"
	w report "$g" >"$out/text/report-$g.txt" 2>&1 || true
	w report "$g" --player ann >"$out/text/report-$g-ann.txt" 2>&1 || true
	w status "$g" >"$out/text/status-$g.txt" 2>&1 || true
done
w site -o "$out/site" >/dev/null
"$wyrmpost" help >"$out/text/help.txt" 2>&1 || true
"$wyrmpost" help rules >"$out/text/help-rules.txt" 2>&1 || true
# The lock file holds the pid of the last command: not an output.
rm -f "$demo/.lock"
# Where the source tree is differs between the two builds compared.
sed -i "s|$src|SRCDIR|g" "$out"/text/*.txt
