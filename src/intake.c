/* intake.c - one message, from any source, through the spool, into the
 * campaign; see intake.h for the order of operations and why it loses
 * nothing.
 *
 * The spool:
 *   spool/new/HASH.eml         a message taken from its source, not yet
 *                              handled (HASH: SHA-256 of its bytes)
 *   spool/seen/KEY             the Message-ID index: one empty file per
 *                              message handled (KEY: SHA-256 of the
 *                              Message-ID, or of the bytes without one)
 *   spool/quarantine/HASH.eml  mail over the size limit, and what a source
 *                              held that is not a mail; never parsed
 *   spool/fetch.log            what was not plain sailing, one line each
 */
#include "intake.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "fsutil.h"
#include "hash.h"
#include "header.h"
#include "mime.h"
#include "orders.h"
#include "submit.h"
#include "utf8.h"

/* Messages from one place: a source being read, the spool, submit's. */
struct intake_run {
	struct campaign *c;
	struct intake_tally *r;
	const char *url; /* the source being read, for the log; NULL: the spool */
	struct intake_result *in; /* submit's message: its verdict; else NULL */
	const char *name; /* the message's name at the source, or NULL */
};

/* The index key of a message: its Message-ID, or its content. */
static char *message_key(const char *raw, size_t len)
{
	char *id = mail_header_get(raw, len, "Message-ID"), *key;
	if (id)
		str_trim(id);
	key = id && *id ? sha256_hex(id, strlen(id), 32) : sha256_hex(raw, len, 32);
	free(id);
	return key;
}

static char *spool_path(const struct campaign *c, const char *sub, const char *name)
{
	return xasprintf("%s/spool/%s/%s", c->dir, sub, name);
}

static int spool_put(const struct campaign *c, const char *sub, const char *name,
		     const char *data, size_t len, char **err)
{
	char *dir = xasprintf("%s/spool/%s", c->dir, sub);
	char *path = spool_path(c, sub, name);
	/* Mail in the spool holds its sender's password. */
	int rc = fs_mkdirs(dir, err) || fs_write_private(path, data, len, err) ? WP_ERR_IO : WP_OK;
	free(path);
	free(dir);
	return rc;
}

/* A line for r->log and spool/fetch.log, its control characters escaped:
 * it holds text from mail, and people read it on a terminal. */
static void log_line(struct intake_run *run, const char *text)
{
	char *msg = utf8_visible(text);
	strlist_addf(&run->r->log, "%s%s%s", run->url ? run->url : "", run->url ? ": " : "", msg);
	campaign_log(run->c, run->url ? run->url : "spool", text);
	free(msg);
}

static void log_linef(struct intake_run *run, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void log_linef(struct intake_run *run, const char *fmt, ...)
{
	va_list ap;
	char *msg;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	log_line(run, msg);
	free(msg);
}

/* Is addr registered anywhere in the campaign: a player's address in
 * any game, or an observer's (who confirmed it)?  Only such an address is
 * ever answered about a mail that names no player of ours: the From of a
 * mail is whatever its sender wrote, and answering a forged one mails a
 * stranger (backscatter). */
static bool registered_anywhere(const struct campaign *c, const char *addr)
{
	struct strlist ids = STRLIST_INIT;
	char *e = NULL;
	bool found = false;

	if (campaign_list_games(c, &ids, &e))
		free(e);
	for (size_t i = 0; i < ids.n && !found; i++) {
		struct game g;
		e = NULL;
		if (campaign_load_game(c, ids.v[i], &g, &e)) {
			free(e);
			continue;
		}
		for (size_t p = 0; p < g.nplayers && !found; p++)
			found = g.players[p].email && !ascii_casecmp(g.players[p].email, addr);
		for (size_t o = 0; o < g.observers.n && !found; o++)
			found = !ascii_casecmp(g.observers.v[o], addr);
		game_release(&g);
	}
	strlist_clear(&ids);
	return found;
}

/* Tell the sender why the mail was not used (lead: what became of it),
 * when the sender's address is registered; else only log it. */
static int answer_sender(struct intake_run *run, const char *raw, size_t len, const char *key,
			 const char *lead, const char *why, char **err)
{
	struct campaign *c = run->c;
	char *from = mail_header_get(raw, len, "From");
	char *to = mail_address_of(from), *body, *mkey, *msgid;
	int rc;
	free(from);
	if (!to)
		return WP_OK;
	if (!registered_anywhere(c, to)) {
		log_linef(run, "not answered: %s is in no game (message %.16s)", to, key);
		free(to);
		return WP_OK;
	}
	msgid = mail_header_get(raw, len, "Message-ID");
	body = xasprintf("%s: %s%s\n\n"
			 "Orders start with the lines 'game ID', 'player NAME' and "
			 "'password SECRET', then one order per line, as plain text.\n", lead, why,
			 str_stop(why));
	mkey = xasprintf("unreadable-%.16s", key);
	rc = campaign_mail_to(c, NULL, to, mkey,
			      "[wyrmpost] your mail could not be read as orders", body, msgid,
			      "auto-replied", NULL, 0, err);
	free(mkey);
	free(body);
	free(msgid);
	free(to);
	return rc;
}

#define UNREADABLE "Your mail could not be read as orders"

/* The games (as "g1 (ann)") where addr is a player's address. */
static void games_of(const struct campaign *c, const char *addr, struct strlist *where)
{
	struct strlist ids = STRLIST_INIT;
	char *e = NULL;

	if (campaign_list_games(c, &ids, &e))
		free(e);
	for (size_t i = 0; i < ids.n; i++) {
		struct game g;
		e = NULL;
		if (campaign_load_game(c, ids.v[i], &g, &e)) {
			free(e);
			continue;
		}
		for (size_t p = 0; p < g.nplayers; p++)
			if (g.players[p].email && !ascii_casecmp(g.players[p].email, addr) &&
			    !g.players[p].dropped)
				strlist_addf(where, "%s (%s)", g.id, g.players[p].name);
		game_release(&g);
	}
	strlist_clear(&ids);
}

/* What a mail says, for the game master: its first text, without quoted
 * lines, at most FORWARD_BYTES of it; NULL when it says nothing.  *subject:
 * its subject, decoded (NULL: none). */
#define FORWARD_BYTES 8000
static char *said(const char *raw, size_t len, char **subject)
{
	struct mime_result r;
	struct sb out = SB_INIT;
	char *e = NULL;

	if (mime_orders_text(raw, len, NULL, &r, &e) != MIME_OK || !r.n) {
		free(e);
		mime_result_release(&r);
		return NULL;
	}
	*subject = r.subject ? xstrdup(r.subject) : NULL;
	for (const char *t = r.texts[0].text, *end = t + r.texts[0].len; t < end;) {
		const char *nl = memchr(t, '\n', (size_t)(end - t));
		size_t n = nl ? (size_t)(nl - t) : (size_t)(end - t);
		if (*t != '>' && out.len + n < FORWARD_BYTES)
			sb_addf(&out, "%.*s\n", (int)n, t);
		t += n + 1;
	}
	free(e);
	mime_result_release(&r);
	if (!*str_trim(out.buf ? out.buf : (char *)"")) {
		sb_release(&out);
		return NULL;
	}
	return sb_detach(&out);
}

/* A mail from a player's address with text but no orders header ("what is
 * going on in my game?") goes to the game master, when that is an address
 * other than the campaign's own, and the player is told so; *done when it
 * went. */
static int forward_to_gm(struct intake_run *run, const char *raw, size_t len, const char *key,
			 bool *done, char **err)
{
	struct campaign *c = run->c;
	char *from = mail_header_get(raw, len, "From"), *addr = mail_address_of(from);
	char *subject = NULL, *msgid, *text = NULL;
	struct strlist where = STRLIST_INIT;
	struct sb games = SB_INIT;
	int rc = WP_OK;

	*done = false;
	/* A game master who reads the campaign's own mailbox has the mail
	 * already (and a copy sent there would be taken for our own). */
	if (addr && ascii_casecmp(c->cfg.gamemaster, c->cfg.sender))
		games_of(c, addr, &where);
	if (where.n && (text = said(raw, len, &subject))) {
		char *body, *mkey, *subj;
		for (size_t i = 0; i < where.n; i++)
			sb_addf(&games, "%s%s", i ? ", " : "", where.v[i]);
		body = xasprintf("%s, a player in %s, wrote a mail with no orders in it%s%s; it "
				 "is passed on to you, and they were told so:\n\n%s", addr,
				 sb_str(&games), subject ? ", subject: " : "",
				 subject ? subject : "", text);
		mkey = xasprintf("forward-%.16s", key);
		subj = xasprintf("[wyrmpost] a mail from %s, with no orders", addr);
		rc = campaign_mail_to(c, NULL, c->cfg.gamemaster, mkey, subj, body, NULL,
				      "auto-generated", NULL, 0, err);
		free(subj);
		free(mkey);
		free(body);
		msgid = mail_header_get(raw, len, "Message-ID");
		body = xasprintf("Your mail held no orders, so it was passed on to the game master "
				 "(%s), who will answer you.\n\nOrders start with the lines 'game "
				 "ID', 'player NAME' and 'password SECRET', then one order per line; "
				 "'gm TEXT' among them also reaches the game master, and 'help' "
				 "explains the game.\n", c->cfg.gamemaster);
		mkey = xasprintf("forwarded-%.16s", key);
		if (!rc)
			rc = campaign_mail_to(c, NULL, addr, mkey,
					      "[wyrmpost] your mail went to the game master", body,
					      msgid, "auto-replied", NULL, 0, err);
		log_linef(run, "message %.16s from %s held no orders: passed on to the game "
			  "master", key, addr);
		*done = !rc;
		free(mkey);
		free(body);
		free(msgid);
	}
	sb_release(&games);
	strlist_clear(&where);
	free(text);
	free(subject);
	free(addr);
	free(from);
	return rc;
}

/* Did the mail have no orders header at all (not one misspelt)? */
static bool no_orders_header(const char *why)
{
	return why && strstr(why, "'password SECRET'; game is missing") &&
	       !strstr(why, "did you mean");
}

/* Does the mail end with its headers (no body, or only blank lines)? */
static bool body_empty(const char *raw, size_t len)
{
	size_t body;
	mail_header_end(raw, len, &body);
	while (body < len && memchr(" \t\r\n", raw[body], 4))
		body++;
	return body == len;
}

/* The one call that turns a mail into stored orders and a reply.  When
 * MIME decoding is wired in, it goes here: mime_orders_text() on raw, then
 * campaign_submit() on each candidate text. */
static int submit_message(struct campaign *c, const char *raw, size_t len,
			  struct submit_result *sr, char **err)
{
	return campaign_submit(c, raw, len, sr, err);
}

/* Handle a message that is safe in the spool: index, rules, orders. */
static int handle(struct intake_run *run, const char *raw, size_t len)
{
	struct campaign *c = run->c;
	char *key = message_key(raw, len), *seen = spool_path(c, "seen", key), *e = NULL;
	const char *why;
	bool bare = run->in && !run->in->mail;
	int rc = WP_OK;

	/* Bare orders typed by the game master have no identity to index
	 * (giving the same text again is meant) and no headers to judge. */
	if (!bare && fs_exists(seen)) {
		run->r->duplicates++;
		free(seen);
		free(key);
		return WP_OK;
	}
	if (!bare && (why = mail_never_answer(raw, len, c->cfg.sender))) {
		log_linef(run, "not answered: %s (message %.16s)", why, key);
		run->r->ignored++;
	} else {
		struct submit_result sr;
		int src = submit_message(c, raw, len, &sr, &e);
		if (run->in) {
			run->in->verdict = src;
			run->in->reply = sr.reply;
			sr.reply = NULL;
		}
		if (src == WP_ERR_IO) {
			rc = src;
			log_linef(run, "message %.16s: %s", key, e ? e : "cannot be stored");
		} else if (src == WP_OK) {
			run->r->handled++;
		} else if (sr.quarantine) {
			/* The MIME parser crashed or hung on it: keep it apart for
			 * the game master, tell the sender, go on with the rest. */
			char *name = xasprintf("%s.eml", key), *e2 = NULL;
			log_linef(run, "quarantined %s: %s", name, e ? e : "unsafe to parse");
			run->r->quarantined++;
			rc = spool_put(c, "quarantine", name, raw, len, &e2);
			if (!rc)
				rc = answer_sender(run, raw, len, key, UNREADABLE,
						   "it could not be parsed safely", &e2);
			if (rc)
				log_linef(run, "message %.16s: %s", key, e2);
			free(e2);
			free(name);
		} else {
			log_linef(run, "%s", e ? e : "refused");
			run->r->failed++;
			/* Refusals naming a player were answered by the
			 * campaign, to the player; a mail that is not orders at
			 * all, or names no game or player of ours, is answered
			 * here if its sender is registered; one from a player
			 * with text and no orders header goes to the game
			 * master. */
			bool forwarded = false;
			char *e2 = NULL;
			if (!sr.game && !bare && no_orders_header(e) &&
			    (rc = forward_to_gm(run, raw, len, key, &forwarded, &e2)))
				log_linef(run, "message %.16s: %s", key, e2);
			if (!rc && !forwarded && (!sr.game || sr.untold)) {
				bool empty = !sr.game && !bare && body_empty(raw, len);
				rc = answer_sender(run, raw, len, key,
						   sr.untold ? "Your mail was not used"
						   : empty ? "Your mail held no orders" : UNREADABLE,
						   empty ? "it had no text after its headers"
						   : e ? e : "no orders", &e2);
				if (rc)
					log_linef(run, "message %.16s: %s", key, e2);
			}
			free(e2);
		}
		submit_result_release(&sr);
		free(e);
		e = NULL;
	}
	crashpoint("fetch-answered");
	if (!rc && !bare && spool_put(c, "seen", key, "", 0, &e)) {
		log_linef(run, "%s", e);
		rc = WP_ERR_IO;
	}
	free(e);
	free(seen);
	free(key);
	return rc;
}

/* Finish a spooled message: handle it, then drop the spool copy. */
static int handle_spooled(struct intake_run *run, const char *path, const char *raw,
			  size_t len, char **err)
{
	int rc = handle(run, raw, len);
	if (rc) {
		*err = xasprintf("mail kept in %s until the next run", path);
		return rc;
	}
	crashpoint("fetch-indexed");
	return fs_unlink(path, err) ? WP_ERR_IO : WP_OK;
}

/* What a source's message is when it is not a mail at all, or NULL: a
 * mail system delivers mail, so an empty or binary file in a Maildir is
 * damage or a mistake, for the game master to look at, not orders. */
static const char *not_mail(const struct intake_run *run, const char *raw, size_t len)
{
	size_t i = 0;
	if (run->in || !run->url || mail_is_message(raw, len))
		return NULL;
	while (i < len && memchr(" \t\r\n", raw[i], 4))
		i++;
	if (i == len)
		return "empty";
	if (memchr(raw, '\0', len) || !utf8_valid(raw, len))
		return "binary";
	return "no mail headers";
}

/* Keep a source's message that is not a mail apart, named in the log by
 * its source and its name there, unanswered: it has no sender to answer. */
static int quarantine_not_mail(struct intake_run *run, const char *what, const char *name,
			       const char *raw, size_t len, char **err)
{
	int rc = spool_put(run->c, "quarantine", name, raw, len, err);
	if (!rc) {
		log_linef(run, "%s: not a mail (%s, %zu bytes); kept as spool/quarantine/%s, "
			  "not answered", run->name ? run->name : "a message", what, len, name);
		run->r->quarantined++;
	}
	return rc;
}

static int take(struct intake_run *run, const char *raw, size_t len, char **err)
{
	struct campaign *c = run->c;
	char *hash = sha256_hex(raw, len, 32), *name = xasprintf("%s.eml", hash), *path;
	int rc;

	run->r->messages++;
	if ((long long)len > c->cfg.message_size) {
		rc = spool_put(c, "quarantine", name, raw, len, err);
		if (!rc) {
			log_linef(run, "quarantined spool/quarantine/%s: %zu bytes, over the "
				  "limit of %lld", name, len, c->cfg.message_size);
			run->r->quarantined++;
		}
		free(name);
		free(hash);
		return rc;
	}
	if (not_mail(run, raw, len)) {
		rc = quarantine_not_mail(run, not_mail(run, raw, len), name, raw, len, err);
		free(name);
		free(hash);
		return rc;
	}
	/* First a copy we own, so that a crash from here on finds it in the
	 * spool whatever the source does. */
	rc = spool_put(c, "new", name, raw, len, err);
	crashpoint("fetch-spooled");
	if (!rc) {
		path = spool_path(c, "new", name);
		rc = handle_spooled(run, path, raw, len, err);
		free(path);
	}
	free(name);
	free(hash);
	return rc;
}

int intake_take(struct campaign *c, const char *source, const char *name, const char *raw,
		size_t len, struct intake_tally *t, char **err)
{
	struct intake_run run = { c, t, source, NULL, name };
	return take(&run, raw, len, err);
}

void intake_log(struct campaign *c, const char *source, struct intake_tally *t,
		const char *line)
{
	struct intake_run run = { c, t, source, NULL, NULL };
	log_line(&run, line);
}

/* A message over the limit whose first len bytes are head and whose rest
 * is still to come from fd: copied to spool/quarantine/HASH.eml as it is
 * read, 64 KiB at a time, so a mail of any size costs no more memory than
 * the limit.  The copy is written as a temporary file, synced, then
 * renamed, like every spool file. */
static int quarantine_stream(struct intake_run *run, const char *head, size_t len, int fd,
			     char **err)
{
	struct campaign *c = run->c;
	char *dir = xasprintf("%s/spool/quarantine", c->dir);
	char *tmp = xasprintf("%s/.intake.%ld.tmp", dir, (long)getpid()), *name, *path;
	struct sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];
	struct sb hex = SB_INIT;
	char buf[65536];
	unsigned long long total = len;
	ssize_t n = 0;
	int out, rc = WP_OK;

	if (fs_mkdirs(dir, err)) {
		free(tmp);
		free(dir);
		return WP_ERR_IO;
	}
	out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	sha256_init(&ctx);
	sha256_update(&ctx, len, (const uint8_t *)head);
	if (out < 0 || fs_write_all(out, head, len))
		rc = WP_ERR_IO;
	while (!rc && (n = read(fd, buf, sizeof buf)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || fs_write_all(out, buf, (size_t)n)) {
			rc = WP_ERR_IO;
			break;
		}
		sha256_update(&ctx, (size_t)n, (const uint8_t *)buf);
		total += (unsigned long long)n;
	}
	if (!rc && fsync(out))
		rc = WP_ERR_IO;
	if (rc)
		*err = xasprintf("cannot quarantine a mail in %s: %s", dir, strerror(errno));
	if (out >= 0)
		close(out);
	sha256_digest(&ctx, sizeof d, d);
	sb_add_hex(&hex, d, sizeof d);
	name = xasprintf("%s.eml", sb_str(&hex));
	path = xasprintf("%s/%s", dir, name);
	if (!rc && fs_rename(tmp, path, err))
		rc = WP_ERR_IO;
	if (rc) {
		unlink(tmp);
	} else {
		log_linef(run, "quarantined spool/quarantine/%s: %llu bytes, over the limit of %lld",
			  name, total, c->cfg.message_size);
		run->r->quarantined++;
	}
	sb_release(&hex);
	free(path);
	free(name);
	free(tmp);
	free(dir);
	return rc;
}

/* Read fd up to limit + 1 bytes: more than the limit is all we need to
 * know that the rest goes to the quarantine unread. */
static int read_bounded(int fd, long long limit, struct sb *out, char **err)
{
	char buf[65536];
	while ((long long)out->len <= limit) {
		size_t want = sizeof buf;
		ssize_t n;
		if ((long long)want > limit + 1 - (long long)out->len)
			want = (size_t)(limit + 1 - (long long)out->len);
		n = read(fd, buf, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*err = xasprintf("cannot read the mail: %s", strerror(errno));
			return WP_ERR_IO;
		}
		if (n == 0)
			break;
		sb_add(out, buf, (size_t)n);
	}
	return WP_OK;
}

int campaign_intake(struct campaign *c, int fd, struct intake_result *in, char **err)
{
	struct intake_run run = { c, &in->tally, "submit", in, NULL };
	struct sb raw = SB_INIT;
	struct sigaction ign, old;
	const char *text;
	size_t len, skip;
	int rc;

	memset(in, 0, sizeof *in);
	rc = read_bounded(fd, c->cfg.message_size, &raw, err);
	if (rc) {
		sb_release(&raw);
		return rc;
	}
	text = sb_str(&raw), len = raw.len;
	/* procmail hands the mail with its mbox envelope line; the mail, as
	 * a source would give it, starts on the next line. */
	skip = mail_envelope_skip(text, len);
	text += skip, len -= skip;
	in->mail = mail_is_message(text, len);
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	if ((long long)raw.len > c->cfg.message_size) {
		in->tally.messages++;
		in->mail = true;
		rc = quarantine_stream(&run, raw.buf, raw.len, fd, err);
	} else {
		rc = take(&run, text, len, err);
	}
	mime_parser_shutdown();
	sigaction(SIGPIPE, &old, NULL);
	sb_release(&raw);
	return rc;
}

void intake_result_release(struct intake_result *in)
{
	intake_tally_release(&in->tally);
	free(in->reply);
	memset(in, 0, sizeof *in);
}

int intake_recover(struct campaign *c, struct intake_tally *t, char **err)
{
	struct intake_run run = { c, t, NULL, NULL, NULL };
	char *dir = xasprintf("%s/spool/new", c->dir);
	struct strlist names = STRLIST_INIT;
	int rc = fs_list(dir, &names, err) ? WP_ERR_IO : WP_OK;

	for (size_t i = 0; i < names.n && !rc; i++) {
		char *path = xasprintf("%s/%s", dir, names.v[i]), *raw;
		size_t len;
		if (fs_read_file(path, &raw, &len, err)) {
			rc = WP_ERR_IO;
		} else {
			t->messages++;
			rc = handle_spooled(&run, path, raw, len, err);
			free(raw);
		}
		free(path);
	}
	strlist_clear(&names);
	free(dir);
	return rc;
}

void intake_tally_release(struct intake_tally *t)
{
	strlist_clear(&t->log);
	memset(t, 0, sizeof *t);
}
