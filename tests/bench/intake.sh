#!/bin/sh
# intake.sh BUILDDIR SRCDIR [N] - `make bench`, intake part: N order
# mails (default 2000; plain, quoted-printable, base64, multipart/alternative
# with HTML, attachments: see intake-gen.py) written into a Maildir,
# then timed over that Maildir, each with its peak memory:
#   1. intake-bench: wyrmpost's MIME intake and orders reader, the code
#      `wyrmpost fetch` runs for each mail, with its sandboxed child;
#   1b. the same linked with the parse in-process (intake-bench-inproc):
#      what the sandbox costs; not how wyrmpost runs;
#   2. Python's email package (policy.default), walking every part and
#      decoding every text part: the comparison for 1 (intake.py);
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

"$py" "$src/tests/bench/intake-gen.py" "$work/Maildir" "$n"
cp -R "$work/Maildir" "$work/fetched"
kb=$(du -sk "$work/Maildir/new" | cut -f1)

# timed NAME CMD...: CMD's output in NAME.out, "SECONDS PEAK-KB" in
# NAME.time; the time from date(1) in ns, as GNU time's %e has only
# hundredths and the in-process run takes a few of them.
timed() {
	name=$1
	shift
	t0=$(date +%s%N)
	$timer -f '%M' -o "$work/$name.mem" "$@" >"$work/$name.out"
	t1=$(date +%s%N)
	echo "$(((t1 - t0) / 1000000)) $(tail -n 1 "$work/$name.mem")" |
		awk '{ printf "%.3f %s\n", $1 / 1000, $2 }' >"$work/$name.time"
}

timed wp "$build/intake-bench" "$work/Maildir"
grep -q "^$n mails, $n with orders.*, 0 parsed without a fork" "$work/wp.out" ||
	{ echo "bench: intake-bench did not read every mail: $(cat "$work/wp.out")" >&2; exit 70; }
timed in "$build/intake-bench-inproc" "$work/Maildir"
grep "^$n mails, $n with orders" "$work/in.out" | grep -qv ', 0 parsed without a fork' ||
	{ echo "bench: intake-bench-inproc did not read every mail: $(cat "$work/in.out")" >&2; exit 70; }
timed py "$py" "$src/tests/bench/intake.py" "$work/Maildir"
grep -q "^$n mails" "$work/py.out" ||
	{ echo "bench: Python did not read every mail: $(cat "$work/py.out")" >&2; exit 70; }

wp() { "$build/wyrmpost" -d "$work/c" "$@"; }
wp init --sender tavern@example.org >/dev/null
wp new proto burglar --seed 1 --deadline 24h --player ann:ann@example.org:pw-ann \
	--player bob:bob@example.org:pw-bob --player cat:cat@example.org:pw-cat \
	--player dan:dan@example.org:pw-dan >/dev/null
# The games the mails are for, t0001 ...: copies of one, as in bench.sh
# (creating each with `new` would time password hashing).
games=$(((n + 3) / 4))
i=1
while [ $i -le "$games" ]; do
	id=$(printf 't%04d' $i)
	mkdir -p "$work/c/games/$id/turns" "$work/c/games/$id/orders" "$work/c/games/$id/reports"
	sed "s/id=\"proto\"/id=\"$id\"/; s/seed=\"1\"/seed=\"$i\"/" \
		"$work/c/games/proto/game.xml" >"$work/c/games/$id/game.xml"
	i=$((i + 1))
done
rm -rf "$work/c/games/proto" "$work/c/outbox/new/"*
cat >"$work/c/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="tavern@example.org"/>
  <source url="maildir:$work/fetched"/>
</wyrmpost>
EOX
timed fetch "$build/wyrmpost" -d "$work/c" fetch
# Every mail taken, indexed, counted as its player's mail for the turn (the
# orders themselves go to the engine, which may refuse some) and answered;
# none set aside.
left=$(ls "$work/fetched/new" | wc -l)
seen=$(ls "$work/c/spool/seen" | wc -l)
quarantined=$(ls "$work/c/spool/quarantine" 2>/dev/null | wc -l)
stored=$(find "$work/c/games" -path '*/orders/*' -name '.mails-*' | wc -l)
replies=$(ls "$work/c/outbox/new" | wc -l)
[ "$left" -eq 0 ] && [ "$seen" -eq "$n" ] && [ "$quarantined" -eq 0 ] &&
	[ "$stored" -eq "$n" ] && [ "$replies" -eq "$n" ] ||
	{ echo "bench: fetch left $left mails, indexed $seen of $n, quarantined" \
		"$quarantined, took $stored as orders, wrote $replies replies" >&2; exit 70; }

read -r ws wk <"$work/wp.time"
read -r is ik <"$work/in.time"
read -r ps pk <"$work/py.time"
read -r fs fk <"$work/fetch.time"
awk -v n="$n" -v kb="$kb" -v ws="$ws" -v wk="$wk" -v is="$is" -v ik="$ik" -v ps="$ps" -v pk="$pk" \
	-v fs="$fs" -v fk="$fk" 'BEGIN {
	printf "intake, %d order mails (%.1f MB; plain, QP, base64, HTML alternative, attachments):\n",
		n, kb / 1024
	printf "  wyrmpost MIME intake + orders reader (sandboxed child): %.2f s = %.0f mails/s, peak %.1f MB\n",
		ws, (ws > 0 ? n / ws : 0), wk / 1024
	printf "  the same parsed in-process, without the sandbox (not how wyrmpost runs): %.2f s = %.0f mails/s, peak %.1f MB\n",
		is, (is > 0 ? n / is : 0), ik / 1024
	printf "  Python email (policy.default, every text part decoded): %.2f s = %.0f mails/s, peak %.1f MB\n",
		ps, (ps > 0 ? n / ps : 0), pk / 1024
	printf "  wyrmpost %.1f times as fast as Python (in-process: %.1f times)\n",
		(ws > 0 ? ps / ws : 0), (is > 0 ? ps / is : 0)
	printf "  whole wyrmpost fetch (spool, PBKDF2 password check, orders stored, reply, flushed): %.2f s = %.0f mails/s, peak %.1f MB\n",
		fs, (fs > 0 ? n / fs : 0), fk / 1024
}'
