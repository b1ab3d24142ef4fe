# game.mk - Dragon Keepers (docs/rules/dragon-keepers.md), included through
# src/games/games.am.  Its grammar is dragon-keepers.rng beside this file.
GAMES_SOURCES += src/games/dragon-keepers/dragon-keepers.c \
	src/games/dragon-keepers/dk-int.h src/games/dragon-keepers/dk-orders.c \
	src/games/dragon-keepers/dk-play.c src/games/dragon-keepers/dk-view.c \
	src/games/dragon-keepers/dk-odds.c src/games/dragon-keepers/dk-odds.h
GAMES_UNIT_TESTS += check-dk-odds check-dragon-keepers
check_dk_odds_SOURCES = tests/unit/check-dk-odds.c $(TESTUTIL)
check_dragon_keepers_SOURCES = tests/unit/check-dragon-keepers.c $(TESTUTIL)
GAMES_SCRIPT_TESTS += tests/sh/dragon-keepers.sh
