# mailservers.sh - real mail servers on 127.0.0.1 for the shell tests:
# Postfix for SMTP and Dovecot for IMAP, POP3 and LMTP, with throw-away
# configuration in a temporary directory.  Sourced (POSIX sh), after
# tests/sh/lib.sh if you use it; needs root (Dovecot and Postfix drop to their
# own users) and the Debian packages postfix dovecot-imapd dovecot-pop3d
# dovecot-lmtpd openssl (./quickstart check installs them).
#
#   ms_require            exit 77 (skip) when the server programs are missing
#   ms_start              make the configuration and certificates, start both
#                         servers, wait for every port; installs an EXIT trap
#                         that stops them (see MS_ON_EXIT)
#   ms_stop               stop both and remove MS_DIR (safe to call twice)
#   ms_stop_postfix / ms_start_postfix   stop or restart SMTP alone
#   ms_stop_dovecot / ms_start_dovecot   the same for IMAP, POP3 and LMTP
#   ms_wait_port PORT [SECONDS]          wait until 127.0.0.1:PORT accepts
#   ms_wait_files DIR N [SECONDS]        wait until DIR holds N files
#   ms_maildir USER       the Maildir Dovecot delivers USER's mail to
#
# What ms_start exports:
#   MS_DIR              the temporary directory (short: unix sockets)
#   MS_HOST             127.0.0.1
#   MS_SMTP_PORT        SMTP, STARTTLS offered, no AUTH; takes mail for
#                       example.test from anyone
#   MS_SUBMISSION_PORT  SMTP, STARTTLS and AUTH required
#   MS_SMTPS_PORT       SMTP over TLS from the start, AUTH required
#   MS_SMTP_NOTLS_PORT  SMTP without STARTTLS or AUTH (like MS_SMTP_PORT)
#   MS_IMAP_PORT MS_IMAPS_PORT MS_POP3_PORT MS_POP3S_PORT
#                       Dovecot: STARTTLS offered on IMAP and POP3; plain
#                       text login allowed (it is loopback)
#   MS_LMTP_SOCKET      Dovecot's LMTP socket (Postfix delivers through it)
#   MS_CA               PEM file of the test CA; the server certificate is
#                       for localhost, 127.0.0.1 and mail.example.test
#   MS_USERS            "ann bob cat dan gm": mailboxes ann@example.test ...
#                       Log in as "ann" or "ann@example.test".
#   MS_PASS_ann ...     each user's password: "pw-ann", "pw-bob", ...
#   MS_HOME             user homes; a user's Maildir is $MS_HOME/USER/Maildir
#                       (new/, cur/, tmp/; made at the first delivery)
#   MS_POSTFIX_CONF     Postfix's configuration directory, e.g. for
#                       /usr/sbin/sendmail -C "$MS_POSTFIX_CONF"
#   MS_LOG              where both servers log (postfix.log, dovecot.log)
# Mail to an unknown user at example.test bounces to its sender; mail to
# other domains is not relayed.
#
# Ports: MS_PORT_BASE (default: random in 20000-29990, checked free) + 0..7,
# so test scripts run in parallel by `make -j check` do not collide.

ms_require() {
	for ms_p in /usr/sbin/postfix /usr/lib/postfix/sbin/master /usr/sbin/dovecot openssl; do
		if ! command -v "$ms_p" >/dev/null 2>&1; then
			echo "SKIP: $ms_p missing (install postfix dovecot-imapd dovecot-pop3d dovecot-lmtpd openssl)"
			exit 77
		fi
	done
	if [ "$(id -u)" -ne 0 ]; then
		echo "SKIP: the mail servers need root"
		exit 77
	fi
}

# Is something listening on 127.0.0.1:$1?
ms_port_open() {
	bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

ms_wait_port() {
	ms_n=$(( ${2:-10} * 10 ))
	while ! ms_port_open "$1"; do
		ms_n=$((ms_n - 1))
		[ "$ms_n" -gt 0 ] || { echo "mailservers: port $1 did not open" >&2; return 1; }
		sleep 0.1
	done
}

ms_wait_port_closed() {
	ms_n=$(( ${2:-10} * 10 ))
	while ms_port_open "$1"; do
		ms_n=$((ms_n - 1))
		[ "$ms_n" -gt 0 ] || { echo "mailservers: port $1 did not close" >&2; return 1; }
		sleep 0.1
	done
}

ms_wait_files() { # DIR N [SECONDS]: wait until DIR holds at least N files
	ms_n=$(( ${3:-10} * 10 ))
	while [ "$(ls "$1" 2>/dev/null | wc -l)" -lt "$2" ]; do
		ms_n=$((ms_n - 1))
		[ "$ms_n" -gt 0 ] || return 1
		sleep 0.1
	done
}

ms_maildir() { echo "$MS_HOME/$1/Maildir"; }
ms_settle() { # until Postfix has handed everything it took to Dovecot (15 s at most)
	n=150
	until postqueue -c "$MS_POSTFIX_CONF" -p 2>/dev/null | grep -q 'Mail queue is empty' ||
		[ "$n" -eq 0 ]; do
		sleep 0.1
		n=$((n - 1))
	done
}

ms_pick_ports() {
	if [ -n "${MS_PORT_BASE:-}" ]; then
		ms_base=$MS_PORT_BASE
	else
		ms_tries=0
		while :; do
			ms_r=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
			ms_base=$((20000 + (ms_r % 1000) * 10))
			ms_busy=
			for ms_i in 0 1 2 3 4 5 6 7; do
				ms_port_open $((ms_base + ms_i)) && ms_busy=1
			done
			[ -z "$ms_busy" ] && break
			ms_tries=$((ms_tries + 1))
			[ "$ms_tries" -lt 20 ] || { echo "mailservers: no free ports" >&2; return 1; }
		done
	fi
	MS_SMTP_PORT=$ms_base
	MS_SUBMISSION_PORT=$((ms_base + 1))
	MS_SMTPS_PORT=$((ms_base + 2))
	MS_IMAP_PORT=$((ms_base + 3))
	MS_IMAPS_PORT=$((ms_base + 4))
	MS_POP3_PORT=$((ms_base + 5))
	MS_POP3S_PORT=$((ms_base + 6))
	MS_SMTP_NOTLS_PORT=$((ms_base + 7))
	export MS_SMTP_PORT MS_SUBMISSION_PORT MS_SMTPS_PORT MS_IMAP_PORT MS_IMAPS_PORT \
		MS_POP3_PORT MS_POP3S_PORT MS_SMTP_NOTLS_PORT
}

# A CA and a server certificate signed by it (EC keys: fast to make).
ms_make_certs() {
	ms_t=$MS_DIR/tls
	mkdir -p "$ms_t"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
		-subj "/CN=wyrmpost test CA" -keyout "$ms_t/ca.key" -out "$ms_t/ca.crt" \
		-addext basicConstraints=critical,CA:TRUE \
		-addext keyUsage=critical,keyCertSign,cRLSign >/dev/null 2>&1
	openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
		-subj "/CN=localhost" -keyout "$ms_t/server.key" -out "$ms_t/server.csr" \
		>/dev/null 2>&1
	printf '%s\n' 'basicConstraints=CA:FALSE' \
		'keyUsage=critical,digitalSignature,keyEncipherment' \
		'extendedKeyUsage=serverAuth' \
		'subjectAltName=DNS:localhost,IP:127.0.0.1,DNS:mail.example.test' >"$ms_t/ext"
	openssl x509 -req -in "$ms_t/server.csr" -CA "$ms_t/ca.crt" -CAkey "$ms_t/ca.key" \
		-CAcreateserial -days 2 -extfile "$ms_t/ext" -out "$ms_t/server.crt" \
		>/dev/null 2>&1
	chmod 644 "$ms_t"/*.crt
	chmod 600 "$ms_t"/*.key
	MS_CA=$ms_t/ca.crt
	export MS_CA
}

ms_write_dovecot() {
	: >"$MS_DIR/passwd"
	for ms_u in $MS_USERS; do
		eval "MS_PASS_$ms_u=pw-$ms_u; export MS_PASS_$ms_u"
		printf '%s:{PLAIN}pw-%s::::::\n' "$ms_u" "$ms_u" >>"$MS_DIR/passwd"
	done
	mkdir -p "$MS_HOME" "$MS_DIR/dovecot-state"
	chown mail:mail "$MS_HOME"
	cat >"$MS_DIR/dovecot.conf" <<EOF
instance_name = wyrmtest-$(basename "$MS_DIR")
base_dir = $MS_DIR/run
state_dir = $MS_DIR/dovecot-state
log_path = $MS_LOG/dovecot.log
listen = 127.0.0.1
protocols = imap pop3 lmtp
first_valid_uid = 1
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_username_format = %Ln
ssl = yes
ssl_cert = <$MS_DIR/tls/server.crt
ssl_key = <$MS_DIR/tls/server.key
mail_location = maildir:~/Maildir
postmaster_address = postmaster@example.test
passdb {
  driver = passwd-file
  args = scheme=PLAIN $MS_DIR/passwd
}
userdb {
  driver = static
  args = uid=mail gid=mail home=$MS_HOME/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $MS_IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $MS_IMAPS_PORT
    ssl = yes
  }
}
service pop3-login {
  inet_listener pop3 {
    address = 127.0.0.1
    port = $MS_POP3_PORT
  }
  inet_listener pop3s {
    address = 127.0.0.1
    port = $MS_POP3S_PORT
    ssl = yes
  }
}
service lmtp {
  unix_listener lmtp {
    mode = 0666
  }
}
service auth {
  unix_listener auth-postfix {
    mode = 0666
  }
}
EOF
}

ms_write_postfix() {
	ms_pf=$MS_DIR/pf
	mkdir -p "$ms_pf/etc" "$ms_pf/queue" "$ms_pf/data"
	chown postfix "$ms_pf/data"
	cat >"$ms_pf/etc/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $ms_pf/queue
data_directory = $ms_pf/data
mail_owner = postfix
setgid_group = postdrop
maillog_file_prefixes = $MS_DIR
maillog_file = $MS_LOG/postfix.log
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
myhostname = mail.example.test
mydomain = example.test
myorigin = example.test
mydestination =
mynetworks = 127.0.0.0/8
relayhost =
alias_maps =
alias_database =
local_recipient_maps =
biff = no
virtual_mailbox_domains = example.test
virtual_transport = lmtp:unix:$MS_LMTP_SOCKET
smtpd_tls_cert_file = $MS_DIR/tls/server.crt
smtpd_tls_key_file = $MS_DIR/tls/server.key
smtpd_tls_security_level = may
smtpd_sasl_type = dovecot
smtpd_sasl_path = $MS_DIR/run/auth-postfix
smtpd_sasl_auth_enable = no
smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination
EOF
	ms_auth='-o smtpd_sasl_auth_enable=yes -o smtpd_client_restrictions=permit_sasl_authenticated,reject'
	cat >"$ms_pf/etc/master.cf" <<EOF
127.0.0.1:$MS_SMTP_PORT inet n - n - - smtpd
127.0.0.1:$MS_SUBMISSION_PORT inet n - n - - smtpd -o smtpd_tls_security_level=encrypt $ms_auth
127.0.0.1:$MS_SMTPS_PORT inet n - n - - smtpd -o smtpd_tls_wrappermode=yes $ms_auth
127.0.0.1:$MS_SMTP_NOTLS_PORT inet n - n - - smtpd -o smtpd_tls_security_level=none
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
EOF
	# Postfix re-reads a main.cf younger than a few seconds, again and again.
	touch -d '-1 minute' "$ms_pf/etc/main.cf" "$ms_pf/etc/master.cf"
	MS_POSTFIX_CONF=$ms_pf/etc
	export MS_POSTFIX_CONF
}

ms_start_postfix() {
	postfix -c "$MS_POSTFIX_CONF" check >>"$MS_LOG/postfix-start.log" 2>&1 || {
		echo "mailservers: postfix check failed:" >&2
		cat "$MS_LOG/postfix-start.log" >&2
		return 1
	}
	# -w: return once the master runs; its output must not hold our pipes.
	/usr/lib/postfix/sbin/master -c "$MS_POSTFIX_CONF" -w \
		</dev/null >>"$MS_LOG/postfix-start.log" 2>&1 || {
		echo "mailservers: postfix did not start:" >&2
		cat "$MS_LOG/postfix-start.log" "$MS_LOG/postfix.log" >&2 2>/dev/null
		return 1
	}
	for ms_p in $MS_SMTP_PORT $MS_SUBMISSION_PORT $MS_SMTPS_PORT $MS_SMTP_NOTLS_PORT; do
		ms_wait_port "$ms_p" || return 1
	done
}

# Stop the masters whose pids are in files "$@" (none running: no-op),
# then wait up to 10 s for them to go.  Each pid is read once, before its
# signal: a master removes its pid file as it exits, so the file may go
# between any test of it and a later read.
ms_kill() {
	ms_pids=
	for ms_f in "$@"; do
		ms_pid=$({ tr -d ' ' <"$ms_f"; } 2>/dev/null || true)
		[ -n "$ms_pid" ] || continue
		kill "$ms_pid" 2>/dev/null || true
		ms_pids="$ms_pids $ms_pid"
	done
	ms_n=100
	for ms_pid in $ms_pids; do
		while kill -0 "$ms_pid" 2>/dev/null && [ "$ms_n" -gt 0 ]; do
			sleep 0.1
			ms_n=$((ms_n - 1))
		done
	done
	rm -f "$@"
}

ms_stop_postfix() {
	ms_kill "$MS_DIR/pf/queue/pid/master.pid"
	ms_wait_port_closed "$MS_SMTP_PORT" 5 || true
}

ms_start_dovecot() {
	dovecot -c "$MS_DIR/dovecot.conf" </dev/null >>"$MS_LOG/dovecot-start.log" 2>&1 || {
		echo "mailservers: dovecot did not start:" >&2
		cat "$MS_LOG/dovecot-start.log" "$MS_LOG/dovecot.log" >&2 2>/dev/null
		return 1
	}
	for ms_p in $MS_IMAP_PORT $MS_IMAPS_PORT $MS_POP3_PORT $MS_POP3S_PORT; do
		ms_wait_port "$ms_p" || return 1
	done
	ms_n=50
	while [ ! -S "$MS_LMTP_SOCKET" ] && [ "$ms_n" -gt 0 ]; do
		sleep 0.1
		ms_n=$((ms_n - 1))
	done
}

ms_stop_dovecot() {
	ms_kill "$MS_DIR/run/master.pid"
}

ms_stop() {
	[ -n "${MS_DIR:-}" ] && [ -d "$MS_DIR" ] || return 0
	# Both at once: each takes a second or two to wind down.
	ms_kill "$MS_DIR/pf/queue/pid/master.pid" "$MS_DIR/run/master.pid"
	if [ -n "${MS_KEEP:-}" ]; then
		echo "mailservers: kept $MS_DIR" >&2
	else
		rm -rf "$MS_DIR"
	fi
	MS_DIR=
}

ms_start() {
	ms_require
	# Unix socket paths must stay under 108 bytes: keep MS_DIR short.
	MS_DIR=$(mktemp -d /tmp/ms-XXXXXX)
	chmod 755 "$MS_DIR"   # Dovecot's and Postfix's own users must get in
	export MS_DIR
	# lib.sh's trap removes its scratch directory; keep doing that.
	if [ -z "${MS_ON_EXIT+set}" ]; then
		MS_ON_EXIT='rm -rf "${scratch:-/nonexistent}"'
	fi
	trap 'ms_stop; eval "$MS_ON_EXIT"' EXIT
	trap 'exit 130' INT TERM HUP
	MS_HOST=127.0.0.1
	MS_USERS="ann bob cat dan gm"
	MS_HOME=$MS_DIR/home
	MS_LOG=$MS_DIR/log
	MS_LMTP_SOCKET=$MS_DIR/run/lmtp
	export MS_HOST MS_USERS MS_HOME MS_LOG MS_LMTP_SOCKET
	mkdir -p "$MS_LOG"
	ms_pick_ports || return 1
	ms_make_certs
	ms_write_dovecot
	ms_write_postfix
	ms_start_dovecot || return 1
	ms_start_postfix || return 1
}
