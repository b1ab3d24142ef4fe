#!/bin/sh
# play.sh WYRMPOST DIR - play the campaign that tests/campaigns/RELEASE/
# keeps: what WYRMPOST of that release wrote for it.  upgrade.sh plays it
# again with the program of today to have a fresh campaign to compare.
#
# Only what every release since 0.1.0 has: init, new, submit, turn, run,
# with a fixed clock (WYRMPOST_NOW), fixed seeds and passwords, and every
# option whose default has changed since given outright (hold: yes in
# 0.1.0, no now).  The orders are fixed text, not taken from reports,
# whose wording changes.  0.1.0 plays Burglar, Heart of Glass and Dragon
# Pants; City of Glass and Dragon Keepers came later, and a campaign of
# a later release plays them too.  The reports are PDF-less (pdf=none)
# to keep the tree small; the lock file is removed (it holds a pid).
set -eu
wp=${1:?usage: play.sh WYRMPOST DIR}
dir=${2:?usage: play.sh WYRMPOST DIR}
t0=1780000000                  # 2026-05-28 20:26:40 UTC
day=86400
at() { WYRMPOST_NOW=$(($t0 + $1 * $day)); export WYRMPOST_NOW; }
w() { "$wp" -d "$dir" "$@" >/dev/null; }
# orders GAME PLAYER TURN LINE...: a player's orders text, submitted
orders() {
	g=$1 p=$2 t=$3
	shift 3
	{ printf 'game %s\nplayer %s\npassword pw-%s\nturn %s\n' "$g" "$p" "$p" "$t"
	  printf '%s\n' "$@"; } | "$wp" -d "$dir" submit >/dev/null
}

at 0
w init --sender gm@example.org --gamemaster gm@example.org
common='--option hold=no --option pdf=none'
w new tavern burglar --seed 1234 --deadline 20:00 --tz Europe/London $common \
	--option seats=3 --player ann:ann@example.org:pw-ann \
	--player bob:bob@example.org:pw-bob --player cat:cat@example.org:pw-cat \
	--player dan:dan@example.org:pw-dan
w new cellar burglar --seed 99 --deadline 24h $common --option tokens=10 \
	--option rounds=2 --player eve:eve@example.org:pw-eve \
	--player fay:fay@example.org:pw-fay
w new saga heart-of-glass --seed 7 --deadline 24h $common --option nmr-drop=0 \
	--player ann:ann@example.org:pw-ann --player bob:bob@example.org:pw-bob \
	--player cat:cat@example.org:pw-cat
w new pants dragon-pants --seed 8 --deadline 24h $common --option nmr-drop=0 \
	--player eve:eve@example.org:pw-eve --player fay:fay@example.org:pw-fay \
	--player gus:gus@example.org:pw-gus

# Four turns, a day apart, with orders: leave and join at Burglar's
# table, a Dragon's type and stats raised, then a card played in Heart of
# Glass, moves and reactions in Dragon Pants.  Cellar's players send
# nothing, which Burglar takes as staying.
at 1; w run
orders tavern bob 2 leave
orders saga cat 2 'type fire'
orders pants fay 2 'move se'
at 2; w run
orders tavern dan 3 join
orders saga ann 3 'raise heart'
orders saga bob 3 'raise mind'
orders pants gus 3 'move sw'
orders pants eve 3 'react none'
at 3; w run
orders saga cat 4 'play 9H'
orders pants eve 4 'move n'
at 4; w run
# Orders pending for the next turn, kept in games/ID/orders/.
orders tavern ann 5 leave
at 4; w status
rm -f "$dir/.lock"
