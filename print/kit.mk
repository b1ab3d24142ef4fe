# kit.mk - templates and printable kits (`wyrmpost print`), included by
# Makefile.am.  Paths are from the top of the tree.
KIT_SOURCES = print/template.h print/tpl-int.h print/template.c print/tpl-load.c \
	print/tpl-eval.c print/tpl-expr.c print/tpl-fast.c print/tpl-path.c \
	print/tpl-draw.c
KIT_CLI_SOURCES = src/cli/cmd-print.c
KIT_UNIT_TESTS = check-template
check_template_SOURCES = tests/unit/check-template.c $(TESTUTIL)
KIT_SCRIPT_TESTS = tests/sh/kits.sh tests/sh/kits-dk-dp.sh tests/sh/kits-dp-game.sh
KIT_DIST = tests/sh/pdfgeom.awk tests/sh/hexpaths.awk
# The kits under templates/ are installed by Makefile.am's install-data-local.
