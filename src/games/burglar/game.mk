# game.mk - Burglar & the Dragon (docs/rules/burglar.md), included through
# src/games/games.am.  Its grammar is burglar.rng beside this file.
GAMES_SOURCES += src/games/burglar/burglar.c src/games/burglar/burglar-int.h \
	src/games/burglar/burglar-orders.c src/games/burglar/burglar-play.c \
	src/games/burglar/burglar-view.c
GAMES_UNIT_TESTS += check-burglar
check_burglar_SOURCES = tests/unit/check-burglar.c $(TESTUTIL)
