/* pending.c - the orders pending for a game's current turn; see
 * pending.h. */
#include <string.h>

#include "engine.h"
#include "pending.h"

int pending_load(const struct campaign *c, const struct game *g, struct pending *pd,
		 char **err)
{
	int rc;
	memset(pd, 0, sizeof *pd);
	pd->n = g->nplayers;
	rc = campaign_load_orders(c, g, pd->has, pd->lines, err);
	g->engine->awaited(g, pd->awaited);
	if (g->engine->wanted) {
		bool wanted[MAX_PLAYERS] = { false };
		g->engine->wanted(g, wanted);
		for (size_t i = 0; i < g->nplayers; i++)
			pd->nwanted_missing += wanted[i] && !pd->awaited[i] &&
					       !g->players[i].dropped && !pd->has[i];
	}
	for (size_t i = 0; i < g->nplayers; i++) {
		/* An open seat is nobody's: the turn does not wait for it, hold
		 * or remind over it (game_advance plays it by the NMR rule). */
		if (g->players[i].dropped || g->players[i].open)
			pd->awaited[i] = false;
		if (pd->awaited[i]) {
			pd->nawaited++;
			if (!pd->has[i])
				pd->nmissing++;
		}
	}
	return rc;
}

void pending_release(struct pending *pd)
{
	for (size_t i = 0; i < pd->n; i++)
		strlist_clear(&pd->lines[i]);
}
