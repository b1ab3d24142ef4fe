# game.mk - Burglar & the Dragon (docs/rules/burglar.md), included through
# src/games/games.am.  Its grammar is burglar.rng beside this file.
GAMES_SOURCES += src/games/burglar/burglar.c
GAMES_UNIT_TESTS += check-burglar
check_burglar_SOURCES = tests/unit/check-burglar.c $(TESTUTIL)
