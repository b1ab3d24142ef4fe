# fetch.mk - reading orders mail (IMAP, POP3, Maildir and mbox sources),
# included by Makefile.am; the TLS check it shares with send is in
# send.mk (mail/tls-verify.c).  Paths are from the top of the tree.
FETCH_SOURCES = mail/fetch.c mail/fetch.h mail/fetch-int.h mail/fetch-local.c \
	mail/fetch-net.c mail/fetch-imap.c mail/fetch-pop3.c
FETCH_CLI_SOURCES = src/cmd-fetch.c
FETCH_UNIT_TESTS = check_fetch
check_fetch_SOURCES = tests/check_fetch.c tests/testutil.c tests/testutil.h
check_fetch_CFLAGS = $(TEST_CFLAGS)
check_fetch_LDADD = $(TEST_LIBS)
FETCH_SCRIPT_TESTS = tests/mailflow.sh tests/fetch.sh tests/fetch-servers.sh
FETCH_DIST =
