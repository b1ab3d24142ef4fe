# print.mk - the print/ layer, included by Makefile.am.  Paths are from the
# top of the tree.
PRINT_SOURCES =
PRINT_UNIT_TESTS =
PRINT_SCRIPT_TESTS =
PRINT_DIST =
