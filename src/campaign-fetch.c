/* campaign-fetch.c - one message from any source, through the spool, into
 * the campaign; and the run over every configured source, each read by
 * mail/fetch.h.  See campaign-fetch.h for the order of operations and why
 * it loses nothing.
 *
 * The spool:
 *   spool/new/HASH.eml         a message taken from its source, not yet
 *                              handled (HASH: SHA-256 of its bytes)
 *   spool/seen/KEY             the Message-ID index: one empty file per
 *                              message handled (KEY: SHA-256 of the
 *                              Message-ID, or of the bytes without one)
 *   spool/quarantine/HASH.eml  mail over the size limit, never parsed
 *   spool/fetch.log            what was not plain sailing, one line each
 */
#include "campaign-fetch.h"

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

#include "fetch.h"
#include "fsutil.h"
#include "mime.h"
#include "orders.h"
#include "utf8.h"

/* One run over the sources (or one message handed in by fetch_one). */
struct fetch_run {
	struct campaign *c;
	struct fetch_result *r;
	const char *url; /* the source being read, for the log */
};

static char *hex_sha256(const char *data, size_t len)
{
	struct sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];
	struct sb out = SB_INIT;
	sha256_init(&ctx);
	sha256_update(&ctx, len, (const uint8_t *)data);
	sha256_digest(&ctx, sizeof d, d);
	for (size_t i = 0; i < sizeof d; i++)
		sb_addf(&out, "%02x", d[i]);
	return sb_detach(&out);
}

/* The index key of a message: its Message-ID, or its content. */
static char *message_key(const char *raw, size_t len)
{
	char *id = mail_header_get(raw, len, "Message-ID"), *key;
	if (id)
		str_trim(id);
	key = id && *id ? hex_sha256(id, strlen(id)) : hex_sha256(raw, len);
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
static void log_line(struct fetch_run *fr, const char *text)
{
	char *msg = utf8_visible(text);
	char *path = xasprintf("%s/spool/fetch.log", fr->c->dir), *line;
	time_t t = (time_t)fr->c->now;
	struct tm tm;
	char when[32] = "";
	int fd;

	strlist_addf(&fr->r->log, "%s%s%s", fr->url ? fr->url : "", fr->url ? ": " : "", msg);
	if (gmtime_r(&t, &tm))
		strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	line = xasprintf("%s %s: %s\n", when, fr->url ? fr->url : "spool", msg);
	/* The log is for people; failing to write it loses no mail. */
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0) {
		if (write(fd, line, strlen(line)) < 0) {
			/* nothing more to do */
		}
		close(fd);
	}
	free(line);
	free(path);
	free(msg);
}

static void fetch_log(struct fetch_run *fr, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void fetch_log(struct fetch_run *fr, const char *fmt, ...)
{
	va_list ap;
	char *msg;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	log_line(fr, msg);
	free(msg);
}

static bool value_starts(const char *v, const char *w)
{
	while (v && (*v == ' ' || *v == '\t'))
		v++;
	return v && !ascii_ncasecmp(v, w, strlen(w));
}

/* Mail that must never be answered; returns why, or NULL. */
static const char *never_answer(const struct campaign *c, const char *raw, size_t len)
{
	static const char *const names[] = { "Auto-Submitted", "Precedence", "X-Loop",
					     "Return-Path", "From", "Content-Type" };
	char *h[ARRAY_SIZE(names)];
	const char *why = NULL;
	const char *at = strrchr(c->cfg.sender, '@');
	char *loop = xasprintf("wyrmpost@%s", at ? at + 1 : "localhost");

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		h[i] = mail_header_get(raw, len, names[i]);
	if (h[0] && !value_starts(h[0], "no"))
		why = "Auto-Submitted";
	else if (value_starts(h[1], "bulk") || value_starts(h[1], "junk") ||
		 value_starts(h[1], "list"))
		why = "Precedence bulk, junk or list";
	else if (h[2] && strcasestr(h[2], loop))
		why = "our own X-Loop";
	else if (h[3] && value_starts(h[3], "<>"))
		why = "a bounce (empty Return-Path)";
	else if (value_starts(h[4], "MAILER-DAEMON") || (h[4] && strcasestr(h[4], "<MAILER-DAEMON")))
		why = "a bounce (MAILER-DAEMON)";
	else if (value_starts(h[5], "multipart/report"))
		why = "a delivery report";
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		free(h[i]);
	free(loop);
	return why;
}

/* Tell the sender that the mail held no orders we could read. */
static int answer_unreadable(struct campaign *c, const char *raw, size_t len,
			     const char *key, const char *why, char **err)
{
	char *from = mail_header_get(raw, len, "From");
	char *to = mail_address_of(from), *body, *mkey, *msgid;
	int rc;
	free(from);
	if (!to)
		return WP_OK;
	msgid = mail_header_get(raw, len, "Message-ID");
	body = xasprintf("Your mail could not be read as orders: %s.\n\n"
			 "Orders start with the lines 'game ID', 'player NAME' and "
			 "'password SECRET', then one order per line, as plain text.\n", why);
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

/* The one call that turns a mail into stored orders and a reply.  When
 * MIME decoding is wired in, it goes here: mime_orders_text() on raw, then
 * campaign_submit() on each candidate text. */
static int submit_message(struct campaign *c, const char *raw, size_t len,
			  struct submit_result *sr, char **err)
{
	return campaign_submit(c, raw, len, sr, err);
}

/* Handle a message that is safe in the spool: index, rules, orders. */
static int handle(struct fetch_run *fr, const char *raw, size_t len)
{
	struct campaign *c = fr->c;
	char *key = message_key(raw, len), *seen = spool_path(c, "seen", key), *e = NULL;
	const char *why;
	int rc = WP_OK;

	if (fs_exists(seen)) {
		fr->r->duplicates++;
		free(seen);
		free(key);
		return WP_OK;
	}
	if ((why = never_answer(c, raw, len))) {
		fetch_log(fr, "not answered: %s (message %.16s)", why, key);
		fr->r->ignored++;
	} else {
		struct submit_result sr;
		int src = submit_message(c, raw, len, &sr, &e);
		if (src == WP_ERR_IO) {
			rc = src;
			fetch_log(fr, "message %.16s: %s", key, e ? e : "cannot be stored");
		} else if (src == WP_OK) {
			fr->r->handled++;
		} else if (sr.quarantine) {
			/* The MIME parser crashed or hung on it: keep it apart for
			 * the game master, tell the sender, go on with the rest. */
			char *name = xasprintf("%s.eml", key), *e2 = NULL;
			fetch_log(fr, "quarantined %s: %s", name, e ? e : "unsafe to parse");
			fr->r->quarantined++;
			rc = spool_put(c, "quarantine", name, raw, len, &e2);
			if (!rc)
				rc = answer_unreadable(c, raw, len, key, "it could not be parsed safely",
						       &e2);
			if (rc)
				fetch_log(fr, "message %.16s: %s", key, e2);
			free(e2);
			free(name);
		} else {
			fetch_log(fr, "%s", e ? e : "refused");
			fr->r->failed++;
			/* Refusals naming a game were answered by the campaign;
			 * a mail that is not orders at all is answered here. */
			if (!sr.game) {
				char *e2 = NULL;
				rc = answer_unreadable(c, raw, len, key, e ? e : "no orders", &e2);
				if (rc)
					fetch_log(fr, "message %.16s: %s", key, e2);
				free(e2);
			}
		}
		submit_result_release(&sr);
		free(e);
		e = NULL;
	}
	crashpoint("fetch-answered");
	if (!rc && spool_put(c, "seen", key, "", 0, &e)) {
		fetch_log(fr, "%s", e);
		rc = WP_ERR_IO;
	}
	free(e);
	free(seen);
	free(key);
	return rc;
}

/* Finish a spooled message: handle it, then drop the spool copy. */
static int handle_spooled(struct fetch_run *fr, const char *path, const char *raw,
			  size_t len, char **err)
{
	int rc = handle(fr, raw, len);
	if (rc) {
		*err = xasprintf("mail kept in %s until the next run", path);
		return rc;
	}
	crashpoint("fetch-indexed");
	return fs_unlink(path, err) ? WP_ERR_IO : WP_OK;
}

static int fetch_take(struct fetch_run *fr, const char *raw, size_t len, char **err)
{
	struct campaign *c = fr->c;
	char *hash = hex_sha256(raw, len), *name = xasprintf("%s.eml", hash), *path;
	int rc;

	fr->r->messages++;
	if ((long long)len > c->cfg.message_size) {
		rc = spool_put(c, "quarantine", name, raw, len, err);
		if (!rc) {
			fetch_log(fr, "quarantined spool/quarantine/%s: %zu bytes, over the "
				  "limit of %lld", name, len, c->cfg.message_size);
			fr->r->quarantined++;
		}
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
		rc = handle_spooled(fr, path, raw, len, err);
		free(path);
	}
	free(name);
	free(hash);
	return rc;
}

int fetch_one(struct campaign *c, const char *raw, size_t len, struct fetch_result *r,
	      char **err)
{
	struct fetch_run fr = { c, r, NULL };
	return fetch_take(&fr, raw, len, err);
}

/* Messages a killed run left in spool/new/: finish them first. */
static int recover_spool(struct fetch_run *fr, char **err)
{
	char *dir = xasprintf("%s/spool/new", fr->c->dir);
	struct strlist names = STRLIST_INIT;
	int rc = fs_list(dir, &names, err) ? WP_ERR_IO : WP_OK;

	for (size_t i = 0; i < names.n && !rc; i++) {
		char *path = xasprintf("%s/%s", dir, names.v[i]), *raw;
		size_t len;
		if (fs_read_file(path, &raw, &len, err)) {
			rc = WP_ERR_IO;
		} else {
			fr->r->messages++;
			rc = handle_spooled(fr, path, raw, len, err);
			free(raw);
		}
		free(path);
	}
	strlist_clear(&names);
	free(dir);
	return rc;
}

/* A source path relative to the campaign directory, or absolute. */
static char *source_path(const struct campaign *c, const char *p)
{
	return p[0] == '/' ? xstrdup(p) : xasprintf("%s/%s", c->dir, p);
}

/* The sink of mail/fetch.h: a message from the source being read.  Logs
 * name the source as wyrmpost.xml does (fr->url), not as resolved. */
static int sink_take(void *arg, const char *url, const char *raw, size_t len, char **err)
{
	(void)url;
	return fetch_take(arg, raw, len, err);
}

static void sink_log(void *arg, const char *url, const char *line)
{
	(void)url;
	log_line(arg, line);
}

static int starttls_of(int config_starttls)
{
	switch (config_starttls) {
	case CONFIG_STARTTLS_AUTO: return MAIL_STARTTLS_AUTO;
	case CONFIG_STARTTLS_NO: return MAIL_STARTTLS_NO;
	}
	return MAIL_STARTTLS_YES;
}

static int fetch_source(struct fetch_run *fr, const struct config_source *cs, char **err)
{
	const struct fetch_sink sink = { sink_take, sink_log, fr };
	struct fetch_source src = {
		.url = cs->url,
		.password_file = cs->password_file,
		.ca_file = cs->ca_file,
		.move_to = cs->move_to,
		.starttls = starttls_of(cs->starttls),
		.timeout = cs->timeout,
	};
	char *local = NULL;
	int rc;

	/* Local paths are the campaign's, or absolute. */
	if (!strncmp(cs->url, "maildir:", 8) || !strncmp(cs->url, "mbox:", 5)) {
		const char *colon = strchr(cs->url, ':');
		char *path = source_path(fr->c, colon + 1);
		local = xasprintf("%.*s%s", (int)(colon - cs->url + 1), cs->url, path);
		free(path);
		src.url = local;
	}
	rc = fetch_read(&src, &sink, err);
	free(local);
	return rc;
}

int campaign_fetch(struct campaign *c, struct fetch_result *r, char **err)
{
	struct fetch_run fr = { c, r, NULL };
	struct sigaction ign, old;
	int first;

	memset(r, 0, sizeof *r);
	/* A server that hangs up mid-write must not kill the run (libetpan
	 * writes without MSG_NOSIGNAL), nor the MIME parser child going away;
	 * the caller's handler comes back after. */
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);

	first = recover_spool(&fr, err);
	if (first) {
		strlist_addf(&r->log, "spool: %s", *err);
		goto out;
	}
	for (size_t i = 0; i < c->cfg.nfetch_sources; i++) {
		const struct config_source *src = &c->cfg.fetch_sources[i];
		char *e = NULL;
		int rc;
		fr.url = src->url;
		rc = fetch_source(&fr, src, &e);
		if (rc) {
			fetch_log(&fr, "%s", e ? e : "failed");
			if (!first) {
				first = rc;
				*err = e;
				e = NULL;
			}
		}
		free(e);
	}
out:
	/* The MIME parser child served every message of this run; it should
	 * not linger through whatever the caller does next (wyrmpost run goes
	 * on to the turns). */
	mime_parser_shutdown();
	sigaction(SIGPIPE, &old, NULL);
	return first;
}

void fetch_result_release(struct fetch_result *r)
{
	strlist_clear(&r->log);
	memset(r, 0, sizeof *r);
}
