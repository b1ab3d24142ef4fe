/* pending.h - the orders pending for a game's current turn: who has sent
 * them, whom the turn waits for, who is still missing, who is ready.  What
 * a turn plays (turn.c) and what status shows (status.c) are read alike
 * from them.
 *
 * A player is ready when every line of their latest mail was accepted, they
 * have not asked the turn to wait (`wait`), and the engine finds their
 * pending orders complete.  A turn runs before its deadline only when every
 * player it waits for is ready.  What holds a player back is kept beside
 * the orders, in orders/NNNN/.hold-PLAYER (a dot file: not orders): the
 * words "refused" and "wait", one a line.
 *
 * A player away (absence.h) is not awaited: the turn neither waits for
 * them nor holds or reminds over them, and the game's no-orders rule
 * plays their seat at the deadline (turn.c). */
#ifndef WP_PENDING_H
#define WP_PENDING_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"

enum {
	HOLD_REFUSED = 1, /* the latest mail had a line refused */
	HOLD_WAIT = 2,    /* the player sent `wait` */
};

struct pending {
	size_t n;
	bool has[MAX_PLAYERS];
	bool awaited[MAX_PLAYERS];
	bool absent[MAX_PLAYERS]; /* the engine waits for them, but they are away */
	struct strlist lines[MAX_PLAYERS];
	unsigned hold[MAX_PLAYERS];
	/* For an awaited player: what the engine still misses (NULL: none). */
	char *incomplete[MAX_PLAYERS];
	bool ready[MAX_PLAYERS];
	size_t nawaited, nmissing;
	size_t nunready; /* awaited players not ready, the missing included */
	size_t nwanted_missing; /* optional players (engine->wanted) not heard */
};

/* The pending orders of g's current turn into *pd (release it whatever
 * the code), at the campaign's now.  An open seat, a dropped player or
 * one away is awaited by nobody.
 * Returns WP_ERR_IO (with *err, which may be NULL) when an orders file
 * cannot be read; pd is filled all the same. */
int pending_load(const struct campaign *c, const struct game *g, struct pending *pd,
		 char **err);
void pending_release(struct pending *pd);

/* What holds player p of g's current turn (HOLD_ bits; 0 when nothing or
 * the file cannot be read). */
unsigned pending_hold_read(const struct campaign *c, const struct game *g, int p);
/* Keep hold as player p's (0 removes the file). */
int pending_hold_write(const struct campaign *c, const struct game *g, int p, unsigned hold,
		       char **err);
/* Player i as status shows them: "ready", "not ready", "waiting", or ""
 * when the turn does not wait for them. */
const char *pending_state(const struct pending *pd, size_t i);

#endif
