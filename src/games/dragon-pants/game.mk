# game.mk - Dragon Pants (docs/rules/dragon-pants.md), included through
# src/games/games.am.  Its grammar is dragon-pants.rng beside this file.
GAMES_SOURCES += src/games/dragon-pants/dragon-pants.c \
	src/games/dragon-pants/dp-int.h src/games/dragon-pants/dp-orders.c \
	src/games/dragon-pants/dp-play.c src/games/dragon-pants/dp-view.c \
	src/games/dragon-pants/dp-board.c src/games/dragon-pants/dp-cards.c
GAMES_UNIT_TESTS += check-dragon-pants
check_dragon_pants_SOURCES = tests/unit/check-dragon-pants.c $(TESTUTIL)
