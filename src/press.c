/* press.c - press between players and notes to the game master; see
 * press.h.
 *
 * A message's file, games/ID/press/NNNN/TIME-KEY, holds header lines, a
 * blank line and the text:
 *
 *     from ann        (from -: the game master)
 *     to bob          (a player, all, or gm)
 *     time 1800000000
 *     grey no
 *
 *     Shall we gang up on the dragon?
 *
 * KEY names the mail and line it came from, so the same mail handled
 * again finds its message stored and does not count or store it twice;
 * each relay's outbox key is KEY and the recipient, and a relay already
 * in the outbox or sent is not written again. */
#include "press.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "hash.h"
#include "header.h"
#include "schedule.h"
#include "utf8.h"

void press_list_release(struct press_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].key);
		free(l->v[i].from);
		free(l->v[i].to);
		free(l->v[i].text);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* --- the store ----------------------------------------------------------- */

static char *turn_dir(const struct campaign *c, const char *id, int turn)
{
	char *rest = xasprintf("press/%04d", turn), *dir = campaign_game_path(c, id, rest);
	free(rest);
	return dir;
}

/* One message file's text into m (turn and key set by the caller);
 * false when it is not one. */
static bool parse_msg(char *text, struct press_msg *m)
{
	char *body = strstr(text, "\n\n"), *save = NULL;
	if (!body)
		return false;
	*body = '\0';
	m->text = xstrdup(body + 2);
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(l, "from ", 5))
			m->from = xstrdup(strcmp(l + 5, "-") ? l + 5 : "");
		else if (!strncmp(l, "to ", 3))
			m->to = xstrdup(l + 3);
		else if (!strncmp(l, "time ", 5))
			parse_int(l + 5, 0, TIME_ISO_MAX, &m->when);
		else if (!strncmp(l, "grey ", 5))
			m->grey = !strcmp(l + 5, "yes");
	}
	str_trim(m->text);
	return m->from && m->to;
}

/* The messages of one turn, added to out. */
static int load_turn(const struct campaign *c, const char *id, int turn,
		     struct press_list *out, char **err)
{
	char *dir = turn_dir(c, id, turn);
	struct strlist names = STRLIST_INIT;
	int rc = fs_list(dir, &names, err) ? WP_ERR_IO : WP_OK;

	for (size_t i = 0; !rc && i < names.n; i++) {
		char *path = xasprintf("%s/%s", dir, names.v[i]), *text = NULL;
		const char *dash = strchr(names.v[i], '-');
		struct press_msg m = { 0 };
		size_t len;
		if (fs_read_file(path, &text, &len, err)) {
			rc = WP_ERR_IO;
		} else if (dash && parse_msg(text, &m)) {
			m.key = xstrdup(dash + 1);
			m.turn = turn;
			ALLOC_GROW(out->v, out->n + 1, out->alloc);
			out->v[out->n++] = m;
		} else {
			free(m.from);
			free(m.to);
			free(m.text);
		}
		free(text);
		free(path);
	}
	strlist_clear(&names);
	free(dir);
	return rc;
}

int press_load(const struct campaign *c, const char *id, int turn, struct press_list *out,
	       char **err)
{
	char *dir;
	struct strlist turns = STRLIST_INIT;
	int rc = WP_OK;

	memset(out, 0, sizeof *out);
	if (turn)
		return load_turn(c, id, turn, out, err);
	dir = campaign_game_path(c, id, "press");
	rc = fs_list(dir, &turns, err) ? WP_ERR_IO : WP_OK;
	for (size_t i = 0; !rc && i < turns.n; i++) {
		long long t;
		if (parse_int(turns.v[i], 1, 9999, &t))
			rc = load_turn(c, id, (int)t, out, err);
	}
	strlist_clear(&turns);
	free(dir);
	return rc;
}

static const struct press_msg *find_key(const struct press_list *l, const char *key)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].key, key))
			return &l->v[i];
	return NULL;
}

/* Write m into its turn's folder unless a message with its key is there. */
static int store(const struct campaign *c, const char *id, const struct press_msg *m,
		 char **err)
{
	struct press_list have = { 0 };
	char *dir, *path, *text;
	int rc = load_turn(c, id, m->turn, &have, err);

	if (rc || find_key(&have, m->key)) {
		press_list_release(&have);
		return rc;
	}
	press_list_release(&have);
	dir = turn_dir(c, id, m->turn);
	path = xasprintf("%s/%010lld-%s", dir, m->when, m->key);
	text = xasprintf("from %s\nto %s\ntime %lld\ngrey %s\n\n%s\n", *m->from ? m->from : "-",
			 m->to, m->when, m->grey ? "yes" : "no", m->text);
	if (fs_mkdirs(dir, err) || fs_write_atomic(path, text, strlen(text), err))
		rc = WP_ERR_IO;
	free(text);
	free(path);
	free(dir);
	return rc;
}

/* --- reading a press or gm line ------------------------------------------ */

static bool first_word_is(const char *line, const char *w)
{
	size_t n = strlen(w);
	return !ascii_ncasecmp(line, w, n) && (!line[n] || line[n] == ' ' || line[n] == '\t');
}

/* `press NAME: TEXT` (the colon may be left out): the name (caller frees)
 * and where the text starts. */
static char *press_parts(const char *line, const char **text)
{
	const char *p = line + 5, *end;
	char *name;
	p += strspn(p, " \t");
	end = p + strcspn(p, " \t:");
	name = xstrndup(p, (size_t)(end - p));
	p = end + (*end == ':');
	p += strspn(p, " \t");
	*text = p;
	return name;
}

static void bad(struct order_line *l, const char *code, char *reason)
{
	l->command = true;
	l->code = code;
	l->reason = reason;
}

/* The key of line l of s from player p: the mail and line it came from. */
static char *line_key(const struct game *g, int p, const struct submission *s,
		      const struct order_line *l)
{
	char *all = xasprintf("%s\n%d\n%s\n%s\n%d\n%s", g->id, g->turn, g->players[p].name,
			      s->message_id ? s->message_id : "", l->lineno, l->text);
	char *h = sha256_hex(all, strlen(all), 6);
	free(all);
	return h;
}

/* The verdict on a press line; *sent counts p's messages this turn. */
static void check_press(const struct game *g, int p, struct order_line *l, long long *sent)
{
	const char *text, *mode = option_get(&g->opts, "press");
	char *name = press_parts(l->text, &text);
	int q = game_player_index(g, name);
	long long size = option_int(&g->opts, "press-size");

	if (!strcmp(mode, "none"))
		bad(l, "no-press", xstrdup("this game takes no press (its option press=none)"));
	else if (!*name || (q < 0 && ascii_casecmp(name, "all")))
		bad(l, "no-such-player",
		    xasprintf("'%s' is no player of this game; write 'press NAME: TEXT' or "
			      "'press all: TEXT'", name));
	else if (q == p)
		bad(l, "to-yourself", xstrdup("a message to yourself goes nowhere"));
	else if (q >= 0 && (g->players[q].dropped || g->players[q].open))
		bad(l, "out", xasprintf("%s is out of the game%s", g->players[q].name,
					g->players[q].open ? " (the seat is open)" : ""));
	else if (!*text)
		bad(l, "empty", xstrdup("say what: 'press NAME: TEXT'"));
	else if ((long long)utf8_count(text) > size)
		bad(l, "too-long", xasprintf("a message may be %lld characters long, this one is "
					     "%zu; the game's option press-size", size,
					     utf8_count(text)));
	else if (*sent >= option_int(&g->opts, "press-per-turn"))
		bad(l, "press-limit", xasprintf("you have sent %lld messages this turn, the most "
						"the game takes (its option press-per-turn); "
						"the next turn takes more", *sent));
	else {
		l->command = true;
		l->canon = xasprintf("press %s: %s", q >= 0 ? g->players[q].name : "all", text);
		++*sent;
	}
	free(name);
}

static void check_gm(const struct game *g, struct order_line *l, long long *sent)
{
	const char *text = l->text + 2 + strspn(l->text + 2, " \t");
	long long size = option_int(&g->opts, "press-size");

	if (!*text)
		bad(l, "empty", xstrdup("say what: 'gm TEXT'"));
	else if ((long long)utf8_count(text) > size)
		bad(l, "too-long", xasprintf("a message may be %lld characters long, this one is "
					     "%zu", size, utf8_count(text)));
	else if (*sent >= option_int(&g->opts, "press-per-turn"))
		bad(l, "press-limit", xasprintf("you have sent %lld messages this turn, the most "
						"the game takes", *sent));
	else {
		l->command = true;
		l->canon = xasprintf("gm %s", text);
		++*sent;
	}
}

void press_check(const struct campaign *c, const struct game *g, int p, struct submission *s)
{
	struct press_list have = { 0 };
	char *e = NULL;
	long long sent = 0;

	/* An unreadable folder counts as none sent; storing says why. */
	if (load_turn(c, g->id, g->turn, &have, &e))
		free(e);
	for (size_t i = 0; i < have.n; i++) {
		bool this_mail = false;
		for (size_t k = 0; k < s->n && !this_mail; k++) {
			char *key = line_key(g, p, s, &s->lines[k]);
			this_mail = !strcmp(key, have.v[i].key);
			free(key);
		}
		sent += !this_mail && !strcmp(have.v[i].from, g->players[p].name);
	}
	press_list_release(&have);
	for (size_t i = 0; i < s->n; i++) {
		struct order_line *l = &s->lines[i];
		if (l->code || l->command)
			continue;
		if (first_word_is(l->text, "press"))
			check_press(g, p, l, &sent);
		else if (first_word_is(l->text, "gm"))
			check_gm(g, l, &sent);
	}
}

/* --- relaying ------------------------------------------------------------ */

/* Has a mail with this key been written already (outbox or sent)? */
static bool written(const struct campaign *c, const char *key)
{
	static const char *const where[] = { "outbox/new", "outbox/tmp", "sent/new", "sent/cur" };
	bool yes = false;
	for (size_t i = 0; i < ARRAY_SIZE(where) && !yes; i++) {
		char *path = xasprintf("%s/%s/%s.eml", c->dir, where[i], key);
		yes = fs_exists(path);
		free(path);
	}
	return yes;
}

/* Who a player is told a message comes from. */
static const char *sender_shown(const struct press_msg *m)
{
	return !*m->from ? "the game master" : m->grey ? "someone (grey press)" : m->from;
}

static char *relay_body(const struct game *g, const struct press_msg *m, bool observer)
{
	struct sb out = SB_INIT;
	bool all = !strcmp(m->to, "all");
	sb_addf(&out, "A message in game %s (%s), turn %d, from %s to %s:\n\n%s\n", g->id,
		g->engine->title, m->turn, sender_shown(m), all ? "everyone" : "you", m->text);
	if (!observer && *m->from && !m->grey)
		sb_addf(&out, "\nTo answer, send 'press %s: YOUR TEXT' (or 'press all: ...') with "
			      "your game, player and password lines.\n", m->from);
	else if (!observer && *m->from)
		sb_adds(&out, "\nIn grey press nobody's name is shown; to answer everyone, send "
			      "'press all: YOUR TEXT' with your game, player and password lines.\n");
	return sb_detach(&out);
}

/* The mail of m to player q (q < 0: observer o), once. */
static int relay_one(struct campaign *c, const struct game *g, const struct press_msg *m,
		     int q, size_t o, char **err)
{
	char *who = q >= 0 ? xstrdup(g->players[q].name)
			   : sha256_hex(g->observers.v[o], strlen(g->observers.v[o]), 6);
	char *key = xasprintf("%s-%04d-press-%s-%s%s", g->id, m->turn, m->key, q < 0 ? "obs-" : "",
			      who);
	char *subject = xasprintf("[%s] a message from %s", g->id, sender_shown(m));
	char *body = relay_body(g, m, q < 0);
	int rc = WP_OK;

	if (!written(c, key))
		rc = q >= 0 ? campaign_mail(c, g, q, key, subject, body, NULL, "auto-generated", err)
			    : campaign_mail_to(c, NULL, g->observers.v[o], key, subject, body, NULL,
					       "auto-generated", NULL, 0, err);
	free(body);
	free(subject);
	free(key);
	free(who);
	return rc;
}

/* Does player q take part (not dropped, the seat not open)? */
static bool seated(const struct game *g, size_t q)
{
	return !g->players[q].dropped && !g->players[q].open;
}

/* m to its recipients: one player, or every other player still in the
 * game and every observer; *n counts the mails. */
static int relay(struct campaign *c, const struct game *g, const struct press_msg *m,
		 size_t *n, char **err)
{
	int rc = WP_OK;
	bool all = !strcmp(m->to, "all");
	for (size_t q = 0; !rc && q < g->nplayers; q++)
		if (seated(g, q) && strcmp(g->players[q].name, m->from) &&
		    (all || !strcmp(g->players[q].name, m->to))) {
			rc = relay_one(c, g, m, (int)q, 0, err);
			++*n;
		}
	for (size_t o = 0; !rc && all && o < g->observers.n; o++) {
		rc = relay_one(c, g, m, -1, o, err);
		++*n;
	}
	return rc;
}

/* A `gm` line's text to the game master, naming the player and address. */
static int to_gm(struct campaign *c, const struct game *g, int p, const struct press_msg *m,
		 char **err)
{
	char *key = xasprintf("%s-%04d-gm-%s", g->id, m->turn, m->key);
	char *subject = xasprintf("[%s] a message from %s", g->id, m->from);
	char *body = xasprintf("%s <%s>, a player of game %s (%s), turn %d, writes:\n\n%s\n\n"
			       "They were told it reached you; answer them at their address.\n",
			       m->from, g->players[p].email, g->id, g->engine->title, m->turn,
			       m->text);
	int rc = written(c, key) ? WP_OK
				 : campaign_mail(c, g, -1, key, subject, body, NULL,
						 "auto-generated", err);
	free(body);
	free(subject);
	free(key);
	return rc;
}

int press_apply(struct campaign *c, const struct game *g, int p, const struct submission *s,
		struct sb *reply, char **err)
{
	int rc = WP_OK;
	for (size_t i = 0; !rc && i < s->n; i++) {
		const struct order_line *l = &s->lines[i];
		bool gm = l->canon && !strncmp(l->canon, "gm ", 3);
		struct press_msg m = { 0 };
		const char *text;
		size_t n = 0; /* relays, for the count only broadcast reports */
		if (!l->command || !l->canon || (!gm && strncmp(l->canon, "press ", 6)))
			continue;
		m.key = line_key(g, p, s, l);
		m.from = xstrdup(g->players[p].name);
		m.to = gm ? xstrdup("gm") : press_parts(l->canon, &text);
		m.text = xstrdup(gm ? l->canon + 3 : text);
		m.turn = g->turn;
		m.when = c->now;
		m.grey = !strcmp(option_get(&g->opts, "press"), "grey");
		rc = store(c, g->id, &m, err);
		if (!rc)
			rc = gm ? to_gm(c, g, p, &m, err) : relay(c, g, &m, &n, err);
		if (!rc)
			sb_addf(reply, gm ? "Your message went to the game master (line %d).\n"
					  : "Your message was relayed (line %d)%s.\n",
				l->lineno, m.grey ? " without your name (grey press)" : "");
		free(m.key);
		free(m.from);
		free(m.to);
		free(m.text);
	}
	return rc;
}

/* --- reading them -------------------------------------------------------- */

/* text, its later lines indented as the first. */
static void indented(struct sb *out, const char *text)
{
	for (const char *t = text; *t; t++) {
		sb_addc(out, *t);
		if (*t == '\n' && t[1])
			sb_adds(out, "    ");
	}
	sb_addc(out, '\n');
}

void press_report(const struct campaign *c, const struct game *g, int turn, int p,
		  struct strlist *out)
{
	struct press_list l = { 0 };
	char *e = NULL;
	const char *me = p >= 0 ? g->players[p].name : NULL;

	if (load_turn(c, g->id, turn, &l, &e)) {
		free(e);
		return;
	}
	for (size_t i = 0; i < l.n; i++) {
		const struct press_msg *m = &l.v[i];
		bool all = !strcmp(m->to, "all");
		if (!(all || (me && !strcmp(m->to, me))) || (me && !strcmp(m->from, me)))
			continue;
		strlist_addf(out, "from %s to %s: %s", sender_shown(m), all ? "everyone" : "you",
			     m->text);
	}
	press_list_release(&l);
}

int campaign_press(const struct campaign *c, const char *id, struct sb *out, char **err)
{
	struct game g;
	struct press_list l;
	int rc = campaign_load_game(c, id, &g, err);

	if (rc)
		return rc;
	rc = press_load(c, id, 0, &l, err);
	if (!rc && !l.n)
		sb_addf(out, "%s: no messages\n", id);
	for (size_t i = 0; !rc && i < l.n; i++) {
		const struct press_msg *m = &l.v[i];
		char *when = sched_format_local(m->when, option_get(&g.opts, "tz"));
		sb_addf(out, "turn %d, %s, %s to %s%s:\n    ", m->turn, when,
			*m->from ? m->from : "the game master",
			!strcmp(m->to, "gm") ? "the game master" : m->to,
			m->grey ? " (grey: the name hidden)" : "");
		indented(out, m->text);
		free(when);
	}
	press_list_release(&l);
	game_release(&g);
	return rc;
}

int campaign_broadcast(struct campaign *c, const char *id, const char *text, size_t *mailed,
		       char **err)
{
	struct game g;
	struct press_msg m = { 0 };
	char *all;
	int rc = campaign_load_live_game(c, id, &g, err);

	*mailed = 0;
	if (rc)
		return rc;
	if (!*text) {
		*err = xasprintf("%s: nothing to broadcast", id);
		game_release(&g);
		return WP_ERR_USAGE;
	}
	campaign_sweep_game(c, id, g.turn);
	all = xasprintf("%s\n%d\n%lld\n%s", id, g.turn, c->now, text);
	m.key = sha256_hex(all, strlen(all), 6);
	m.from = xstrdup("");
	m.to = xstrdup("all");
	m.text = xstrdup(text);
	m.turn = g.turn;
	m.when = c->now;
	rc = store(c, id, &m, err);
	if (!rc)
		rc = relay(c, &g, &m, mailed, err);
	free(all);
	free(m.key);
	free(m.from);
	free(m.to);
	free(m.text);
	game_release(&g);
	return rc;
}
