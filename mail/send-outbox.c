/* send-outbox.c - a Maildir outbox, message by message: what is due,
 * delivery through send-smtp.c or send-pipe.c, filing in the sent Maildir,
 * the retry state; see send.h. */
#include "send.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

void send_result_release(struct send_result *r)
{
	strlist_clear(&r->log);
	strlist_clear(&r->filed);
	memset(r, 0, sizeof *r);
}

/* --- the retry state: outbox/retry/NAME = "ATTEMPTS NEXT FIRST\nLAST ERROR\n" ---
 * FIRST is when the message first failed; states written before it was
 * kept have two numbers, and count from their next failure. */

/* Where one delivery run reads and files mail (see send_outbox()). */
struct send_dirs {
	const char *outbox, *sent;
};

static char *outbox_path(const struct send_dirs *c, const char *sub, const char *name)
{
	return xasprintf("%s/%s%s%s", c->outbox, sub, name ? "/" : "", name ? name : "");
}

/* A missing or unreadable state counts as never tried: at worst a message
 * is tried early, never lost. */
static void retry_read(const struct send_dirs *c, const char *name, long long *attempts,
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

static int retry_write(const struct send_dirs *c, const char *name, long long attempts,
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
static void retry_prune(const struct send_dirs *c, const struct strlist *names)
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
static char *filed_path(const char *dir, const char *name)
{
	char *path = xasprintf("%s/new/%s", dir, name);
	for (int i = 2; fs_exists(path); i++) {
		free(path);
		path = xasprintf("%s/new/%s.%d", dir, name, i);
	}
	return path;
}

/* Move OUTBOX/new/NAME to the Maildir to_dir (the sent Maildir, or
 * OUTBOX/failed), then drop its retry state. */
static int file_in(const struct send_dirs *c, const char *name, const char *to_dir,
		   struct strlist *filed, char **err)
{
	static const char *const sub[] = { "tmp", "new", "cur" };
	char *from = outbox_path(c, "new", name), *to, *state;
	int rc = WP_OK;
	for (size_t i = 0; i < ARRAY_SIZE(sub) && !rc; i++) {
		char *d = xasprintf("%s/%s", to_dir, sub[i]);
		rc = fs_mkdirs(d, err) ? WP_ERR_IO : WP_OK;
		free(d);
	}
	to = filed_path(to_dir, name);
	if (!rc && fs_rename(from, to, err))
		rc = WP_ERR_IO;
	if (!rc && filed)
		strlist_add(filed, to);
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
	const struct send_dirs *c;
	const struct send_settings *set;
	char *failed_dir; /* OUTBOX/failed */
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
		first = s->set->now;
	if (s->set->now - first >= s->set->give_up) {
		/* Like an MTA's queue lifetime: a message nobody could take for
		 * days will not be taken; keep it where the gamemaster can see it
		 * instead of trying it every few hours for ever. */
		when = time_format_iso(first);
		strlist_addf(&s->r->log, "%s: %s; undeliverable since %s, given up: moved to "
			     "outbox/failed/", name, why, when);
		free(when);
		s->r->given_up++;
		return file_in(s->c, name, s->failed_dir, NULL, err);
	}
	attempts++;
	next = s->set->now + send_backoff(attempts);
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

/* One due message; WP_OK unless the outbox's own files failed us. */
static int send_one(struct sending *s, const char *name, char **err)
{
	const struct send_settings *cfg = s->set;
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
	if (cfg->smtp_url && !s->conn && !s->conn_why) {
		s->conn = smtp_open(cfg, s->password, &s->conn_why);
		if (!s->conn)
			strlist_add(&s->r->log, s->conn_why);
	}
	if (cfg->smtp_url && !s->conn) {
		rc = failed(s, name, s->conn_why, true, err);
		goto out;
	}
	code = cfg->smtp_url ? smtp_deliver(s->conn, cfg->sender, &rcpt, msg, len, &why)
			     : pipe_deliver(cfg->sendmail, cfg->timeout, cfg->sender, &rcpt,
					    msg, len, &why);
	if (code == SEND_DONE) {
		/* The server has it: file it before anything else can fail. */
		crashpoint("send-accepted");
		rc = file_in(s->c, name, s->c->sent, &s->r->filed, err);
		if (!rc)
			s->r->sent++;
		goto out;
	}
	rc = failed(s, name, why, false, err);
	if (code == SEND_BROKEN && cfg->smtp_url) {
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

/* Has this send spent its time (set->budget seconds since start)? */
static bool budget_spent(const struct send_settings *set, const struct timespec *start)
{
	struct timespec now;
	if (set->budget <= 0)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec - start->tv_sec >= set->budget;
}

int send_outbox(const char *outbox, const char *sent, const struct send_settings *set,
		unsigned flags, struct send_result *r, char **err)
{
	struct timespec start;
	const struct send_dirs dirs = { outbox, sent };
	const struct send_dirs *c = &dirs;
	struct strlist names = STRLIST_INIT;
	struct sending s = { c, set, NULL, r, NULL, NULL, NULL };
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
	if (!set->smtp_url && !set->sendmail) {
		*err = xasprintf("%zu mail%s wait in the outbox, but no way to send them is given",
				 names.n, names.n == 1 ? "" : "s");
		rc = WP_ERR_CONFIG;
		goto out;
	}
	if (!send_address_ok(set->sender)) {
		*err = xasprintf("the sender address '%s' cannot be used to send mail",
				 set->sender);
		rc = WP_ERR_CONFIG;
		goto out;
	}
	if (set->smtp_user && (rc = read_password(set->smtp_password_file, &s.password, err)))
		goto out;
	s.failed_dir = outbox_path(c, "failed", NULL);

	/* A peer that goes away mid-write raises SIGPIPE, which by default
	 * kills the whole run; libetpan writes with plain send(). */
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (size_t i = 0; i < names.n && !rc; i++) {
		long long attempts, next, first;
		if (budget_spent(set, &start)) {
			/* A sendmail or server that hangs to its timeout on every
			 * message would hold the run for hours: the rest goes
			 * with the next send, not counted as failed. */
			r->postponed = names.n - i;
			strlist_addf(&r->log, "%zu mail%s wait for the next send: the delivery "
				     "budget of %lld s (<limits send-budget>) is spent",
				     r->postponed, r->postponed == 1 ? "" : "s", set->budget);
			break;
		}
		retry_read(c, names.v[i], &attempts, &next, &first);
		if (!(flags & SEND_NOW) && next > set->now) {
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
				 set->give_up / 3600);
		rc = WP_ERR_IO;
	}
out:
	if (s.password) {
		memset(s.password, 0, strlen(s.password));
		free(s.password);
	}
	free(s.failed_dir);
	free(s.conn_why);
	strlist_clear(&names);
	return rc;
}
