/* mail-commands.c - the players' commands by mail (help, status, resend,
 * password, resign); see mail-commands.h. */
#include "mail-commands.h"

#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "fsutil.h"
#include "help.h"
#include "outbox.h"
#include "password.h"
#include "pending.h"
#include "report.h"

static const char *first_word(const char *line, size_t *len)
{
	*len = strcspn(line, " \t");
	return line;
}

static bool is_word(const char *line, const char *w)
{
	size_t n;
	first_word(line, &n);
	return n == strlen(w) && !ascii_ncasecmp(line, w, n);
}

static const char *rest_of(const char *line)
{
	size_t n;
	const char *r;
	first_word(line, &n);
	r = line + n;
	while (*r == ' ' || *r == '\t')
		r++;
	return r;
}

static void verdict_ok(struct order_line *l, char *canon)
{
	l->command = true;
	l->canon = canon;
}

static void verdict_bad(struct order_line *l, const char *code, char *reason)
{
	l->command = true;
	l->code = code;
	l->reason = reason;
}

static void check_one(const struct game *g, struct order_line *l)
{
	const char *arg = rest_of(l->text);
	long long t;

	if (is_word(l->text, "help") && *arg) {
		/* `help ORDER` (help.h): one word the game or the mail knows. */
		if (!help_knows(g, arg))
			verdict_bad(l, "bad-command", xasprintf("'%s' is no order of %s and no "
								 "command; 'help' lists them",
								 arg, g->engine->title));
		else
			verdict_ok(l, ascii_lower_dup(l->text));
	} else if (is_word(l->text, "help") || is_word(l->text, "status") ||
		   is_word(l->text, "wait") || is_word(l->text, "ready")) {
		if (*arg)
			verdict_bad(l, "bad-command", xasprintf("'%.*s' takes nothing after it",
								 (int)strcspn(l->text, " \t"),
								 l->text));
		else
			verdict_ok(l, ascii_lower_dup(l->text));
	} else if (is_word(l->text, "resign")) {
		verdict_ok(l, xstrdup("resign"));
	} else if (is_word(l->text, "resend")) {
		if (!*arg)
			verdict_ok(l, xstrdup("resend"));
		else if (!parse_int(arg, 1, g->turn - 1, &t))
			verdict_bad(l, "bad-turn", g->turn > 1
				    ? xasprintf("turns 1 to %d have reports, not '%s'", g->turn - 1, arg)
				    : xstrdup("no turn has been played yet"));
		else
			verdict_ok(l, xasprintf("resend %lld", t));
	} else if (is_word(l->text, "password")) {
		if (strlen(arg) < 6 || strpbrk(arg, " \t"))
			verdict_bad(l, "bad-password", xstrdup("a new password is one word of at "
							       "least 6 characters"));
		else
			verdict_ok(l, xstrdup("password ******"));
	}
}

void mail_commands_words(struct strlist *words)
{
	static const char *const commands[] = { "help", "status", "resend", "password",
						"resign", "press", "gm", "wait", "ready" };
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		strlist_add(words, commands[i]);
}

void mail_commands_check(const struct game *g, int p, struct submission *s)
{
	(void)p;
	for (size_t i = 0; i < s->n; i++)
		if (!s->lines[i].code) /* not refused already (orders.c) */
			check_one(g, &s->lines[i]);
}

/* The name seat p had when turn was played (NULL: not known): the state
 * the turn was played from, turns/NNNN.xml, names it.  A seat taken over
 * keeps its reports under the name it had then. */
static char *seat_name_at(const struct campaign *c, const struct game *g, int p, int turn)
{
	char *rest = xasprintf("turns/%04d.xml", turn), *path = campaign_game_path(c, g->id, rest);
	char *e = NULL, *name = NULL;
	struct game then;
	if (fs_exists(path) && !game_load_file(&then, path, &e)) {
		if ((size_t)p < then.nplayers)
			name = xstrdup(then.players[p].name);
		game_release(&then);
	}
	free(e);
	free(path);
	free(rest);
	return name;
}

static int resend(struct campaign *c, const struct game *g, int p, int turn,
		  const char *key_hash, struct sb *reply, char **err)
{
	char *rest = xasprintf("reports/%04d/%s", turn, g->players[p].name);
	char *base = campaign_game_path(c, g->id, rest);
	char *txt = xasprintf("%s.txt", base), *pdf = xasprintf("%s.pdf", base);
	char *text = NULL, *data = NULL, *then;
	size_t tlen, dlen = 0;
	int rc = WP_OK;

	if (!fs_exists(txt) && (then = seat_name_at(c, g, p, turn))) {
		/* Played before this player took the seat over. */
		free(rest);
		free(base);
		free(txt);
		free(pdf);
		rest = xasprintf("reports/%04d/%s", turn, then);
		base = campaign_game_path(c, g->id, rest);
		txt = xasprintf("%s.txt", base);
		pdf = xasprintf("%s.pdf", base);
		free(then);
	}
	if (!fs_exists(txt)) {
		sb_addf(reply, "There is no report of turn %d for you.\n", turn);
	} else if (fs_read_file(txt, &text, &tlen, err) ||
		   (fs_exists(pdf) && fs_read_file(pdf, &data, &dlen, err))) {
		rc = WP_ERR_IO;
	} else {
		char *name = xasprintf("%s-%04d-%s.pdf", g->id, turn, g->players[p].name);
		char *key = xasprintf("%s-%04d-resend-%s-%s", g->id, turn, g->players[p].name,
				      key_hash);
		char *subject = xasprintf("[%s] turn %d report (sent again)", g->id, turn);
		struct outpart part = { name, "application/pdf", data, dlen };
		rc = campaign_mail_with(c, g, p, key, subject, text, NULL, "auto-replied",
					data ? &part : NULL, data ? 1 : 0, err);
		if (!rc)
			sb_addf(reply, "Your report of turn %d is sent again in its own mail.\n",
				turn);
		free(subject);
		free(key);
		free(name);
	}
	free(text);
	free(data);
	free(pdf);
	free(txt);
	free(base);
	free(rest);
	return rc;
}

static void status(struct campaign *c, const struct game *g, struct sb *reply)
{
	struct pending pd;
	/* An unreadable orders file shows as no orders here; the run says. */
	pending_load(c, g, &pd, NULL);
	sb_addf(reply, "\nStatus of game %s (%s), turn %d:\n", g->id, g->engine->title, g->turn);
	for (size_t i = 0; i < g->nplayers; i++) {
		/* Who has sent orders and is ready, never what: that is theirs. */
		const char *state = pending_state(&pd, i);
		sb_addf(reply, "  %-16s %s%s%s%s\n", g->players[i].name,
			g->players[i].dropped ? "out of the game"
			: g->players[i].open ? "open seat (see 'takeover')"
			: pd.has[i] ? "orders in" : pd.awaited[i] ? "no orders yet"
			: "no orders needed",
			*state ? ", " : "", state, g->players[i].nmr ? ", missed turns" : "");
	}
	pending_release(&pd);
}

int mail_commands_apply(struct campaign *c, struct game *g, int p,
			const struct submission *s, const char *key_hash, struct sb *reply,
			char **err)
{
	int rc = WP_OK;
	for (size_t i = 0; i < s->n && !rc; i++) {
		const struct order_line *l = &s->lines[i];
		const char *arg = rest_of(l->text);
		if (!l->command || !l->canon)
			continue;
		if (!strcmp(l->canon, "help")) {
			help_all(g, p, reply);
		} else if (!strncmp(l->canon, "help ", 5)) {
			help_order(g, p, l->canon + 5, reply);
		} else if (!strcmp(l->canon, "status")) {
			status(c, g, reply);
		} else if (!strncmp(l->canon, "resend", 6)) {
			long long t = g->turn - 1;
			if (*arg)
				parse_int(arg, 1, g->turn - 1, &t);
			if (t < 1)
				sb_adds(reply, "No turn has been played yet.\n");
			else
				rc = resend(c, g, p, (int)t, key_hash, reply, err);
		} else if (!strncmp(l->canon, "password", 8)) {
			char *h = password_hash(arg, err);
			if (!h)
				return WP_ERR_IO;
			free(g->players[p].hash);
			g->players[p].hash = h;
			rc = campaign_save_game(c, g, err);
			if (!rc)
				sb_adds(reply, "Your password is changed; use the new one from now on.\n");
		} else if (!strcmp(l->canon, "resign")) {
			sb_adds(reply, "You will leave the game for good when this turn runs. To "
				       "stay, send your orders again without 'resign'.\n");
		}
	}
	return rc;
}
