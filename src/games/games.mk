# games.mk - rules engines beyond Burglar, included by Makefile.am.  Each
# engine adds its sources to GAMES_SOURCES, its schema to GAMES_SCHEMAS
# (embedded as schema_NAME_rng; declare it in src/schemas.h), its Check
# suites to GAMES_UNIT_TESTS and its extra files to GAMES_DIST.
GAMES_SOURCES =
GAMES_SCHEMAS =
GAMES_UNIT_TESTS =
GAMES_SCRIPT_TESTS =
GAMES_DIST =

# Heart of Glass (docs/rules/heart-of-glass.md)
GAMES_SOURCES += src/games/heart_of_glass.c src/games/hog_int.h \
	src/games/hog_orders.c src/games/hog_play.c src/games/hog_view.c
GAMES_SCHEMAS += schema/heart-of-glass.rng
GAMES_UNIT_TESTS += check_heart
check_heart_SOURCES = tests/check_heart.c tests/testutil.c tests/testutil.h
check_heart_CFLAGS = $(TEST_CFLAGS)
check_heart_LDADD = $(TEST_LIBS)
GAMES_DIST += docs/heart-of-glass.md docs/rules/heart-of-glass.md
