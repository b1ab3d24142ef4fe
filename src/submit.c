/* submit.c - taking one orders text or mail: who sent it, the verdict on
 * every line, the pending orders, the reply, and the commands and requests
 * around them (observe, joining an open game, the mail limit).
 * See submit.h and mail-commands.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "absence.h"
#include "campaign.h"
#include "engine.h"
#include "fsutil.h"
#include "gm.h"
#include "hash.h"
#include "header.h"
#include "mail-commands.h"
#include "orders.h"
#include "password.h"
#include "pending.h"
#include "press.h"
#include "report.h"
#include "rollback.h"
#include "seat.h"
#include "submit.h"
#include "token.h"
#include "wake-index.h"

/* The words of line, split at spaces and tabs, added to words. */
static void split_words(const char *line, struct strlist *words)
{
	while (*line) {
		size_t n;
		line += strspn(line, " \t");
		n = strcspn(line, " \t");
		if (n)
			strlist_take(words, xstrndup(line, n));
		line += n;
	}
}

/* The words a player may mean: those of every order they could give now,
 * the commands by mail, the game's order words and the players' names. */
static void known_words(const struct game *g, int p, const struct engine_ctx *ctx,
			struct strlist *words)
{
	struct strlist legal = STRLIST_INIT;

	g->engine->legal(g, p, ctx, &legal);
	for (size_t i = 0; i < legal.n; i++)
		split_words(legal.v[i], words);
	mail_commands_words(words);
	for (const struct order_doc *d = g->engine->orders; d && d->verb; d++)
		strlist_add(words, d->verb);
	for (const char *const *w = g->engine->words; w && *w; w++)
		strlist_add(words, *w);
	for (size_t i = 0; i < g->nplayers; i++)
		strlist_add(words, g->players[i].name);
	strlist_clear(&legal);
}

/* Is w one of words, in any case? */
static bool known(const struct strlist *words, const char *w)
{
	for (size_t i = 0; i < words->n; i++)
		if (!ascii_casecmp(words->v[i], w))
			return true;
	return false;
}

/* The known word nearest to w, within one edit (two for a word of five
 * letters or more: "the" is not "eve"); NULL when w is known itself or
 * none is near.  Only words of letters, three or more, are guessed at
 * (not "9C", "6,21" or "ne"). */
static const char *nearest_word(const struct strlist *words, const char *w)
{
	const char *best = NULL;
	size_t n = strlen(w), best_d = n >= 5 ? 3 : 2;

	if (n < 3 || strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") != n)
		return NULL;
	for (size_t i = 0; i < words->n; i++) {
		size_t d;
		if (!ascii_casecmp(words->v[i], w))
			return NULL;
		d = str_distance(w, words->v[i]);
		if (d < best_d)
			best = words->v[i], best_d = d;
	}
	return best;
}

/* What a player most likely meant by a refused line: the line with each
 * of its first words that the game does not know but nearly does put
 * right ("play sheild" -> "play shield"); NULL when no word is, or when
 * the line would still start with a word the game does not know ("roll
 * the dice" is no slip of any order). */
#define HINT_WORDS 6
static char *meant_line(const struct strlist *words, const char *line)
{
	struct strlist own = STRLIST_INIT;
	struct sb out = SB_INIT;
	bool changed = false;

	split_words(line, &own);
	for (size_t i = 0; i < own.n; i++) {
		const char *near = i < HINT_WORDS ? nearest_word(words, own.v[i]) : NULL;
		sb_addf(&out, "%s%s", i ? " " : "", near ? near : own.v[i]);
		changed |= near != NULL;
	}
	if (own.n && !known(words, own.v[0]) && !nearest_word(words, own.v[0]))
		changed = false;
	strlist_clear(&own);
	if (!changed) {
		sb_release(&out);
		return NULL;
	}
	return sb_detach(&out);
}

/* "did you mean" for each refused order with a word nearly right. */
static void add_hints(const struct game *g, int p, const struct engine_ctx *ctx,
		      struct order_line *o, size_t n)
{
	struct strlist words = STRLIST_INIT;
	bool have = false;

	for (size_t i = 0; i < n; i++) {
		char *meant, *reason;
		if (!o[i].code || !strcmp(o[i].code, "bad-character"))
			continue;
		if (!have)
			known_words(g, p, ctx, &words);
		have = true;
		if (!(meant = meant_line(&words, o[i].text)))
			continue;
		reason = xasprintf("%s (did you mean '%s'?)", o[i].reason ? o[i].reason : "", meant);
		free(o[i].reason);
		o[i].reason = reason;
		free(meant);
	}
	strlist_clear(&words);
}

/* "did you mean" for a game id the campaign does not have: the nearest
 * of its games within two edits. */
static void hint_game(const struct campaign *c, const char *id, char **err)
{
	struct strlist ids = STRLIST_INIT;
	char *e = NULL;
	const char *best = NULL;
	size_t best_d = 3;

	if (!campaign_list_games(c, &ids, &e)) {
		for (size_t i = 0; i < ids.n; i++) {
			size_t d = str_distance(id, ids.v[i]);
			if (d < best_d && d < strlen(id))
				best = ids.v[i], best_d = d;
		}
	}
	if (best) {
		char *more = xasprintf("%s; did you mean '%s'?", *err, best);
		free(*err);
		*err = more;
	}
	free(e);
	strlist_clear(&ids);
}

/* "did you mean" for a player name game g does not have. */
static void hint_player(const struct game *g, const char *name, char **err)
{
	const char *best = NULL;
	size_t best_d = 3;
	for (size_t i = 0; i < g->nplayers; i++) {
		size_t d = str_distance(name, g->players[i].name);
		if (d < best_d && d < strlen(name))
			best = g->players[i].name, best_d = d;
	}
	if (best) {
		char *more = xasprintf("%s; did you mean '%s'?", *err, best);
		free(*err);
		*err = more;
	}
}

/* The engine checks the lines that are not commands, in one batch (it may
 * need to see them in order, e.g. actions that build on each other). */
static void check_orders(const struct game *g, int p, struct submission *s,
			 const struct engine_ctx *ctx)
{
	struct order_line *o = xcalloc(s->n + 1, sizeof *o);
	size_t n = 0, k = 0;
	for (size_t i = 0; i < s->n; i++)
		if (!s->lines[i].command && !s->lines[i].code)
			o[n++] = s->lines[i];
	if (n) {
		g->engine->check(g, p, o, n, ctx);
		add_hints(g, p, ctx, o, n);
	}
	for (size_t i = 0; i < s->n; i++)
		if (!s->lines[i].command && !s->lines[i].code)
			s->lines[i] = o[k++];
	free(o);
}

/* A short name for a submission, from its lines (not its headers, so the
 * same mail delivered twice gets the same one). */
static char *submission_hash(const struct submission *s)
{
	struct sb all = SB_INIT;
	char *h;
	sb_addf(&all, "%s\n%s\n", s->game, s->player ? s->player : "");
	for (size_t i = 0; i < s->n; i++)
		sb_addf(&all, "%s\n", s->lines[i].text);
	h = sha256_hex(sb_str(&all), all.len, 6);
	sb_release(&all);
	return h;
}

/* The key of a mail: its Message-ID, or without one its orders. */
static char *mail_key(const struct submission *s)
{
	return s->message_id ? sha256_hex(s->message_id, strlen(s->message_id), 6)
			     : submission_hash(s);
}

/* The outbox key of a reply (WHAT: "orders", "refused", ...) to mail s:
 * named by the mail answered and by the reply's own text, so the same
 * mail handled twice is one reply, and a Message-ID never stands for two
 * different texts (the same orders sent again after a turn get a reply
 * of their own).  p < 0: a reply to someone with no seat.  Caller frees. */
static char *reply_key(const struct game *g, int p, const char *what,
		       const struct submission *s, const char *body)
{
	char *mail = mail_key(s), *both = xasprintf("%s\n%s", mail, body);
	char *h = sha256_hex(both, strlen(both), 6);
	char *key = p >= 0 ? xasprintf("%s-%04d-%s-%s-%s", g->id, g->turn, what,
				       g->players[p].name, h)
			   : xasprintf("%s-%04d-%s-%s", g->id, g->turn, what, h);
	free(h);
	free(both);
	free(mail);
	return key;
}

/* What holds the player's early run after a mail (pending.h): a refused
 * line holds it until a mail with every line accepted, or `ready`; `wait`
 * holds it until `ready` or a mail of orders all accepted.  A mail of
 * commands only (help, status) changes nothing.  wait: the last of
 * `wait` (1) and `ready` (0) in the mail, or -1. */
static unsigned new_hold(unsigned old, bool refused, bool orders, int wait)
{
	unsigned hold = old;
	if (refused)
		hold |= HOLD_REFUSED;
	else if (orders || wait == 0)
		hold &= ~(unsigned)HOLD_REFUSED;
	if (wait == 1)
		hold |= HOLD_WAIT;
	else if (wait == 0 || (orders && !refused))
		hold &= ~(unsigned)HOLD_WAIT;
	return hold;
}

/* Where player p stands after the mail, for the reply (one away at now is
 * not waited for, absence.h). */
static void readiness(const struct game *g, int p, unsigned hold, const struct strlist *pending,
		      long long now, struct report_readiness *rd)
{
	bool awaited[MAX_PLAYERS] = { false };
	struct engine_ctx ctx = game_ctx(g, g->deadline);
	g->engine->awaited(g, awaited);
	rd->awaited = awaited[p] && !g->players[p].dropped && !g->players[p].open &&
		      !absence_at(g, p, now);
	rd->refused = hold & HOLD_REFUSED;
	rd->waiting = hold & HOLD_WAIT;
	rd->incomplete = rd->awaited ? g->engine->incomplete(g, p, pending, &ctx) : NULL;
}

static int store_orders(struct campaign *c, struct game *g, int p, struct submission *s,
			struct submit_result *r, char **err)
{
	struct engine_ctx ctx = game_ctx(g, g->deadline);
	struct strlist pending = STRLIST_INIT;
	char *dir = campaign_orders_path(c, g->id, g->turn, NULL);
	char *path = campaign_orders_path(c, g->id, g->turn, g->players[p].name);
	int rc = WP_OK;

	size_t norders = 0, accepted_orders = 0;
	bool resign = false;
	unsigned old_hold = pending_hold_read(c, g, p), hold;
	int wait = -1; /* the last of `wait` (1) and `ready` (0) in the mail */
	struct report_readiness rd = { false, false, false, NULL };

	mail_commands_check(g, p, s, c->now);
	press_check(c, g, p, s);
	check_orders(g, p, s, &ctx);
	for (size_t i = 0; i < s->n; i++) {
		const struct order_line *l = &s->lines[i];
		if (!l->canon && !l->code)
			BUG("engine %s gave line %d no verdict", g->engine->name, l->lineno);
		if (l->canon)
			r->accepted++;
		else
			r->rejected++;
		if (l->command) {
			resign |= l->canon && !strcmp(l->canon, "resign");
			if (l->canon && (!strcmp(l->canon, "wait") || !strcmp(l->canon, "ready")))
				wait = !strcmp(l->canon, "wait");
			continue;
		}
		norders++;
		if (l->canon) {
			strlist_add(&pending, l->canon);
			accepted_orders++;
		}
	}
	if (resign)
		strlist_add(&pending, "resign");
	/* A mail whose every order was refused leaves earlier orders alone: a
	 * typo should not cost a player the orders already in.  So does a
	 * mail of commands only (help, status...). */
	r->stored = accepted_orders > 0 || resign || s->n == 0;
	hold = new_hold(old_hold, r->rejected > 0, norders > 0, wait);
	/* A hold is written before the orders it holds, and lifted after:
	 * a run killed in between never plays a turn early on them. */
	if (hold & ~old_hold)
		rc = pending_hold_write(c, g, p, hold, err);
	if (rc) {
		/* nothing stored */
	} else if (r->stored) {
		char *text = orders_format(&pending);
		if (fs_mkdirs(dir, err) || fs_write_atomic(path, text, strlen(text), err))
			rc = WP_ERR_IO;
		free(text);
	} else {
		bool has[MAX_PLAYERS];
		struct strlist lines[MAX_PLAYERS];
		memset(lines, 0, sizeof lines);
		campaign_load_orders(c, g, has, lines, NULL);
		for (size_t i = 0; i < lines[p].n; i++)
			strlist_add(&pending, lines[p].v[i]);
		for (size_t i = 0; i < g->nplayers; i++)
			strlist_clear(&lines[i]);
	}
	crashpoint("submit-stored");
	if (!rc && hold != old_hold && !(hold & ~old_hold))
		rc = pending_hold_write(c, g, p, hold, err);
	if (!rc) {
		struct sb extra = SB_INIT;
		char *hash, *key, *subject, *confirm;
		/* Named by its content: the same mail handled twice is one reply. */
		hash = submission_hash(s);
		rc = mail_commands_apply(c, g, p, s, hash, &extra, err);
		if (!rc)
			rc = press_apply(c, g, p, s, &extra, err);
		readiness(g, p, hold, &pending, c->now, &rd);
		confirm = report_confirmation(g, p, s, &pending, r->stored || norders == 0, &rd);
		free(rd.incomplete);
		r->reply = extra.len ? xasprintf("%s\n%s", confirm, sb_str(&extra)) : xstrdup(confirm);
		key = reply_key(g, p, "orders", s, r->reply);
		subject = xasprintf("[%s] turn %d: orders %s", g->id, g->turn,
				    r->rejected ? "received, some rejected" : "received");
		if (!rc)
			rc = campaign_mail(c, g, p, key, subject, r->reply, s->message_id,
					   "auto-replied", err);
		free(subject);
		free(key);
		free(hash);
		free(confirm);
		sb_release(&extra);
	}
	strlist_clear(&pending);
	free(path);
	free(dir);
	return rc;
}

/* Did the mail come from the player's registered address (or not by mail)? */
static bool from_registered(const struct game *g, int p, const struct submission *s)
{
	char *addr;
	bool same;
	if (!s->from)
		return true;
	addr = mail_address_of(s->from);
	same = addr && !ascii_casecmp(addr, g->players[p].email);
	free(addr);
	return same;
}

/* A note to player p's registered address about a mail that came in. */
static int tell_player(struct campaign *c, const struct game *g, int p,
		       const struct submission *s, const char *what, const char *text,
		       char **err)
{
	char *body = xasprintf("%s\n\nGame %s, turn %d.  The mail came from %s%s%s.\n", text,
			       g->id, g->turn, s->from ? s->from : "the command line",
			       s->subject ? ", subject: " : "", s->subject ? s->subject : "");
	char *key = reply_key(g, p, what, s, body);
	char *subject = xasprintf("[%s] about a mail sent in your name", g->id);
	int rc = campaign_mail(c, g, p, key, subject, body, NULL, "auto-replied", err);
	free(subject);
	free(body);
	free(key);
	return rc;
}

/* Orders that cannot be taken at all: say why to the player; *err keeps
 * the reason for the command line.  Returns WP_ERR_DATA (or an I/O code). */
static int refuse(struct campaign *c, const struct game *g, int p,
		  const struct submission *s, const char *why, char **err)
{
	char *body = xasprintf("Your mail was not used: %s%s\n", why, str_stop(why));
	char *key = reply_key(g, p, "refused", s, body);
	char *subject = xasprintf("[%s] orders not used", g->id);
	char *e2 = NULL;
	int rc = campaign_mail(c, g, p, key, subject, body, s->message_id, "auto-replied", &e2);
	if (rc) {
		free(*err);
		*err = e2;
	}
	free(subject);
	free(body);
	free(key);
	return rc ? rc : WP_ERR_DATA;
}

/* Mails a player sent for the current turn, kept beside the orders as
 * orders/NNNN/.mails-PLAYER (a dot file: not a player's orders): one line
 * per mail, its key.  A mail counted once is never counted again, so a run
 * killed after counting and before the mail left its source counts it
 * once when the mail comes back.  (A file of one number is the older form:
 * that many mails without keys.) */
static char *mails_path(const struct campaign *c, const struct game *g, int p)
{
	char *name = xasprintf(".mails-%s", g->players[p].name);
	char *path = campaign_orders_path(c, g->id, g->turn, name);
	free(name);
	return path;
}

static void mails_read(const struct campaign *c, const struct game *g, int p,
		       struct strlist *keys)
{
	char *path = mails_path(c, g, p), *buf = NULL, *err = NULL, *save = NULL;
	size_t len;
	long long n;
	if (fs_exists(path) && !fs_read_file(path, &buf, &len, &err)) {
		if (parse_int(str_trim(buf), 0, 1000000, &n)) {
			while (n-- > 0)
				strlist_add(keys, "-");
		} else {
			for (char *k = strtok_r(buf, "\n", &save); k; k = strtok_r(NULL, "\n", &save))
				strlist_add(keys, k);
		}
	}
	free(buf);
	free(err);
	free(path);
}

/* How many other mails the player sent for this turn (this one is not
 * counted again). */
static long long mails_sent(const struct campaign *c, const struct game *g, int p,
			    const struct submission *s)
{
	struct strlist keys = STRLIST_INIT;
	char *key = mail_key(s);
	long long n;
	mails_read(c, g, p, &keys);
	n = (long long)keys.n - strlist_has(&keys, key);
	strlist_clear(&keys);
	free(key);
	return n;
}

static int count_mail(const struct campaign *c, const struct game *g, int p,
		      const struct submission *s, char **err)
{
	char *path = mails_path(c, g, p), *dir = campaign_orders_path(c, g->id, g->turn, NULL);
	struct strlist keys = STRLIST_INIT;
	struct sb text = SB_INIT;
	char *key = mail_key(s);
	int rc = WP_OK;

	mails_read(c, g, p, &keys);
	if (!strlist_has(&keys, key)) {
		for (size_t i = 0; i < keys.n; i++)
			sb_addf(&text, "%s\n", keys.v[i]);
		sb_addf(&text, "%s\n", key);
		rc = fs_mkdirs(dir, err) || fs_write_atomic(path, text.buf, text.len, err)
			     ? WP_ERR_IO : WP_OK;
	}
	sb_release(&text);
	strlist_clear(&keys);
	free(key);
	free(dir);
	free(path);
	return rc;
}

/* Has a mail with this key already been written (in the outbox or sent)? */
static bool mailed_before(const struct campaign *c, const char *key)
{
	char *a = xasprintf("%s/outbox/new/%s.eml", c->dir, key);
	char *b = xasprintf("%s/sent/new/%s.eml", c->dir, key);
	bool yes = fs_exists(a) || fs_exists(b);
	free(a);
	free(b);
	return yes;
}

/* A request that acts for the address a mail came from (observe, join,
 * takeover) waits until that address proves it gets mail: the first mail
 * gets a code (token.h) mailed back, and only a mail from that address
 * carrying the code acts.  A forged From then costs its owner one mail per
 * kind of request, game and turn (a forger sending a hundred requests in a
 * victim's name makes one mail, not a hundred), and never a registration
 * or a seat in their name. */
struct confirm {
	const char *purpose; /* "observe", "join", "takeover": names the code and the mail */
	const char *subject; /* what the code is for: the game, or game/seat */
	const char *given;   /* the code the mail carries (NULL or blank: none) */
	const char *what;    /* what was asked, after "asked " */
	const char *title;   /* the mail's subject, after "confirm: " */
	const char *lines;   /* the lines to reply with, up to the code */
	bool password;       /* they hold a `password YOUR-PASSWORD` line */
};

/* *yes when the mail carries the right code for addr.  Otherwise the code
 * is mailed to addr (once a turn) and r->reply says so; a wrong code is
 * also WP_ERR_DATA with *err, for the log. */
static int confirmed(struct campaign *c, const struct game *g, const struct submission *s,
		     const char *addr, const struct confirm *q, bool *yes,
		     struct submit_result *r, char **err)
{
	char *code = campaign_token(c, q->purpose, q->subject, addr, err);
	char *ah, *key, *subject;
	bool wrong;
	int rc = WP_OK;

	*yes = false;
	if (!code)
		return WP_ERR_IO;
	if (q->given && token_equal(q->given, code)) {
		*yes = true;
		free(code);
		return WP_OK;
	}
	wrong = q->given && q->given[strspn(q->given, " \t")];
	ah = sha256_hex(addr, strlen(addr), 6);
	key = xasprintf("%s-%04d-%s-confirm-%s", g->id, g->turn, q->purpose, ah);
	subject = xasprintf("[%s] confirm: %s?", g->id, q->title);
	r->reply = xasprintf("Someone, perhaps you, asked %s.\n\n"
			     "To confirm, reply from %s with these lines%s:\n\n%s%s\n\n"
			     "If it was not you, do nothing: no more mail about it will come.\n",
			     q->what, addr,
			     q->password ? " (with the password you chose in place of "
					   "YOUR-PASSWORD: it is never mailed back)" : "",
			     q->lines, code);
	if (!mailed_before(c, key))
		rc = campaign_mail_to(c, NULL, addr, key, subject, r->reply, s->message_id,
				      "auto-replied", NULL, 0, err);
	if (!rc && wrong) {
		*err = xasprintf("%s: '%s' from %s has a wrong confirmation code", g->id,
				 q->purpose, addr);
		rc = WP_ERR_DATA;
	}
	free(subject);
	free(key);
	free(ah);
	free(code);
	return rc;
}

/* A stranger's mail that asks to join: a new name, a password of their
 * own, a `join` line, from a plain address, in an open game that can take
 * players while it runs. */
static bool newcomer_may_join(const struct game *g, const struct submission *s)
{
	bool join = false;
	for (size_t i = 0; i < s->n; i++)
		join |= !ascii_ncasecmp(s->lines[i].text, "join", 4) &&
			(s->lines[i].text[4] == '\0' || s->lines[i].text[4] == ' ');
	return join && s->from && g->engine->late_players && option_bool(&g->opts, "open") &&
	       g->status != GAME_OVER && g->nplayers < (size_t)g->engine->max_players &&
	       g->nplayers < MAX_PLAYERS && ident_ok(s->player);
}

/* The code of a `confirm CODE` line, taken out of the mail's lines (it is
 * for the intake, not an order); NULL when there is none.  The code has a
 * line of its own because `join` carries each game's own words. */
static char *take_confirm_line(struct submission *s)
{
	for (size_t i = 0; i < s->n; i++) {
		struct order_line *l = &s->lines[i];
		char *code;
		if (ascii_ncasecmp(l->text, "confirm", 7) ||
		    (l->text[7] && l->text[7] != ' ' && l->text[7] != '\t'))
			continue;
		code = xstrdup(l->text + 7);
		free(l->text);
		free(l->canon);
		free(l->reason);
		free(l->note);
		memmove(l, l + 1, (s->n - i - 1) * sizeof *l);
		s->n--;
		return code;
	}
	return NULL;
}

/* Register the newcomer (saved at once) once their address is confirmed;
 * their orders then go through as for any player, so `join` takes a seat
 * when the turn runs.  *yes when they were registered. */
static int admit(struct campaign *c, struct game *g, struct submission *s, bool *yes,
		 struct submit_result *r, char **err)
{
	char *addr = mail_address_of(s->from), *hash, *given = take_confirm_line(s);
	struct sb lines = SB_INIT;
	struct player *pl;
	int rc;

	*yes = false;
	if (!addr || strlen(s->password) < 6 || strpbrk(s->password, " \t")) {
		*err = xasprintf("%s: to join, write from a plain address with a password of "
				 "one word, 6 characters or more", g->id);
		free(given);
		free(addr);
		return WP_ERR_DATA;
	}
	sb_addf(&lines, "game %s\nplayer %s\npassword YOUR-PASSWORD\n", g->id, s->player);
	for (size_t i = 0; i < s->n; i++)
		sb_addf(&lines, "%s\n", s->lines[i].text);
	sb_adds(&lines, "confirm ");
	{
		char *what = xasprintf("to join game %s (%s) as %s, from %s", g->id,
				       g->engine->title, s->player, addr);
		char *title = xasprintf("join as %s", s->player);
		/* The code is for this game and this name: one code never
		 * seats a second name from the same address. */
		char *name = ascii_lower_dup(s->player);
		char *subj = xasprintf("%s/%s", g->id, name);
		struct confirm q = { "join", subj, given, what, title, sb_str(&lines), true };
		rc = confirmed(c, g, s, addr, &q, yes, r, err);
		free(subj);
		free(name);
		free(title);
		free(what);
	}
	sb_release(&lines);
	free(given);
	if (rc || !*yes) {
		free(addr);
		return rc;
	}
	hash = password_hash(s->password, err);
	if (!hash) {
		free(addr);
		return WP_ERR_IO;
	}
	ALLOC_GROW(g->players, g->nplayers + 1, g->players_alloc);
	pl = &g->players[g->nplayers++];
	memset(pl, 0, sizeof *pl);
	pl->name = xstrdup(s->player);
	pl->email = addr;
	pl->hash = hash;
	return campaign_save_game(c, g, err);
}

/* The seat a stranger's `takeover SEAT` line asks for (NULL: none). */
static const char *takeover_seat(const struct game *g, const struct submission *s, int p)
{
	if (p >= 0 || !s->from || g->status == GAME_OVER)
		return NULL;
	for (size_t i = 0; i < s->n; i++)
		if (!ascii_ncasecmp(s->lines[i].text, "takeover ", 9))
			return s->lines[i].text + 9 + strspn(s->lines[i].text + 9, " \t");
	return NULL;
}

/* `takeover SEAT`, then `takeover SEAT CODE` from the same address (see
 * seat.h): the asker is answered at the address the mail came from. */
static int takeover(struct campaign *c, struct game *g, const struct submission *s,
		    const char *seat, struct submit_result *r, char **err)
{
	char *addr = mail_address_of(s->from), *key, *subject, *reply = NULL;
	char *name = xstrndup(seat, strcspn(seat, " \t"));
	bool yes = false;
	int rc = seat_ask_check(g, name, s->player, addr, s->password, err);

	if (!rc) {
		/* The seat's own spelling: `takeover ANN` and `takeover ann`
		 * are one request with one code. */
		const char *canon = g->players[game_player_index(g, name)].name;
		char *what = xasprintf("to take over the seat of %s in game %s (%s) as %s, "
				       "from %s", canon, g->id, g->engine->title, s->player, addr);
		char *title = xasprintf("take over the seat of %s", canon);
		char *subj = xasprintf("%s/%s", g->id, canon);
		char *lines = xasprintf("game %s\nplayer %s\npassword YOUR-PASSWORD\ntakeover %s ",
					g->id, s->player, canon);
		struct confirm q = { "takeover", subj, seat + strlen(name), what, title, lines,
				     true };
		rc = confirmed(c, g, s, addr, &q, &yes, r, err);
		free(lines);
		free(subj);
		free(title);
		free(what);
	}
	if (!rc && yes)
		rc = seat_ask(c, g, name, s->player, addr, s->password, &reply, err);
	if (!rc && yes) {
		free(r->reply);
		r->reply = reply;
		key = reply_key(g, -1, "takeover", s, reply);
		subject = xasprintf("[%s] taking over the seat of %s", g->id, name);
		rc = campaign_mail_to(c, s->player, addr, key, subject, reply, s->message_id,
				      "auto-replied", NULL, 0, err);
		free(subject);
		free(key);
	}
	free(name);
	free(addr);
	return rc;
}

/* `observe` / `unobserve` from a mail address: public reports only.
 * `observe` subscribes only the address that proves it gets mail: the
 * first mail gets a code, and `observe CODE` from that address subscribes
 * it.  `unobserve` is at once: it only stops mail, and stopping mail must
 * take one message; its answer goes only to an address that was observing,
 * so a forged one mails nobody new. */
static int observe(struct campaign *c, struct game *g, const struct submission *s,
		   struct submit_result *r, char **err)
{
	char *addr = mail_address_of(s->from);
	char *key, *subject;
	const char *given = s->lines[0].text + strlen(s->observe > 0 ? "observe" : "unobserve");
	bool had;
	int rc;

	if (!addr) {
		*err = xasprintf("%s: 'observe' works only by mail, from a plain address", g->id);
		free(addr);
		return WP_ERR_DATA;
	}
	had = strlist_has(&g->observers, addr);
	if (s->observe > 0 && !had) {
		char *what = xasprintf("for the public reports of game %s (%s) to go to %s",
				       g->id, g->engine->title, addr);
		char *title = xasprintf("public reports to %s", addr);
		char *lines = xasprintf("game %s\nobserve ", g->id);
		struct confirm q = { "observe", g->id, given, what, title, lines, false };
		bool yes;
		rc = confirmed(c, g, s, addr, &q, &yes, r, err);
		free(lines);
		free(title);
		free(what);
		if (rc || !yes) {
			free(addr);
			return rc;
		}
		strlist_add(&g->observers, addr);
	} else if (s->observe < 0 && !had) {
		/* Not observing: nothing to stop, nobody to answer. */
		free(addr);
		return WP_OK;
	} else if (s->observe < 0) {
		struct strlist kept = STRLIST_INIT;
		for (size_t i = 0; i < g->observers.n; i++)
			if (strcmp(g->observers.v[i], addr))
				strlist_add(&kept, g->observers.v[i]);
		strlist_clear(&g->observers);
		g->observers = kept;
	}
	rc = campaign_save_game(c, g, err);
	r->reply = s->observe > 0
		? xasprintf("You now get the public reports of game %s (%s) at %s.\n"
			    "To stop them, send 'game %s' and 'unobserve'.\n",
			    g->id, g->engine->title, addr, g->id)
		: xasprintf("You no longer get the reports of game %s.\n", g->id);
	key = reply_key(g, -1, "observe", s, r->reply);
	subject = xasprintf("[%s] %s", g->id, s->observe > 0 ? "observing" : "no longer observing");
	if (!rc)
		rc = campaign_mail_to(c, NULL, addr, key, subject, r->reply, s->message_id,
				      "auto-replied", NULL, 0, err);
	free(subject);
	free(key);
	free(addr);
	return rc;
}

int campaign_submit(struct campaign *c, const char *text, size_t len,
		    struct submit_result *r, char **err)
{
	struct submission s;
	struct game g;
	char *e2 = NULL;
	int rc, p;

	memset(r, 0, sizeof *r);
	if (submission_parse(text, len, &s, err)) {
		r->quarantine = s.quarantine;
		submission_release(&s);
		return WP_ERR_DATA;
	}
	r->player = xstrdup(s.player ? s.player : "");
	/* A rollback or a game master's change that a kill left half done is
	 * finished first: the mail meets the game as it was meant to be. */
	if (ident_ok(s.game) && ((rc = rollback_finish(c, s.game, &p, err)) ||
				 (rc = gm_finish(c, s.game, err)))) {
		submission_release(&s);
		return rc;
	}
	rc = campaign_load_game(c, s.game, &g, err);
	if (rc == WP_ERR_NOTFOUND)
		hint_game(c, s.game, err);
	if (rc) {
		submission_release(&s);
		return rc;
	}
	/* Whatever the mail stores, the next run looks at the game
	 * (wake-index.h): marked before anything is written. */
	if (wake_index_touch(c, s.game, err)) {
		game_release(&g);
		submission_release(&s);
		return WP_ERR_IO;
	}
	campaign_sweep_game(c, s.game, g.turn);
	r->game = xstrdup(s.game);
	if (s.observe) {
		rc = observe(c, &g, &s, r, err);
		game_release(&g);
		submission_release(&s);
		return rc;
	}
	p = game_player_index(&g, s.player);
	if (takeover_seat(&g, &s, p)) {
		rc = takeover(c, &g, &s, takeover_seat(&g, &s, p), r, err);
		game_release(&g);
		submission_release(&s);
		return rc;
	}
	if (p < 0 && newcomer_may_join(&g, &s)) {
		bool yes;
		rc = admit(c, &g, &s, &yes, r, err);
		if (rc || !yes) {
			game_release(&g);
			submission_release(&s);
			return rc;
		}
		p = (int)g.nplayers - 1;
	}
	if (!password_check(&c->passwords, s.player, s.password, p < 0 ? NULL : g.players[p].hash)) {
		/* Nothing goes back to the sender, who may not be the player;
		 * the player's own address is told that someone tried. */
		char *told = xasprintf("Someone sent orders for you with a wrong password. "
				       "Nothing was changed. If it was you and the password "
				       "is lost, ask the game master (%s) for a new one.",
				       c->cfg.gamemaster);
		*err = xasprintf("%s: wrong player or password", g.id);
		rc = WP_ERR_NOPERM;
		if (p < 0) {
			/* No player to tell: the intake answers the sender
			 * if registered (intake.h), with a hint. */
			free(*err);
			*err = xasprintf("%s: no player '%s' in this game", g.id, s.player);
			hint_player(&g, s.player, err);
			r->untold = true;
		}
		if (p >= 0 && tell_player(c, &g, p, &s, "badpw", told, &e2)) {
			free(*err);
			*err = e2;
			rc = WP_ERR_IO;
		}
		free(told);
	} else if (g.status == GAME_OVER) {
		*err = xasprintf("%s: the game is over; no more orders are taken", g.id);
		rc = refuse(c, &g, p, &s, *err, err);
	} else if (g.players[p].dropped) {
		*err = xasprintf("%s: %s is out of the game", g.id, g.players[p].name);
		rc = refuse(c, &g, p, &s, *err, err);
	} else if (g.players[p].open) {
		*err = xasprintf("%s: the seat of %s is open for someone else to take over; ask "
				 "the game master (%s) to have it back", g.id, g.players[p].name,
				 c->cfg.gamemaster);
		rc = refuse(c, &g, p, &s, *err, err);
	} else if (mails_sent(c, &g, p, &s) >= option_int(&g.opts, "mails-per-turn")) {
		*err = xasprintf("%s: %s has sent %lld mails for turn %d, the most the game takes",
				 g.id, g.players[p].name, option_int(&g.opts, "mails-per-turn"), g.turn);
		rc = refuse(c, &g, p, &s, *err, err);
	} else if (s.turn && s.turn != g.turn) {
		*err = xasprintf("%s: these orders are for turn %d, but the game is at turn %d; "
				 "they were not used", g.id, s.turn, g.turn);
		rc = refuse(c, &g, p, &s, *err, err);
	} else {
		r->turn = g.turn;
		free(r->player);
		r->player = xstrdup(g.players[p].name);
		rc = count_mail(c, &g, p, &s, err);
		if (!rc)
			rc = store_orders(c, &g, p, &s, r, err);
		if (!rc && !from_registered(&g, p, &s) &&
		    tell_player(c, &g, p, &s, "elsewhere",
				"Orders for you were accepted with your password from another "
				"address; the reply went to you, here.", err))
			rc = WP_ERR_IO;
	}
	game_release(&g);
	submission_release(&s);
	return rc;
}

void submit_result_release(struct submit_result *r)
{
	free(r->game);
	free(r->player);
	free(r->reply);
	memset(r, 0, sizeof *r);
}
