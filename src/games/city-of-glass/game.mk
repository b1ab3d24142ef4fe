# game.mk - City of Glass (docs/rules/city-of-glass.md), included through
# src/games/games.am.  Its grammar is city-of-glass.rng beside this file.
GAMES_SOURCES += src/games/city-of-glass/city-of-glass.c \
	src/games/city-of-glass/cog-int.h src/games/city-of-glass/cog-orders.c \
	src/games/city-of-glass/cog-play.c src/games/city-of-glass/cog-view.c \
	src/games/city-of-glass/cog-geom.c src/games/city-of-glass/cog-geom.h \
	src/games/city-of-glass/cog-table.c src/games/city-of-glass/cog-table.h
GAMES_UNIT_TESTS += check-cog-geom check-city-of-glass
check_cog_geom_SOURCES = tests/unit/check-cog-geom.c $(TESTUTIL)
check_city_of_glass_SOURCES = tests/unit/check-city-of-glass.c $(TESTUTIL)
GAMES_BENCHES += bench-cog
bench_cog_SOURCES = tests/bench/cog.c
bench_cog_LDADD = $(CORE_LIBS) -lm
GAMES_SCRIPT_TESTS += tests/sh/city-of-glass.sh
