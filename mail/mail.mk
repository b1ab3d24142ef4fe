# mail.mk - MIME intake: one untrusted mail to the UTF-8 text holding the
# orders, parsed in a sandboxed child (mime.h), and its header block read
# in place (header.h); included by Makefile.am.
# Paths are from the top of the tree.
MAIL_SOURCES = mail/header.h mail/header.c mail/mime.h mail/mime-int.h mail/mime.c \
	mail/mime-sandbox.c mail/mime-parse.c mail/mime-decode.c mail/mime-html.c mail/outbox.c \
	mail/outbox.h
MAIL_CLI_SOURCES =
MAIL_UNIT_TESTS = check-mime
check_mime_SOURCES = tests/unit/check-mime.c
MAIL_SCRIPT_TESTS = tests/sh/mail-clients.sh tests/sh/mail-e2e.sh tests/sh/help-mail.sh
MAIL_DIST = tests/sh/mailparts.sh tests/sh/client-mail
