/* gm-notes.c - the changes made to a running game, noted for its history,
 * its next report and its players; see gm-notes.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "fsutil.h"
#include "gm-notes.h"
#include "hash.h"
#include "schedule.h"

/* Whether text holds line as a whole line (last only: as its last). */
static bool has_line(const char *text, const char *line, bool last)
{
	size_t n = strlen(line), len = strlen(text);
	if (last)
		return len > n && text[len - 1] == '\n' && !strncmp(text + len - 1 - n, line, n) &&
		       (len == n + 1 || text[len - n - 2] == '\n');
	for (const char *p = text; (p = strstr(p, line)); p++)
		if ((p == text || p[-1] == '\n') && p[n] == '\n')
			return true;
	return false;
}

/* Append line (no newline) to a small file, atomically: read, add, write;
 * unless it is there already (once anywhere, or last if last), as it is
 * when a killed change is done again (gm.c). */
static int append_line(const char *path, const char *line, bool last, char **err)
{
	char *old = NULL, *e = NULL, *text;
	size_t len = 0;
	int rc;
	if (fs_exists(path) && fs_read_file(path, &old, &len, &e)) {
		*err = e;
		return WP_ERR_IO;
	}
	if (old && has_line(old, line, last)) {
		free(old);
		return WP_OK;
	}
	text = xasprintf("%s%s\n", old ? old : "", line);
	rc = fs_write_atomic(path, text, strlen(text), err) ? WP_ERR_IO : WP_OK;
	free(text);
	free(old);
	return rc;
}

static bool history_has(const char *path, const char *line)
{
	char *text = NULL, *e = NULL;
	size_t len;
	bool there = !fs_read_file(path, &text, &len, &e) && has_line(text, line, false);
	free(text);
	free(e);
	return there;
}

/* Record a change: in the game's history, and for the report of the turn
 * now waiting (orders/NNNN/.gm). */
int gm_note(const struct campaign *c, const struct game *g, char **err, const char *fmt, ...)
{
	va_list ap;
	char *what, *when = time_format_iso(c->now), *line, *path, *dir, *gm;
	int rc = WP_OK;

	va_start(ap, fmt);
	what = xvasprintf(fmt, ap);
	va_end(ap);
	line = xasprintf("%s turn %d: %s", when, g->turn, what);
	/* The history's line, to the second, is the note's key: there, it
	 * was noted (the .gm line first); else the .gm line is written
	 * unless the last one is the same. */
	path = campaign_game_path(c, g->id, "history");
	if (!fs_exists(path) || !history_has(path, line)) {
		dir = campaign_orders_path(c, g->id, g->turn, NULL);
		gm = xasprintf("%s/.gm", dir);
		rc = fs_mkdirs(dir, err) ? WP_ERR_IO : WP_OK;
		if (!rc)
			rc = append_line(gm, what, true, err);
		if (!rc)
			rc = append_line(path, line, false, err);
		free(gm);
		free(dir);
	}
	free(path);
	free(line);
	free(when);
	free(what);
	return rc;
}

void gm_turn_notes(const struct campaign *c, const char *id, int turn, struct strlist *out)
{
	char *dir = campaign_orders_path(c, id, turn, NULL), *path = xasprintf("%s/.gm", dir);
	char *text = NULL, *err = NULL, *save = NULL;
	size_t len;
	if (fs_exists(path) && !fs_read_file(path, &text, &len, &err))
		for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
			strlist_add(out, l);
	free(err);
	free(text);
	free(path);
	free(dir);
}

int gm_tell_players(const struct campaign *c, const struct game *g, const char *what,
			const char *subject, char **err)
{
	int rc = WP_OK;
	for (size_t i = 0; !rc && i < g->nplayers; i++) {
		char *key, *body;
		/* Nor the player of an open seat: they are out of the game. */
		if (g->players[i].dropped || g->players[i].open)
			continue;
		char *subj = xasprintf("[%s] %s", g->id, subject), *digest;
		body = xasprintf("Game %s (%s), turn %d: %s\n", g->id, g->engine->title, g->turn,
				 what);
		/* Two changes in one second are two mails (a pause, then a
		 * resume); the same change made again is the same mail. */
		digest = sha256_hex(body, strlen(body), 4);
		key = xasprintf("%s-%04d-gm-%s-%lld-%s", g->id, g->turn, g->players[i].name,
				c->now, digest);
		free(digest);
		rc = campaign_mail(c, g, (int)i, key, subj, body, NULL, "auto-generated", err);
		free(subj);
		free(body);
		free(key);
	}
	return rc;
}
