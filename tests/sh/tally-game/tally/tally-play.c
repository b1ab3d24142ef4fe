/* tally-play.c - a Tally turn: every player's additions, in player order,
 * and the end at 10 (see tally-int.h). */
#include "tally-int.h"

int tally_advance(struct game *g, const struct turn_orders *o,
		  const struct engine_ctx *ctx, struct events *ev, char **err)
{
	(void)ctx, (void)err;
	for (size_t i = 0; i < g->nplayers; i++)
		for (size_t k = 0; o->has[i] && k < o->lines[i].n; k++)
			T(g)->total += tally_add_of(o->lines[i].v[k]);
	events_add(ev, AUD_ALL, "the tally is %lld", T(g)->total);
	return 0;
}

void tally_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev)
{
	(void)ctx;
	events_add(ev, AUD_ALL, "%s stops counting", g->players[p].name);
}

bool tally_over(const struct game *g)
{
	return T(g)->total >= 10;
}
