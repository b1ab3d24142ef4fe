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

# Dragon Pants (docs/rules/dragon-pants.md)
GAMES_SOURCES += src/games/dragon_pants.c src/games/dp.h src/games/dp_board.c \
	src/games/dp_cards.c src/games/dp_orders.c
GAMES_SCHEMAS += schema/dragon-pants.rng
GAMES_UNIT_TESTS += check_dragon_pants
check_dragon_pants_SOURCES = tests/check_dragon_pants.c tests/testutil.c tests/testutil.h
check_dragon_pants_CFLAGS = $(TEST_CFLAGS)
check_dragon_pants_LDADD = $(TEST_LIBS)
GAMES_DIST += docs/dragon-pants.md docs/rules/dragon-pants.md
