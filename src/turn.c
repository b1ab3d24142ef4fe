/* turn.c - one game's turn: due or not, held, reminded or played; see
 * turn.h.
 *
 * A turn is written in an order that makes a crash at any instant harmless:
 * reports, then their mail (each under a fixed name, so rewriting replaces),
 * then the snapshot of the old state under turns/, and last the new
 * game.xml, which names the next turn.  Until that rename, the stored game
 * still names the old turn, so a run that dies is redone from the same state
 * and the same orders, with the same result, and nothing is applied twice.
 * The mail waits in outbox/tmp/, where `send` does not look, and goes to
 * outbox/new/ only after that rename: no mail leaves for a turn that is
 * then played again (campaign_settle_held mends a kill in between).
 * A run plays games in batches (run-batch.c, fs_batch_begin): the same
 * files, in the same order of stages, made durable once a batch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absence.h"
#include "engine.h"
#include "fsutil.h"
#include "gm-notes.h"
#include "gm.h"
#include "outbox.h"
#include "pending.h"
#include "report.h"
#include "rollback.h"
#include "schedule.h"
#include "turn-reports.h"
#include "turn.h"
#include "wake-index.h"

static bool is_due(const struct campaign *c, const struct game *g, const struct pending *pd)
{
	if (c->now >= g->deadline)
		return true;
	/* Early only on orders every awaited player meant and finished; the
	 * no-orders rule and dropping refused lines wait for the deadline.
	 * Optional orders (votes) never hold the turn. */
	return pd->nawaited > 0 && pd->nunready == 0;
}

/* A player away (absence.h) who sent nothing: the NMR rule plays the
 * seat, and the turn is not counted as missed. */
static void play_absent(struct game *g, int p, bool *has, struct strlist *lines,
			const struct engine_ctx *ctx, struct events *ev)
{
	const struct absence *a = absence_current_or_next(g, p, ctx->now);
	char *until = absence_format_day(a->to);
	events_add(ev, AUD_ALL, "%s is away until %s: the no-orders rule plays their seat "
		   "(not counted as a missed turn).", g->players[p].name, until);
	g->engine->nmr(g, p, &lines[p]);
	has[p] = true;
	free(until);
}

/* Everyone who sent nothing gets the engine's NMR orders; missed turns are
 * counted, and a player who reaches the limit is dropped, or, when the game
 * offers seats (option takeover), leaves an open seat that the NMR rule
 * plays until someone takes it over (see seat.h).  A player away is played
 * the same, but not counted. */
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
		if (engine_awaited[i] && !pl->dropped && !pl->open && !has[i] &&
		    absence_at(g, (int)i, ctx->now)) {
			play_absent(g, (int)i, has, lines, ctx, ev);
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

/* `resign` (see mail-commands.h) is the core's: the player leaves for
 * good. */
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
	struct engine_ctx ctx = game_ctx(g, now);
	struct turn_orders orders = { g->nplayers, has, lines };

	if (g->turn >= GAME_TURN_MAX) {
		*err = xasprintf("turn %d is the last a game may have; end the game "
				 "('wyrmpost game %s end')", g->turn, g->id);
		return WP_ERR_DATA;
	}
	apply_resign(g, has, lines, &ctx, ev);
	apply_nmr(g, awaited, has, lines, &ctx, ev);
	if (g->engine->advance(g, &orders, &ctx, ev, err))
		return WP_ERR_DATA;
	g->turn++;
	g->last_run = now;
	g->deadline = sched_next_deadline(option_get(&g->opts, "deadline"), ctx.tz, now,
					  g->deadline, option_int(&g->opts, "min-gap") * 3600LL);
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

/* The turn's mail, held in outbox/tmp until now, to outbox/new: only once
 * the turn is committed may it leave (in a run's batch, once game.xml is
 * durable in place; a kill before that is settled by the next run, see
 * campaign_settle_held). */
static int release_mail(struct campaign *c, const struct strlist *keys, char **err)
{
	char *outbox = xasprintf("%s/outbox", c->dir);
	int rc = WP_OK;
	fs_batch_stage(FS_STAGE_RELEASE);
	for (size_t i = 0; !rc && i < keys->n; i++)
		if (outbox_release(outbox, keys->v[i], err))
			rc = WP_ERR_IO;
	free(outbox);
	return rc;
}

/* Has g's current turn had its reminder (games/ID/reminded holds the last
 * turn reminded of)? */
static bool reminded(const struct campaign *c, const struct game *g)
{
	char *path = campaign_game_path(c, g->id, "reminded"), *text = NULL, *e = NULL;
	char turn[16];
	size_t len;
	bool done;

	snprintf(turn, sizeof turn, "%d\n", g->turn);
	done = fs_exists(path) && !fs_read_file(path, &text, &len, &e) && !strcmp(text, turn);
	free(text);
	free(e);
	free(path);
	return done;
}

/* The time option remind sends its mail, or WAKE_NEVER when there is none
 * to send. */
static long long remind_time(const struct game *g, const struct pending *pd)
{
	long long hours = option_int(&g->opts, "remind");
	if (!hours || g->status != GAME_ACTIVE || !pd->nmissing)
		return WAKE_NEVER;
	return g->deadline - hours * 3600;
}

/* Option remind: once a turn, that many hours before the deadline, a mail
 * to each awaited player who has sent nothing. */
static int remind(struct campaign *c, const struct game *g, const struct pending *pd,
		  char **err)
{
	char *path, turn[16];
	int rc = WP_OK;

	if (remind_time(g, pd) == WAKE_NEVER || c->now < remind_time(g, pd) || reminded(c, g))
		return WP_OK;
	path = campaign_game_path(c, g->id, "reminded");
	snprintf(turn, sizeof turn, "%d\n", g->turn);
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

/* The earliest time a run need look at g again if nothing touches it
 * (wake-index.h): at once when its turn may run early, else its reminder
 * or its deadline; never when it is over, paused, or held past its
 * deadline (only orders or the game master move it then, and they touch
 * it).  Beside is_due and remind, and asking them: earlier than needed
 * costs a look, later would miss a turn. */
static long long turn_wake(const struct campaign *c, const struct game *g,
			   const struct pending *pd)
{
	struct campaign early = *c;
	long long at;

	if (g->status == GAME_OVER || g->status == GAME_PAUSED)
		return WAKE_NEVER;
	early.now = LLONG_MIN; /* due at any time: orders in */
	if (is_due(&early, g, pd) ||
	    (g->status == GAME_HELD && pd->nawaited > 0 && pd->nmissing == 0))
		return 0;
	if (g->status == GAME_HELD && c->now >= g->deadline)
		return WAKE_NEVER;
	at = remind_time(g, pd);
	if (at < g->deadline && !reminded(c, g))
		return at;
	return g->deadline;
}

/* The same after a turn's decision: a turn played is followed by the
 * next, whose orders are read anew. */
static long long wake_after(const struct campaign *c, const struct game *g,
			    const struct pending *pd, enum turn_outcome o)
{
	struct pending next;
	long long wake;

	if (o != TURN_DONE)
		return turn_wake(c, g, pd);
	wake = pending_load(c, g, &next, NULL) ? 0 : turn_wake(c, g, &next);
	pending_release(&next);
	return wake;
}

long long campaign_turn_wake(const struct campaign *c, const struct game *g)
{
	struct pending pd;
	long long wake = pending_load(c, g, &pd, NULL) ? 0 : turn_wake(c, g, &pd);
	pending_release(&pd);
	return wake;
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
		struct strlist held = STRLIST_INIT;
		fs_batch_stage(FS_STAGE_DATA);
		c->held = &held;
		rc = turn_reports_write(c, g, turn, &ev, err);
		c->held = NULL;
		if (!rc)
			rc = snapshot_and_commit(c, g, turn, err);
		if (!rc)
			rc = release_mail(c, &held, err);
		fs_batch_stage(FS_STAGE_NOW);
		strlist_clear(&held);
	}
out:
	events_release(&ev);
	return rc;
}

int campaign_turn(struct campaign *c, const char *id, unsigned flags,
		  struct turn_result *r, char **err)
{
	struct game g;
	struct pending pd;
	int rc;

	memset(r, 0, sizeof *r);
	if (!(flags & TURN_DRY_RUN)) {
		int to;
		/* A turn played by hand (`wyrmpost turn`): the next run looks
		 * at the game (wake-index.h); a run rewrites its own entry. */
		if (!(flags & TURN_IF_DUE) && campaign_game_exists(c, id) &&
		    wake_index_touch(c, id, err))
			return WP_ERR_IO;
		if ((rc = rollback_finish(c, id, &to, err)) || (rc = gm_finish(c, id, err)))
			return rc;
	}
	rc = campaign_load_game(c, id, &g, err);
	if (rc)
		return rc;
	if (!(flags & TURN_DRY_RUN)) {
		campaign_sweep_game(c, id, g.turn);
		campaign_settle_held(c, id, g.turn);
	}
	r->turn = g.turn;
	if (g.status == GAME_OVER) {
		r->outcome = TURN_FINISHED;
		r->wake = WAKE_NEVER;
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
	if (!rc)
		r->wake = wake_after(c, &g, &pd, r->outcome);
	pending_release(&pd);
	game_release(&g);
	return rc;
}
