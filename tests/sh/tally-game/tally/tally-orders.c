/* tally-orders.c - Tally orders: `add 1` or `add 2`, checked, and the legal
 * list; every player is awaited and nobody's missing orders add anything
 * (see tally-int.h). */
#include <string.h>

#include "tally-int.h"

int tally_add_of(const char *line)
{
	return !strcmp(line, "add 1") ? 1 : !strcmp(line, "add 2") ? 2 : 0;
}

void tally_check(const struct game *g, int p, struct order_line *lines, size_t n,
		 const struct engine_ctx *ctx)
{
	(void)g, (void)p, (void)ctx;
	for (size_t i = 0; i < n; i++) {
		if (tally_add_of(lines[i].text)) {
			lines[i].canon = xstrdup(lines[i].text);
		} else {
			lines[i].code = "unknown-order";
			lines[i].reason = xstrdup("send 'add 1' or 'add 2'");
		}
	}
}

void tally_awaited(const struct game *g, bool *awaited)
{
	for (size_t i = 0; i < g->nplayers; i++)
		awaited[i] = true;
}

/* One `add` is a whole turn. */
char *tally_incomplete(const struct game *g, int p, const struct strlist *orders,
		       const struct engine_ctx *ctx)
{
	(void)g, (void)p, (void)ctx;
	for (size_t i = 0; i < orders->n; i++)
		if (tally_add_of(orders->v[i]))
			return NULL;
	return xstrdup("'add 1' or 'add 2'");
}

void tally_nmr(const struct game *g, int p, struct strlist *orders)
{
	(void)g, (void)p, (void)orders;
}

void tally_legal(const struct game *g, int p, const struct engine_ctx *ctx,
		 struct strlist *out)
{
	(void)p, (void)ctx;
	if (!tally_over(g)) {
		strlist_add(out, "add 1");
		strlist_add(out, "add 2");
	}
}
