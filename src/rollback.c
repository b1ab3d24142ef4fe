/* rollback.c - a game put back to an earlier turn, so that turn can be
 * played again; see rollback.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "gm-notes.h"
#include "rollback.h"
#include "schedule.h"
#include "wake-index.h"

/* How many times turn of game id has been rolled back, from
 * games/ID/replays ("TURN COUNT" lines, written by rollback). */
int rollback_replays(const struct campaign *c, const char *id, int turn)
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

/* The players told what was undone and when the turn runs now; noted for
 * the history and the report of the turn played again. */
static int tell(struct campaign *c, const char *id, int to, int from, char **err)
{
	struct game g;
	char *when, *what, *undone;
	int rc = campaign_load_game(c, id, &g, err);
	if (rc)
		return rc;
	when = sched_format_local(g.deadline, option_get(&g.opts, "tz"));
	undone = from - 1 > to ? xasprintf("turns %d to %d are", to, from - 1)
			       : xasprintf("turn %d is", to);
	what = xasprintf("the game master has put the game back to the start of turn %d: %s "
			 "undone and will be played again (new reports replace the ones you "
			 "had). The orders you sent for turn %d stand; "
			 "send new ones to change them. Turn %d runs at %s at the latest.",
			 to, undone, to, to, when);
	rc = gm_note(c, &g, err, "The game master put the game back to the start of turn %d "
		     "(%s undone).", to, undone);
	if (!rc)
		rc = gm_tell_players(c, &g, what, "the game was put back", err);
	free(what);
	free(undone);
	free(when);
	game_release(&g);
	return rc;
}

/* Carry out the rollback of game id back before turn `to` (from turn
 * `from`, at time `then`), from wherever it stopped. */
static int roll_back(struct campaign *c, const char *id, int to, int from, long long then,
		     char **err)
{
	char *rest = xasprintf("turns/%04d.xml", to);
	char *path = campaign_game_path(c, id, rest), *intent = intent_path(c, id);
	struct game now, old;
	int rc = campaign_load_game(c, id, &now, err);

	if (!rc && now.turn != to) {
		/* game.xml is not yet the snapshot's: the snapshot, with a
		 * deadline from the schedule counted from the rollback (its
		 * own is past, and the next run would play the turn at once). */
		rc = game_load_file(&old, path, err) ? WP_ERR_DATA : WP_OK;
		if (!rc) {
			old.deadline = sched_next_deadline(option_get(&old.opts, "deadline"),
							   option_get(&old.opts, "tz"), then, 0, 0);
			rc = campaign_save_game(c, &old, err);
			game_release(&old);
		}
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
	if (!rc) {
		long long now_was = c->now;
		c->now = then; /* the same mails and notes when finished later */
		rc = tell(c, id, to, from, err);
		c->now = now_was;
	}
	if (!rc && fs_unlink(intent, err))
		rc = WP_ERR_IO;
	free(intent);
	free(path);
	free(rest);
	return rc;
}

/* Finish a rollback a kill interrupted; *to is its turn (0: none was). */
int rollback_finish(struct campaign *c, const char *id, int *to, char **err)
{
	char *intent = intent_path(c, id), *text = NULL;
	size_t len;
	int from = 0, rc = WP_OK;
	long long then = c->now;

	*to = 0;
	if (fs_exists(intent)) {
		/* "TO FROM TIME"; one an older wyrmpost wrote has no TIME. */
		if (fs_read_file(intent, &text, &len, err))
			rc = WP_ERR_IO;
		else if (sscanf(text, "%d %d %lld", to, &from, &then) < 2 || *to < 1 ||
			 from <= *to) {
			*err = xasprintf("%s: not a rollback in progress ('TO FROM TIME')", intent);
			rc = WP_ERR_DATA;
		} else {
			rc = roll_back(c, id, *to, from, then, err);
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
	sb_addf(&sb, "%d %d %lld\n", to, from, c->now);
	for (int t = 1; t < from; t++) {
		int n = rollback_replays(c, id, t) + (t >= to);
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
	if ((rc = rollback_finish(c, id, &pending, err)))
		return rc;
	if (pending) {
		/* The command was given again after a kill: that rollback is
		 * now done, and it is the one that was asked for. */
		*restored = pending;
		return WP_OK;
	}
	if ((rc = campaign_load_game(c, id, &g, err)))
		return rc;
	/* The next run looks at the game rolled back (wake-index.h). */
	if (wake_index_touch(c, id, err)) {
		game_release(&g);
		return WP_ERR_IO;
	}
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
		rc = roll_back(c, id, to, g.turn, c->now, err);
	if (!rc)
		*restored = to;
	free(text);
	free(intent);
	free(path);
	free(rest);
	game_release(&g);
	return rc;
}
