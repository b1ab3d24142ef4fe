/* tally-view.c - what a Tally player sees: the total, the same for all
 * (see tally-int.h).  No board, and nothing hidden to scramble. */
#include "tally-int.h"

void tally_view(const struct game *g, int p, const struct engine_ctx *ctx,
		struct sb *out)
{
	(void)ctx;
	(void)p;
	sb_addf(out, "tally %lld of 10\n", T(g)->total);
}
