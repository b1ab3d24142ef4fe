#!/bin/sh
# gm-mail.sh - the game master's verbs, open seats taken over by mail,
# reminders and held games, through real mail: a real Postfix and Dovecot
# on 127.0.0.1 (tests/sh/mailservers.sh).  Players write their mails over
# SMTP to the campaign's address; Postfix delivers them to its Dovecot
# INBOX, which wyrmpost reads over imaps://; everything wyrmpost mails goes
# out over SMTP with AUTH, and each check reads the recipient's own
# mailbox as a mail program would; press between players comes to each
# from the campaign's address.  A takeover acts only once its From
# address has sent back the code mailed to it.  (gm.sh checks the verbs' effects on the
# stored game through the outbox; this checks who gets which mail.)
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailservers.sh"
. "$top_srcdir/tests/sh/mailparts.sh"
ms_require
ms_start
C=$scratch/c

smtp() { # USER LINES...
	u=$1; shift
	bash "$top_srcdir/tests/sh/smtp-send.bash" "$MS_SMTP_PORT" "$u@example.test" "" "$@" && ok || fail "SMTP from $u"
	ms_settle # in the INBOX before the next run looks
}
box() { find "$(ms_maildir "$1")/new" "$(ms_maildir "$1")/cur" -type f 2>/dev/null; }
# got USER PATTERN [N]: USER's mailbox holds N (default 1) mails with PATTERN
got() {
	ms_settle
	n=0
	for f in $(box "$1"); do
		mp_text "$f" | grep -q -- "$2" && n=$((n + 1))
	done
	[ "$n" -eq "${3:-1}" ] && ok || fail "$1 has $n mails with '$2', wanted ${3:-1}"
}
# text_of USER PATTERN: the decoded text of USER's last mail with PATTERN
text_of() {
	ms_settle
	: >"$scratch/text"
	for f in $(box "$1" | xargs ls -tr); do
		mp_text "$f" >"$scratch/t1"
		if grep -q -- "$2" "$scratch/t1"; then cp "$scratch/t1" "$scratch/text"; fi
	done
	[ -s "$scratch/text" ] && ok || fail "$1 has no mail with '$2'"
}
at() { # HOURS VERB...: run wyrmpost with the clock that many hours on
	h=$1; shift
	WYRMPOST_NOW=$((T0 + h * 3600)) expect_status 0 wp "$@"
}

wp init --sender gm@example.test --gamemaster cat@example.test >/dev/null
printf '%s\n' "$MS_PASS_gm" >"$scratch/gm.pw"
chmod 600 "$scratch/gm.pw"
cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  <gamemaster address="cat@example.test"/>
  <source url="imaps://gm@localhost:$MS_IMAPS_PORT/INBOX" password-file="$scratch/gm.pw" ca-file="$MS_CA" timeout="10"/>
  <smtp url="smtp://localhost:$MS_SUBMISSION_PORT" user="gm" password-file="$scratch/gm.pw" ca-file="$MS_CA" timeout="10"/>
</wyrmpost>
EOX
expect_status 0 wp check
two='--player ann:ann@example.test:annpw1 --player bob:bob@example.test:bobpw1'
wp new g1 dragon-keepers --seed 5 --deadline 24h $two >/dev/null
wp new g2 dragon-keepers --seed 7 --deadline 24h --option nmr-drop=1 \
	--option takeover=gm $two >/dev/null
wp new g3 dragon-keepers --seed 9 --deadline 24h --option remind=6 --option hold=yes \
	$two >/dev/null
at 0 send
got ann 'Welcome to game g1' && got ann 'Welcome to game g3'

# --- game ID set / deadline / pause / resume ------------------------------
at 1 game g1 deadline 48h
at 1 send
got ann 'changed the deadline to 48h' && got bob 'changed the deadline to 48h'
at 1 game g1 pause
at 1 send
got ann 'has paused the game' && got bob 'has paused the game'
at 2 game g1 resume
at 2 send
got ann 'has resumed the game; turn 1 runs at 2027-01-17 10:00' && got bob 'has resumed the game'

# --- player ID NAME address / password ------------------------------------
at 2 player g1 bob address dan@example.test
at 2 send
got bob 'changed the address of bob from bob@example.test to dan@example.test'
got dan 'changed the address of bob from bob@example.test to dan@example.test'
at 2 player g1 bob address bob@example.test
at 2 player g1 bob password
pw=$(sed -n 's/^New password (shown only this once): //p' "$scratch/out")
at 2 send
got bob "password for this game is: $pw"
# The new password works by mail; the old one does not.
smtp bob 'game g1' 'player bob' "password $pw" 'pass'
smtp bob 'game g1' 'player bob' 'password bobpw1' 'pass'
at 3 run
got bob 'Orders received for game g1, turn 1, player bob'
got bob 'Someone sent orders for you with a wrong password'

# --- offer ID NAME, and takeover by mail with takeover=auto --------------
at 3 game g1 set takeover=auto
at 3 offer g1 bob
at 3 send
got bob 'the game master has opened your seat for someone else'
got ann 'the seat of bob is open. Anyone may take it over'
got bob 'the seat of bob is open. Anyone may take it over' 0   # he is out: not invited back
text_of ann 'the seat of bob is open. Anyone may take it over'
expect_no_grep 'turn [0-9]*: Game g1' "$scratch/text"                   # said once
expect_status 0 wp offer g1
expect_grep '^bob: open, nobody has asked' "$scratch/out"
# bob's own orders are refused while the seat is open.
smtp bob 'game g1' 'player bob' "password $pw" 'pass'
# A takeover first mails its From address a code and changes nothing;
# asked twice in a turn, one mail; a wrong code changes nothing either.
smtp dan 'game g1' 'player dan' 'password dan-secret' 'takeover bob'
smtp dan 'game g1' 'player dan' 'password dan-secret' 'takeover bob'
at 4 run
got bob 'the seat of bob is open for someone else to take over'
got dan 'asked to take over the seat of bob in game g1'
got dan 'You take over the seat of bob' 0
expect_no_grep 'name="dan"' "$C/games/g1/game.xml"
text_of dan 'asked to take over the seat of bob in game g1'
code=$(sed -n 's/^takeover bob \([a-z2-9]*\)\r*$/\1/p' "$scratch/text")
[ ${#code} -eq 10 ] && ok || fail "no code in dan's confirmation"
smtp dan 'game g1' 'player dan' 'password dan-secret' 'takeover bob abcdefghij'
at 4 run
expect_no_grep 'name="dan"' "$C/games/g1/game.xml"
expect_grep "'takeover' from dan@example.test has a wrong confirmation code" "$C/spool/fetch.log"
got dan 'asked to take over the seat of bob in game g1'
smtp dan 'game g1' 'player dan' 'password dan-secret' "takeover bob $code"
at 4 run
got dan 'You take over the seat of bob in game g1'
text_of dan 'Welcome to game g1 of Dragon Keepers, dan'
expect_grep 'the one you chose when you asked for the seat' "$scratch/text"
expect_grep '^  dan' "$scratch/text"
smtp dan 'game g1' 'player dan' 'password dan-secret' 'pass'
at 5 run
got dan 'Orders received for game g1, turn 1, player dan'

# --- player ID NAME drop and replace --------------------------------------
at 5 player g1 ann replace fay:ann@example.test:faypw1
at 5 send
got ann 'Welcome to game g1 of Dragon Keepers, fay'
at 5 player g1 fay drop
at 5 send
got ann 'the game master has taken you out of the game'

# --- remind=HOURS: once, to the awaited players who sent nothing ----------
smtp bob 'game g3' 'player bob' 'password bobpw1' 'status'   # a command, not orders
at 17 run                                   # 7 h before the deadline: too early
got ann 'A reminder: turn 1 of game g3' 0
at 19 run
got ann 'A reminder: turn 1 of game g3 (Dragon Keepers) runs at 2027-01-16 08:00'
got bob 'A reminder: turn 1 of game g3'
at 20 run
got ann 'A reminder: turn 1 of game g3'     # once a turn

# --- an open seat at the nmr-drop limit, asked for, refused, approved -----
smtp bob 'game g2' 'player bob' 'password bobpw1' 'pass'
at 25 run                                   # ann sends nothing: her seat opens
text_of bob 'Report for bob'
expect_grep "ann's seat is open after 1 missed turns" "$scratch/text"
expect_grep '^Open seats' "$scratch/text"
expect_grep '^    takeover ann' "$scratch/text"
expect_grep 'The game master approves each request' "$scratch/text"
smtp dan 'game g2' 'player dan' 'password dan-secret' 'takeover ann'
at 26 run
text_of dan 'asked to take over the seat of ann in game g2'
code=$(sed -n 's/^takeover ann \([a-z2-9]*\)\r*$/\1/p' "$scratch/text")
got cat 'asks to take over the seat of ann' 0
smtp dan 'game g2' 'player dan' 'password dan-secret' "takeover ann $code"
at 26 run
got dan 'Your request to take over the seat of ann in game g2'
got cat 'dan <dan@example.test> asks to take over the seat of ann in game g2'
text_of cat 'asks to take over the seat of ann in game g2'
expect_grep 'wyrmpost approve g2 ann --refuse' "$scratch/text"
at 26 approve g2 ann --refuse
at 26 send
got dan 'has turned down your request to take over the seat of ann'
# The address is proven: the same code serves a second request.
smtp dan 'game g2' 'player dan' 'password dan-secret2' "takeover ann $code"
at 27 run
got dan 'Your request to take over the seat of ann in game g2' 2
got cat 'dan <dan@example.test> asks to take over the seat of ann in game g2' 2
at 27 approve g2 ann
at 27 send
got dan 'Welcome to game g2 of Dragon Keepers, dan'
text_of dan 'Welcome to game g2 of Dragon Keepers, dan'
expect_grep 'The game now, at turn 2' "$scratch/text"
expect_grep 'the one you chose when you asked for the seat' "$scratch/text"
smtp dan 'game g2' 'player dan' 'password dan-secret2' 'pass'
smtp bob 'game g2' 'player bob' 'password bobpw1' 'pass'
at 28 run                                   # both sent: the turn runs early
text_of bob 'Dragon Keepers: game g2, turn 2'
expect_grep 'Game master: dan takes over the seat of ann' "$scratch/text"
expect_no_grep '^Open seats' "$scratch/text"
expect_grep 'dan takes over the seat of ann' "$C/games/g2/history"
expect_grep 'turned down dan' "$C/games/g2/history"

# --- a held game mails its players why and until when ---------------------
at 25 run
got ann 'Turn 1 of game g3 (Dragon Keepers) is held'
got bob 'Turn 1 of game g3 (Dragon Keepers) is held'
got cat 'To play the turn anyway: wyrmpost turn g3 --force'
expect_grep 'status="held"' "$C/games/g3/game.xml"

# --- game ID end: the last report to every player -------------------------
at 30 game g3 end
at 30 send
got ann 'The game master ended the game here'
got bob 'The game master ended the game here'

# --- press: relayed from the campaign's address, never the sender's ------
at 30 new g4 dragon-pants --seed 3 --deadline 24h --player ann:ann@example.test:annpw1 \
	--player bob:bob@example.test:bobpw1 --player dan:dan@example.test:danpw1
smtp ann 'game g4' 'player ann' 'password annpw1' 'press bob: meet me at the mountain' \
	'press all: peace in our time' 'gm is the deadline right?'
at 31 run
got bob 'meet me at the mountain'
text_of bob 'meet me at the mountain'
expect_grep '^From: The Tavern <gm@example.test>' "$(box bob | xargs grep -l 'meet me at the mountain' | head -1)"
expect_no_grep 'ann@example.test' "$scratch/text"
expect_grep "To answer, send 'press ann: YOUR TEXT'" "$scratch/text"
got dan 'peace in our time' && got bob 'peace in our time'
got dan 'meet me at the mountain' 0
got ann 'from ann to everyone' 0
got cat 'ann <ann@example.test>, a player of game g4 (Dragon Pants), turn 1, writes:'
got ann 'Your message was relayed (line 4)'
# Grey press hides the name from the players, not from the game master.
at 31 game g4 set press=grey
smtp dan 'game g4' 'player dan' 'password danpw1' 'press ann: a secret ally'
at 32 run
text_of ann 'a secret ally'
expect_grep 'from someone (grey press) to you' "$scratch/text"
expect_no_grep 'dan' "$scratch/text"
at 32 press g4
expect_grep 'dan to ann (grey: the name hidden)' "$scratch/out"
# The next report lists them under Messages.
at 55 run
text_of bob 'Dragon Pants: game g4, turn 1'
expect_grep '^Messages' "$scratch/text"
expect_grep 'from ann to you: meet me at the mountain' "$scratch/text"
expect_grep 'from ann to everyone: peace in our time' "$scratch/text"
finish
