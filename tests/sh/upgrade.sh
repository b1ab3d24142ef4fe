#!/bin/sh
# upgrade.sh - a campaign written by an earlier release is read, played
# and rolled back by today's program as a campaign made today is.
#
# tests/campaigns/RELEASE/ is what that release wrote when it played
# tests/campaigns/play.sh (0.1.0, the first release, commit 1dd0a58: four
# games of Burglar, Heart of Glass and Dragon Pants, the rules it had, at
# turn 5 with orders pending).  Here a copy of it (U) and a campaign that
# play.sh makes now with today's program (F) are held side by side.
#
# What legitimately differs between them before today's program writes
# anything, and nothing else:
#  - every password hash: each is salted at random when a game is made,
#    so two campaigns never share one (the passwords are the same: the
#    orders below are taken with them);
#  - in game.xml and turns/*.xml, the options added since (remind,
#    takeover, report-xml, min-gap, press, press-per-turn, press-size,
#    absence-days, absence-window: 0.1.0 knew none, and a game it wrote plays
#    them at their defaults, which today's program writes out) and the
#    written-by attribute (added with the format check: game-format.h);
#  - the orders/NNNN/.mails-PLAYER files: 0.1.0 kept a count ("1"),
#    today's program the mail's key, so a mail read again after a crash is
#    not counted twice; it reads a count as that many mails;
#  - the reports and mails (their wording has changed since: they are
#    written once and only ever sent or shown as they are, never read
#    back), spool/ (0.1.0 kept none) and file modes (0.1.0 wrote game.xml
#    0640, today's program 0600 when it next writes it).
# The engines' states, the game's own attributes and the pending orders
# are byte-identical.  Then each game is played a turn in U and F with the
# same orders (ann's pending `leave` at Burglar's table is 0.1.0's own
# file): from there both are written by today's program, and game.xml,
# the reports and the report mails must be byte-identical but for the
# hashes.  A rollback gives U back 0.1.0's game.xml (and F its own) as
# today's program writes it, with a deadline a turn from the rollback,
# and the turn played again in U gives the same as before but for the
# deadline that follows from it.
# The format is unchanged since 0.1.0 (format 1), so nothing is migrated:
# no turns/NNNN.formatF.xml appears.  Last, a state of a later format is
# refused with the release that wrote it, and the other games still run.
. "$top_srcdir/tests/sh/lib.sh"

release=0.1.0
old=$top_srcdir/tests/campaigns/$release
U=$scratch/u F=$scratch/f
cp -R "$old" "$U"
chmod -R u+w "$U"
# play.sh sets its own clock; the one of lib.sh is for what follows.
(unset WYRMPOST_NOW; sh "$top_srcdir/tests/campaigns/play.sh" "$WYRMPOST" "$F")
export WYRMPOST_NOW=$((1780000000 + 5 * 86400))   # turn 5 is due in both
games='tavern cellar saga pants'

u() { "$WYRMPOST" -d "$U" "$@"; }
f() { "$WYRMPOST" -d "$F" "$@"; }
# same WHAT A B: the two files byte-identical
same() {
	if cmp -s "$2" "$3"; then ok; else
		fail "$1: $2 and $3 differ"
		diff "$2" "$3" | head -20 | sed 's/^/  | /' >&2
	fi
}
# A state with its password hashes blanked.
unsalted() { sed 's/ password="[^"]*"/ password="-"/g' "$1"; }
# A state as 0.1.0 would have written it: without the options and the
# attribute it did not know.
as_010() {
	unsalted "$1" | sed -e '/<option name="remind" /d' -e '/<option name="takeover" /d' \
		-e '/<option name="report-xml" /d' -e '/<option name="min-gap" /d' \
		-e '/<option name="press" /d' -e '/<option name="press-per-turn" /d' \
		-e '/<option name="press-size" /d' -e '/<option name="absence-days" /d' \
		-e '/<option name="absence-window" /d' -e 's/ written-by="[^"]*"//'
}
# A state as 0.1.0 wrote it but for the deadline, which a rollback sets
# afresh from the schedule (the one the state had is past).
as_010_undated() { as_010 "$1" | sed 's/ deadline="[^"]*"//'; }
undated() { unsalted "$1" | sed 's/ deadline="[^"]*"//'; }
# same_state WHAT A B [FILTER]: the two states the same under FILTER
same_state() {
	"${4:-unsalted}" "$2" >"$scratch/a"
	"${4:-unsalted}" "$3" >"$scratch/b"
	same "$1" "$scratch/a" "$scratch/b"
}

# --- read: check, status, and the files as 0.1.0 left them ------------------
expect_check u check
expect_status 0 u status
cp "$scratch/out" "$scratch/status-u"
f status >"$scratch/status-f"
same "status" "$scratch/status-u" "$scratch/status-f"
for g in $games; do
	u status "$g" >"$scratch/status-u"
	f status "$g" >"$scratch/status-f"
	same "status $g" "$scratch/status-u" "$scratch/status-f"
	for s in game.xml turns/0001.xml turns/0002.xml turns/0003.xml turns/0004.xml; do
		same_state "$g/$s" "$U/games/$g/$s" "$F/games/$g/$s" as_010
	done
	(cd "$U/games/$g" && find orders -type f ! -name '.mails-*' | sort) >"$scratch/orders-u"
	(cd "$F/games/$g" && find orders -type f ! -name '.mails-*' | sort) >"$scratch/orders-f"
	same "$g orders" "$scratch/orders-u" "$scratch/orders-f"
	while read -r o; do
		same "$g/$o" "$U/games/$g/$o" "$F/games/$g/$o"
	done <"$scratch/orders-u"
done

# --- play a turn in both ------------------------------------------------------
orders() { # CAMPAIGN GAME PLAYER LINE
	printf 'game %s\nplayer %s\npassword pw-%s\nturn 5\n%s\n' "$2" "$3" "$3" "$4" |
		"$WYRMPOST" -d "$1" submit >/dev/null
}
for c in "$U" "$F"; do
	orders "$c" cellar eve leave
	orders "$c" saga bob 'vote conflict'
	orders "$c" saga cat 'vote stakes'
	orders "$c" pants fay 'move s'
	orders "$c" pants eve 'react none'
done
for g in $games; do
	for c in "$U" "$F"; do
		cp "$c/games/$g/game.xml" "$scratch/$g-before-${c##*/}"
		expect_status 0 "$WYRMPOST" -d "$c" turn "$g"
	done
	same_state "$g played" "$U/games/$g/game.xml" "$F/games/$g/game.xml"
	for r in "$U/games/$g/reports/0005/"*; do
		same "$g report ${r##*/}" "$r" "$F/games/$g/reports/0005/${r##*/}"
	done
	for m in "$U/outbox/new/$g-0005-report-"*; do
		same "$g mail ${m##*/}" "$m" "$F/outbox/new/${m##*/}"
	done
	cp "$U/games/$g/game.xml" "$scratch/$g-played"
done
if grep -q 'leave' "$U/games/tavern/reports/0005/public.txt" &&
   grep -q 'over' "$U/games/cellar/game.xml"; then ok; else
	fail "the pending orders 0.1.0 stored, or those sent now, were not played"
fi
if ls "$U"/games/*/turns/*.format* >/dev/null 2>&1; then
	fail "a state was migrated, but format 1 has not changed since $release"
else
	ok
fi

# --- roll back, and play again ------------------------------------------------
for g in $games; do
	expect_status 0 u rollback "$g"
	expect_status 0 f rollback "$g"
	same_state "$g rolled back to $release's state" "$old/games/$g/game.xml" \
		"$U/games/$g/game.xml" as_010_undated
	same_state "$g rolled back (fresh)" "$scratch/$g-before-f" "$F/games/$g/game.xml" undated
	expect_status 0 u turn "$g"
	same_state "$g played again" "$scratch/$g-played" "$U/games/$g/game.xml" undated
done
expect_check u check

# --- a state from a later release ---------------------------------------------
sed -i -e 's/<game format="1"/<game format="2"/' \
	-e 's/ written-by="[^"]*"/ written-by="wyrmpost 9.0.0"/' "$U/games/saga/game.xml"
expect_status 65 u check
expect_grep 'saga/game.xml: written by wyrmpost 9.0.0 in state format 2' "$scratch/err"
expect_grep 'cannot read' "$scratch/err"
sed -i 's/ written-by="[^"]*"//' "$U/games/saga/game.xml"
expect_status 65 u status saga
cat "$scratch/out" "$scratch/err" >"$scratch/said"
expect_grep 'written by a later wyrmpost in state format 2' "$scratch/said"
export WYRMPOST_NOW=$((WYRMPOST_NOW + 2 * 86400))
expect_status 65 u run
expect_grep 'saga: .*state format 2' "$scratch/err"
if grep -q 'turn="7"' "$U/games/pants/game.xml"; then ok; else
	fail "a game of a later format kept the others from running"
fi
finish
