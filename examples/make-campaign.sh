#!/bin/sh
# make-campaign.sh WYRMPOST - (re)create examples/campaign: the demo campaign
# that `./quickstart demo` plays, with games in progress.  The passwords are
# fixed here so the order files in examples/orders/ can use them.
set -eu
wyrmpost=${1:?usage: make-campaign.sh path/to/wyrmpost}
here=$(cd "$(dirname "$0")" && pwd)
dir=$here/campaign
rm -rf "$dir"
export WYRMPOST_NOW=1780000000   # 2026-05-28: the games are due whenever the demo runs
"$wyrmpost" -d "$dir" init --sender tavern@example.org --gamemaster gm@example.org >/dev/null
"$wyrmpost" -d "$dir" new tavern burglar --seed 1234 --deadline 20:00 --tz Europe/London \
	--player ann:ann@example.org:ember-ann --player bob:bob@example.org:ember-bob \
	--player cat:cat@example.org:ember-cat --player dan:dan@example.org:ember-dan \
	--option seats=3 >/dev/null
"$wyrmpost" -d "$dir" new cellar burglar --seed 99 --deadline 24h \
	--player eve:eve@example.org:ember-eve --player fay:fay@example.org:ember-fay \
	--option tokens=10 --option rounds=2 >/dev/null
# Play a few turns so the games are in progress.
for t in 1 2 3; do
	WYRMPOST_NOW=$((1780000000 + t * 86400)) "$wyrmpost" -d "$dir" run
done
# The demo starts with an empty outbox; the reports of the turns played
# here (and their PDFs) are not kept in the source tree.
rm -rf "$dir"/outbox/new/* "$dir/.lock" "$dir"/games/*/reports/*
# Its inbox: a Maildir of order mails, read by `wyrmpost run`.
sed -i 's|  <!-- Options every new game|  <!-- Orders mail is read from here (a path relative to the campaign). -->\
  <source url="maildir:inbox"/>\
  <!-- Options every new game|' "$dir/wyrmpost.xml"
mkdir -p "$dir/inbox/new"
n=1
for f in "$here"/orders/*.txt; do
	who=$(sed -n 's/^player //p' "$f")
	{ printf 'From: %s <%s@example.org>\nTo: tavern@example.org\nSubject: my orders\n' "$who" "$who"
	  printf 'Message-ID: <demo-%d@example.org>\n' "$n"
	  printf 'Content-Type: text/plain; charset=utf-8\n\n'
	  cat "$f"; } >"$dir/inbox/new/100$n.demo.eml"
	n=$((n + 1))
done
cp "$here/orders/dan-joins.mail" "$dir/inbox/new/100$n.demo.eml"
echo "examples/campaign written"
