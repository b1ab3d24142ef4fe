# kit.mk - templates and printable kits (`wyrmpost print`), included by
# Makefile.am.  Paths are from the top of the tree.
KIT_SOURCES =
KIT_CLI_SOURCES =
KIT_UNIT_TESTS =
KIT_SCRIPT_TESTS =
KIT_DIST =
KIT_SCHEMAS =
