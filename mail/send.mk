# send.mk - delivering the outbox, included by Makefile.am.  Paths are from
# the top of the tree.
SEND_SOURCES = mail/send.c mail/send.h
SEND_CLI_SOURCES = src/cmd-send.c
SEND_UNIT_TESTS =
SEND_SCRIPT_TESTS =
SEND_DIST =
