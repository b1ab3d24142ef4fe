#!/bin/sh
# fetch-servers.sh - `wyrmpost fetch` from a real Dovecot on 127.0.0.1
# (tests/sh/mailservers.sh): imaps:// and imap:// with STARTTLS (and move-to),
# pop3s:// and pop3:// with STLS; the test CA trusted; a wrong CA, a wrong
# password and a dead port refused with nothing lost.
. "$top_srcdir/tests/sh/lib.sh"
. "$top_srcdir/tests/sh/mailservers.sh"
ms_require
ms_start

wp init --sender gm@example.test >/dev/null
wp new g1 burglar --seed 5 --deadline 24h --player ann:ann@example.test:annpw \
	--player bob:bob@example.test:bobpw --player cat:cat@example.test:catpw >/dev/null
rm -f "$scratch/c/outbox/new/"*
printf '%s\n' "$MS_PASS_gm" >"$scratch/gm.pw"
chmod 600 "$scratch/gm.pw"
printf 'wrong\n' >"$scratch/bad.pw"
chmod 600 "$scratch/bad.pw"
# Another CA, which did not sign the server's certificate.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
	-subj "/CN=not the test CA" -keyout "$scratch/other.key" -out "$scratch/other.crt" \
	>/dev/null 2>&1

box=$(ms_maildir gm)
mkdir -p "$box/new" "$box/cur" "$box/tmp"
chown -R mail:mail "$MS_HOME/gm"
n=0
deliver() { # PLAYER MESSAGE-ID: orders "leave" into gm's INBOX
	n=$((n + 1))
	printf 'From: %s <%s@example.test>\nTo: gm@example.test\nSubject: orders\nMessage-ID: %s\n\ngame g1\nplayer %s\npassword %spw\nleave\n' \
		"$1" "$1" "$2" "$1" "$1" | sed 's/$/\r/' >"$box/tmp/$n"
	chown mail:mail "$box/tmp/$n"
	mv "$box/tmp/$n" "$box/new/$T0.$n.test"
}
inbox() { find "$box/new" "$box/cur" -type f | wc -l; }
source_is() { # URL [ATTRIBUTES]
	cat >"$scratch/c/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="GM" address="gm@example.test"/>
  <source url="$1" password-file="$scratch/gm.pw" ca-file="$MS_CA" timeout="10" ${2:-}/>
</wyrmpost>
EOX
}
stored() { [ "$(cat "$scratch/c/games/g1/orders/0001/$1" 2>/dev/null)" = leave ]; }

# imaps:// with a CA that did not sign the server: refused, nothing lost.
deliver ann '<ann1@example.test>'
source_is "imaps://gm@127.0.0.1:$MS_IMAPS_PORT/INBOX" "ca-file=\"$scratch/other.crt\""
sed -i "s|ca-file=\"$MS_CA\" ||" "$scratch/c/wyrmpost.xml"
expect_status 74 wp fetch
expect_grep 'not trusted' "$scratch/err"
[ "$(inbox)" -eq 1 ] && ok || fail "mail lost after a TLS refusal"
stored ann && fail "stored through an untrusted server" || ok
# The system store does not know the test CA either.
sed -i "s|ca-file=\"[^\"]*\" ||" "$scratch/c/wyrmpost.xml"
expect_status 74 wp fetch
expect_grep 'not trusted' "$scratch/err"
# A wrong password.
source_is "imaps://gm@127.0.0.1:$MS_IMAPS_PORT/INBOX"
sed -i "s|gm.pw|bad.pw|" "$scratch/c/wyrmpost.xml"
expect_status 77 wp fetch
expect_grep 'login failed' "$scratch/err"
[ "$(inbox)" -eq 1 ] && ok || fail "mail lost after a wrong password"
# A port nobody listens on.
source_is "imaps://gm@127.0.0.1:9/INBOX"
expect_status 74 wp fetch

# imaps:// with the test CA, by name (SNI) this time.
source_is "imaps://gm@localhost:$MS_IMAPS_PORT/INBOX"
expect_status 0 wp fetch
stored ann && ok || fail "ann's orders (imaps)"
[ "$(ls "$scratch/c/outbox/new" | grep -c orders-ann)" -eq 1 ] && ok || fail "ann: no reply"
[ "$(inbox)" -eq 0 ] && ok || fail "imaps: message left in INBOX"

# imap:// with STARTTLS required, handled mail moved to a folder.
deliver bob '<bob1@example.test>'
source_is "imap://gm%40example.test@127.0.0.1:$MS_IMAP_PORT/INBOX" \
	'starttls="yes" move-to="Processed"'
expect_status 0 wp fetch
stored bob && ok || fail "bob's orders (imap+starttls)"
[ "$(inbox)" -eq 0 ] && ok || fail "imap: message left in INBOX"
[ "$(find "$box/.Processed/cur" "$box/.Processed/new" -type f | wc -l)" -eq 1 ] &&
	ok || fail "not moved to Processed"

# pop3s://, and the same message again over pop3:// with STLS: a no-op.
deliver cat '<cat1@example.test>'
source_is "pop3s://gm@127.0.0.1:$MS_POP3S_PORT"
expect_status 0 wp fetch
stored cat && ok || fail "cat's orders (pop3s)"
[ "$(inbox)" -eq 0 ] && ok || fail "pop3s: message left"
before=$(ls "$scratch/c/outbox/new" | wc -l)
deliver cat '<cat1@example.test>'
source_is "pop3://gm@127.0.0.1:$MS_POP3_PORT" 'starttls="yes"'
expect_status 0 wp fetch
[ "$(inbox)" -eq 0 ] && ok || fail "pop3: duplicate left"
[ "$(ls "$scratch/c/outbox/new" | wc -l)" -eq "$before" ] && ok || fail "duplicate answered"
# POP3 with the wrong CA: refused before the password goes out.
deliver ann '<ann2@example.test>'
source_is "pop3s://gm@127.0.0.1:$MS_POP3S_PORT" "ca-file=\"$scratch/other.crt\""
sed -i "s|ca-file=\"$MS_CA\" ||" "$scratch/c/wyrmpost.xml"
expect_status 74 wp fetch
expect_grep 'not trusted' "$scratch/err"
[ "$(inbox)" -eq 1 ] && ok || fail "mail lost after a POP3 TLS refusal"
finish
