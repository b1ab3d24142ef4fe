/* status.c - the games at a glance, or one game in detail (`wyrmpost
 * status`); see status.h. */
#include <stdlib.h>

#include "engine.h"
#include "pending.h"
#include "schedule.h"
#include "status.h"

static void status_line(const struct campaign *c, const struct game *g, struct sb *out)
{
	struct pending pd;
	char *when = sched_format_local(g->deadline, option_get(&g->opts, "tz"));
	bool unreadable = pending_load(c, g, &pd, NULL) != WP_OK;
	sb_addf(out, "%-12s %-16s turn %-4d %-6s", g->id, g->engine->name, g->turn,
		game_status_name(g->status));
	if (g->status != GAME_OVER)
		sb_addf(out, " due %s  orders %zu/%zu%s%s", when, pd.nawaited - pd.nmissing,
			pd.nawaited, unreadable ? ", one unreadable" : "",
			/* votes and the like: an early turn waits for them */
			pd.nwanted_missing ? ", more wanted" : "");
	sb_addc(out, '\n');
	pending_release(&pd);
	free(when);
}

static void status_detail(const struct campaign *c, const struct game *g, struct sb *out)
{
	struct pending pd;
	struct engine_ctx ctx = game_ctx(g, g->deadline);

	status_line(c, g, out);
	pending_load(c, g, &pd, NULL);
	sb_addf(out, "\nPlayers:\n");
	for (size_t i = 0; i < g->nplayers; i++) {
		const struct player *pl = &g->players[i];
		sb_addf(out, "  %-16s %-28s %s%s%s\n", pl->name, pl->email,
			pl->dropped ? "dropped" : pl->open ? (pl->req_name ? "open, asked for"
										  : "open")
			: pd.awaited[i] ? "awaited" : "",
			pd.has[i] ? ", orders in" : "", pl->nmr ? ", missed turns" : "");
	}
	sb_adds(out, "\n");
	g->engine->view(g, -1, &ctx, out);
	pending_release(&pd);
}

int campaign_status(const struct campaign *c, const char *id, struct sb *out, char **err)
{
	struct strlist ids = STRLIST_INIT;
	bool damaged = false;
	int rc;
	if (id) {
		struct game g;
		rc = campaign_load_game(c, id, &g, err);
		if (!rc)
			status_detail(c, &g, out);
		game_release(&g);
		return rc;
	}
	rc = campaign_list_games(c, &ids, err);
	for (size_t i = 0; !rc && i < ids.n; i++) {
		struct game g;
		char *e = NULL;
		if (campaign_load_game(c, ids.v[i], &g, &e)) {
			/* Shown in the table, and the first one said again
			 * with a failing status: a damaged state needs mending. */
			sb_addf(out, "%-12s unreadable: %s\n", ids.v[i], e);
			if (!damaged)
				*err = xstrdup(e);
			damaged = true;
		} else {
			status_line(c, &g, out);
		}
		free(e);
		game_release(&g);
	}
	if (!rc && damaged)
		rc = WP_ERR_DATA;
	if (!rc && !ids.n)
		sb_adds(out, "No games yet; create one with 'wyrmpost new'.\n");
	strlist_clear(&ids);
	return rc;
}
