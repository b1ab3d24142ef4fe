#!/bin/sh
# bench_intake.sh BUILDDIR SRCDIR [N] - `make bench`, intake part: N order
# mails (default 2000; plain, quoted-printable, base64, multipart/alternative
# with HTML, attachments: see bench_intake_gen.py) written into a Maildir,
# then timed over that Maildir, each with its peak memory:
#   1. bench_intake: wyrmpost's MIME intake and orders reader, the code
#      `wyrmpost fetch` runs for each mail, with its sandboxed child;
#   2. Python's email package (policy.default), walking every part and
#      decoding every text part: the comparison for 1 (bench_intake.py);
#   3. the whole `wyrmpost fetch` of a campaign reading that Maildir: 1
#      plus the spool copy, the password check (PBKDF2, 100,000 rounds),
#      the orders stored and a reply written, each file flushed.
set -eu
build=$1 src=$2
n=${3:-2000}
[ -n "$n" ] || n=2000
timer=/usr/bin/time
[ -x "$timer" ] || { echo "bench: needs GNU time (Debian package time)" >&2; exit 69; }
py=/usr/bin/python3
[ -x "$py" ] || py=python3
if ! command -v "$py" >/dev/null 2>&1; then
	echo "intake: needs python3 to write the mails and to compare; skipped"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/wp-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
export WYRMPOST_NOW=1800000000 LC_ALL=C

"$py" "$src/tests/bench_intake_gen.py" "$work/Maildir" "$n"
cp -R "$work/Maildir" "$work/fetched"
kb=$(du -sk "$work/Maildir/new" | cut -f1)

$timer -f '%e %M' -o "$work/wp.time" "$build/bench_intake" "$work/Maildir" >"$work/wp.out"
grep -q "^$n mails, $n with orders" "$work/wp.out" ||
	{ echo "bench: bench_intake did not read every mail: $(cat "$work/wp.out")" >&2; exit 70; }
$timer -f '%e %M' -o "$work/py.time" "$py" "$src/tests/bench_intake.py" "$work/Maildir" >"$work/py.out"
grep -q "^$n mails" "$work/py.out" ||
	{ echo "bench: Python did not read every mail: $(cat "$work/py.out")" >&2; exit 70; }

wp() { "$build/wyrmpost" -d "$work/c" "$@"; }
wp init --sender tavern@example.org >/dev/null
wp new tavern burglar --seed 1 --deadline 24h --player ann:ann@example.org:pw-ann \
	--player bob:bob@example.org:pw-bob --player cat:cat@example.org:pw-cat \
	--player dan:dan@example.org:pw-dan >/dev/null
cat >"$work/c/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="tavern@example.org"/>
  <source url="maildir:$work/fetched"/>
</wyrmpost>
EOX
rm -f "$work/c/outbox/new/"*
$timer -f '%e %M' -o "$work/fetch.time" "$build/wyrmpost" -d "$work/c" fetch >"$work/fetch.out" 2>&1 ||
	{ echo "bench: wyrmpost fetch failed:" >&2; cat "$work/fetch.out" >&2; exit 70; }
# Every mail taken and indexed, none set aside, orders from all four
# players.  (Replies are named by their content, so two mails with the same
# orders from the same player get one: they are not counted.)
left=$(ls "$work/fetched/new" | wc -l)
seen=$(ls "$work/c/spool/seen" | wc -l)
quarantined=$(ls "$work/c/spool/quarantine" 2>/dev/null | wc -l)
stored=$(ls "$work/c/games/tavern/orders/"*/ | wc -l)
[ "$left" -eq 0 ] && [ "$seen" -eq "$n" ] && [ "$quarantined" -eq 0 ] && [ "$stored" -eq 4 ] ||
	{ echo "bench: fetch left $left mails, indexed $seen of $n, quarantined" \
		"$quarantined, stored orders of $stored players" >&2; exit 70; }

read -r ws wk <"$work/wp.time"
read -r ps pk <"$work/py.time"
read -r fs fk <"$work/fetch.time"
awk -v n="$n" -v kb="$kb" -v ws="$ws" -v wk="$wk" -v ps="$ps" -v pk="$pk" \
	-v fs="$fs" -v fk="$fk" 'BEGIN {
	printf "intake, %d order mails (%.1f MB; plain, QP, base64, HTML alternative, attachments):\n",
		n, kb / 1024
	printf "  wyrmpost MIME intake + orders reader (sandboxed child): %.2f s = %.0f mails/s, peak %.1f MB\n",
		ws, (ws > 0 ? n / ws : 0), wk / 1024
	printf "  Python email (policy.default, every text part decoded): %.2f s = %.0f mails/s, peak %.1f MB\n",
		ps, (ps > 0 ? n / ps : 0), pk / 1024
	printf "  wyrmpost %.1f times as fast as Python\n", (ws > 0 ? ps / ws : 0)
	printf "  whole wyrmpost fetch (spool, PBKDF2 password check, orders stored, reply, flushed): %.2f s = %.0f mails/s, peak %.1f MB\n",
		fs, (fs > 0 ? n / fs : 0), fk / 1024
}'
