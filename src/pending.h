/* pending.h - the orders pending for a game's current turn: who has sent
 * them, whom the turn waits for, who is still missing.  What a turn plays
 * (turn.c) and what status shows (status.c) are read alike from them. */
#ifndef WP_PENDING_H
#define WP_PENDING_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"

struct pending {
	size_t n;
	bool has[MAX_PLAYERS];
	bool awaited[MAX_PLAYERS];
	struct strlist lines[MAX_PLAYERS];
	size_t nawaited, nmissing;
	size_t nwanted_missing; /* optional players (engine->wanted) not heard */
};

/* The pending orders of g's current turn into *pd (release it whatever
 * the code).  An open seat or a dropped player is awaited by nobody.
 * Returns WP_ERR_IO (with *err, which may be NULL) when an orders file
 * cannot be read; pd is filled all the same. */
int pending_load(const struct campaign *c, const struct game *g, struct pending *pd,
		 char **err);
void pending_release(struct pending *pd);

#endif
