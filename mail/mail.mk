# mail.mk - MIME intake: one untrusted mail to the UTF-8 text holding the
# orders, parsed in a sandboxed child (mime.h), included by Makefile.am.
# Paths are from the top of the tree.
MAIL_SOURCES = mail/mime.h mail/mime-int.h mail/mime.c mail/mime-sandbox.c mail/mime-parse.c \
	mail/mime-decode.c mail/mime-html.c
MAIL_CLI_SOURCES =
MAIL_UNIT_TESTS = check_mime
check_mime_SOURCES = tests/check_mime.c
check_mime_CFLAGS = $(TEST_CFLAGS)
check_mime_LDADD = $(TEST_LIBS)
MAIL_SCRIPT_TESTS = tests/mail-clients.sh tests/mail-e2e.sh
MAIL_DIST = tests/mailparts.sh tests/client-mail
