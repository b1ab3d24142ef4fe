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
# Heart of Glass, Dragon Pants and City of Glass wait for one player at a
# time; the demo plays their first turns by the no-orders rule, so nothing
# is held.
"$wyrmpost" -d "$dir" new saga heart-of-glass --seed 7 --deadline 24h --option hold=no \
	--option nmr-drop=0 --player ann:ann@example.org:ember-ann \
	--player bob:bob@example.org:ember-bob --player cat:cat@example.org:ember-cat >/dev/null
"$wyrmpost" -d "$dir" new pants dragon-pants --seed 8 --deadline 24h --option hold=no \
	--option nmr-drop=0 --player eve:eve@example.org:ember-eve \
	--player fay:fay@example.org:ember-fay --player gus:gus@example.org:ember-gus >/dev/null
"$wyrmpost" -d "$dir" new glass city-of-glass --seed 9 --deadline 24h --option hold=no \
	--option nmr-drop=0 --player ann:ann@example.org:ember-ann \
	--player eve:eve@example.org:ember-eve --player cat:cat@example.org:ember-cat >/dev/null
# Dragon Keepers waits for every player at once: the keeper game for three,
# the cooperative dragon game for two.
"$wyrmpost" -d "$dir" new keep dragon-keepers --seed 9 --deadline 24h --option hold=no \
	--option nmr-drop=0 --option mode=keeper --player ann:ann@example.org:ember-ann \
	--player bob:bob@example.org:ember-bob --player cat:cat@example.org:ember-cat >/dev/null
"$wyrmpost" -d "$dir" new lair dragon-keepers --seed 10 --deadline 24h --option hold=no \
	--option nmr-drop=0 --option mode=dragon --option difficulty=easy \
	--player eve:eve@example.org:ember-eve --player fay:fay@example.org:ember-fay >/dev/null
# Play a few turns so the games are in progress.
for t in 1 2 3 4; do
	WYRMPOST_NOW=$((1780000000 + t * 86400)) "$wyrmpost" -d "$dir" run
done
# The demo starts with an empty outbox; the reports of the turns played
# here (and their PDFs) are not kept in the source tree.
rm -f "$dir/.lock"
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
# For the games that wait for one player: that player's orders, the first
# of those their last report offers, as a mail waiting in the inbox.
for g in saga pants glass keep lair; do
	who=$("$wyrmpost" -d "$dir" status "$g" | awk '$3 ~ /^awaited/ { print $1; exit }')
	[ -n "$who" ] || continue
	last=$(ls "$dir/games/$g/reports" | tail -n 1)
	order=$(sed -n '/You may send one of:/{n;p;q}' "$dir/games/$g/reports/$last/$who.txt" |
		sed 's/^ *//; s/ # .*//')
	turn=$("$wyrmpost" -d "$dir" status "$g" | awk '{ print $4; exit }')
	{ printf 'From: %s <%s@example.org>\nTo: tavern@example.org\n' "$who" "$who"
	  printf 'Subject: Re: [%s] turn %s report\nMessage-ID: <demo-%s@example.org>\n' \
		"$g" "$last" "$g"
	  printf 'Content-Type: text/plain; charset=utf-8\n\n'
	  printf 'game %s\nplayer %s\npassword ember-%s\nturn %s\n%s\n' \
		"$g" "$who" "$who" "$turn" "$order"; } >"$dir/inbox/new/2000.$g.demo.eml"
done
rm -rf "$dir"/games/*/reports/* "$dir"/outbox/new/*
echo "examples/campaign written"
