/* tally.c - Tally, the smallest game: each turn every player may add 1 or
 * 2 to a shared total; the game ends at 10.  It lives only in
 * tests/sh/tally-game/ and is built only by tests/sh/new-game.sh, which
 * drops this folder into a copy of the tree as src/games/tally/. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "xmlutil.h"

/* The grammar beside this file (tally.rng), built in by build-aux/games-c.sh. */
extern const char schema_tally_rng[];

struct tally {
	long long total;
};

static struct tally *T(const struct game *g)
{
	return g->state;
}

static int t_setup(struct game *g, char **err)
{
	(void)err;
	g->state = xcalloc(1, sizeof(struct tally));
	return 0;
}

static int t_load(struct game *g, const xmlNode *node, char **err)
{
	(void)err;
	g->state = xcalloc(1, sizeof(struct tally));
	xml_attr_int(node, "total", &T(g)->total);
	return 0;
}

static void t_save(const struct game *g, xmlNode *node)
{
	xml_set_int(node, "total", T(g)->total);
}

static void t_release(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

static int add_of(const char *line)
{
	return !strcmp(line, "add 1") ? 1 : !strcmp(line, "add 2") ? 2 : 0;
}

static void t_check(const struct game *g, int p, struct order_line *lines, size_t n,
		    const struct engine_ctx *ctx)
{
	(void)g, (void)p, (void)ctx;
	for (size_t i = 0; i < n; i++) {
		if (add_of(lines[i].text)) {
			lines[i].canon = xstrdup(lines[i].text);
		} else {
			lines[i].code = "unknown-order";
			lines[i].reason = xstrdup("send 'add 1' or 'add 2'");
		}
	}
}

static void t_awaited(const struct game *g, bool *awaited)
{
	for (size_t i = 0; i < g->nplayers; i++)
		awaited[i] = true;
}

static void t_nmr(const struct game *g, int p, struct strlist *orders)
{
	(void)g, (void)p, (void)orders;
}

static void t_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev)
{
	(void)ctx;
	events_add(ev, AUD_ALL, "%s stops counting", g->players[p].name);
}

static int t_advance(struct game *g, const struct turn_orders *o,
		     const struct engine_ctx *ctx, struct events *ev, char **err)
{
	(void)ctx, (void)err;
	for (size_t i = 0; i < g->nplayers; i++)
		for (size_t k = 0; o->has[i] && k < o->lines[i].n; k++)
			T(g)->total += add_of(o->lines[i].v[k]);
	events_add(ev, AUD_ALL, "the tally is %lld", T(g)->total);
	return 0;
}

static bool t_over(const struct game *g)
{
	return T(g)->total >= 10;
}

static void t_view(const struct game *g, int p, const struct engine_ctx *ctx,
		   struct sb *out)
{
	(void)ctx;
	(void)p;
	sb_addf(out, "tally %lld of 10\n", T(g)->total);
}

static void t_legal(const struct game *g, int p, const struct engine_ctx *ctx,
		    struct strlist *out)
{
	(void)p, (void)ctx;
	if (!t_over(g)) {
		strlist_add(out, "add 1");
		strlist_add(out, "add 2");
	}
}

static char *t_invariant(const struct game *g)
{
	return T(g)->total >= 0 ? NULL : xstrdup("negative tally");
}

const struct engine tally_engine = {
	.name = "tally",
	.title = "Tally (a test game)",
	.min_players = 1,
	.max_players = 4,
	.schema = schema_tally_rng,
	.setup = t_setup,
	.load = t_load,
	.save = t_save,
	.release = t_release,
	.check = t_check,
	.awaited = t_awaited,
	.nmr = t_nmr,
	.drop = t_drop,
	.advance = t_advance,
	.over = t_over,
	.view = t_view,
	.legal = t_legal,
	.invariant = t_invariant,
};
