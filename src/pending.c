/* pending.c - the orders pending for a game's current turn; see
 * pending.h. */
#include <stdlib.h>
#include <string.h>

#include "absence.h"
#include "engine.h"
#include "fsutil.h"
#include "orders.h"
#include "pending.h"

static char *hold_path(const struct campaign *c, const struct game *g, int p)
{
	char *name = xasprintf(".hold-%s", g->players[p].name);
	char *path = campaign_orders_path(c, g->id, g->turn, name);
	free(name);
	return path;
}

unsigned pending_hold_read(const struct campaign *c, const struct game *g, int p)
{
	char *path = hold_path(c, g, p), *buf = NULL, *e = NULL;
	size_t len;
	unsigned hold = 0;

	if (fs_exists(path) && !fs_read_file(path, &buf, &len, &e)) {
		struct strlist words = STRLIST_INIT;
		orders_parse_stored(buf, &words);
		hold = (strlist_has(&words, "refused") ? HOLD_REFUSED : 0) |
		       (strlist_has(&words, "wait") ? HOLD_WAIT : 0);
		strlist_clear(&words);
	}
	free(buf);
	free(e);
	free(path);
	return hold;
}

int pending_hold_write(const struct campaign *c, const struct game *g, int p, unsigned hold,
		       char **err)
{
	char *path = hold_path(c, g, p), *dir = campaign_orders_path(c, g->id, g->turn, NULL);
	char *text = xasprintf("%s%s", hold & HOLD_REFUSED ? "refused\n" : "",
			       hold & HOLD_WAIT ? "wait\n" : "");
	int rc = WP_OK;

	if (hold) {
		if (fs_mkdirs(dir, err) || fs_write_atomic(path, text, strlen(text), err))
			rc = WP_ERR_IO;
	} else if (fs_exists(path) && fs_unlink(path, err)) {
		rc = WP_ERR_IO;
	}
	free(text);
	free(dir);
	free(path);
	return rc;
}

const char *pending_state(const struct pending *pd, size_t i)
{
	if (!pd->awaited[i])
		return "";
	if (pd->hold[i] & HOLD_WAIT)
		return "waiting";
	return pd->ready[i] ? "ready" : "not ready";
}

int pending_load(const struct campaign *c, const struct game *g, struct pending *pd,
		 char **err)
{
	struct engine_ctx ctx = game_ctx(g, g->deadline);
	int rc;

	memset(pd, 0, sizeof *pd);
	pd->n = g->nplayers;
	rc = campaign_load_orders(c, g, pd->has, pd->lines, err);
	g->engine->awaited(g, pd->awaited);
	for (size_t i = 0; i < g->nplayers; i++) {
		/* No turn waits for a player away: the deadline plays the seat. */
		pd->absent[i] = pd->awaited[i] && !g->players[i].dropped &&
				!g->players[i].open && absence_at(g, (int)i, c->now);
		pd->awaited[i] &= !pd->absent[i];
	}
	if (g->engine->wanted) {
		bool wanted[MAX_PLAYERS] = { false };
		g->engine->wanted(g, wanted);
		for (size_t i = 0; i < g->nplayers; i++)
			pd->nwanted_missing += wanted[i] && !pd->awaited[i] &&
					       !pd->absent[i] && !g->players[i].dropped &&
					       !pd->has[i];
	}
	for (size_t i = 0; i < g->nplayers; i++) {
		/* An open seat is nobody's: the turn does not wait for it, hold
		 * or remind over it (game_advance plays it by the NMR rule). */
		if (g->players[i].dropped || g->players[i].open)
			pd->awaited[i] = false;
		if (!pd->awaited[i])
			continue;
		pd->nawaited++;
		if (!pd->has[i])
			pd->nmissing++;
		pd->hold[i] = pending_hold_read(c, g, (int)i);
		pd->incomplete[i] = g->engine->incomplete(g, (int)i, &pd->lines[i], &ctx);
		pd->ready[i] = pd->has[i] && !pd->hold[i] && !pd->incomplete[i];
		pd->nunready += !pd->ready[i];
	}
	return rc;
}

void pending_release(struct pending *pd)
{
	for (size_t i = 0; i < pd->n; i++) {
		strlist_clear(&pd->lines[i]);
		free(pd->incomplete[i]);
	}
}
