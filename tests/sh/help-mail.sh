#!/bin/sh
# help-mail.sh - help that teaches the game, and talk, by mail: mails
# handed to `wyrmpost submit` and read from a Maildir source by `fetch`.
# A mail program's footer ("Sent from Outlook", in six languages) ends the
# orders; a refused line gets "did you mean" for any word (`play sheild`);
# `help` answers with the player guide and `help ORDER` with the player's
# own lines; every mail to a player ends with the help line, naming the
# site's guide page; a player's mail without orders, and a `gm` line, go
# to the game master; press is relayed from the campaign's address, kept
# to the game's limits, listed under "Messages" in the next report (again
# after a rollback), read by `wyrmpost press` and sent by `broadcast`.
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailparts.sh"

C=$scratch/c
M=$scratch/inbox
mkdir -p "$M/new" "$M/cur" "$M/tmp"
wp init --sender gm@example.test --gamemaster boss@example.test >/dev/null
cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  <gamemaster address="boss@example.test"/>
  <source url="maildir:$M"/>
  <site url="https://tavern.example.test/games/"/>
</wyrmpost>
EOX
expect_status 0 wp check
wp new g1 dragon-pants --seed 3 --deadline 24h --player ann:ann@example.test:annpw1 \
	--player bob:bob@example.test:bobpw1 --player cat:cat@example.test:catpw1 >/dev/null
rm -f "$C/outbox/new/"*

n=0
mail() { # FROM BODY-LINES...: a mail from FROM@example.test, on stdout
	n=$((n + 1))
	printf 'From: %s <%s@example.test>\nTo: gm@example.test\nSubject: orders\n' "$1" "$1"
	printf 'Message-ID: <%d.%s@example.test>\n\n' "$n" "$1"
	shift
	printf '%s\n' "$@"
}
submit() { # FROM BODY-LINES...
	mail "$@" >"$scratch/mail"
	expect_status 0 wp submit <"$scratch/mail"
}
# last WHAT [TEXT]: the decoded text of the newest outbox mail whose name
# has WHAT (and whose text has TEXT)
last() {
	f=$(cd "$C/outbox/new" && ls -t | grep -e "$1" | while read -r m; do
		if [ -z "${2:-}" ] || grep -q -e "$2" "$m"; then echo "$m"; fi
	done | head -1)
	if [ -z "$f" ]; then
		fail "no mail '$1' in the outbox: $(ls "$C/outbox/new")"
		: >"$scratch/text"
	else
		mp_text "$C/outbox/new/$f" >"$scratch/text"
	fi
}
outbox_has() { # PATTERN N: N mails in the outbox hold PATTERN
	k=$(grep -l -e "$1" "$C"/outbox/new/* 2>/dev/null | wc -l)
	[ "$k" -eq "$2" ] && ok || fail "$k mails in the outbox hold '$1', wanted $2"
}
head3() { printf 'game g1\nplayer %s\npassword %spw1\n' "$1" "$1"; }

# --- a mail program's footer ends the orders ------------------------------
for footer in 'Sent from Outlook' 'Get Outlook for Android' 'Von meinem iPhone gesendet' \
	'Envoyé de mon iPhone' 'Enviado desde mi iPhone' 'Inviato da iPhone' \
	'Verzonden vanaf mijn iPhone' 'Sent with Proton Mail secure email.'; do
	rm -f "$C/outbox/new/"*
	submit ann 'game g1' 'player ann' 'password annpw1' 'react none' '' "$footer"
	last orders-ann
	expect_grep 'accepted: react none' "$scratch/text"
	expect_no_grep 'rejected' "$scratch/text"
	grep -q '^Subject: \[g1\] turn 1: orders received' "$C"/outbox/new/*orders-ann* &&
		! grep -q '^Subject: .*some rejected' "$C"/outbox/new/*orders-ann* && ok ||
		fail "'$footer': the subject says some were rejected"
done

# --- did you mean, for any word ------------------------------------------
submit ann 'game g1' 'player ann' 'password annpw1' 'react sheild mirror' 'raect none'
last orders-ann
expect_grep "did you mean 'react shield mirror'?" "$scratch/text"
expect_grep "did you mean 'react none'?" "$scratch/text"
# No order starts like "roll": no hint, however near "the" is to "cat".
submit ann 'game g1' 'player ann' 'password annpw1' 'roll the dice'
last orders-ann
expect_grep "rejected \[unknown-order\]" "$scratch/text"
expect_no_grep 'did you mean' "$scratch/text"

# --- help and help ORDER, and the line every mail ends with -------------
submit bob 'game g1' 'player bob' 'password bobpw1' 'help'
last orders-bob
expect_grep '^The orders of Dragon Pants' "$scratch/text"
expect_grep 'press NAME: TEXT' "$scratch/text"
expect_grep "hold this turn's early run for you" "$scratch/text"        # wait
expect_grep 'your pending orders stand as they are' "$scratch/text"    # ready
expect_grep '^The player guide' "$scratch/text"
expect_grep 'Standing orders: reactions and losses' "$scratch/text"
expect_grep "^Help: send 'help' or 'help ORDER'.*the guide: https://tavern.example.test/games/guide/dragon-pants.html" "$scratch/text"
submit bob 'game g1' 'player bob' 'password bobpw1' 'help react' 'help fly'
last orders-bob
expect_grep "^Help on 'react' in Dragon Pants" "$scratch/text"
expect_grep 'You could send now, for example:' "$scratch/text"
expect_grep '    react mirror shield amulet poison ducky' "$scratch/text"
expect_grep "rejected \[bad-command\]: 'fly' is no order of Dragon Pants" "$scratch/text"
# The welcome mail and every report end with it too.
wp new g2 burglar --seed 1 --deadline 24h --player ann:ann@example.test:annpw1 \
	--player bob:bob@example.test:bobpw1 >/dev/null
last g2-welcome-ann
expect_grep "^Help: send 'help'" "$scratch/text"

# --- to the game master ---------------------------------------------------
rm -f "$C/outbox/new/"*
submit cat 'Hi, what is going on in my game?' 'Cat'
outbox_has 'what is going on in my game' 1
last forward-
grep -q '^To: boss@example.test' "$C"/outbox/new/forward-* && ok || fail "not to the gm"
expect_grep 'cat@example.test, a player in g1 (cat)' "$scratch/text"
last forwarded-
expect_grep 'passed on to the game master (boss@example.test)' "$scratch/text"
# From an address in no game: nobody hears of it.
rm -f "$C/outbox/new/"*
submit eve 'what is going on?'
[ -z "$(ls "$C/outbox/new")" ] && ok || fail "a stranger's mail went out: $(ls "$C/outbox/new")"
submit cat 'game g1' 'player cat' 'password catpw1' 'gm may I pause for a week?'
last g1-0001-gm-
expect_grep 'cat <cat@example.test>, a player of game g1' "$scratch/text"
expect_grep 'may I pause for a week?' "$scratch/text"

# --- press, read from a Maildir ------------------------------------------
# zed observes g1 (confirmed with the code mailed back): press to all
# reaches zed, press to one player does not.
printf 'From: zed@example.net\n\ngame g1\nobserve\n' >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
code=$(sed -n 's/^observe \([a-z2-9]*\)$/\1/p' "$scratch/out")
printf 'From: zed@example.net\n\ngame g1\nobserve %s\n' "$code" >"$scratch/m"
expect_status 0 wp submit "$scratch/m"
expect_grep 'zed@example.net' "$C/games/g1/game.xml"
rm -f "$C/outbox/new/"*
mail ann "$(head3 ann)" 'press bob: shall we share the pants?' 'press all: hello, dragons' \
	>"$M/new/1.ann"
expect_status 0 wp fetch
last press-.*-bob 'shall we share'
expect_grep 'from ann to you:' "$scratch/text"
expect_no_grep 'ann@example.test' "$C/outbox/new/$(ls "$C/outbox/new" | grep 'press-.*-bob' | head -1)"
outbox_has 'shall we share the pants' 2    # bob's relay and ann's reply
outbox_has 'hello, dragons' 4              # bob's, cat's, zed's, ann's reply
grep -l 'hello, dragons' "$C"/outbox/new/*press* | xargs grep -l '^To: zed@example.net' \
	>/dev/null && ok || fail "the observer did not get press to all"
grep -l 'shall we share' "$C"/outbox/new/*press* | xargs grep -l 'zed@example.net' \
	>/dev/null && fail "the observer got press to bob" || ok
grep -l 'hello, dragons' "$C"/outbox/new/*press* | xargs grep -l '^To: cat <cat@example.test>' \
	>/dev/null && ok || fail "cat did not get press to all"
# Handled again (delivered twice): nothing more.
cp "$M/cur/"* "$M/new/2.ann" 2>/dev/null || mail ann "$(head3 ann)" >/dev/null
expect_status 0 wp fetch
outbox_has 'hello, dragons' 4

# Limits and grey press.
expect_status 0 wp game g1 set press-per-turn=3
expect_status 0 wp game g1 set press-size=20
submit bob "$(head3 bob)" 'press ann: yes, if you share' 'press cat: this one is far too long to go' \
	'press cat: two' 'press ann: three' 'press ann: four'
last orders-bob
expect_grep "rejected \[too-long\]: a message may be 20 characters long" "$scratch/text"
expect_grep "rejected \[press-limit\]: you have sent 3 messages this turn" "$scratch/text"
expect_status 0 wp game g1 set press=grey
submit cat "$(head3 cat)" 'press ann: guess who'
last press-.*-ann 'guess who'
expect_grep 'from someone (grey press) to you' "$scratch/text"
expect_no_grep 'cat' "$scratch/text"
expect_status 0 wp game g1 set press=none
submit cat "$(head3 cat)" 'press ann: again'
last orders-cat
expect_grep 'rejected \[no-press\]' "$scratch/text"

# The game master reads them all, and writes to everyone.
expect_status 0 wp press g1
expect_grep 'ann to bob:' "$scratch/out"
expect_grep 'cat to ann (grey: the name hidden):' "$scratch/out"
expect_grep 'cat to the game master:' "$scratch/out"
rm -f "$C/outbox/new/"*
expect_status 0 wp broadcast g1 The tavern closes at midnight.
expect_grep 'g1: 4 mails in the outbox' "$scratch/out"
outbox_has 'The tavern closes at midnight' 4

# --- the next report lists them; a turn played again lists them again ----
WYRMPOST_NOW=$((T0 + 25 * 3600)) expect_status 0 wp turn g1
last g1-0001-report-ann
expect_grep '^Messages' "$scratch/text"
expect_grep 'from bob to you: yes, if you share' "$scratch/text"
expect_grep 'from someone (grey press) to you: guess who' "$scratch/text"
expect_grep 'from the game master to everyone: The tavern closes at midnight.' "$scratch/text"
expect_no_grep 'shall we share the pants' "$scratch/text"   # her own
# The same messages in the report's PDF and its XML view (wyrmpost-view(5)).
r=$C/games/g1/reports/0001
expect_grep '<message>from bob to you: yes, if you share' "$r/ann.xml"
if command -v xmllint >/dev/null; then
	rules=$(sed -n 's/.*<report [^>]*rules="\([^"]*\)".*/\1/p' "$r/ann.xml" | head -n 1)
	mkdir -p "$scratch/rng"
	cp "$top_srcdir/schema/view.rng" "$top_srcdir/src/games/$rules/$rules-view.rng" "$scratch/rng/"
	expect_status 0 xmllint --noout --relaxng "$scratch/rng/$rules-view.rng" "$r/ann.xml"
fi
if [ -s "$r/ann.pdf" ] && command -v pdftotext >/dev/null; then
	pdftotext "$r/ann.pdf" - | tr -s ' \n' ' ' >"$scratch/pdf.txt"
	expect_grep 'Messages' "$scratch/pdf.txt"
	expect_grep 'from bob to you: yes, if you share' "$scratch/pdf.txt"
fi
last g1-0001-report-bob
expect_grep 'from ann to you: shall we share the pants?' "$scratch/text"
last g1-0001-public-0
expect_grep 'from ann to everyone: hello, dragons' "$scratch/text"
expect_no_grep 'shall we share' "$scratch/text"
expect_status 0 wp rollback g1
WYRMPOST_NOW=$((T0 + 26 * 3600)) expect_status 0 wp turn g1
last g1-0001-report-bob-replay1
expect_grep 'from ann to you: shall we share the pants?' "$scratch/text"
finish
