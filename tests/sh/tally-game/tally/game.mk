# game.mk - Tally, a test game (tests/sh/new-game.sh adds it to a copy of
# the tree to show that a new game is one folder and one word).
GAMES_SOURCES += src/games/tally/tally.c src/games/tally/tally-int.h \
	src/games/tally/tally-orders.c src/games/tally/tally-play.c \
	src/games/tally/tally-view.c
