/* turn.h - one game's turn: the orders pending, the no-orders rule, the
 * engine's advance, its reports and mail, the new state committed; or the
 * turn held, or the players reminded.  See turn.c for the order of writes
 * that makes a crash harmless. */
#ifndef WP_TURN_H
#define WP_TURN_H

#include <stdbool.h>

#include "campaign.h"
#include "events.h"
#include "game.h"
#include "util.h"

enum {
	TURN_FORCE = 1,   /* run even when held, or when too many missed it */
	TURN_DRY_RUN = 2, /* compute and describe, write nothing */
	TURN_IF_DUE = 4,  /* only when the deadline has come or all have sent */
};
enum turn_outcome { TURN_NOT_DUE, TURN_DONE, TURN_HELD, TURN_FINISHED };
struct turn_result {
	enum turn_outcome outcome;
	int turn;          /* the turn processed (or held) */
	bool game_over;    /* the game ended with this turn */
	char *public_report; /* dry runs: what the turn would report */
	long long wake;    /* when a run need look at the game again, if
			      nothing touches it (wake-index.h); 0 on failure */
};
int campaign_turn(struct campaign *c, const char *id, unsigned flags,
		  struct turn_result *r, char **err);

/* When a run need look at g again if nothing touches it, its files as
 * they are (the wake time of wake-index.h, as campaign_turn gives it). */
long long campaign_turn_wake(const struct campaign *c, const struct game *g);

/* The pure part of a turn, on a game in memory: the NMR rule for every
 * awaited player without orders (has/lines are filled in), the engine's
 * advance at time now, the next turn number, deadline and status. */
int game_advance(struct game *g, const bool *awaited, bool *has, struct strlist *lines,
		 long long now, struct events *ev, char **err);

#endif
