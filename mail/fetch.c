/* fetch.c - orders mail from Maildirs and mboxes; see fetch.h. */
#include "fetch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "fsutil.h"
#include "orders.h"

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
	int rc = fs_mkdirs(dir, err) || fs_write_atomic(path, data, len, err) ? WP_ERR_IO : WP_OK;
	free(path);
	free(dir);
	return rc;
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
	else if (h[2] && strstr(h[2], loop))
		why = "our own X-Loop";
	else if (h[3] && value_starts(h[3], "<>"))
		why = "a bounce (empty Return-Path)";
	else if (value_starts(h[4], "MAILER-DAEMON") || (h[4] && strstr(h[4], "<MAILER-DAEMON")))
		why = "a bounce (MAILER-DAEMON)";
	else if (value_starts(h[5], "multipart/report"))
		why = "a delivery report";
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		free(h[i]);
	free(loop);
	return why;
}

/* The plain address of a From header, or NULL if it is not safe to use. */
static char *reply_address(const char *raw, size_t len)
{
	char *from = mail_header_get(raw, len, "From");
	char *addr = mail_address_of(from);
	free(from);
	return addr;
}

/* Tell the sender that the mail held no orders we could read. */
static int answer_unreadable(struct campaign *c, const char *raw, size_t len,
			     const char *key, const char *why, char **err)
{
	char *to = reply_address(raw, len), *subject, *body, *mkey, *msgid;
	int rc;
	if (!to)
		return WP_OK;
	msgid = mail_header_get(raw, len, "Message-ID");
	subject = xstrdup("[wyrmpost] your mail could not be read as orders");
	body = xasprintf("Your mail could not be read as orders: %s.\n\n"
			 "Orders start with the lines 'game ID', 'player NAME' and "
			 "'password SECRET', then one order per line, as plain text.\n", why);
	mkey = xasprintf("unreadable-%.16s", key);
	rc = campaign_mail_to(c, NULL, to, mkey, subject, body, msgid, "auto-replied", NULL, 0,
			      err);
	free(mkey);
	free(body);
	free(subject);
	free(msgid);
	free(to);
	return rc;
}

int fetch_one(struct campaign *c, const char *raw, size_t len, struct fetch_result *r,
	      char **err)
{
	char *key = message_key(raw, len), *seen = spool_path(c, "seen", key);
	const char *why;
	int rc = WP_OK;

	r->messages++;
	if (fs_exists(seen)) {
		r->duplicates++;
	} else if ((long long)len > c->cfg.message_size) {
		char *name = xasprintf("%s.eml", key);
		rc = spool_put(c, "quarantine", name, raw, len, err);
		strlist_addf(&r->log, "quarantined %s: %zu bytes, over the limit", name, len);
		r->quarantined++;
		free(name);
	} else if ((why = never_answer(c, raw, len))) {
		strlist_addf(&r->log, "not answered: %s (message %.16s)", why, key);
		r->ignored++;
	} else {
		struct submit_result sr;
		char *e = NULL;
		int src = campaign_submit(c, raw, len, &sr, &e);
		if (src == WP_ERR_IO) {
			rc = src;
			*err = e;
			e = NULL;
		} else if (src == WP_OK) {
			r->handled++;
		} else {
			strlist_addf(&r->log, "%s", e ? e : "refused");
			r->failed++;
			/* Refusals naming a game were answered by the campaign;
			 * a mail that is not orders at all is answered here. */
			if (!sr.game)
				rc = answer_unreadable(c, raw, len, key, e ? e : "no orders", err);
		}
		submit_result_release(&sr);
		free(e);
	}
	if (!rc && !fs_exists(seen))
		rc = spool_put(c, "seen", key, "", 0, err);
	free(seen);
	free(key);
	return rc;
}

/* --- Maildir ------------------------------------------------------------- */

static int fetch_maildir(struct campaign *c, const char *dir, struct fetch_result *r,
			 char **err)
{
	static const char *const subs[] = { "new", "cur" };
	int rc = WP_OK;
	for (size_t s = 0; s < ARRAY_SIZE(subs) && !rc; s++) {
		char *d = xasprintf("%s/%s", dir, subs[s]);
		struct strlist names = STRLIST_INIT;
		if (fs_list(d, &names, err))
			rc = WP_ERR_IO;
		for (size_t i = 0; i < names.n && !rc; i++) {
			char *path = xasprintf("%s/%s", d, names.v[i]), *raw;
			size_t len;
			if (fs_read_file(path, &raw, &len, err))
				rc = WP_ERR_IO;
			else {
				rc = fetch_one(c, raw, len, r, err);
				free(raw);
			}
			/* Removed only once its orders are stored and indexed. */
			if (!rc && fs_unlink(path, err))
				rc = WP_ERR_IO;
			free(path);
		}
		if (!rc && names.n)
			rc = fs_fsync_dir(d, err) ? WP_ERR_IO : WP_OK;
		strlist_clear(&names);
		free(d);
	}
	return rc;
}

/* --- mbox ---------------------------------------------------------------- */

/* Is the line at p (of n bytes) an mbox separator "From "? */
static bool from_line(const char *p, size_t n)
{
	return n >= 5 && !memcmp(p, "From ", 5);
}

/* One message of an mbox: its body with mboxrd quoting (">From ") undone. */
static char *unquote(const char *p, size_t n, size_t *outlen)
{
	struct sb out = SB_INIT;
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(p + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - p) + 1 : n, j = i;
		while (j < end && p[j] == '>')
			j++;
		if (j > i && from_line(p + j, end - j))
			i++;
		sb_add(&out, p + i, end - i);
		i = end;
	}
	*outlen = out.len;
	return sb_detach(&out);
}

static int take_dotlock(const char *path, char **lockpath, char **err)
{
	*lockpath = xasprintf("%s.lock", path);
	for (int tries = 0; tries < 10; tries++) {
		int fd = open(*lockpath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd >= 0) {
			close(fd);
			return 0;
		}
		if (errno != EEXIST)
			break;
		sleep(1);
	}
	*err = xasprintf("cannot lock mbox '%s' (%s)", path, *lockpath);
	free(*lockpath);
	*lockpath = NULL;
	return -1;
}

static int fetch_mbox(struct campaign *c, const char *path, struct fetch_result *r,
		      char **err)
{
	char *lock = NULL, *buf = NULL;
	struct sb keep = SB_INIT;
	size_t len, i = 0;
	int rc = WP_OK;

	if (!fs_exists(path))
		return WP_OK;
	if (take_dotlock(path, &lock, err))
		return WP_ERR_BUSY;
	if (fs_read_file(path, &buf, &len, err)) {
		rc = WP_ERR_IO;
		goto out;
	}
	while (i < len) {
		/* A message runs from its "From " line to the next one. */
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t start = nl ? (size_t)(nl - buf) + 1 : len, end = start;
		char *msg;
		size_t mlen;
		while (end < len) {
			const char *e = memchr(buf + end, '\n', len - end);
			size_t next = e ? (size_t)(e - buf) + 1 : len;
			if (from_line(buf + end, next - end))
				break;
			end = next;
		}
		msg = unquote(buf + start, end - start, &mlen);
		if (!rc)
			rc = fetch_one(c, msg, mlen, r, err);
		if (rc) /* not handled: it stays in the mbox */
			sb_add(&keep, buf + i, end - i);
		free(msg);
		i = end;
	}
	/* The mbox is rewritten without the handled messages. */
	{
		char *e2 = NULL;
		if (fs_write_atomic(path, sb_str(&keep), keep.len, &e2) && !rc) {
			rc = WP_ERR_IO;
			*err = e2;
			e2 = NULL;
		}
		free(e2);
	}
out:
	unlink(lock);
	free(lock);
	free(buf);
	sb_release(&keep);
	return rc;
}

/* A source path relative to the campaign directory, or absolute. */
static char *source_path(const struct campaign *c, const char *p)
{
	return p[0] == '/' ? xstrdup(p) : xasprintf("%s/%s", c->dir, p);
}

int campaign_fetch(struct campaign *c, struct fetch_result *r, char **err)
{
	int first = WP_OK;
	memset(r, 0, sizeof *r);
	for (size_t i = 0; i < c->cfg.sources.n; i++) {
		const char *url = c->cfg.sources.v[i];
		bool maildir = !strncmp(url, "maildir:", 8), mbox = !strncmp(url, "mbox:", 5);
		char *e = NULL, *path = source_path(c, url + (maildir ? 8 : mbox ? 5 : 0));
		int rc = maildir ? fetch_maildir(c, path, r, &e)
			 : mbox  ? fetch_mbox(c, path, r, &e)
				 : WP_ERR_CONFIG;
		free(path);
		if (rc == WP_ERR_CONFIG && !e)
			e = xasprintf("source '%s' is not maildir:PATH or mbox:PATH", url);
		if (rc) {
			strlist_addf(&r->log, "%s: %s", url, e ? e : "failed");
			if (!first) {
				first = rc;
				*err = e;
				e = NULL;
			}
		}
		free(e);
	}
	return first;
}

void fetch_result_release(struct fetch_result *r)
{
	strlist_clear(&r->log);
	memset(r, 0, sizeof *r);
}
