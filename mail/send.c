/* send.c - the outbox, message by message: what is due, delivery through
 * send-smtp.c or send-pipe.c, filing in sent/, the retry state; see send.h.
 */
#include "send.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsutil.h"
#include "send-int.h"

#define RETRY_FIRST 300        /* 5 minutes */
#define RETRY_MAX (6 * 3600)   /* 6 hours */

long long send_backoff(long long attempts)
{
	long long wait = RETRY_FIRST;
	for (long long i = 1; i < attempts && wait < RETRY_MAX; i++)
		wait *= 2;
	return wait < RETRY_MAX ? wait : RETRY_MAX;
}

bool send_configured(const struct config *cfg)
{
	return cfg->smtp.url || cfg->sendmail;
}

void send_result_release(struct send_result *r)
{
	strlist_clear(&r->log);
	memset(r, 0, sizeof *r);
}

/* --- the retry state: outbox/retry/NAME = "ATTEMPTS NEXT FIRST\nLAST ERROR\n" ---
 * FIRST is when the message first failed; states written before it was
 * kept have two numbers, and count from their next failure. */

static char *outbox_path(const struct campaign *c, const char *sub, const char *name)
{
	return xasprintf("%s/outbox/%s%s%s", c->dir, sub, name ? "/" : "", name ? name : "");
}

/* A missing or unreadable state counts as never tried: at worst a message
 * is tried early, never lost. */
static void retry_read(const struct campaign *c, const char *name, long long *attempts,
		       long long *next, long long *first)
{
	char *path = outbox_path(c, "retry", name), *buf = NULL, *err = NULL, *save = NULL;
	size_t len;
	*attempts = *next = *first = 0;
	if (fs_exists(path) && !fs_read_file(path, &buf, &len, &err)) {
		char *a = strtok_r(buf, " \n", &save), *n = strtok_r(NULL, " \n", &save);
		char *f = strtok_r(NULL, " \n", &save);
		if (!a || !n || !parse_int(a, 0, 1000000, attempts) ||
		    !parse_int(n, 0, 1LL << 40, next))
			*attempts = *next = 0;
		else if (!f || !parse_int(f, 0, 1LL << 40, first))
			*first = 0;
	}
	free(buf);
	free(err);
	free(path);
}

static int retry_write(const struct campaign *c, const char *name, long long attempts,
		       long long next, long long first, const char *why, char **err)
{
	char *dir = outbox_path(c, "retry", NULL), *path = outbox_path(c, "retry", name);
	char *text = xasprintf("%lld %lld %lld\n%s\n", attempts, next, first, why);
	int rc = fs_mkdirs(dir, err) || fs_write_atomic(path, text, strlen(text), err);
	free(text);
	free(path);
	free(dir);
	return rc ? WP_ERR_IO : WP_OK;
}

/* State left by a crash between filing a message and removing its state,
 * or by a message removed by hand: it would hold back a new message that
 * comes with the same key. */
static void retry_prune(const struct campaign *c, const struct strlist *names)
{
	struct strlist states = STRLIST_INIT;
	char *dir = outbox_path(c, "retry", NULL), *err = NULL;
	if (!fs_list(dir, &states, &err)) {
		for (size_t i = 0; i < states.n; i++) {
			if (strlist_has(names, states.v[i]))
				continue;
			char *path = outbox_path(c, "retry", states.v[i]);
			fs_unlink(path, &err);
			free(err);
			err = NULL;
			free(path);
		}
	}
	free(err);
	strlist_clear(&states);
	free(dir);
}

/* --- filing ----------------------------------------------------------------- */

/* DIR/new/NAME, or NAME.2, NAME.3 ... when a message with the same key was
 * filed before (a turn played again after a rollback): keep both. */
static char *filed_path(const struct campaign *c, const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s/new/%s", c->dir, dir, name);
	for (int i = 2; fs_exists(path); i++) {
		free(path);
		path = xasprintf("%s/%s/new/%s.%d", c->dir, dir, name, i);
	}
	return path;
}

/* Move outbox/new/NAME to TO_DIR (a Maildir below the campaign: "sent" or
 * "outbox/failed"), then drop its retry state. */
static int file_in(const struct campaign *c, const char *name, const char *to_dir,
		   char **err)
{
	static const char *const sub[] = { "tmp", "new", "cur" };
	char *from = outbox_path(c, "new", name), *to, *state;
	int rc = WP_OK;
	for (size_t i = 0; i < ARRAY_SIZE(sub) && !rc; i++) {
		char *d = xasprintf("%s/%s/%s", c->dir, to_dir, sub[i]);
		rc = fs_mkdirs(d, err) ? WP_ERR_IO : WP_OK;
		free(d);
	}
	to = filed_path(c, to_dir, name);
	if (!rc && fs_rename(from, to, err))
		rc = WP_ERR_IO;
	crashpoint("send-filed");
	state = outbox_path(c, "retry", name);
	if (!rc && fs_exists(state) && fs_unlink(state, err))
		rc = WP_ERR_IO;
	free(state);
	free(to);
	free(from);
	return rc;
}

/* --- the password file --------------------------------------------------- */

static int read_password(const char *path, char **pw, char **err)
{
	return fs_read_secret(path, pw, err) ? WP_ERR_CONFIG : WP_OK;
}

/* --- the run ------------------------------------------------------------------ */

struct sending {
	struct campaign *c;
	struct send_result *r;
	char *password;
	struct smtp_conn *conn;
	char *conn_why;  /* why there is no connection (set once per run) */
};

static int failed(struct sending *s, const char *name, const char *why, bool logged,
		  char **err)
{
	long long attempts, next, first;
	char *when;
	int rc;
	retry_read(s->c, name, &attempts, &next, &first);
	if (!first)
		first = s->c->now;
	if (s->c->now - first >= s->c->cfg.give_up) {
		/* Like an MTA's queue lifetime: a message nobody could take for
		 * days will not be taken; keep it where the gamemaster can see it
		 * instead of trying it every few hours for ever. */
		when = time_format_iso(first);
		strlist_addf(&s->r->log, "%s: %s; undeliverable since %s, given up: moved to "
			     "outbox/failed/", name, why, when);
		free(when);
		s->r->given_up++;
		return file_in(s->c, name, "outbox/failed", err);
	}
	attempts++;
	next = s->c->now + send_backoff(attempts);
	when = time_format_iso(next);
	if (logged)
		strlist_addf(&s->r->log, "%s: not sent; will try again after %s", name, when);
	else
		strlist_addf(&s->r->log, "%s: %s; will try again after %s", name, why, when);
	free(when);
	s->r->failed++;
	rc = retry_write(s->c, name, attempts, next, first, why, err);
	return rc;
}

/* One due message; WP_OK unless the campaign's own files failed us. */
static int send_one(struct sending *s, const char *name, char **err)
{
	const struct config *cfg = &s->c->cfg;
	struct strlist rcpt = STRLIST_INIT;
	char *path = outbox_path(s->c, "new", name), *msg = NULL, *why = NULL;
	size_t len;
	int rc, code;

	if (fs_read_file(path, &msg, &len, err)) {
		free(path);
		return WP_ERR_IO;
	}
	free(path);
	if (send_recipients(msg, len, &rcpt, &why)) {
		rc = failed(s, name, why, false, err);
		goto out;
	}
	if (cfg->smtp.url && !s->conn && !s->conn_why) {
		s->conn = smtp_open(cfg, s->password, &s->conn_why);
		if (!s->conn)
			strlist_add(&s->r->log, s->conn_why);
	}
	if (cfg->smtp.url && !s->conn) {
		rc = failed(s, name, s->conn_why, true, err);
		goto out;
	}
	code = cfg->smtp.url ? smtp_deliver(s->conn, cfg->sender, &rcpt, msg, len, &why)
			     : pipe_deliver(cfg->sendmail, cfg->send_timeout, cfg->sender, &rcpt,
					    msg, len, &why);
	if (code == SEND_DONE) {
		/* The server has it: file it before anything else can fail. */
		crashpoint("send-accepted");
		rc = file_in(s->c, name, "sent", err);
		if (!rc)
			s->r->sent++;
		goto out;
	}
	rc = failed(s, name, why, false, err);
	if (code == SEND_BROKEN && cfg->smtp.url) {
		smtp_close(s->conn);
		s->conn = NULL;
		s->conn_why = xasprintf("not tried after this: %s", why);
	}
out:
	free(why);
	free(msg);
	strlist_clear(&rcpt);
	return rc;
}

int campaign_send(struct campaign *c, struct send_result *r, char **err)
{
	return campaign_send_flags(c, 0, r, err);
}

int campaign_send_flags(struct campaign *c, unsigned flags, struct send_result *r,
			char **err)
{
	struct strlist names = STRLIST_INIT;
	struct sending s = { c, r, NULL, NULL, NULL };
	struct sigaction ign, old;
	char *dir = outbox_path(c, "new", NULL);
	int rc = WP_OK;

	memset(r, 0, sizeof *r);
	if (fs_list(dir, &names, err)) {
		free(dir);
		return WP_ERR_IO;
	}
	free(dir);
	r->messages = names.n;
	retry_prune(c, &names);
	if (!names.n)
		goto out;
	if (!send_configured(&c->cfg)) {
		*err = xasprintf("%zu mail%s wait in the outbox, but wyrmpost.xml says no way to "
				 "send them (<smtp> or <sendmail>, see wyrmpost.xml(5))",
				 names.n, names.n == 1 ? "" : "s");
		rc = WP_ERR_CONFIG;
		goto out;
	}
	if (!send_address_ok(c->cfg.sender)) {
		*err = xasprintf("the sender address '%s' cannot be used to send mail",
				 c->cfg.sender);
		rc = WP_ERR_CONFIG;
		goto out;
	}
	if (c->cfg.smtp.user && (rc = read_password(c->cfg.smtp.password_file, &s.password, err)))
		goto out;

	/* A peer that goes away mid-write raises SIGPIPE, which by default
	 * kills the whole run; libetpan writes with plain send(). */
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	for (size_t i = 0; i < names.n && !rc; i++) {
		long long attempts, next, first;
		retry_read(c, names.v[i], &attempts, &next, &first);
		if (!(flags & SEND_NOW) && next > c->now) {
			r->deferred++;
			continue;
		}
		rc = send_one(&s, names.v[i], err);
	}
	smtp_close(s.conn);
	sigaction(SIGPIPE, &old, NULL);
	if (!rc && r->failed) {
		*err = xasprintf("%zu of %zu mail%s could not be sent; kept in the outbox for a "
				 "later run", r->failed, r->messages, r->messages == 1 ? "" : "s");
		rc = WP_ERR_IO;
	} else if (!rc && r->given_up) {
		*err = xasprintf("%zu mail%s given up after %lld hours of failures: see "
				 "outbox/failed/", r->given_up, r->given_up == 1 ? "" : "s",
				 c->cfg.give_up / 3600);
		rc = WP_ERR_IO;
	}
out:
	if (s.password) {
		memset(s.password, 0, strlen(s.password));
		free(s.password);
	}
	free(s.conn_why);
	strlist_clear(&names);
	return rc;
}
