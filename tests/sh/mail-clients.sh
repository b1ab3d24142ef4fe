#!/bin/sh
# mail-clients.sh - order mails as the common mail programs write them
# (tests/sh/client-mail/: Thunderbird format=flowed with a signature, Gmail
# multipart/alternative in quoted-printable replying on top of the quoted
# welcome mail, Outlook in windows-1252 with the mail replied to copied
# unquoted below its rule, Apple Mail, mutt in ISO-8859-1, an HTML-only
# webmail in base64, the orders in an attached orders.txt) handed to
# `wyrmpost submit` on standard input, bare and with the mbox envelope line
# first as procmail pipes them: the orders taken, the verdicts in the
# reply; each taken once however often it is delivered.  (The shared corpus of third-party mail: tests/sh/mail-corpus.sh.)
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailparts.sh"

data=$top_srcdir/tests/sh/client-mail
C=$scratch/c
wp init --sender gm@example.test >/dev/null
wp new g1 burglar --seed 5 --option seats=8 --deadline 24h \
	$(for p in ann bob cat dan eve fay gus; do echo "--player $p:$p@example.test:${p}pw"; done) \
	>/dev/null
rm -f "$C/outbox/new/"*

orders_of() { cat "$C/games/g1/orders/0001/$1" 2>/dev/null || true; }
reply_of() { # PLAYER: the decoded text of the one reply to PLAYER in the outbox
	set -- $(ls "$C/outbox/new" | grep "^g1-0001-orders-$1-")
	if [ $# -ne 1 ]; then
		fail "$# replies in the outbox, wanted 1"
		: >"$scratch/reply"
		return
	fi
	mp_text "$C/outbox/new/$1" >"$scratch/reply"
}
rejected() { grep -c 'rejected \[' "$scratch/reply" || true; }
submit() { # FILE PLAYER
	rm -f "$C/outbox/new/"*
	if [ -n "$envelope" ]; then
		# procmail pipes the mail with its mbox envelope line first.
		{ printf 'From %s@example.test  Fri Jan 15 09:00:00 2027\n' "$2"
		  cat "$data/$1"; } >"$scratch/piped"
	else
		cp "$data/$1" "$scratch/piped"
	fi
	expect_status 0 wp submit <"$scratch/piped"
	reply_of "$2"
}

clients() {
	# Thunderbird, bottom-posted under the quoted welcome mail, format=flowed:
	# the comment wrapped with a soft break is one line again.
	submit thunderbird-flowed.eml ann
	[ "$(orders_of ann)" = leave ] && ok || fail "thunderbird: ann's orders: $(orders_of ann)"
	expect_grep 'accepted: leave' "$scratch/reply"
	[ "$(rejected)" -eq 0 ] && ok || fail "thunderbird: $(rejected) lines rejected"

	# Gmail, top-posted, quoted-printable, the attribution wrapped onto two
	# lines above the quote: one mistake rejected, nothing else.
	submit gmail-alternative-qp.eml bob
	[ "$(orders_of bob)" = leave ] && ok || fail "gmail: bob's orders: $(orders_of bob)"
	expect_grep "rejected \[unknown-order\]: 'fly away'" "$scratch/reply"
	expect_grep 'accepted: leave' "$scratch/reply"
	[ "$(rejected)" -eq 1 ] && ok || fail "gmail: $(rejected) lines rejected, wanted 1"
	expect_no_grep 'wrote:' "$scratch/reply"

	# Outlook, windows-1252, top-posted over an unquoted copy of the welcome
	# mail: only "status" is read; the copy's example lines ("leave",
	# "password YOUR-PASSWORD") must neither seat nor change anything.
	submit outlook-cp1252.eml cat
	expect_grep 'accepted: status' "$scratch/reply"
	expect_grep 'Status of game g1' "$scratch/reply"
	[ "$(rejected)" -eq 0 ] && ok || fail "outlook: $(rejected) lines rejected"
	[ -z "$(orders_of cat)" ] && ok || fail "outlook: cat has orders: $(orders_of cat)"
	expect_no_grep 'password is changed' "$scratch/reply"
	printf 'game g1\nplayer cat\npassword catpw\nstatus\n' >"$scratch/o"
	expect_status 0 wp submit "$scratch/o"     # her password is still hers

	# Apple Mail: the attribution inside the quote; a command only.
	submit apple-mail-qp.eml dan
	expect_grep 'accepted: help' "$scratch/reply"
	[ "$(rejected)" -eq 0 ] && ok || fail "apple mail: $(rejected) lines rejected"
	[ -z "$(orders_of dan)" ] && ok || fail "apple mail: dan has orders"

	# mutt, ISO-8859-1 in 8 bits: the rejected line comes back in UTF-8.
	submit mutt-latin1.eml eve
	[ "$(orders_of eve)" = leave ] && ok || fail "mutt: eve's orders: $(orders_of eve)"
	expect_grep "$(printf "rejected \\\\[unknown-order\\\\]: 'Arm\303\251e \303\240 Paris'")" \
		"$scratch/reply"
	[ "$(rejected)" -eq 1 ] && ok || fail "mutt: $(rejected) lines rejected, wanted 1"

	# HTML only, base64, a greeting before the header lines.
	submit webmail-html-base64.eml fay
	[ "$(orders_of fay)" = leave ] && ok || fail "webmail: fay's orders: $(orders_of fay)"
	[ "$(rejected)" -eq 0 ] && ok || fail "webmail: $(rejected) lines rejected"

	# The orders in an attached orders.txt, CRLF inside.
	submit orders-attachment.eml gus
	[ "$(orders_of gus)" = leave ] && ok || fail "attachment: gus's orders: $(orders_of gus)"
	expect_grep 'accepted: leave' "$scratch/reply"
	[ "$(rejected)" -eq 0 ] && ok || fail "attachment: $(rejected) lines rejected"
}
envelope=
clients
# The same mails again, now as procmail pipes them: a new campaign's index
# (the old one knows their Message-IDs and would take each once only).
rm -rf "$C/spool/seen"
envelope=yes
clients
# Delivered once more (a mail system that retries): every mail is seen
# before, nothing is answered or stored again.
rm -f "$C/outbox/new/"* "$C/games/g1/orders/0001/"*
envelope=yes
for f in "$data"/*.eml; do
	expect_status 0 wp submit <"$f"
done
[ -z "$(ls "$C/outbox/new")" ] && ok || fail "a mail delivered again was answered"
[ -z "$(ls "$C/games/g1/orders/0001")" ] && ok || fail "a mail delivered again was stored"

finish
