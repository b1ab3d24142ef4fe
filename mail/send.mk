# send.mk - part of the mail/ layer, included by Makefile.am.  Paths are from
# the top of the tree.
SEND_SOURCES =
SEND_CLI_SOURCES =
SEND_UNIT_TESTS =
SEND_SCRIPT_TESTS =
SEND_DIST =
