/* mail-commands.c - the players' commands by mail (help, status, resend,
 * password, resign); see mail-commands.h. */
#include "mail-commands.h"

#include <stdlib.h>
#include <string.h>

#include "absence.h"
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

/* `absent FROM TO [REASON]`: two days, not past, within the game's limit;
 * canon "absent FROM TO[ REASON]". */
static void check_absent(const struct game *g, int p, struct order_line *l, long long now)
{
	const char *arg = rest_of(l->text), *reason;
	char *from = xstrndup(arg, strcspn(arg, " \t")), *to, *why;
	int first, last, today = absence_today(now, option_get(&g->opts, "tz"));

	arg = rest_of(arg);
	to = xstrndup(arg, strcspn(arg, " \t"));
	reason = rest_of(arg);
	if (!absence_parse_day(from, &first) || !absence_parse_day(to, &last))
		verdict_bad(l, "bad-absence", xasprintf("write 'absent FROM TO [reason]' with two "
							 "days as YYYY-MM-DD, e.g. 'absent "
							 "2027-02-01 2027-02-07 holiday'"));
	else if ((why = absence_check(g, p, first, last, today, true)))
		verdict_bad(l, "bad-absence", why);
	else
		verdict_ok(l, *reason ? xasprintf("absent %s %s %s", from, to, reason)
				      : xasprintf("absent %s %s", from, to));
	free(to);
	free(from);
}

static void check_one(const struct game *g, int p, struct order_line *l, long long now)
{
	const char *arg = rest_of(l->text);
	long long t;

	/* `back` may open a line of a story (Heart of Glass' texts): a
	 * command only alone. */
	if (is_word(l->text, "absent")) {
		check_absent(g, p, l, now);
	} else if (is_word(l->text, "back") && !*arg) {
		if (!absence_current_or_next(g, p, now))
			verdict_bad(l, "bad-absence", xstrdup("you have no absence to end"));
		else
			verdict_ok(l, xstrdup("back"));
	} else if (is_word(l->text, "help") && *arg) {
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
						"resign", "press", "gm", "wait", "ready",
						"absent", "back" };
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		strlist_add(words, commands[i]);
}

void mail_commands_check(const struct game *g, int p, struct submission *s, long long now)
{
	for (size_t i = 0; i < s->n; i++)
		if (!s->lines[i].code) /* not refused already (orders.c) */
			check_one(g, p, &s->lines[i], now);
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
		char *away = g->players[i].dropped ? NULL : absence_status(g, (int)i, c->now);
		sb_addf(reply, "  %-16s %s%s%s%s%s%s\n", g->players[i].name,
			g->players[i].dropped ? "out of the game"
			: g->players[i].open ? "open seat (see 'takeover')"
			: pd.has[i] ? "orders in" : pd.awaited[i] ? "no orders yet"
			: "no orders needed",
			*state ? ", " : "", state, g->players[i].nmr ? ", missed turns" : "",
			away ? ", " : "", away ? away : "");
		free(away);
	}
	pending_release(&pd);
}

/* The game master hears of every absence asked for or ended by mail (back:
 * ended or called off). */
static int tell_gm_absence(struct campaign *c, const struct game *g, int p, const char *what,
			   bool back, const char *key_hash, char **err)
{
	const struct player *pl = &g->players[p];
	char *key = xasprintf("%s-%04d-absence-%s-%s", g->id, g->turn, pl->name, key_hash);
	char *subject = xasprintf("[%s] %s: %s", g->id, pl->name, what);
	struct sb body = SB_INIT;
	int rc;

	sb_addf(&body, "%s <%s>, a player of game %s (%s), turn %d: %s.\n\n", pl->name,
		pl->email, g->id, g->engine->title, g->turn, what);
	if (!back)
		sb_addf(&body, "While away, no turn waits for them; the no-orders rule plays "
			       "their seat at each deadline, and those turns are not counted as "
			       "missed. 'wyrmpost player %s %s back' ends it.\n", g->id, pl->name);
	sb_addf(&body, "'wyrmpost status %s' shows every player's absence.\n", g->id);
	rc = campaign_mail(c, g, -1, key, subject, sb_str(&body), NULL, "auto-generated", err);
	sb_release(&body);
	free(subject);
	free(key);
	return rc;
}

/* `absent FROM TO [REASON]` (canon, checked) and `back`: stored, said in
 * the reply, and told to the game master. */
static int absence_apply(struct campaign *c, struct game *g, int p, const char *canon,
			 const char *key_hash, struct sb *reply, char **err)
{
	int today = absence_today(c->now, option_get(&g->opts, "tz"));
	char *what;
	int rc;

	if (!strcmp(canon, "back")) {
		const struct absence *a = absence_current_or_next(g, p, c->now);
		bool now = a && a->from <= today;
		char *first = absence_format_day(a->from);
		absence_back(g, p, today);
		what = now ? xstrdup("back from absence early; turns wait for them again")
			   : xasprintf("absence from %s called off", first);
		sb_addf(reply, now ? "Welcome back: turns wait for your orders again.\n"
				   : "Your absence from %s is called off.\n", first);
		free(first);
	} else {
		char from[11], to[11];
		const char *rest = canon + 28; /* "absent YYYY-MM-DD YYYY-MM-DD" */
		const struct absence *a;
		int first, last;
		memcpy(from, canon + 7, 10);
		memcpy(to, canon + 18, 10);
		from[10] = to[10] = '\0';
		if (!absence_parse_day(from, &first) || !absence_parse_day(to, &last))
			BUG("absence '%s' was checked", canon);
		absence_add(g, p, first, last, *rest ? rest + 1 : NULL, today);
		what = absence_status(g, p, c->now);
		a = absence_current_or_next(g, p, c->now);
		if (a->reason) {
			char *more = xasprintf("%s (%s)", what, a->reason);
			free(what);
			what = more;
		}
		sb_addf(reply, "You are %s. No turn waits for you then: at each deadline the "
			       "game's no-orders rule plays your seat, and those turns do not "
			       "count as missed. Send 'back' to return early; the game master "
			       "is told.\n", what);
	}
	rc = campaign_save_game(c, g, err);
	if (!rc)
		rc = tell_gm_absence(c, g, p, what, !strcmp(canon, "back"), key_hash, err);
	free(what);
	return rc;
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
		} else if (!strcmp(l->canon, "back") || !strncmp(l->canon, "absent ", 7)) {
			rc = absence_apply(c, g, p, l->canon, key_hash, reply, err);
		} else if (!strcmp(l->canon, "resign")) {
			sb_adds(reply, "You will leave the game for good when this turn runs. To "
				       "stay, send your orders again without 'resign'.\n");
		}
	}
	return rc;
}
