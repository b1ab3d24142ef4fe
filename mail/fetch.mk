# fetch.mk - reading orders mail (maildir and mbox sources), included by
# Makefile.am.  Paths are from the top of the tree.
FETCH_SOURCES = mail/fetch.c mail/fetch.h
FETCH_CLI_SOURCES = src/cmd-fetch.c
FETCH_UNIT_TESTS =
FETCH_SCRIPT_TESTS = tests/mailflow.sh
FETCH_DIST =
