#!/bin/sh
# send.sh - `wyrmpost send` against a real Postfix and Dovecot on loopback
# (tests/sh/mailservers.sh): STARTTLS + AUTH with the test CA; a wrong CA, the
# system store, a wrong host name and a wrong password refused; implicit
# TLS; the plain port with STARTTLS; a server without STARTTLS; the sendmail
# command (Postfix's own and a recording script), its timeout; the password
# file's mode; crashes while filing; a server hanging up during DATA
# (SIGPIPE); and the SMTP server down: kept, retried after the back-off,
# delivered exactly once.
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailservers.sh"
ms_require
ms_start

C=$scratch/c
config() { # the <smtp> or <sendmail> element, as wyrmpost.xml's last line
	cat >"$C/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="gm@example.test"/>
  $1
</wyrmpost>
EOX
}
players() { # GAME NAME... : a new game; each player gets a welcome mail
	g=$1; shift
	set -- $(for p in "$@"; do echo "--player $p:$p@example.test:${p}pw"; done)
	wp new "$g" burglar --seed 7 "$@" >/dev/null
}
in_box() { # USER KEY: how many copies of outbox message KEY USER's Maildir holds
	grep -l -F "Message-ID: <$2@example.test>" "$(ms_maildir "$1")"/new/* 2>/dev/null |
		wc -l
}
count() { ls "$1" 2>/dev/null | wc -l; }
arrived() { # USER KEY: wait (up to 10 s) until the message is in USER's Maildir
	n=100
	while [ "$(in_box "$1" "$2")" -eq 0 ] && [ "$n" -gt 0 ]; do
		sleep 0.1
		n=$((n - 1))
	done
}
# Delivered intact: every header line we wrote is there, the body is the same.
# The copy filed in sent/ is the message as it went out, but for a welcome
# mail's password, which the campaign's copy no longer holds.
same_message() { # SENT-FILE DELIVERED-FILE
	tr -d '\r' <"$1" >"$scratch/want"
	sed '1,/^$/d' "$scratch/want" >"$scratch/want.body"
	sed -e '1,/^$/d' -e 's/^\(Your password for this game is: \).*/\1(removed from this copy once it was sent)/' \
		"$2" >"$scratch/got.body"
	cmp -s "$scratch/want.body" "$scratch/got.body" || return 1
	sed '/^$/q' "$scratch/want" | while IFS= read -r line; do
		[ -z "$line" ] || grep -q -x -F -- "$line" "$2" || return 1
	done
}

wp init --sender gm@example.test >/dev/null
players g1 ann bob cat
[ "$(count "$C/outbox/new")" -eq 3 ] && ok || fail "welcome mails"

# No way to send configured: say so, keep the mail.
expect_status 78 wp send
expect_grep 'wait in the outbox' "$scratch/err"

# STARTTLS + AUTH on the submission port.  First the password file's mode.
printf 'pw-gm\n' >"$scratch/pw"
chmod 644 "$scratch/pw"
config "<smtp url=\"smtp://127.0.0.1:$MS_SUBMISSION_PORT\" user=\"gm\" password-file=\"$scratch/pw\" ca-file=\"$MS_CA\" timeout=\"10\"/>"
expect_status 78 wp send
expect_grep 'can be read by other users' "$scratch/err"
chmod 600 "$scratch/pw"

# A CA that did not sign the server's certificate: refused, nothing sent.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
	-subj "/CN=some other CA" -keyout "$scratch/other.key" -out "$scratch/other.crt" \
	>/dev/null 2>&1
config "<smtp url=\"smtp://127.0.0.1:$MS_SUBMISSION_PORT\" user=\"gm\" password-file=\"$scratch/pw\" ca-file=\"$scratch/other.crt\"/>"
expect_status 75 wp send
expect_grep 'certificate of 127.0.0.1 is not trusted' "$scratch/err"
expect_grep 'refusing to send' "$scratch/err"
expect_grep 'will try again after' "$scratch/err"
[ "$(count "$C/outbox/new")" -eq 3 ] && ok || fail "mail lost after a TLS refusal"
[ "$(count "$C/outbox/retry")" -eq 3 ] && ok || fail "no retry state"
[ "$(count "$(ms_maildir ann)/new")" -eq 0 ] && ok || fail "sent despite a bad certificate"
# Without ca-file the system store is used, which does not know our CA.
config "<smtp url=\"smtp://127.0.0.1:$MS_SUBMISSION_PORT\" user=\"gm\" password-file=\"$scratch/pw\"/>"
expect_status 75 wp send --now
expect_grep 'system CA store' "$scratch/err"

# The right CA, and a wrong password first.
printf 'wrong\n' >"$scratch/badpw"
chmod 600 "$scratch/badpw"
config "<smtp url=\"smtp://localhost:$MS_SUBMISSION_PORT\" user=\"gm\" password-file=\"$scratch/badpw\" ca-file=\"$MS_CA\"/>"
expect_status 75 wp send --now
expect_grep "PLAIN as 'gm' failed" "$scratch/err"
config "<smtp url=\"smtp://localhost:$MS_SUBMISSION_PORT\" user=\"gm\" password-file=\"$scratch/pw\" ca-file=\"$MS_CA\"/>"
expect_status 0 wp send        # still within the back-off: nothing is tried
[ "$(count "$C/outbox/new")" -eq 3 ] && ok || fail "sent before its retry time"
WYRMPOST_NOW=$((T0 + 3600)) expect_status 0 wp send
for p in ann bob cat; do
	arrived $p g1-welcome-$p
	[ "$(in_box $p g1-welcome-$p)" -eq 1 ] && ok || fail "$p: welcome mail not delivered once"
	f=$(grep -l -F "Message-ID: <g1-welcome-$p@example.test>" "$(ms_maildir $p)"/new/*)
	same_message "$C/sent/new/g1-welcome-$p.eml" "$f" && ok || fail "$p: mail changed on the way"
done
[ "$(count "$C/outbox/new")" -eq 0 ] && ok || fail "outbox not emptied"
[ "$(count "$C/outbox/retry")" -eq 0 ] && ok || fail "retry state left"
[ "$(count "$C/sent/new")" -eq 3 ] && ok || fail "not filed in sent/"
grep -q 'sasl_username=gm' "$MS_LOG/postfix.log" && ok || fail "no AUTH seen by postfix"

# Implicit TLS (smtps://), AUTH.
players g2 dan ann
config "<smtp url=\"smtps://127.0.0.1:$MS_SMTPS_PORT\" user=\"gm\" password-file=\"$scratch/pw\" ca-file=\"$MS_CA\"/>"
expect_status 0 wp send
arrived dan g2-welcome-dan
[ "$(in_box dan g2-welcome-dan)" -eq 1 ] && ok || fail "smtps: dan"
arrived ann g2-welcome-ann
[ "$(in_box ann g2-welcome-ann)" -eq 1 ] && ok || fail "smtps: ann"

# The plain port: STARTTLS offered and taken, no AUTH; and starttls="no"
# would send in clear text, but never a password.
players g3 bob cat
config "<smtp url=\"smtp://localhost:$MS_SMTP_PORT\" starttls=\"no\" user=\"gm\" password-file=\"$scratch/pw\"/>"
expect_status 75 wp send
expect_grep 'refusing to send the password' "$scratch/err"
config "<smtp url=\"smtp://localhost:$MS_SMTP_PORT\" ca-file=\"$MS_CA\"/>"
WYRMPOST_NOW=$((T0 + 3600)) expect_status 0 wp send
arrived cat g3-welcome-cat
[ "$(in_box cat g3-welcome-cat)" -eq 1 ] && ok || fail "plain port: cat"
# Postfix's summary of that session: STARTTLS, two mails, no AUTH.
grep -q 'ehlo=2 starttls=1 mail=2 rcpt=2 data=2 quit=1 commands=10$' "$MS_LOG/postfix.log" &&
	ok || fail "plain port: no STARTTLS session in the log"

# A server without STARTTLS: refused unless starttls="auto" (or "no").
players g8 ann dan
config "<smtp url=\"smtp://127.0.0.1:$MS_SMTP_NOTLS_PORT\"/>"
expect_status 75 wp send
expect_grep 'does not offer STARTTLS; refusing to send in clear text' "$scratch/err"
config "<smtp url=\"smtp://127.0.0.1:$MS_SMTP_NOTLS_PORT\" starttls=\"auto\"/>"
expect_status 0 wp send --now
arrived ann g8-welcome-ann
[ "$(in_box ann g8-welcome-ann)" -eq 1 ] && ok || fail "starttls=auto: ann"
# A name that reaches the server but is not in its certificate.
h=$(hostname)
if [ "$h" != localhost ] && getent hosts "$h" | grep -q '^127\.0\.0\.1[[:space:]]'; then
	players g9 bob cat
	config "<smtp url=\"smtp://$h:$MS_SMTP_PORT\" ca-file=\"$MS_CA\"/>"
	expect_status 75 wp send
	expect_grep "certificate of $h is not trusted.*name in the certificate does not match" \
		"$scratch/err"
	config "<smtp url=\"smtp://localhost:$MS_SMTP_PORT\" ca-file=\"$MS_CA\"/>"
	expect_status 0 wp send --now
fi

# A sendmail command: Postfix's own, with the test configuration.
players g4 dan bob
config "<sendmail command=\"/usr/sbin/sendmail -C $MS_POSTFIX_CONF -i\"/>"
expect_status 0 wp send
arrived dan g4-welcome-dan
[ "$(in_box dan g4-welcome-dan)" -eq 1 ] && ok || fail "sendmail: dan"
f=$(grep -l -F "Message-ID: <g4-welcome-dan@example.test>" "$(ms_maildir dan)"/new/*) || true
[ -n "$f" ] && same_message "$C/sent/new/g4-welcome-dan.eml" "$f" && ok ||
	fail "sendmail: dan's mail changed on the way"
grep -q '^Return-Path: <gm@example.test>' "$f" && ok || fail "sendmail: envelope sender"
# ... and a script that records what it is given, or refuses.
cat >"$scratch/rec" <<EOS
#!/bin/sh
[ -e "$scratch/refuse" ] && { echo "451 try later" >&2; exit 75; }
printf '%s\n' "\$*" >>"$scratch/rec.args"
cat >>"$scratch/rec.msg"
EOS
chmod +x "$scratch/rec"
players g5 ann cat
touch "$scratch/refuse"
config "<sendmail command=\"$scratch/rec -i\"/>"
expect_status 75 wp send
expect_grep "exited with status 75: 451 try later" "$scratch/err"
rm "$scratch/refuse"
WYRMPOST_NOW=$((T0 + 300)) expect_status 0 wp send
expect_grep '^-i -f gm@example.test -- ann@example.test$' "$scratch/rec.args"
expect_grep '^-i -f gm@example.test -- cat@example.test$' "$scratch/rec.args"
grep -q "$(printf '\r')" "$scratch/rec.msg" && fail "CR sent to the command" || ok
# A command that hangs is stopped at the timeout.
players g6 bob dan
printf '#!/bin/sh\nsleep 20\n' >"$scratch/hang"
chmod +x "$scratch/hang"
config "<sendmail command=\"$scratch/hang\" timeout=\"1\"/>"
expect_status 75 wp send
expect_grep 'did not finish within 1 s' "$scratch/err"
config "<sendmail command=\"$scratch/rec\"/>"
WYRMPOST_NOW=$((T0 + 300)) expect_status 0 wp send

# Killed after filing a message but before clearing its retry state, and
# killed right after the command took a message: nothing is lost, and only
# the second (the documented window) is sent again.
players g10 ann bob
touch "$scratch/refuse"
expect_status 75 wp send
rm "$scratch/refuse"
: >"$scratch/rec.args"
WYRMPOST_NOW=$((T0 + 300)) WYRMPOST_CRASH_AT=send-filed expect_status 137 wp send
WYRMPOST_NOW=$((T0 + 300)) expect_status 0 wp send
[ "$(count "$C/outbox/retry")" -eq 0 ] && ok || fail "retry state left after a crash"
[ "$(grep -c -- '-- ann@example.test$' "$scratch/rec.args")" -eq 1 ] && ok || fail "g10: ann"
[ "$(grep -c -- '-- bob@example.test$' "$scratch/rec.args")" -eq 1 ] && ok || fail "g10: bob"
players g11 cat dan
: >"$scratch/rec.args"
WYRMPOST_CRASH_AT=send-accepted expect_status 137 wp send
expect_status 0 wp send
[ "$(count "$C/outbox/new")" -eq 0 ] && ok || fail "g11 not all sent"
[ "$(wc -l <"$scratch/rec.args")" -eq 3 ] && ok || fail "g11: $(wc -l <"$scratch/rec.args") deliveries, wanted 3"

# A server that hangs up in the middle of DATA: the write fails with EPIPE
# (SIGPIPE must not kill us), the message stays.
if command -v python3 >/dev/null 2>&1; then
	cat >"$scratch/rude.py" <<'EOP'
import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
print(s.getsockname()[1], flush=True)
c, _ = s.accept(); f = c.makefile("rb")
c.sendall(b"220 rude ESMTP\r\n")
for want in (b"EHLO", b"MAIL", b"RCPT", b"DATA"):
    line = f.readline()
    c.sendall(b"354 go on\r\n" if want == b"DATA" else b"250 ok\r\n")
f.readline()
c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\0\0\0\0\0\0\0")
c.close()
EOP
	python3 "$scratch/rude.py" >"$scratch/rude.port" &
	n=50
	while [ ! -s "$scratch/rude.port" ] && [ "$n" -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
	{ printf 'From: gm@example.test\r\nTo: ann@example.test\r\nSubject: big\r\n\r\n'
	  head -c 4000000 /dev/zero | tr '\0' 'x' | fold -w 76 | sed 's/$/\r/'; } \
		>"$C/outbox/new/big.eml"
	config "<smtp url=\"smtp://127.0.0.1:$(cat "$scratch/rude.port")\" starttls=\"no\" timeout=\"5\"/>"
	expect_status 75 wp send
	expect_grep 'big.eml: .*will try again' "$scratch/err"
	[ -e "$C/outbox/new/big.eml" ] && ok || fail "big.eml lost"
	rm -f "$C/outbox/new/big.eml" "$C/outbox/retry/big.eml"
	wait
fi

# The SMTP server is down: everything stays with a retry time; once it is
# back and the time has come, each message arrives exactly once.
ms_stop_postfix
players g7 ann bob cat dan
config "<smtp url=\"smtp://127.0.0.1:$MS_SUBMISSION_PORT\" user=\"gm\" password-file=\"$scratch/pw\" ca-file=\"$MS_CA\" timeout=\"5\"/>"
expect_status 75 wp send
expect_grep 'cannot connect to 127.0.0.1' "$scratch/err"
[ "$(count "$C/outbox/new")" -eq 4 ] && ok || fail "mail lost while the server was down"
[ "$(count "$C/outbox/retry")" -eq 4 ] && ok || fail "retry state while down"
ms_start_postfix
expect_status 0 wp send                            # back, but not yet time
[ "$(count "$C/outbox/new")" -eq 4 ] && ok || fail "retried before the back-off"
WYRMPOST_NOW=$((T0 + 300)) expect_status 0 wp send
WYRMPOST_NOW=$((T0 + 900)) expect_status 0 wp send  # nothing left to send twice
[ "$(count "$C/outbox/new")" -eq 0 ] && ok || fail "outbox not emptied after restart"
for p in ann bob cat dan; do
	arrived $p g7-welcome-$p
done
# Postfix has delivered everything it took: a second copy would be here now.
n=100
until postqueue -c "$MS_POSTFIX_CONF" -p 2>/dev/null | grep -q 'Mail queue is empty' ||
	[ "$n" -eq 0 ]; do
	sleep 0.1
	n=$((n - 1))
done
for p in ann bob cat dan; do
	[ "$(in_box $p g7-welcome-$p)" -eq 1 ] && ok || fail "$p: g7 welcome not there exactly once"
done
# Nothing sent by SMTP arrived twice, anywhere.
dups=$(cat "$MS_HOME"/*/Maildir/new/* | grep -i '^Message-ID:' | sort | uniq -d)
[ -z "$dups" ] && ok || fail "delivered twice: $dups"
finish
