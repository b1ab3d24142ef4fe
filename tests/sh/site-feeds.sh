#!/bin/sh
# site-feeds.sh - the web archive's Atom feeds (RFC 4287) and deadline
# calendar (RFC 5545), read by parsers that are not ours: Debian's
# python3-feedparser and python3-icalendar.  Every game has a feed with an
# entry for each turn played, the campaign one of every turn; the calendar
# has the next deadline of every active game and nothing else; the same
# campaign gives the same bytes.  SKIP (77) when the parsers are missing.
. "$top_srcdir/tests/sh/lib.sh"
[ -d "$top_srcdir/examples/campaign/games" ] || { echo "no demo campaign: skipped"; exit 77; }
py=
for p in /usr/bin/python3 python3; do
	"$p" -c 'import feedparser, icalendar' 2>/dev/null && { py=$p; break; }
done
[ -n "$py" ] || { echo "no python3-feedparser or python3-icalendar (apt-get install python3-feedparser python3-icalendar): skipped"; exit 77; }

cp -R "$top_srcdir/examples/campaign" "$scratch/c"
chmod -R u+w "$scratch/c"
WYRMPOST_NOW=1780500000 wp run >/dev/null
expect_status 0 wp site -o "$scratch/www"
expect_status 0 wp site -o "$scratch/again"
diff -r "$scratch/www" "$scratch/again" >/dev/null && ok || fail "two sites of one campaign differ"

# What the games are: id, turns played, whether active.
for id in $(ls "$scratch/c/games"); do
	g=$scratch/c/games/$id/game.xml
	turn=$(sed -n 's/.* turn="\([0-9]*\)".*/\1/p' "$g" | head -1)
	status=$(sed -n 's/.* status="\([a-z]*\)".*/\1/p' "$g" | head -1)
	echo "$id $((turn - 1)) $status"
done >"$scratch/games"

"$py" - "$scratch/www" "$scratch/games" >"$scratch/out" 2>&1 <<'PY'
import sys, feedparser, icalendar
www, games = sys.argv[1], [l.split() for l in open(sys.argv[2])]
bad = []
def check_feed(path, n):
    d = feedparser.parse(open(path, 'rb').read())
    if d.bozo: bad.append(f"{path}: not well formed: {d.bozo_exception}")
    if d.version != 'atom10': bad.append(f"{path}: read as {d.version!r}, not Atom 1.0")
    for k in ('id', 'title', 'updated'):
        if not d.feed.get(k): bad.append(f"{path}: the feed has no {k}")
    if len(d.entries) != n: bad.append(f"{path}: {len(d.entries)} entries, not {n}")
    ids = [e.get('id') for e in d.entries]
    if len(set(ids)) != len(ids): bad.append(f"{path}: entry ids repeat")
    for e in d.entries:
        for k in ('id', 'title', 'updated', 'link', 'summary'):
            if not e.get(k): bad.append(f"{path}: an entry has no {k}"); break
    return d
total = 0
for gid, played, status in games:
    d = check_feed(f"{www}/{gid}/feed.atom", int(played))
    total += int(played)
    if d.entries and d.entries[0].title != f"{gid}, turn {played}":
        bad.append(f"{gid}: newest entry is {d.entries[0].title!r}")
    if d.entries and not d.entries[0].link.endswith(f"{int(played):04d}.html"):
        bad.append(f"{gid}: newest entry links {d.entries[0].link}")
check_feed(f"{www}/feed.atom", min(total, 200))
cal = icalendar.Calendar.from_ical(open(f"{www}/deadlines.ics", 'rb').read())
events = {str(e['SUMMARY']).split(':')[0]: e for e in cal.walk('VEVENT')}
for gid, played, status in games:
    if status == 'active' and gid not in events: bad.append(f"no deadline of {gid}")
    if status != 'active' and gid in events: bad.append(f"a deadline of {gid}, which is {status}")
for gid, e in events.items():
    for k in ('UID', 'DTSTAMP', 'DTSTART'):
        if k not in e: bad.append(f"{gid}: the event has no {k}")
    if e['DTSTART'].dt.utcoffset() is None: bad.append(f"{gid}: a deadline in no time zone")
print("\n".join(bad) if bad else "OK", len(events), "events")
PY
grep -q '^OK' "$scratch/out" && ok || { fail "the parsers disagree"; cat "$scratch/out" >&2; }
grep -q '^OK 6 events' "$scratch/out" && ok || fail "not 6 events: $(tail -1 "$scratch/out")"
# Every line of the calendar ends in CRLF and is at most 75 octets.
awk '{ sub(/\r$/, ""); if (length($0) > 75) bad++ } END { exit bad > 0 }' "$scratch/www/deadlines.ics" && ok || fail "a calendar line over 75 octets"
[ "$(tr -cd '\r' <"$scratch/www/deadlines.ics" | wc -c)" -eq "$(grep -c . "$scratch/www/deadlines.ics")" ] && ok || fail "a calendar line not ended by CRLF"
finish
