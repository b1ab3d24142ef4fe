# send.mk - delivering the outbox (SMTP with libetpan, or a sendmail
# command) and checking a server's TLS certificate (tls-verify.c, which
# fetch uses too), included by Makefile.am.  Paths are from the top of the
# tree.
SEND_SOURCES = mail/send-outbox.c mail/send.h mail/send-int.h mail/send-addr.c \
	mail/send-smtp.c mail/send-pipe.c mail/tls-verify.c mail/tls-verify.h
SEND_CLI_SOURCES = src/cli/cmd-send.c
SEND_UNIT_TESTS = check-send check-outbox
check_send_SOURCES = tests/unit/check-send.c
check_outbox_SOURCES = tests/unit/check-outbox.c
SEND_SCRIPT_TESTS = tests/sh/send.sh
SEND_DIST = tests/sh/mailservers.sh
