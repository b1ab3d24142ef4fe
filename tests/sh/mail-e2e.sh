#!/bin/sh
# mail-e2e.sh - a Burglar game played by mail end to end through a real
# Postfix and Dovecot on 127.0.0.1 (tests/sh/mailservers.sh): the players'
# order mails, as Thunderbird, Gmail, Outlook and Apple Mail write them, are
# APPENDed to the game master's IMAP INBOX; one `wyrmpost run` reads them
# over imaps:// (password file, the test CA), plays the turn that is due and
# sends over SMTP with STARTTLS and AUTH; then each player's mailbox is read
# as a mail program would: a confirmation with the verdict of every line of
# every order mail, the turn report with a PDF that decodes and is one, the
# INBOX emptied, and a second run sending nothing.  Then replies quoting
# the real report, and the SMTP server refusing mail in the middle of a run,
# then down for a whole run, then back: nothing lost, nothing twice.
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailservers.sh"
. "$top_srcdir/tests/sh/mailparts.sh"
ms_require
ms_start

data=$top_srcdir/tests/sh/client-mail
C=$scratch/c
players="ann bob cat dan"
pdf_tools=yes
for t in qpdf pdftotext; do
	command -v $t >/dev/null 2>&1 || { echo "$t missing: PDF checks skipped"; pdf_tools=; }
done

# append FILE...: IMAP APPEND each mail to gm's INBOX, as a mail program
# files one (LOGIN on the plain port: it is loopback).
cat >"$scratch/append" <<'EOS'
port=$1 user=$2 pass=$3 tmp=$4
shift 4
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
expect() {
	while IFS= read -r -t 10 line <&3; do
		case $line in
		"$1 OK"*) return 0 ;;
		"$1 "*) echo "append: $line" >&2; return 1 ;;
		esac
	done
	echo "append: no answer to $1" >&2
	return 1
}
IFS= read -r -t 10 line <&3 || exit 1
printf 'a LOGIN %s %s\r\n' "$user" "$pass" >&3
expect a || exit 1
i=0
for f; do
	i=$((i + 1))
	sed 's/\r$//; s/$/\r/' "$f" >"$tmp"
	printf 'b%d APPEND INBOX {%d}\r\n' $i "$(wc -c <"$tmp")" >&3
	IFS= read -r -t 10 line <&3
	case $line in "+"*) ;; *) echo "append: $line" >&2; exit 1 ;; esac
	cat "$tmp" >&3
	printf '\r\n' >&3
	expect b$i || exit 1
done
printf 'z LOGOUT\r\n' >&3
expect z
EOS
append() {
	bash "$scratch/append" "$MS_IMAP_PORT" gm "$MS_PASS_gm" "$scratch/append.tmp" "$@" &&
		ok || fail "IMAP APPEND of $*"
}
inbox() { find "$(ms_maildir gm)/new" "$(ms_maildir gm)/cur" -type f 2>/dev/null | wc -l; }
box() { find "$(ms_maildir "$1")/new" "$(ms_maildir "$1")/cur" -type f 2>/dev/null; }
# Wait until Postfix has handed everything it took to Dovecot.
settle() {
	n=150
	until postqueue -c "$MS_POSTFIX_CONF" -p 2>/dev/null | grep -q 'Mail queue is empty' ||
		[ "$n" -eq 0 ]; do
		sleep 0.1
		n=$((n - 1))
	done
}
msgid() { # FILE: its Message-ID, without the angle brackets
	mp_split "$1" "$scratch/hdr"
	grep -i '^message-id:' "$scratch/hdr/0.hdr" | head -n 1 | sed 's/^[^<]*<//; s/>.*//'
}
# mail_of USER PATTERN: the one mail in USER's mailbox whose text has PATTERN
mail_of() {
	found=
	for f in $(box "$1"); do
		mp_text "$f" | grep -q -- "$2" && found="$found $f"
	done
	set -- $found
	[ $# -eq 1 ] && echo "$1"
}
# Every message sent is in its recipients' mailboxes exactly once, and
# nothing arrived that was not sent.
delivered_once() {
	settle
	for f in "$C"/sent/new/*; do msgid "$f"; done | sort >"$scratch/sent.ids"
	for p in $players; do
		for f in $(box $p); do msgid "$f"; done
	done | sort >"$scratch/got.ids"
	if cmp -s "$scratch/sent.ids" "$scratch/got.ids"; then
		ok
	else
		fail "sent and delivered differ ($1):"
		diff "$scratch/sent.ids" "$scratch/got.ids" | sed 's/^/  | /' >&2
	fi
	dups=$(uniq -d "$scratch/got.ids")
	[ -z "$dups" ] && ok || fail "delivered twice ($1): $dups"
}

wp init --sender gm@example.test >/dev/null
wp new g1 burglar --seed 5 --deadline 24h \
	$(for p in $players; do echo "--player $p:$p@example.test:${p}pw"; done) >/dev/null
printf '%s\n' "$MS_PASS_gm" >"$scratch/gm.pw"
chmod 600 "$scratch/gm.pw"
cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  <source url="imaps://gm@localhost:$MS_IMAPS_PORT/INBOX" password-file="$scratch/gm.pw" ca-file="$MS_CA" timeout="10"/>
  <smtp url="smtp://localhost:$MS_SUBMISSION_PORT" user="gm" password-file="$scratch/gm.pw" ca-file="$MS_CA" timeout="10"/>
</wyrmpost>
EOX

# --- Turn 1: four order mails into the INBOX, one run at the deadline ----
append "$data/thunderbird-flowed.eml" "$data/gmail-alternative-qp.eml" \
	"$data/outlook-cp1252.eml" "$data/apple-mail-qp.eml"
[ "$(inbox)" -eq 4 ] && ok || fail "INBOX holds $(inbox) mails, wanted 4"
N1=$((T0 + 25 * 3600))                  # the 24 h deadline has passed
WYRMPOST_NOW=$N1 expect_status 0 wp run
[ "$(inbox)" -eq 0 ] && ok || fail "INBOX not emptied: $(inbox) left"
[ -z "$(ls -A "$C/outbox/new")" ] && ok || fail "outbox not emptied"
settle
for p in $players; do
	[ "$(box $p | wc -l)" -eq 3 ] && ok ||
		fail "$p: $(box $p | wc -l) mails, wanted welcome, confirmation, report"
done
grep -q 'sasl_username=gm' "$MS_LOG/postfix.log" && ok || fail "no SMTP AUTH seen by Postfix"

# Each order mail answered, in its thread, with the verdict of each line.
confirmation() { # PLAYER ORDER-MAIL: the reply's decoded text into $scratch/reply
	f=$(mail_of "$1" "Orders received for game g1, turn 1, player $1") || {
		fail "$1: no single confirmation"
		: >"$scratch/reply"
		return
	}
	mp_text "$f" >"$scratch/reply"
	want=$(msgid "$2")
	mp_split "$f" "$scratch/rh"
	grep -i '^in-reply-to:' "$scratch/rh/0.hdr" | grep -q -F "$want" && ok ||
		fail "$1: the confirmation does not answer <$want>"
}
rejected() { grep -c 'rejected \[' "$scratch/reply" || true; }
confirmation ann "$data/thunderbird-flowed.eml"
expect_grep 'accepted: leave' "$scratch/reply"
[ "$(rejected)" -eq 0 ] && ok || fail "ann: $(rejected) lines rejected"
confirmation bob "$data/gmail-alternative-qp.eml"
expect_grep "rejected \[unknown-order\]: 'fly away'" "$scratch/reply"
expect_grep 'accepted: leave' "$scratch/reply"
[ "$(rejected)" -eq 1 ] && ok || fail "bob: $(rejected) lines rejected, wanted 1"
confirmation cat "$data/outlook-cp1252.eml"
expect_grep 'accepted: status' "$scratch/reply"
expect_grep 'Status of game g1' "$scratch/reply"
[ "$(rejected)" -eq 0 ] && ok || fail "cat: $(rejected) lines rejected"
confirmation dan "$data/apple-mail-qp.eml"
expect_grep 'accepted: help' "$scratch/reply"

# The turn report, with the PDF of it attached.
report_check() { # PLAYER TURN WORDS...: checks the report mail; its text in $scratch/report
	p=$1 t=$2
	shift 2
	f=$(mail_of $p "Dragon: game g1, turn $t\$") || { fail "$p: no single turn $t report"; return; }
	mp_text "$f" >"$scratch/report"
	expect_grep "game g1, turn $t" "$scratch/report"
	for w; do expect_grep "$w" "$scratch/report"; done
	mp_attachment "$f" application/pdf "$scratch/$p.pdf" .pdf && ok || fail "$p: no PDF attached"
	head -c 5 "$scratch/$p.pdf" | grep -q '^%PDF-' && ok || fail "$p: the attachment is no PDF"
	cmp -s "$scratch/$p.pdf" "$C/games/g1/reports/$(printf %04d $t)/$p.pdf" && ok ||
		fail "$p: the PDF changed on the way"
	[ -n "$pdf_tools" ] || return 0
	qpdf --check "$scratch/$p.pdf" >"$scratch/qpdf.out" 2>&1 && ok ||
		{ fail "$p: qpdf --check"; sed 's/^/  | /' "$scratch/qpdf.out" >&2; }
	pdftotext "$scratch/$p.pdf" "$scratch/$p.txt" 2>/dev/null
	expect_grep "Report for $p" "$scratch/$p.txt"
	expect_grep "game g1, turn $t" "$scratch/$p.txt"
}
for p in $players; do
	report_check $p 1 'ann leaves the table' 'bob leaves the table'
	# Superseded welcome and rejected orders are not mixed in.
	grep -c 'Report for' "$scratch/report" | grep -qx 1 && ok || fail "$p: report text"
done
cp "$scratch/report" "$scratch/dan-report1"
delivered_once "turn 1"

# Again, a minute later: nothing to fetch, nothing to send.
sent1=$(ls "$C/sent/new" | wc -l)
WYRMPOST_NOW=$((N1 + 60)) expect_status 0 wp run
settle
[ "$(ls "$C/sent/new" | wc -l)" -eq "$sent1" ] && ok || fail "the second run sent mail"
for p in $players; do
	[ "$(box $p | wc -l)" -eq 3 ] && ok || fail "$p: mail after the second run"
done

# --- Turn 2: replies to the report itself ------------------------------
# Cat leaves, replying on top of the quoted report as Gmail does; dan asks
# for the status on top of Outlook's unquoted copy of the report, whose
# "leave" and "password YOUR-PASSWORD" lines must be left alone.
rid=$(msgid "$(mail_of dan 'Dragon: game g1, turn 1$')")
{ printf 'From: Cat Example <cat@example.test>\nTo: The Tavern <gm@example.test>\n'
  printf 'Subject: Re: [g1] turn 1 report\nMessage-ID: <cat-t2@example.test>\n'
  printf 'In-Reply-To: <%s>\nMIME-Version: 1.0\n' "$rid"
  printf 'Content-Type: text/plain; charset="UTF-8"\n\n'
  printf 'game g1\nplayer cat\npassword catpw\nleave\n\n'
  printf 'On Sat, Jan 16, 2027 at 9:00 AM The Tavern <gm@example.test> wrote:\n\n'
  sed 's/^/> /' "$scratch/dan-report1"; } >"$scratch/cat-t2.eml"
{ printf 'From: Dan Example <dan@example.test>\nTo: The Tavern <gm@example.test>\n'
  printf 'Subject: RE: [g1] turn 1 report\nMessage-ID: <dan-t2@example.test>\n'
  printf 'In-Reply-To: <%s>\nMIME-Version: 1.0\n' "$rid"
  printf 'Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: 8bit\n\n'
  printf 'game g1\nplayer dan\npassword danpw\nstatus\n\n________________________________\n'
  printf 'From: The Tavern <gm@example.test>\nSent: Saturday, January 16, 2027 9:00 AM\n'
  printf 'To: dan <dan@example.test>\nSubject: [g1] turn 1 report\n\n'
  cat "$scratch/dan-report1"; } >"$scratch/dan-t2.eml"
append "$scratch/cat-t2.eml" "$scratch/dan-t2.eml"

# The SMTP server takes two mails and then refuses more, in the middle of
# the run's sending: the rest stays in the outbox.
pf_limit() { # on|off: Postfix's rate limit for 127.0.0.1 on the submission port
	sed -i "/^127.0.0.1:$MS_SUBMISSION_PORT /s/ -o smtpd_client_message_rate_limit=.*//" \
		"$MS_POSTFIX_CONF/master.cf"
	[ "$1" = on ] && sed -i "/^127.0.0.1:$MS_SUBMISSION_PORT /s/\$/ -o smtpd_client_message_rate_limit=2 -o smtpd_client_event_limit_exceptions=/" \
		"$MS_POSTFIX_CONF/master.cf"
	touch -d '-1 minute' "$MS_POSTFIX_CONF/master.cf"
	ms_stop_postfix
	ms_start_postfix
}
pf_limit on
N2=$((N1 + 24 * 3600 + 600))            # turn 2's deadline has passed
WYRMPOST_NOW=$N2 expect_status 75 wp run
expect_grep 'will try again' "$scratch/err"
[ "$(inbox)" -eq 0 ] && ok || fail "turn 2: INBOX not emptied"
[ -e "$C/games/g1/reports/0002/dan.pdf" ] && ok || fail "turn 2 not played"
left=$(ls "$C/outbox/new" | wc -l)
[ "$left" -ge 1 ] && ok || fail "the refusing server took everything"
[ "$(ls "$C/outbox/retry" | wc -l)" -eq "$left" ] && ok || fail "no retry state"
[ "$(ls "$C/sent/new" | wc -l)" -eq $((sent1 + 2)) ] && ok ||
	fail "$(( $(ls "$C/sent/new" | wc -l) - sent1 )) sent before the refusals, wanted 2"
# Two confirmations and six reports (four players and none lost).
[ $(( $(ls "$C/sent/new" | wc -l) - sent1 + left )) -eq 6 ] && ok ||
	fail "turn 2 made $(( $(ls "$C/sent/new" | wc -l) - sent1 + left )) mails, wanted 6"
delivered_once "refused in the middle"

# Down for a whole run: kept again.  Back: each mail arrives once.
pf_limit off
ms_stop_postfix
WYRMPOST_NOW=$((N2 + 3600)) expect_status 75 wp run
expect_grep 'cannot connect' "$scratch/err"
[ "$(ls "$C/outbox/new" | wc -l)" -eq "$left" ] && ok || fail "mail lost while the server was down"
ms_start_postfix
WYRMPOST_NOW=$((N2 + 7200)) expect_status 0 wp run
[ -z "$(ls -A "$C/outbox/new")" ] && ok || fail "outbox not emptied after the restart"
[ -z "$(ls -A "$C/outbox/retry")" ] && ok || fail "retry state left"
WYRMPOST_NOW=$((N2 + 7800)) expect_status 0 wp run
delivered_once "after the restart"

# What turn 2 did with the replies: cat's "leave" taken from above the
# quote; dan's unquoted copy of the report read as nothing.
f=$(mail_of dan "Orders received for game g1, turn 2, player dan") && ok ||
	fail "dan: no single turn 2 confirmation"
mp_text "$f" >"$scratch/reply"
expect_grep 'accepted: status' "$scratch/reply"
[ "$(rejected)" -eq 0 ] && ok || fail "dan: $(rejected) lines of the quoted report read"
expect_no_grep 'password is changed' "$scratch/reply"
f=$(mail_of cat "Orders received for game g1, turn 2, player cat") && ok ||
	fail "cat: no single turn 2 confirmation"
mp_text "$f" >"$scratch/reply"
expect_grep 'accepted: leave' "$scratch/reply"
[ "$(rejected)" -eq 0 ] && ok || fail "cat: $(rejected) lines rejected"
for p in cat dan; do
	report_check $p 2 'cat leaves the table'
	expect_no_grep 'dan leaves the table' "$scratch/report"
done

# --- TLS refused on the STARTTLS paths and implicit TLS, AUTH refused ----
# (fetch-servers.sh and send.sh check imaps://, pop3s:// and SMTP STARTTLS.)
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
	-subj "/CN=not the test CA" -keyout "$scratch/other.key" -out "$scratch/other.crt" \
	>/dev/null 2>&1
printf 'wrong\n' >"$scratch/bad.pw"
chmod 600 "$scratch/bad.pw"
N3=$((N2 + 9000))
WYRMPOST_NOW=$N3 wp new g2 burglar --seed 3 --deadline 24h --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw >/dev/null
printf 'From: Ann <ann@example.test>\nTo: gm@example.test\nSubject: g2\nMessage-ID: <ann-g2@example.test>\n\ngame g2\nplayer ann\npassword annpw\nleave\n' \
	>"$scratch/ann-g2.eml"
append "$scratch/ann-g2.eml"
config() { # SOURCE-ATTRIBUTES SMTP-ATTRIBUTES
	cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  <source $1 timeout="10"/>
  <smtp $2 user="gm" timeout="10"/>
</wyrmpost>
EOX
}
good_smtp="url=\"smtp://localhost:$MS_SUBMISSION_PORT\" password-file=\"$scratch/gm.pw\" ca-file=\"$MS_CA\""
config "url=\"imap://gm@localhost:$MS_IMAP_PORT/INBOX\" starttls=\"yes\" password-file=\"$scratch/gm.pw\" ca-file=\"$scratch/other.crt\"" "$good_smtp"
WYRMPOST_NOW=$N3 expect_status 74 wp fetch
expect_grep 'not trusted' "$scratch/err"
config "url=\"pop3://gm@localhost:$MS_POP3_PORT\" starttls=\"yes\" password-file=\"$scratch/gm.pw\" ca-file=\"$scratch/other.crt\"" "$good_smtp"
WYRMPOST_NOW=$N3 expect_status 74 wp fetch
expect_grep 'not trusted' "$scratch/err"
config "url=\"imap://gm@localhost:$MS_IMAP_PORT/INBOX\" starttls=\"yes\" password-file=\"$scratch/bad.pw\" ca-file=\"$MS_CA\"" "$good_smtp"
WYRMPOST_NOW=$N3 expect_status 77 wp fetch
expect_grep 'login failed' "$scratch/err"
[ "$(inbox)" -eq 1 ] && ok || fail "mail lost after a refused fetch"
[ ! -e "$C/games/g2/orders/0001/ann" ] && ok || fail "orders stored through a refused server"
sent2=$(ls "$C/sent/new" | wc -l)
config "url=\"imap://gm@localhost:$MS_IMAP_PORT/INBOX\" starttls=\"yes\" password-file=\"$scratch/gm.pw\" ca-file=\"$MS_CA\"" \
	"url=\"smtps://localhost:$MS_SMTPS_PORT\" password-file=\"$scratch/gm.pw\" ca-file=\"$scratch/other.crt\""
WYRMPOST_NOW=$N3 expect_status 75 wp run
expect_grep 'certificate of localhost is not trusted' "$scratch/err"
[ "$(inbox)" -eq 0 ] && ok || fail "imap STARTTLS: the mail was not taken"
[ "$(cat "$C/games/g2/orders/0001/ann" 2>/dev/null)" = leave ] && ok || fail "g2: ann's orders"
[ "$(ls "$C/outbox/new" | wc -l)" -eq 3 ] && ok || fail "g2: welcomes and reply not kept"
config "url=\"imap://gm@localhost:$MS_IMAP_PORT/INBOX\" starttls=\"yes\" password-file=\"$scratch/gm.pw\" ca-file=\"$MS_CA\"" \
	"url=\"smtps://localhost:$MS_SMTPS_PORT\" password-file=\"$scratch/bad.pw\" ca-file=\"$MS_CA\""
WYRMPOST_NOW=$((N3 + 3600)) expect_status 75 wp run
expect_grep "as 'gm' failed" "$scratch/err"
[ "$(ls "$C/sent/new" | wc -l)" -eq "$sent2" ] && ok || fail "sent through a refused server"
config "url=\"imap://gm@localhost:$MS_IMAP_PORT/INBOX\" starttls=\"yes\" password-file=\"$scratch/gm.pw\" ca-file=\"$MS_CA\"" \
	"url=\"smtps://localhost:$MS_SMTPS_PORT\" password-file=\"$scratch/gm.pw\" ca-file=\"$MS_CA\""
WYRMPOST_NOW=$((N3 + 7200)) expect_status 0 wp run
[ -z "$(ls -A "$C/outbox/new")" ] && ok || fail "smtps: outbox not emptied"
delivered_once "after the TLS refusals"
finish
