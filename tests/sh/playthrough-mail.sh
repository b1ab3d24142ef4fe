#!/bin/sh
# playthrough-mail.sh - all six game modes (Burglar, City of Glass, Dragon
# Keepers' keeper and dragon games, Dragon Pants, Heart of Glass) played
# five turns each by mail (issue #31), through a real Postfix and Dovecot
# on 127.0.0.1 (tests/sh/mailservers.sh).  The players are scripts that
# read only their own mailboxes: each takes, from their latest mail of a
# game, what "A whole turn from you" asks for and copies those lines from
# "You may send one of".  On the way, ann sends a half-wrong mail and
# corrects it, bob goes away for two days and comes back, and ann and bob
# exchange press.  At the end: every turn ran at its deadline or once
# every player it waited for was ready, never earlier (the run times in
# the games' states against the deadlines and the players' replies), and
# every mail the players sent was answered.  dan is the game master.
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailservers.sh"
. "$top_srcdir/tests/sh/mailparts.sh"
ms_require
ms_start
C=$scratch/c
S=$scratch/players # what the scripted players remember
mkdir -p "$S"
HOURS=4            # a run every 4 hours of the fixed clock

nsent=0
send() { # PLAYER GAME LINES...: a mail with the header lines; remembered
	p=$1 g=$2
	shift 2
	nsent=$((nsent + 1))
	id="pt$nsent.$p@player.example.test"
	if bash "$top_srcdir/tests/sh/smtp-send.bash" "$MS_SMTP_PORT" "$p@example.test" "$id" "game $g" "player $p" \
		"password ${p}pw1" "$@"; then
		echo "$p $id" >>"$S/sent"
		ok
	else
		fail "SMTP from $p"
	fi
}
# A player's mailbox, oldest first, each mail decoded once into $S/text/.
box() { find "$(ms_maildir "$1")/new" "$(ms_maildir "$1")/cur" -type f 2>/dev/null | xargs -r ls -tr; }
text() { # MAIL: its decoded text (cached)
	t=$S/text/$(basename "$1")
	[ -e "$t" ] || { mkdir -p "$S/text"; mp_text "$1" | tr -d '\r' >"$t"; }
	cat "$t"
}
subject() { sed -n 's/^Subject: //p' "$1" | head -n 1 | tr -d '\r'; }
# of PLAYER GAME: the player's mails of that game, oldest first.
of() { for f in $(box "$1"); do case $(subject "$f") in "[$2] "*) echo "$f" ;; esac; done; }
# The turn a mail asks orders for (its "Your orders for turn N"), or 0.
asks() { text "$1" | sed -n 's/^Your orders for turn \([0-9]*\)$/\1/p' | tail -n 1 | grep . || echo 0; }
today() { date -u -d "@$1" +%Y-%m-%d; }

wp init --sender gm@example.test --gamemaster dan@example.test >/dev/null
printf '%s\n' "$MS_PASS_gm" >"$scratch/gm.pw"
chmod 600 "$scratch/gm.pw"
cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  <gamemaster address="dan@example.test"/>
  <source url="imaps://gm@localhost:$MS_IMAPS_PORT/INBOX" password-file="$scratch/gm.pw" ca-file="$MS_CA" timeout="10"/>
  <smtp url="smtp://localhost:$MS_SUBMISSION_PORT" user="gm" password-file="$scratch/gm.pw" ca-file="$MS_CA" timeout="10"/>
</wyrmpost>
EOX
expect_status 0 wp check
three='--player ann:ann@example.test:annpw1 --player bob:bob@example.test:bobpw1
	--player cat:cat@example.test:catpw1'
GAMES="bur cog kee lai pan hog"
wp new bur burglar --seed 1 --deadline ${HOURS}h $three >/dev/null
wp new cog city-of-glass --seed 2 --deadline 12h $three >/dev/null
wp new kee dragon-keepers --seed 12 --deadline 12h --option mode=keeper $three >/dev/null
wp new lai dragon-keepers --seed 4 --deadline 12h --option mode=dragon \
	--player ann:ann@example.test:annpw1 --player bob:bob@example.test:bobpw1 >/dev/null
wp new pan dragon-pants --seed 2 --deadline 12h $three >/dev/null
wp new hog heart-of-glass --seed 2 --deadline 12h $three >/dev/null
players_of() { [ "$1" = lai ] && echo "ann bob" || echo "ann bob cat"; }
WYRMPOST_NOW=$T0 expect_status 0 wp send
ms_settle

# One player's mail for one game this round, if they have something to
# send: orders for a turn they have not answered, with the extras of the
# story; what they know comes from their own mailbox only.
play() { # ROUND NOW PLAYER GAME
	r=$1 now=$2 p=$3 g=$4
	best= n=0
	for f in $(of "$p" "$g"); do
		k=$(asks "$f")
		[ "$k" -ge "$n" ] && [ "$k" -gt 0 ] && { best=$f n=$k; }
		case $(subject "$f") in *"(game over)"*) return 0 ;; esac
	done
	[ -n "$best" ] || return 0
	# The last reply to this player's orders for turn n, if any.
	last=
	for f in $(of "$p" "$g"); do
		case $(subject "$f") in "[$g] turn $n: orders"*) last=$f ;; esac
	done
	# bob is away from cog for two days; he says so, then comes back early.
	if [ "$g" = cog ] && [ "$p" = bob ]; then
		if [ ! -e "$S/absent" ]; then
			send bob cog "absent $(today "$now") 2027-01-16 visiting family"
			echo "$now" >"$S/absent"
			return 0
		fi
		if [ ! -e "$S/back" ]; then
			# Back on the morning of the 16th, a day early.
			[ "$now" -ge $((T0 + 24 * 3600)) ] || return 0
			send bob cog back
			echo "$now" >"$S/back"
			return 0
		fi
	fi
	awk -f "$top_srcdir/tests/sh/playthrough-pick.awk" "$S/text/$(basename "$best")" >"$S/lines"
	if [ -e "$S/sent-$g-$p-$n" ]; then
		# Answered already; a reply that says NOT READY is mended once.
		[ -n "$last" ] && text "$last" | head -n 1 | grep -q '^NOT READY:' || return 0
		[ -e "$S/mended-$g-$p-$n" ] && return 0
		touch "$S/mended-$g-$p-$n"
	elif [ "$(cat "$S/lines")" = NONE ]; then
		# Burglar waits for nobody: cat copies the first line offered.
		[ "$g" = bur ] && [ "$p" = cat ] || return 0
		text "$best" | sed -n '/^  You may send one of:/{n;p;q}' | sed 's/^ *//; s/ #.*//' \
			>"$S/lines"
		[ -s "$S/lines" ] || return 0
	fi
	touch "$S/sent-$g-$p-$n"
	set --
	while IFS= read -r l; do set -- "$@" "$l"; done <"$S/lines"
	if [ "$g" = kee ] && [ "$p" = ann ] && [ ! -e "$S/half" ]; then
		set -- "$@" "mend pink" # no such dragon: the mail is half wrong
		touch "$S/half"
	fi
	if [ "$g" = lai ] && [ "$p" = ann ] && [ ! -e "$S/press-ann" ]; then
		set -- "$@" "press bob: shall we train the red dragon together?"
		touch "$S/press-ann"
	fi
	if [ "$g" = lai ] && [ "$p" = bob ] && [ ! -e "$S/press-bob" ] &&
		for f in $(box bob); do text "$f"; done | grep -q 'shall we train the red dragon'; then
		set -- "$@" "press ann: agreed, red it is"
		touch "$S/press-bob"
	fi
	send "$p" "$g" "$@"
}

turn_of() { sed -n 's/.*<game [^>]*turn="\([0-9]*\)".*/\1/p' "$C/games/$1/game.xml"; }
done_all() {
	for g in $GAMES; do
		[ "$(turn_of "$g")" -gt 5 ] || grep -q 'status="over"' "$C/games/$g/game.xml" ||
			return 1
	done
}
r=0
while [ $r -lt 24 ] && ! done_all; do
	r=$((r + 1))
	now=$((T0 + r * HOURS * 3600))
	for g in $GAMES; do
		for p in $(players_of "$g"); do
			play $r $now "$p" "$g"
		done
	done
	ms_settle
	WYRMPOST_NOW=$now expect_status 0 wp run
	ms_settle
done
for g in $GAMES; do
	[ "$(turn_of "$g")" -gt 5 ] && ok || fail "$g played $(($(turn_of "$g") - 1)) turns, not 5"
done

# --- every turn at its deadline or when all it waited for were ready -----
secs() { date -u -d "$(echo "$1" | sed 's/T/ /; s/Z$//')" +%s; }
attr() { sed -n "s/.*<game [^>]*$1=\"\\([^\"]*\\)\".*/\\1/p" "$2"; }
early=0 ontime=0
for g in $GAMES; do
	last=$(($(turn_of "$g") - 1))
	for n in $(seq 1 "$last"); do
		before=$C/games/$g/turns/$(printf %04d "$n").xml
		after=$C/games/$g/turns/$(printf %04d $((n + 1))).xml
		[ -e "$after" ] || after=$C/games/$g/game.xml
		d=$(secs "$(attr deadline "$before")")
		ran=$(secs "$(attr last-run "$after")")
		if [ "$ran" -ge "$d" ]; then
			ontime=$((ontime + 1))
			[ $((ran - d)) -lt $((HOURS * 3600)) ] && ok ||
				fail "$g turn $n ran $((ran - d)) s after its deadline"
			continue
		fi
		early=$((early + 1))
		# Early: each player the turn waited for (their own mail said
		# so) was ready by their last reply, or away.
		for p in $(players_of "$g"); do
			waited= reply=
			for f in $(of "$p" "$g"); do
				[ "$(asks "$f")" = "$n" ] && text "$f" |
					grep -q '^  The turn waits for your orders' && waited=1
				case $(subject "$f") in "[$g] turn $n: orders"*) reply=$f ;; esac
			done
			[ -n "$waited" ] || continue
			if [ "$g" = cog ] && [ "$p" = bob ] && [ "$ran" -ge "$(cat "$S/absent")" ] &&
				[ "$ran" -lt "$(cat "$S/back")" ]; then
				continue # away: not waited for
			fi
			[ -n "$reply" ] && text "$reply" | head -n 1 | grep -q '^READY' && ok ||
				fail "$g turn $n ran early at $(today "$ran"), $p not ready"
		done
	done
done
echo "turns run early: $early, at their deadline: $ontime"
[ $early -gt 0 ] && ok || fail "no turn ran early"
[ $ontime -gt 0 ] && ok || fail "no turn ran at its deadline"

# --- every mail was answered -----------------------------------------------
while read -r p id; do
	grep -l -i "^In-Reply-To: <$id>" $(box "$p") >/dev/null 2>&1 && ok ||
		fail "$p's mail $id got no answer"
done <"$S/sent"

# --- the half-wrong mail, the absence and the press ------------------------
first=$(for f in $(of ann kee); do
	case $(subject "$f") in "[kee] turn 1: orders"*) echo "$f"; break ;; esac
done)
text "$first" | head -n 1 | grep -q '^NOT READY: turn 1 will not run early for you' && ok ||
	fail "ann's half-wrong mail was not answered NOT READY"
text "$first" | grep -q 'line 5: mend pink' && ok || fail "the refused line is not named"
grep -q '^  The turn waits for your orders' "$S/text/$(basename "$first")" && ok ||
	fail "the reply does not say what the turn waits for"
for f in $(box dan); do text "$f"; done >"$scratch/dan"
expect_grep 'bob <bob@example.test>, a player of game cog (City of Glass), turn 1: absent until 2027-01-16 (visiting family)' "$scratch/dan"
expect_grep 'back from absence early; turns wait for them again' "$scratch/dan"
for f in $(box bob); do text "$f"; done >"$scratch/bob"
expect_grep 'You are absent until 2027-01-16 (visiting family)' "$scratch/bob"
expect_grep 'Welcome back: turns wait for your orders again' "$scratch/bob"
cat "$C"/games/cog/reports/*/ann.txt >"$scratch/cog-ann"
expect_grep 'bob is away until 2027-01-16: the no-orders rule plays their seat' "$scratch/cog-ann"
expect_no_grep 'bob sent no orders' "$scratch/cog-ann"
press=$(for f in $(box bob); do text "$f" | grep -q 'shall we train the red dragon' && echo "$f"; done |
	head -n 1)
[ -n "$press" ] && ok || fail "bob got no press from ann"
[ -n "$press" ] && expect_grep '^From: The Tavern <gm@example.test>' "$press"
[ -n "$press" ] && expect_no_grep 'ann@example.test' "$press"
for f in $(box ann); do text "$f"; done >"$scratch/ann"
expect_grep 'agreed, red it is' "$scratch/ann"
expect_grep 'from ann to you: shall we train the red dragon together?' "$scratch/bob"
finish
