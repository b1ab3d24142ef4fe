# mail.mk - part of the mail/ layer, included by Makefile.am.  Paths are from
# the top of the tree.
MAIL_SOURCES =
MAIL_CLI_SOURCES =
MAIL_UNIT_TESTS =
MAIL_SCRIPT_TESTS =
MAIL_DIST =
