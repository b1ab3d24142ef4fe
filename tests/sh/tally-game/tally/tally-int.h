/* tally-int.h - Tally, shared by the files of its engine (not an interface
 * for the rest of the program: that is tally_engine).
 *
 *   tally.c         the engine table, setup, load and save, the invariant
 *   tally-orders.c  reading and checking orders, the legal ones
 *   tally-play.c    a turn: adding up, and the end at 10
 *   tally-view.c    the report's text
 */
#ifndef WP_TALLY_INT_H
#define WP_TALLY_INT_H

#include "engine.h"

struct tally {
	long long total;
};

static inline struct tally *T(const struct game *g)
{
	return g->state;
}

/* tally-orders.c */
/* What an order line adds: 1 or 2, or 0 for a line that is no order. */
int tally_add_of(const char *line);
void tally_check(const struct game *g, int p, struct order_line *lines, size_t n,
		 const struct engine_ctx *ctx);
void tally_awaited(const struct game *g, bool *awaited);
char *tally_incomplete(const struct game *g, int p, const struct strlist *orders,
		       const struct engine_ctx *ctx);
void tally_nmr(const struct game *g, int p, struct strlist *orders);
void tally_legal(const struct game *g, int p, const struct engine_ctx *ctx,
		 struct strlist *out);

/* tally-play.c */
int tally_advance(struct game *g, const struct turn_orders *o,
		  const struct engine_ctx *ctx, struct events *ev, char **err);
void tally_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev);
bool tally_over(const struct game *g);

/* tally-view.c */
void tally_view(const struct game *g, int p, const struct engine_ctx *ctx,
		struct sb *out);

#endif
