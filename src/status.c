/* status.c - the games at a glance, or one game in detail (`wyrmpost
 * status`); see status.h. */
#include <stdlib.h>

#include "absence.h"
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
			/* votes and the like: welcome, but no turn waits for them */
			pd.nwanted_missing ? ", more wanted" : "");
	sb_addc(out, '\n');
	pending_release(&pd);
	free(when);
}

/* One more item of a player's line, after a comma when not the first. */
static void say(struct sb *out, const char *what)
{
	sb_addf(out, "%s%s", out->len ? ", " : "", what);
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
		struct sb says = SB_INIT;
		char *away = pl->dropped ? NULL : absence_status(g, (int)i, c->now);
		if (pl->dropped)
			say(&says, "dropped");
		else if (pl->open)
			say(&says, pl->req_name ? "open, asked for" : "open");
		else if (pd.awaited[i])
			say(&says, pending_state(&pd, i));
		if (pd.has[i])
			say(&says, "orders in");
		if (pd.incomplete[i] && pd.has[i] && !pl->dropped && !pl->open) {
			char *what = xasprintf("still missing %s", pd.incomplete[i]);
			say(&says, what);
			free(what);
		}
		if (pl->nmr)
			say(&says, "missed turns");
		if (away)
			say(&says, away);
		free(away);
		/* The address column only pads when something follows it. */
		if (says.len)
			sb_addf(out, "  %-16s %-28s %s\n", pl->name, pl->email, sb_str(&says));
		else
			sb_addf(out, "  %-16s %s\n", pl->name, pl->email);
		sb_release(&says);
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
