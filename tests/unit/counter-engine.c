/* counter-engine.c - the test engine of testutil.h. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "testutil.h"
#include "xmlutil.h"

struct counter {
	int total;
	int score[MAX_PLAYERS];
	int secret[MAX_PLAYERS];
	bool out[MAX_PLAYERS];
};

static const struct option_spec counter_options[] = {
	{ "target", OPT_INT, "20", 1, 1000, NULL, "sum that ends the game", NULL },
	{ "solo", OPT_BOOL, "no", 0, 0, NULL,
	  "only the first player is awaited; the others are wanted", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

static const char counter_schema[] =
	"<element name='engine' xmlns='http://relaxng.org/ns/structure/1.0'"
	" datatypeLibrary='http://www.w3.org/2001/XMLSchema-datatypes'>"
	"<attribute name='total'><data type='nonNegativeInteger'/></attribute>"
	"<zeroOrMore><element name='p'>"
	"<attribute name='score'><data type='nonNegativeInteger'/></attribute>"
	"<attribute name='secret'><data type='nonNegativeInteger'/></attribute>"
	"<attribute name='out'><choice><value>yes</value><value>no</value></choice></attribute>"
	"</element></zeroOrMore></element>";

static struct counter *C(const struct game *g)
{
	return g->state;
}

static int c_setup(struct game *g, char **err)
{
	struct counter *c = xcalloc(1, sizeof *c);
	(void)err;
	for (size_t i = 0; i < g->nplayers; i++)
		c->secret[i] = rng_range(&g->rng, 1, 100);
	g->state = c;
	return 0;
}

static int c_load(struct game *g, const xmlNode *node, char **err)
{
	struct counter *c = xcalloc(1, sizeof *c);
	long long v;
	size_t i = 0;
	(void)err;
	xml_attr_int(node, "total", &v);
	c->total = (int)v;
	for (xmlNode *p = node->children; p; p = p->next) {
		if (!xml_is(p, "p") || i >= MAX_PLAYERS)
			continue;
		xml_attr_int(p, "score", &v);
		c->score[i] = (int)v;
		xml_attr_int(p, "secret", &v);
		c->secret[i] = (int)v;
		xml_attr_bool(p, "out", &c->out[i]);
		i++;
	}
	g->state = c;
	return 0;
}

static void c_save(const struct game *g, xmlNode *node)
{
	xml_set_int(node, "total", C(g)->total);
	for (size_t i = 0; i < g->nplayers; i++) {
		xmlNode *p = xml_child(node, "p", NULL);
		xml_set_int(p, "score", C(g)->score[i]);
		xml_set_int(p, "secret", C(g)->secret[i]);
		xml_set_bool(p, "out", C(g)->out[i]);
	}
}

static void c_release(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

static bool parse_add(const char *line, int *n)
{
	long long v;
	if (ascii_ncasecmp(line, "add ", 4) || !parse_int(line + 4, 1, 3, &v))
		return false;
	*n = (int)v;
	return true;
}

static void c_check(const struct game *g, int p, struct order_line *lines, size_t n,
		    const struct engine_ctx *ctx)
{
	bool seen = false;
	(void)ctx;
	for (size_t i = 0; i < n; i++) {
		int v;
		if (C(g)->out[p]) {
			lines[i].code = "out";
			lines[i].reason = xstrdup("you are out of the game");
		} else if (!parse_add(lines[i].text, &v)) {
			lines[i].code = "unknown-order";
			lines[i].reason = xasprintf("'%s' is not 'add 1', 'add 2' or 'add 3'",
						    lines[i].text);
		} else if (seen) {
			lines[i].code = "one-order";
			lines[i].reason = xstrdup("only one add per turn");
		} else {
			lines[i].canon = xasprintf("add %d", v);
			seen = true;
		}
	}
}

static void c_awaited(const struct game *g, bool *awaited)
{
	bool solo = option_bool(&g->opts, "solo");
	for (size_t i = 0; i < g->nplayers; i++)
		awaited[i] = !C(g)->out[i] && (!solo || i == 0);
}

static void c_wanted(const struct game *g, bool *wanted)
{
	bool solo = option_bool(&g->opts, "solo");
	for (size_t i = 0; i < g->nplayers; i++)
		wanted[i] = solo && i > 0 && !C(g)->out[i];
}

/* One `add` is a whole turn. */
static char *c_incomplete(const struct game *g, int p, const struct strlist *orders,
			  const struct engine_ctx *ctx)
{
	int v;
	(void)g, (void)p, (void)ctx;
	for (size_t i = 0; i < orders->n; i++)
		if (parse_add(orders->v[i], &v))
			return NULL;
	return xstrdup("'add 1', 'add 2' or 'add 3'");
}

static void c_nmr(const struct game *g, int p, struct strlist *orders)
{
	(void)g;
	(void)p;
	strlist_add(orders, "add 1");
}

static void c_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev)
{
	(void)ctx;
	C(g)->out[p] = true;
	events_add(ev, AUD_ALL, "%s leaves the count", g->players[p].name);
}

static int c_advance(struct game *g, const struct turn_orders *o,
		     const struct engine_ctx *ctx, struct events *ev, char **err)
{
	(void)ctx;
	(void)err;
	for (size_t i = 0; i < g->nplayers; i++) {
		int v;
		if (C(g)->out[i] || !o->has[i] || !o->lines[i].n ||
		    !parse_add(o->lines[i].v[0], &v))
			continue;
		C(g)->total += v;
		C(g)->score[i] += v;
		events_add(ev, AUD_ALL, "%s adds %d", g->players[i].name, v);
		events_add(ev, AUD(i), "your secret was %d", C(g)->secret[i]);
		C(g)->secret[i] = rng_range(&g->rng, 1, 100);
	}
	events_add(ev, AUD_ALL, "total %d", C(g)->total);
	return 0;
}

static bool c_over(const struct game *g)
{
	size_t in = 0;
	for (size_t i = 0; i < g->nplayers; i++)
		in += !C(g)->out[i];
	return C(g)->total >= option_int(&g->opts, "target") || in == 0;
}

static void c_view(const struct game *g, int p, const struct engine_ctx *ctx,
		   struct sb *out)
{
	(void)ctx;
	sb_addf(out, "total %d\n", C(g)->total);
	for (size_t i = 0; i < g->nplayers; i++)
		sb_addf(out, "%s: %d%s\n", g->players[i].name, C(g)->score[i],
			C(g)->out[i] ? " (out)" : "");
	if (p >= 0)
		sb_addf(out, "your secret: %d\n", C(g)->secret[p]);
}

static void c_legal(const struct game *g, int p, const struct engine_ctx *ctx,
		    struct strlist *out)
{
	(void)ctx;
	if (C(g)->out[p] || c_over(g))
		return;
	for (int v = 1; v <= 3; v++)
		strlist_addf(out, "add %d", v);
}

static char *c_invariant(const struct game *g)
{
	int sum = 0;
	for (size_t i = 0; i < g->nplayers; i++)
		sum += C(g)->score[i];
	return sum == C(g)->total ? NULL : xasprintf("scores %d != total %d", sum, C(g)->total);
}

static void c_scramble(struct game *g, int keep, struct rng *r)
{
	for (size_t i = 0; i < g->nplayers; i++)
		if ((int)i != keep)
			C(g)->secret[i] = rng_range(r, 1, 100);
}

/* The one order, for `help ORDER` by mail. */
static const struct order_doc counter_orders[] = {
	{ "add", "add N", "add N to the counter" },
	{ NULL, NULL, NULL },
};

const struct engine counter_engine = {
	.name = "counter",
	.title = "Counter (a test game)",
	.min_players = 1,
	.max_players = 8,
	.options = counter_options,
	.schema = counter_schema,
	.setup = c_setup,
	.load = c_load,
	.save = c_save,
	.release = c_release,
	.check = c_check,
	.awaited = c_awaited,
	.wanted = c_wanted,
	.incomplete = c_incomplete,
	.nmr = c_nmr,
	.drop = c_drop,
	.advance = c_advance,
	.over = c_over,
	.view = c_view,
	.legal = c_legal,
	.orders = counter_orders,
	.invariant = c_invariant,
	.scramble = c_scramble,
};
