# kit.mk - templates and printable kits (`wyrmpost print`), included by
# Makefile.am.  Paths are from the top of the tree.
KIT_SOURCES = print/template.h print/tpl_int.h print/template.c print/tpl_load.c \
	print/tpl_eval.c print/tpl_draw.c
KIT_CLI_SOURCES = src/cmd-print.c
KIT_UNIT_TESTS = check_template
check_template_SOURCES = tests/check_template.c tests/testutil.c tests/testutil.h
check_template_CFLAGS = $(TEST_CFLAGS)
check_template_LDADD = $(TEST_LIBS)
KIT_SCRIPT_TESTS = tests/kits.sh tests/kits-dk-dp.sh tests/kits-dp-game.sh
KIT_DIST = docs/templates.md tests/pdfgeom.awk tests/hexpaths.awk
KIT_SCHEMAS = schema/template.rng

# The kits, installed under $(pkgdatadir)/templates/GAME.
burglartpldir = $(pkgdatadir)/templates/burglar
dist_burglartpl_DATA = templates/burglar/kit.xml templates/burglar/board.xml \
	templates/burglar/seats.xml
heartofglasstpldir = $(pkgdatadir)/templates/heart-of-glass
dist_heartofglasstpl_DATA = templates/heart-of-glass/kit.xml \
	templates/heart-of-glass/minion.xml templates/heart-of-glass/dragon.xml \
	templates/heart-of-glass/deck.xml templates/heart-of-glass/minion-filled.xml \
	templates/heart-of-glass/dragon-filled.xml \
	templates/heart-of-glass/emblem.png
cityofglasstpldir = $(pkgdatadir)/templates/city-of-glass
dist_cityofglasstpl_DATA = templates/city-of-glass/kit.xml \
	templates/city-of-glass/deck.xml templates/city-of-glass/roles.xml \
	templates/city-of-glass/ruler.xml templates/city-of-glass/piles.xml
dragonkeeperstpldir = $(pkgdatadir)/templates/dragon-keepers
dist_dragonkeeperstpl_DATA = templates/dragon-keepers/aids.xml \
	templates/dragon-keepers/dragons.xml \
	templates/dragon-keepers/hunter.xml \
	templates/dragon-keepers/keepers.xml \
	templates/dragon-keepers/kit.xml \
	templates/dragon-keepers/magic.xml \
	templates/dragon-keepers/stickers.xml \
	templates/dragon-keepers/tokens.xml
dragonpantstpldir = $(pkgdatadir)/templates/dragon-pants
dist_dragonpantstpl_DATA = templates/dragon-pants/board.xml \
	templates/dragon-pants/destiny.xml \
	templates/dragon-pants/kit.xml \
	templates/dragon-pants/overview.xml \
	templates/dragon-pants/position.xml \
	templates/dragon-pants/power.xml \
	templates/dragon-pants/tiles.xml \
	templates/dragon-pants/time.xml \
	templates/dragon-pants/tokens.xml
