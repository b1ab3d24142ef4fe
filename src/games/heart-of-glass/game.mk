# game.mk - Heart of Glass (docs/rules/heart-of-glass.md), included through
# src/games/games.am.  Its grammar is heart-of-glass.rng beside this file.
GAMES_SOURCES += src/games/heart-of-glass/heart-of-glass.c \
	src/games/heart-of-glass/hog-int.h src/games/heart-of-glass/hog-orders.c \
	src/games/heart-of-glass/hog-play.c src/games/heart-of-glass/hog-view.c
GAMES_UNIT_TESTS += check-heart
check_heart_SOURCES = tests/unit/check-heart.c $(TESTUTIL)
