#!/bin/sh
# intake-mail.sh - `wyrmpost submit` as the delivery agent of a real mail
# system: mail is sent through Postfix on 127.0.0.1 (tests/sh/mailservers.sh)
# to the game master's mailbox in Dovecot, and each message, as delivered
# there (Return-Path, Received, Delivered-To), is piped to `wyrmpost submit`
# as procmail or fetchmail's mda would; answers go back out through Postfix
# with `wyrmpost send`, and the players' mailboxes are read.  A mail
# delivered twice is answered once; an out-of-office reply, a forged From
# (dan is in no game) and a mail from the campaign's own address reach
# nobody; a mail over the limit is quarantined; `observe` from cat mails cat
# a code, and only cat's reply with it subscribes cat.
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailservers.sh"
ms_require
ms_start

C=$scratch/c
SM="/usr/sbin/sendmail -C $MS_POSTFIX_CONF"
wp init --sender gm@example.test >/dev/null
cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  <sendmail command="$SM -i"/>
  <limits message-size="100000"/>
</wyrmpost>
EOX
wp new g1 burglar --seed 5 --deadline 24h --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw >/dev/null

settle() { # wait until Postfix has handed everything to Dovecot
	n=150
	until postqueue -c "$MS_POSTFIX_CONF" -p 2>/dev/null | grep -q 'Mail queue is empty' ||
		[ "$n" -eq 0 ]; do
		sleep 0.1
		n=$((n - 1))
	done
}
box() { find "$(ms_maildir "$1")/new" "$(ms_maildir "$1")/cur" -type f 2>/dev/null; }
count() { box "$1" | wc -l; }
inject() { # ENVELOPE-FROM: a mail on stdin into Postfix, for gm
	$SM -i -f "$1" gm@example.test && ok || fail "sendmail refused a mail from $1"
}
mail() { # FROM MESSAGE-ID [HEADER...] -- BODY-LINES...
	from=$1 id=$2; shift 2
	printf 'From: %s\nTo: gm@example.test\nSubject: orders\nMessage-ID: %s\n' "$from" "$id"
	while [ "$1" != -- ]; do printf '%s\n' "$1"; shift; done
	shift
	printf '\n'; printf '%s\n' "$@"
}
# deliver: pipe every new message in gm's mailbox to submit, one at a time,
# and file it in cur/ as a delivery agent does; every one must exit 0.
deliver() {
	settle
	for f in $(ls "$(ms_maildir gm)/new" 2>/dev/null); do
		p=$(ms_maildir gm)/new/$f
		expect_status 0 wp submit <"$p"
		mv "$p" "$(ms_maildir gm)/cur/$f:2,S"
	done
}
send_out() { expect_status 0 wp send; settle; }

# The welcome mails first, out of the way.
send_out
ms_wait_files "$(ms_maildir bob)/new" 1
rm -rf "$(ms_maildir ann)" "$(ms_maildir bob)"

# Ann's orders, delivered twice (a mail system that retries): used once.
mail 'Ann <ann@example.test>' '<a1@example.test>' -- 'game g1' 'player ann' \
	'password annpw' leave >"$scratch/a1"
inject ann@example.test <"$scratch/a1"
inject ann@example.test <"$scratch/a1"
ms_wait_files "$(ms_maildir gm)/new" 2
deliver
[ "$(cat "$C/games/g1/orders/0001/ann")" = leave ] && ok || fail "ann's orders"
# Bob's out-of-office reply to the welcome mail, quoting it.
mail 'Bob <bob@example.test>' '<ooo@example.test>' 'Auto-Submitted: auto-replied' -- \
	'I am away until Monday.' '> game g1' '> player bob' '> password bobpw' >"$scratch/ooo"
inject bob@example.test <"$scratch/ooo"
# A forged From: dan is in no game.  Not orders, and orders for no player.
mail 'Dan <dan@example.test>' '<d1@example.test>' -- 'Hello, what is this?' \
	| inject dan@example.test
mail 'dan@example.test' '<d2@example.test>' -- 'game g1' 'player dan' 'password x' leave \
	| inject dan@example.test
# From the campaign's own address, with bob's password: never answered.
mail 'The Tavern <gm@example.test>' '<own@example.test>' -- 'game g1' 'player bob' \
	'password bobpw' leave | inject gm@example.test
# Over the campaign's limit (Postfix takes it: its own limit is larger).
{ mail 'Ann <ann@example.test>' '<big@example.test>' -- 'game g1' 'player ann' 'password annpw'
  head -c 300000 /dev/zero | tr '\0' x; printf '\n'; } | inject ann@example.test
# Cat asks to watch.
mail 'Cat <cat@example.test>' '<c1@example.test>' -- 'game g1' observe | inject cat@example.test
ms_wait_files "$(ms_maildir gm)/new" 6
deliver

[ ! -e "$C/games/g1/orders/0001/bob" ] && ok || fail "bob's out-of-office or our own mail stored"
[ "$(ls "$C/spool/quarantine" | wc -l)" -eq 1 ] && ok || fail "the big mail not quarantined"
log=$C/spool/fetch.log
expect_grep 'not answered: Auto-Submitted' "$log"
expect_grep "not answered: from the campaign's own address" "$log"
[ "$(grep -c 'not answered: dan@example.test is in no game' "$log")" -eq 2 ] && ok ||
	fail "dan's mails not logged"
expect_no_grep 'cat@example.test' "$C/games/g1/game.xml"

send_out
ms_wait_files "$(ms_maildir cat)/new" 1
[ "$(count ann)" -eq 1 ] && ok || fail "ann got $(count ann) mails, wanted one reply"
[ "$(count bob)" -eq 0 ] && ok || fail "bob's out-of-office was answered"
[ "$(count dan)" -eq 0 ] && ok || fail "dan, in no game, was mailed (backscatter)"
[ "$(count gm)" -eq 8 ] && ok || fail "gm got $(count gm) mails: something answered itself"
[ "$(count cat)" -eq 1 ] && ok || fail "cat got $(count cat) mails, wanted the code"
f=$(box cat | head -n 1)
code=$(sed -n 's/^observe \([a-z2-9]*\)\r*$/\1/p' "$f")
[ ${#code} -eq 10 ] && ok || fail "no code in cat's mail"

# Dan tries cat's code from his own address: nothing.  Cat replies with it.
mail 'dan@example.test' '<d3@example.test>' -- 'game g1' "observe $code" | inject dan@example.test
mail 'Cat <cat@example.test>' '<c2@example.test>' "In-Reply-To: <c1@example.test>" -- \
	'game g1' "observe $code" '' '> To confirm, reply with these two lines:' \
	| inject cat@example.test
ms_wait_files "$(ms_maildir gm)/new" 2
deliver
expect_grep 'email="cat@example.test"' "$C/games/g1/game.xml"
expect_no_grep 'dan@example.test' "$C/games/g1/game.xml"
send_out
ms_wait_files "$(ms_maildir cat)/new" 2
grep -l 'You now get the public reports of game g1' $(box cat) >/dev/null && ok ||
	fail "cat not told she observes"
[ "$(count dan)" -le 1 ] && ok || fail "dan was mailed more than his own code"
finish
