/* turn.c - processing turns, the scheduler, status, rollback.
 *
 * A turn is written in an order that makes a crash at any instant harmless:
 * reports, then their mail (each under a fixed name, so rewriting replaces),
 * then the snapshot of the old state under turns/, and last the new
 * game.xml, which names the next turn.  Until that rename, the stored game
 * still names the old turn, so a run that dies is redone from the same state
 * and the same orders, with the same result, and nothing is applied twice.
 * A run plays games in batches (run-batch.c, fs_batch_begin): the same
 * files, in the same order of stages, made durable once a batch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "engine.h"
#include "fsutil.h"
#include "gm.h"
#include "orders.h"
#include "report.h"
#include "outbox.h"
#include "schedule.h"

struct pending {
	size_t n;
	bool has[MAX_PLAYERS];
	bool awaited[MAX_PLAYERS];
	struct strlist lines[MAX_PLAYERS];
	size_t nawaited, nmissing;
	size_t nwanted_missing; /* optional players (engine->wanted) not heard */
};

/* Returns WP_ERR_IO (with *err, which may be NULL) when an orders file
 * cannot be read; pd is filled all the same. */
static int pending_load(const struct campaign *c, const struct game *g, struct pending *pd,
			char **err)
{
	int rc;
	memset(pd, 0, sizeof *pd);
	pd->n = g->nplayers;
	rc = campaign_load_orders(c, g, pd->has, pd->lines, err);
	g->engine->awaited(g, pd->awaited);
	if (g->engine->wanted) {
		bool wanted[MAX_PLAYERS] = { false };
		g->engine->wanted(g, wanted);
		for (size_t i = 0; i < g->nplayers; i++)
			pd->nwanted_missing += wanted[i] && !pd->awaited[i] &&
					       !g->players[i].dropped && !pd->has[i];
	}
	for (size_t i = 0; i < g->nplayers; i++) {
		/* An open seat is nobody's: the turn does not wait for it, hold
		 * or remind over it (game_advance plays it by the NMR rule). */
		if (g->players[i].dropped || g->players[i].open)
			pd->awaited[i] = false;
		if (pd->awaited[i]) {
			pd->nawaited++;
			if (!pd->has[i])
				pd->nmissing++;
		}
	}
	return rc;
}

static void pending_release(struct pending *pd)
{
	for (size_t i = 0; i < pd->n; i++)
		strlist_clear(&pd->lines[i]);
}

static bool is_due(const struct campaign *c, const struct game *g, const struct pending *pd)
{
	if (c->now >= g->deadline)
		return true;
	return pd->nawaited > 0 && pd->nmissing == 0 && pd->nwanted_missing == 0;
}

/* Everyone who sent nothing gets the engine's NMR orders; missed turns are
 * counted, and a player who reaches the limit is dropped, or, when the game
 * offers seats (option takeover), leaves an open seat that the NMR rule
 * plays until someone takes it over (see seat.h). */
static void apply_nmr(struct game *g, const bool *awaited, bool *has,
		      struct strlist *lines, const struct engine_ctx *ctx, struct events *ev)
{
	long long limit = option_int(&g->opts, "nmr-drop");
	bool offer = strcmp(option_get(&g->opts, "takeover"), "no") != 0;
	bool engine_awaited[MAX_PLAYERS] = { false };

	g->engine->awaited(g, engine_awaited);
	for (size_t i = 0; i < g->nplayers; i++) {
		struct player *pl = &g->players[i];
		if (pl->open && !pl->dropped && engine_awaited[i]) {
			strlist_clear(&lines[i]);
			g->engine->nmr(g, (int)i, &lines[i]);
			has[i] = true;
			continue;
		}
		if (!awaited[i] || pl->dropped || pl->open)
			continue;
		if (has[i]) {
			pl->nmr = 0;
			continue;
		}
		pl->nmr++;
		events_add(ev, AUD_ALL, "%s sent no orders (%d turn%s missed in a row).",
			   pl->name, pl->nmr, pl->nmr == 1 ? "" : "s");
		g->engine->nmr(g, (int)i, &lines[i]);
		has[i] = true;
		if (limit > 0 && pl->nmr >= limit && offer) {
			pl->open = true;
			events_add(ev, AUD_ALL, "%s's seat is open after %d missed turns: the "
				   "no-orders rule plays it until someone takes it over.",
				   pl->name, pl->nmr);
		} else if (limit > 0 && pl->nmr >= limit) {
			pl->dropped = true;
			events_add(ev, AUD_ALL, "%s is dropped from the game after %d missed turns.",
				   pl->name, pl->nmr);
			g->engine->drop(g, (int)i, ctx, ev);
		}
	}
}

/* `resign` (see commands.h) is the core's: the player leaves for good. */
static void apply_resign(struct game *g, bool *has, struct strlist *lines,
			 const struct engine_ctx *ctx, struct events *ev)
{
	for (size_t i = 0; i < g->nplayers; i++) {
		if (!has[i] || !strlist_has(&lines[i], "resign") || g->players[i].dropped)
			continue;
		g->players[i].dropped = true;
		events_add(ev, AUD_ALL, "%s resigns from the game.", g->players[i].name);
		g->engine->drop(g, (int)i, ctx, ev);
		strlist_clear(&lines[i]);
		has[i] = false;
	}
}

int game_advance(struct game *g, const bool *awaited, bool *has, struct strlist *lines,
		 long long now, struct events *ev, char **err)
{
	struct engine_ctx ctx = { now, option_get(&g->opts, "tz") };
	struct turn_orders orders = { g->nplayers, has, lines };

	apply_resign(g, has, lines, &ctx, ev);
	apply_nmr(g, awaited, has, lines, &ctx, ev);
	if (g->engine->advance(g, &orders, &ctx, ev, err))
		return WP_ERR_DATA;
	g->turn++;
	g->last_run = now;
	g->deadline = sched_next_deadline(option_get(&g->opts, "deadline"), ctx.tz, now,
					  g->deadline);
	g->status = g->engine->over(g) ? GAME_OVER : GAME_ACTIVE;
	return WP_OK;
}

static int hold_turn(struct campaign *c, struct game *g, const struct pending *pd,
		     unsigned flags, char **err)
{
	bool missing[MAX_PLAYERS];
	char *body, *key, *subject;
	int rc;

	if (g->status == GAME_HELD || (flags & TURN_DRY_RUN))
		return WP_OK; /* the game master was told when it was first held */
	for (size_t i = 0; i < g->nplayers; i++)
		missing[i] = pd->awaited[i] && !pd->has[i];
	g->status = GAME_HELD;
	body = report_held(g, missing);
	key = xasprintf("%s-%04d-held", g->id, g->turn);
	subject = xasprintf("[%s] turn %d held: too many missing orders", g->id, g->turn);
	rc = campaign_mail(c, g, -1, key, subject, body, NULL, "auto-generated", err);
	/* The players too: why, and until when. */
	for (size_t i = 0; !rc && i < g->nplayers; i++) {
		char *pbody, *pkey;
		if (g->players[i].dropped)
			continue;
		pbody = report_held_player(g, (int)i, missing);
		pkey = xasprintf("%s-%04d-held-%s", g->id, g->turn, g->players[i].name);
		rc = campaign_mail(c, g, (int)i, pkey, subject, pbody, NULL, "auto-generated", err);
		free(pkey);
		free(pbody);
	}
	if (!rc)
		rc = campaign_save_game(c, g, err);
	free(subject);
	free(key);
	free(body);
	return rc;
}

/* How many times turn of game id has been rolled back, from
 * games/ID/replays ("TURN COUNT" lines, written by rollback). */
static int replay_count(const struct campaign *c, const char *id, int turn)
{
	char *path = campaign_game_path(c, id, "replays"), *text = NULL, *err = NULL, *save = NULL;
	size_t len;
	int n = 0;
	if (fs_exists(path) && !fs_read_file(path, &text, &len, &err))
		for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
			int t, k;
			if (sscanf(l, "%d %d", &t, &k) == 2 && t == turn)
				n = k;
		}
	free(err);
	free(text);
	free(path);
	return n;
}

/* Name each attachment BASE.pdf or BASE.xml by its type; returns one block
 * holding both names (the caller frees it) and takes base. */
static char *attach_names(struct outpart *parts, size_t n, char *base)
{
	size_t len = strlen(base) + 5;
	char *names = xmalloc(2 * len);
	for (size_t i = 0; i < n; i++) {
		snprintf(names + i * len, len, "%s.%s", base,
			 strcmp(parts[i].content_type, "application/pdf") ? "xml" : "pdf");
		parts[i].filename = names + i * len;
	}
	free(base);
	return names;
}

/* One player's report (p < 0: the public one) as text, PDF and XML, into
 * reports/NNNN/, and into the outbox for the player (for the public one,
 * for each observer) with the PDF attached. */
static int write_report(struct campaign *c, const struct game *g, int turn,
			const struct events *ev, int p, int replay, const char *dir, char **err)
{
	const char *who = p < 0 ? "public" : g->players[p].name;
	struct report_parts rp;
	char *text, *xml, *pdf = NULL;
	char again[40] = "";
	char *path = xasprintf("%s/%s.txt", dir, who);
	size_t pdf_len = 0, xml_len = 0, nparts = 0;
	int rc = WP_OK;
	/* The public report's PDF is only ever the attachment of the
	 * observers' mail: with no observer it would be drawn for nobody (a
	 * fifth of a four-player game's PDF work), so it is not. */
	bool want_pdf = strcmp(option_get(&g->opts, "pdf"), "none") != 0 &&
			(p >= 0 || g->observers.n);
	bool want_xml = option_bool(&g->opts, "report-xml");
	struct outpart parts[2];

	/* The engine's view, board and orders help, once for all three forms. */
	report_parts_make(g, p, &rp);
	text = report_turn(g, turn, ev, p, &rp);
	/* The report as data (wyrmpost-view(5)), always kept beside the text;
	 * mailed only when the game asks for it. */
	xml = report_turn_xml(g, turn, ev, p, &rp, &xml_len);
	if (replay) {
		/* A new message, not the old one again: mail programs drop a
		 * Message-ID they have seen, and players should know why. */
		char *notice = xasprintf("This turn was played again: the game master rolled the "
					 "game back to before it (%d time%s). This report replaces "
					 "the one sent before.\n\n%s", replay,
					 replay == 1 ? "" : "s", text);
		free(text);
		text = notice;
		snprintf(again, sizeof again, "-replay%d", replay);
	}
	if (fs_write_atomic(path, text, strlen(text), err))
		rc = WP_ERR_IO;
	if (!rc && want_pdf)
		rc = report_turn_pdf(g, turn, ev, p, &rp, c->cfg.sender_name, &pdf, &pdf_len, err);
	free(path);
	path = xasprintf("%s/%s.pdf", dir, who);
	if (!rc && want_pdf && fs_write_atomic(path, pdf, pdf_len, err))
		rc = WP_ERR_IO;
	/* A turn played again may find the PDF of its first playing, when
	 * the options or the observers have changed since: not as sent. */
	if (!rc && !want_pdf && replay && fs_unlink(path, err))
		rc = WP_ERR_IO;
	free(path);
	path = xasprintf("%s/%s.xml", dir, who);
	if (!rc && fs_write_atomic(path, xml, xml_len, err))
		rc = WP_ERR_IO;
	if (want_pdf)
		parts[nparts++] = (struct outpart){ NULL, "application/pdf", pdf, pdf_len };
	if (want_xml)
		parts[nparts++] = (struct outpart){ NULL, "application/xml", xml, xml_len };
	for (size_t i = 0; !rc && p < 0 && i < g->observers.n; i++) {
		char *name = attach_names(parts, nparts, xasprintf("%s-%04d-public", g->id, turn));
		char *key = xasprintf("%s-%04d-public-%zu%s", g->id, turn, i, again);
		char *subject = xasprintf("[%s] turn %d public report%s", g->id, turn,
					  replay ? " (replayed)" : "");
		rc = campaign_mail_to(c, NULL, g->observers.v[i], key, subject, text, NULL,
				      "auto-generated", nparts ? parts : NULL, nparts, err);
		free(subject);
		free(key);
		free(name);
	}
	if (!rc && p >= 0) {
		char *name = attach_names(parts, nparts, xasprintf("%s-%04d-%s", g->id, turn, who));
		char *key = xasprintf("%s-%04d-report-%s%s", g->id, turn, who, again);
		char *subject = xasprintf("[%s] turn %d report%s%s", g->id, turn,
					  replay ? " (replayed)" : "",
					  g->status == GAME_OVER ? " (game over)" : "");
		rc = campaign_mail_with(c, g, p, key, subject, text, NULL, "auto-generated",
					nparts ? parts : NULL, nparts, err);
		free(subject);
		free(key);
		free(name);
	}
	free(path);
	free(pdf);
	free(xml);
	free(text);
	report_parts_release(&rp);
	return rc;
}

static int write_reports(struct campaign *c, const struct game *g, int turn,
			 const struct events *ev, char **err)
{
	char *rest = xasprintf("reports/%04d", turn);
	char *dir = campaign_game_path(c, g->id, rest);
	int rc = fs_mkdirs(dir, err) ? WP_ERR_IO : WP_OK, replay = replay_count(c, g->id, turn);

	for (int p = -1; !rc && p < (int)g->nplayers; p++) {
		rc = write_report(c, g, turn, ev, p, replay, dir, err);
		if (p < 0)
			crashpoint("turn-reports");
		if (p == 0)
			crashpoint("turn-first-mail");
	}
	crashpoint("turn-mail");
	free(dir);
	free(rest);
	return rc;
}

static int snapshot_and_commit(struct campaign *c, const struct game *g, int turn, char **err)
{
	char *rest = xasprintf("turns/%04d.xml", turn);
	char *path = campaign_game_path(c, g->id, rest);
	char *dir = campaign_game_path(c, g->id, "turns");
	char *state = campaign_game_path(c, g->id, "game.xml");
	int rc = WP_OK;
	/* The snapshot is the old game.xml itself, by a second name. */
	if (fs_mkdirs(dir, err) || fs_link_private(state, path, err))
		rc = WP_ERR_IO;
	crashpoint("turn-snapshot");
	/* In a run's batch, the state file is renamed into place only after
	 * every report, mail and snapshot of the batch is durable in place
	 * (fs_batch_end). */
	fs_batch_stage(FS_STAGE_COMMIT);
	if (!rc)
		rc = campaign_save_game(c, g, err);
	fs_batch_stage(FS_STAGE_NOW);
	crashpoint("turn-commit");
	free(state);
	free(dir);
	free(path);
	free(rest);
	return rc;
}

/* Option remind: once a turn, that many hours before the deadline, a mail
 * to each awaited player who has sent nothing.  games/ID/reminded holds
 * the last turn reminded of. */
static int remind(struct campaign *c, const struct game *g, const struct pending *pd,
		  char **err)
{
	long long hours = option_int(&g->opts, "remind");
	char *path, *text = NULL, *e = NULL, turn[16];
	size_t len;
	int rc = WP_OK;

	if (!hours || g->status != GAME_ACTIVE || !pd->nmissing ||
	    c->now < g->deadline - hours * 3600)
		return WP_OK;
	path = campaign_game_path(c, g->id, "reminded");
	snprintf(turn, sizeof turn, "%d\n", g->turn);
	if (fs_exists(path) && !fs_read_file(path, &text, &len, &e) && !strcmp(text, turn)) {
		free(text);
		free(path);
		return WP_OK;
	}
	free(text);
	free(e);
	for (size_t i = 0; !rc && i < g->nplayers; i++) {
		char *body, *key, *subject;
		if (!pd->awaited[i] || pd->has[i])
			continue;
		body = report_reminder(g, (int)i);
		key = xasprintf("%s-%04d-remind-%s", g->id, g->turn, g->players[i].name);
		subject = xasprintf("[%s] turn %d: your orders are due", g->id, g->turn);
		rc = campaign_mail(c, g, (int)i, key, subject, body, NULL, "auto-generated", err);
		free(subject);
		free(key);
		free(body);
	}
	/* Written after the mails: a run killed between sends them again,
	 * under the same keys (at least once, as all mail). */
	if (!rc && fs_write_atomic(path, turn, strlen(turn), err))
		rc = WP_ERR_IO;
	free(path);
	return rc;
}

static int play_turn(struct campaign *c, struct game *g, struct pending *pd,
		     unsigned flags, struct turn_result *r, char **err)
{
	struct events ev = EVENTS_INIT;
	int turn = g->turn, rc;

	{
		/* What the game master changed since the last turn opens it. */
		struct strlist notes = STRLIST_INIT;
		gm_turn_notes(c, g->id, turn, &notes);
		for (size_t i = 0; i < notes.n; i++)
			events_add(&ev, AUD_ALL, "Game master: %s", notes.v[i]);
		strlist_clear(&notes);
	}
	rc = game_advance(g, pd->awaited, pd->has, pd->lines, c->now, &ev, err);
	if (rc)
		goto out;
	r->outcome = TURN_DONE;
	r->turn = turn;
	r->game_over = g->status == GAME_OVER;
	if (flags & TURN_DRY_RUN) {
		r->public_report = report_turn(g, turn, &ev, -1, NULL);
	} else {
		/* Staged only when a run opened a batch (run-batch.c):
		 * everything up to the state file, which is the commit. */
		fs_batch_stage(FS_STAGE_DATA);
		rc = write_reports(c, g, turn, &ev, err);
		if (!rc)
			rc = snapshot_and_commit(c, g, turn, err);
		fs_batch_stage(FS_STAGE_NOW);
	}
out:
	events_release(&ev);
	return rc;
}

static int finish_rollback(struct campaign *c, const char *id, int *to, char **err);

int campaign_turn(struct campaign *c, const char *id, unsigned flags,
		  struct turn_result *r, char **err)
{
	struct game g;
	struct pending pd;
	int rc;

	memset(r, 0, sizeof *r);
	if (!(flags & TURN_DRY_RUN)) {
		int to;
		if ((rc = finish_rollback(c, id, &to, err)))
			return rc;
	}
	rc = campaign_load_game(c, id, &g, err);
	if (rc)
		return rc;
	if (!(flags & TURN_DRY_RUN))
		campaign_sweep_game(c, id, g.turn);
	r->turn = g.turn;
	if (g.status == GAME_OVER) {
		r->outcome = TURN_FINISHED;
		game_release(&g);
		return WP_OK;
	}
	if ((rc = pending_load(c, &g, &pd, err))) {
		pending_release(&pd);
		game_release(&g);
		return rc;
	}
	if (g.status == GAME_PAUSED && !(flags & TURN_FORCE)) {
		r->outcome = TURN_HELD; /* paused by the game master */
	} else if (g.status == GAME_HELD && pd.nawaited > 0 && pd.nmissing == 0) {
		/* Every order the held turn waited for has come: play it. */
		rc = play_turn(c, &g, &pd, flags, r, err);
	} else if ((flags & TURN_IF_DUE) && !is_due(c, &g, &pd)) {
		r->outcome = TURN_NOT_DUE;
		if (!(flags & TURN_DRY_RUN))
			rc = remind(c, &g, &pd, err);
	} else if (g.status == GAME_HELD && !(flags & TURN_FORCE)) {
		r->outcome = TURN_HELD;
	} else if (!(flags & TURN_FORCE) && option_bool(&g.opts, "hold") &&
		   pd.nmissing * 2 > pd.nawaited) {
		r->outcome = TURN_HELD;
		rc = hold_turn(c, &g, &pd, flags, err);
	} else {
		rc = play_turn(c, &g, &pd, flags, r, err);
	}
	pending_release(&pd);
	game_release(&g);
	return rc;
}

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
	g->engine->view(g, -1, out);
	pending_release(&pd);
}

int campaign_status(const struct campaign *c, const char *id, struct sb *out, char **err)
{
	struct strlist ids = STRLIST_INIT;
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
		if (campaign_load_game(c, ids.v[i], &g, &e))
			sb_addf(out, "%-12s unreadable: %s\n", ids.v[i], e);
		else
			status_line(c, &g, out);
		free(e);
		game_release(&g);
	}
	if (!rc && !ids.n)
		sb_adds(out, "No games yet; create one with 'wyrmpost new'.\n");
	strlist_clear(&ids);
	return rc;
}

static void check_game(const struct campaign *c, const char *id, struct strlist *problems)
{
	struct game g;
	struct strlist turns = STRLIST_INIT;
	char *e = NULL, *dir;

	if (campaign_load_game(c, id, &g, &e)) {
		strlist_take(problems, e);
		return;
	}
	{
		bool has[MAX_PLAYERS];
		struct strlist lines[MAX_PLAYERS];
		memset(lines, 0, sizeof lines);
		if (campaign_load_orders(c, &g, has, lines, &e))
			strlist_addf(problems, "%s: %s", id, e);
		free(e);
		e = NULL;
		for (size_t i = 0; i < g.nplayers; i++)
			strlist_clear(&lines[i]);
	}
	dir = campaign_game_path(c, id, "turns");
	if (fs_list(dir, &turns, &e))
		strlist_take(problems, e);
	for (size_t i = 0; i < turns.n; i++) {
		struct game old;
		char *path = xasprintf("%s/%s", dir, turns.v[i]);
		e = NULL;
		if (strlen(turns.v[i]) != 8 || strcmp(turns.v[i] + 4, ".xml"))
			continue;
		if (game_load_file(&old, path, &e))
			strlist_take(problems, e);
		game_release(&old);
		free(path);
	}
	strlist_clear(&turns);
	free(dir);
	game_release(&g);
}

int campaign_check(const struct campaign *c, const char *id, struct strlist *problems,
		   char **err)
{
	struct strlist ids = STRLIST_INIT;
	int rc = WP_OK;
	if (id) {
		check_game(c, id, problems);
		return WP_OK;
	}
	rc = campaign_list_games(c, &ids, err);
	for (size_t i = 0; !rc && i < ids.n; i++)
		check_game(c, ids.v[i], problems);
	strlist_clear(&ids);
	return rc;
}

int campaign_report(const struct campaign *c, const char *id, int turn, const char *player,
		    char **text, char **err)
{
	struct game g;
	char *rest, *path;
	size_t len;
	int rc = campaign_load_game(c, id, &g, err);
	if (rc)
		return rc;
	if (!turn)
		turn = g.turn - 1;
	if (player && game_player_index(&g, player) < 0) {
		*err = xasprintf("%s: no player '%s'", id, player);
		game_release(&g);
		return WP_ERR_NOTFOUND;
	}
	rest = xasprintf("reports/%04d/%s.txt", turn,
			 player ? g.players[game_player_index(&g, player)].name : "public");
	path = campaign_game_path(c, id, rest);
	if (turn < 1 || !fs_exists(path)) {
		*err = turn < 1 ? xasprintf("%s: no turn has been played yet", id)
				: xasprintf("%s: no report for turn %d", id, turn);
		rc = WP_ERR_NOTFOUND;
	} else if (fs_read_file(path, text, &len, err)) {
		rc = WP_ERR_IO;
	}
	free(path);
	free(rest);
	game_release(&g);
	return rc;
}

/* A rollback is three steps: game.xml from the snapshot, then the undone
 * turns' snapshots removed.  Killed in between, a second `rollback` must
 * not undo one turn more, so the intent is written down first, in
 * games/ID/.rollback ("TO FROM"), and whatever finds it finishes that
 * rollback and nothing else. */
static char *intent_path(const struct campaign *c, const char *id)
{
	return campaign_game_path(c, id, ".rollback");
}

/* Remove the snapshots of turns from..., which belong to an undone
 * history. */
static int remove_snapshots(const struct campaign *c, const char *id, int from, char **err)
{
	char *dir = campaign_game_path(c, id, "turns");
	struct strlist names = STRLIST_INIT;
	int rc = fs_exists(dir) && fs_list(dir, &names, err) ? WP_ERR_IO : WP_OK;
	for (size_t i = 0; !rc && i < names.n; i++) {
		long long t;
		char *num = xstrndup(names.v[i], 4), *path;
		bool snap = strlen(names.v[i]) == 8 && !strcmp(names.v[i] + 4, ".xml") &&
			    parse_int(num, 1, 9999, &t) && t >= from;
		free(num);
		if (!snap)
			continue;
		path = xasprintf("%s/%s", dir, names.v[i]);
		if (fs_unlink(path, err))
			rc = WP_ERR_IO;
		free(path);
	}
	strlist_clear(&names);
	free(dir);
	return rc;
}

/* Carry out the rollback of game id back before turn `to`, from wherever
 * it stopped. */
static int roll_back(struct campaign *c, const char *id, int to, char **err)
{
	char *rest = xasprintf("turns/%04d.xml", to);
	char *path = campaign_game_path(c, id, rest), *gamepath = campaign_game_path(c, id, "game.xml");
	char *intent = intent_path(c, id), *buf = NULL;
	size_t len;
	struct game now, old;
	int rc = campaign_load_game(c, id, &now, err);

	if (!rc && now.turn != to) {
		/* game.xml is not yet the snapshot's: copy it over. */
		rc = game_load_file(&old, path, err) ? WP_ERR_DATA : WP_OK;
		if (!rc)
			game_release(&old);
		if (!rc && fs_read_file(path, &buf, &len, err))
			rc = WP_ERR_IO;
		if (!rc && fs_write_private(gamepath, buf, len, err))
			rc = WP_ERR_IO;
		crashpoint("rollback-state");
	}
	if (!rc)
		game_release(&now);
	/* The undone turns' snapshots go too.  Their orders stay, to be
	 * played again. */
	if (!rc)
		rc = remove_snapshots(c, id, to, err);
	crashpoint("rollback-snapshots");
	/* The replayed turns' count, as the intent wrote it down. */
	if (!rc) {
		char *text = NULL, *replays = campaign_game_path(c, id, "replays");
		size_t tlen;
		const char *body;
		if (fs_read_file(intent, &text, &tlen, err))
			rc = WP_ERR_IO;
		else if ((body = strchr(text, '\n')) && body[1] &&
			 fs_write_atomic(replays, body + 1, strlen(body + 1), err))
			rc = WP_ERR_IO;
		free(text);
		free(replays);
	}
	if (!rc && fs_unlink(intent, err))
		rc = WP_ERR_IO;
	free(buf);
	free(intent);
	free(gamepath);
	free(path);
	free(rest);
	return rc;
}

/* Finish a rollback a kill interrupted; *to is its turn (0: none was). */
static int finish_rollback(struct campaign *c, const char *id, int *to, char **err)
{
	char *intent = intent_path(c, id), *text = NULL;
	size_t len;
	int from = 0, rc = WP_OK;

	*to = 0;
	if (fs_exists(intent)) {
		if (fs_read_file(intent, &text, &len, err))
			rc = WP_ERR_IO;
		else if (sscanf(text, "%d %d", to, &from) != 2 || *to < 1 || from <= *to) {
			*err = xasprintf("%s: not a rollback in progress ('TO FROM')", intent);
			rc = WP_ERR_DATA;
		} else {
			rc = roll_back(c, id, *to, err);
		}
	}
	free(text);
	free(intent);
	return rc;
}

/* "TO FROM", then the replays file as it will be: each turn from TO to
 * FROM - 1 rolled back once more. */
static char *rollback_intent(const struct campaign *c, const char *id, int to, int from)
{
	struct sb sb = SB_INIT;
	sb_addf(&sb, "%d %d\n", to, from);
	for (int t = 1; t < from; t++) {
		int n = replay_count(c, id, t) + (t >= to);
		if (n)
			sb_addf(&sb, "%d %d\n", t, n);
	}
	return sb_detach(&sb);
}

int campaign_rollback(struct campaign *c, const char *id, int to, int *restored, char **err)
{
	struct game g;
	char *intent, *text, *rest, *path;
	int rc, pending;

	campaign_sweep_game(c, id, 0);
	if ((rc = finish_rollback(c, id, &pending, err)))
		return rc;
	if (pending) {
		/* The command was given again after a kill: that rollback is
		 * now done, and it is the one that was asked for. */
		*restored = pending;
		return WP_OK;
	}
	if ((rc = campaign_load_game(c, id, &g, err)))
		return rc;
	if (!to)
		to = g.turn - 1;
	if (to < 1 || to >= g.turn) {
		rc = g.turn <= 1 ? WP_ERR_NOTFOUND : WP_ERR_USAGE;
		*err = g.turn <= 1 ? xasprintf("%s: no turn has been played yet", id)
				   : xasprintf("%s: can roll back only to turns 1 to %d", id,
					       g.turn - 1);
		game_release(&g);
		return rc;
	}
	rest = xasprintf("turns/%04d.xml", to);
	path = campaign_game_path(c, id, rest);
	if (!fs_exists(path)) {
		*err = xasprintf("%s: the snapshot of turn %d is missing (%s)", id, to, path);
		rc = WP_ERR_NOTFOUND;
	}
	intent = intent_path(c, id);
	text = rollback_intent(c, id, to, g.turn);
	if (!rc && fs_write_atomic(intent, text, strlen(text), err))
		rc = WP_ERR_IO;
	crashpoint("rollback-intent");
	if (!rc)
		rc = roll_back(c, id, to, err);
	if (!rc)
		*restored = to;
	free(text);
	free(intent);
	free(path);
	free(rest);
	game_release(&g);
	return rc;
}
