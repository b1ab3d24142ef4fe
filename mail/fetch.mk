# fetch.mk - reading orders mail (IMAP, POP3, Maildir and mbox sources),
# included by Makefile.am; the TLS check it shares with send is in
# send.mk (mail/tls-verify.c).  Paths are from the top of the tree.
FETCH_SOURCES = mail/fetch.c mail/fetch.h mail/fetch-int.h mail/fetch-local.c \
	mail/fetch-net.c mail/fetch-imap.c mail/fetch-pop3.c
FETCH_CLI_SOURCES = src/cli/cmd-fetch.c
FETCH_UNIT_TESTS = check-fetch
check_fetch_SOURCES = tests/unit/check-fetch.c $(TESTUTIL)
FETCH_SCRIPT_TESTS = tests/sh/mailflow.sh tests/sh/fetch.sh tests/sh/fetch-servers.sh \
	tests/sh/intake-mail.sh
FETCH_DIST =
