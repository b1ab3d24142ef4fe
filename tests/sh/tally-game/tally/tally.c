/* tally.c - Tally, the smallest game: each turn every player may add 1 or
 * 2 to a shared total; the game ends at 10.  It lives only in
 * tests/sh/tally-game/ and is built only by tests/sh/new-game.sh, which
 * drops this folder into a copy of the tree as src/games/tally/.  Its
 * files are the skeleton of every game's folder (src/games/README.md): this
 * one holds the engine table, setup, load and save, release and the
 * invariant; orders, play and view are beside it (tally-int.h). */
#include <stdlib.h>

#include "tally-int.h"
#include "xmlutil.h"

/* The grammar beside this file (tally.rng), built in by build-aux/games-c.sh. */
extern const char schema_tally_rng[];

static int tally_setup(struct game *g, char **err)
{
	(void)err;
	g->state = xcalloc(1, sizeof(struct tally));
	return 0;
}

static int tally_load(struct game *g, const xmlNode *node, char **err)
{
	(void)err;
	g->state = xcalloc(1, sizeof(struct tally));
	xml_attr_int(node, "total", &T(g)->total);
	return 0;
}

static void tally_save(const struct game *g, xmlNode *node)
{
	xml_set_int(node, "total", T(g)->total);
}

static void tally_release(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

static char *tally_invariant(const struct game *g)
{
	return T(g)->total >= 0 ? NULL : xstrdup("negative tally");
}

/* The one order, for `help ORDER` by mail. */
static const struct order_doc tally_orders[] = {
	{ "add", "add 1|2", "add one or two to the tally" },
	{ NULL, NULL, NULL },
};

const struct engine tally_engine = {
	.name = "tally",
	.title = "Tally (a test game)",
	.min_players = 1,
	.max_players = 4,
	.schema = schema_tally_rng,
	.setup = tally_setup,
	.load = tally_load,
	.save = tally_save,
	.release = tally_release,
	.check = tally_check,
	.awaited = tally_awaited,
	.incomplete = tally_incomplete,
	.nmr = tally_nmr,
	.drop = tally_drop,
	.advance = tally_advance,
	.over = tally_over,
	.view = tally_view,
	.legal = tally_legal,
	.orders = tally_orders,
	.invariant = tally_invariant,
};
