# fetch.mk - part of the mail/ layer, included by Makefile.am.  Paths are from
# the top of the tree.
FETCH_SOURCES =
FETCH_CLI_SOURCES =
FETCH_UNIT_TESTS =
FETCH_SCRIPT_TESTS =
FETCH_DIST =
