/* send.c - the outbox through a sendmail-compatible command; see send.h. */
#include "send.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fsutil.h"
#include "orders.h"

#define TIMEOUT_S 30
#define RETRY_FIRST 300
#define RETRY_MAX (6 * 3600)

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Run argv with msg on its stdin; 0 when it exits 0 in time. */
static int run_command(char *const *argv, const char *msg, size_t len, char **why)
{
	struct sigaction ign, old;
	int fds[2], status = 0, rc;
	pid_t pid, done = 0;

	if (pipe(fds)) {
		*why = xasprintf("cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		*why = xasprintf("cannot fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(fds[0], STDIN_FILENO);
		close(fds[0]);
		close(fds[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fds[0]);
	/* A command that dies early must not take us with it. */
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &ign, &old);
	rc = write_all(fds[1], msg, len);
	close(fds[1]);
	sigaction(SIGPIPE, &old, NULL);
	for (int t = 0; t < TIMEOUT_S * 10 && !done; t++) {
		done = waitpid(pid, &status, WNOHANG);
		if (!done)
			usleep(100000);
	}
	if (!done) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		*why = xasprintf("'%s' did not finish in %d s", argv[0], TIMEOUT_S);
		return -1;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && rc == 0)
		return 0;
	*why = WIFEXITED(status)
		       ? xasprintf("'%s' exited with status %d", argv[0], WEXITSTATUS(status))
		       : xasprintf("'%s' was killed by signal %d", argv[0], WTERMSIG(status));
	return -1;
}

static void retry_read(const char *path, long long *attempts, long long *next)
{
	char *buf, *err = NULL, *save = NULL, *a, *n;
	size_t len;
	*attempts = *next = 0;
	if (!fs_exists(path) || fs_read_file(path, &buf, &len, &err)) {
		free(err);
		return;
	}
	a = strtok_r(buf, " \n", &save);
	n = strtok_r(NULL, " \n", &save);
	if (!a || !n || !parse_int(a, 0, 1000000, attempts) || !parse_int(n, 0, 1LL << 40, next))
		*attempts = *next = 0;
	free(buf);
}

static int move_to_sent(const struct campaign *c, const char *name, const char *from,
			char **err)
{
	static const char *const sub[] = { "tmp", "new", "cur" };
	char *to = xasprintf("%s/sent/new/%s", c->dir, name);
	int rc = WP_OK;
	for (size_t i = 0; i < ARRAY_SIZE(sub) && !rc; i++) {
		char *d = xasprintf("%s/sent/%s", c->dir, sub[i]);
		rc = fs_mkdirs(d, err) ? WP_ERR_IO : WP_OK;
		free(d);
	}
	if (!rc && fs_rename(from, to, err))
		rc = WP_ERR_IO;
	free(to);
	return rc;
}

/* Deliver one message file; WP_OK also when it was only deferred. */
static int send_one(struct campaign *c, const char *name, struct send_result *r, char **err)
{
	char *path = xasprintf("%s/outbox/new/%s", c->dir, name);
	char *retry = xasprintf("%s/outbox/retry/%s", c->dir, name);
	char *msg = NULL, *to_h = NULL, *rcpt = NULL, *why = NULL, *cmd = NULL;
	struct strlist argv = STRLIST_INIT;
	long long attempts, next;
	size_t len;
	int rc = WP_OK;

	r->messages++;
	retry_read(retry, &attempts, &next);
	if (next > c->now) {
		r->deferred++;
		goto out;
	}
	if (fs_read_file(path, &msg, &len, err)) {
		rc = WP_ERR_IO;
		goto out;
	}
	to_h = mail_header_get(msg, len, "To");
	rcpt = mail_address_of(to_h);
	if (!rcpt) {
		why = xasprintf("no usable To: address");
	} else {
		char *save = NULL;
		cmd = xstrdup(c->cfg.sendmail);
		for (char *w = strtok_r(cmd, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
			strlist_add(&argv, w);
		strlist_add(&argv, "-f");
		strlist_add(&argv, c->cfg.sender);
		strlist_add(&argv, "--");
		strlist_add(&argv, rcpt);
		strlist_take(&argv, NULL);
		argv.n--; /* the NULL terminator is not a word */
		if (!run_command(argv.v, msg, len, &why)) {
			rc = move_to_sent(c, name, path, err);
			if (!rc && fs_unlink(retry, err))
				rc = WP_ERR_IO;
			if (!rc)
				r->sent++;
			goto out;
		}
	}
	{
		long long wait = RETRY_FIRST << (attempts < 10 ? attempts : 10);
		char *dir = xasprintf("%s/outbox/retry", c->dir);
		char *text = xasprintf("%lld %lld\n", attempts + 1,
				       c->now + (wait < RETRY_MAX ? wait : RETRY_MAX));
		strlist_addf(&r->log, "%s: %s; will try again", name, why);
		r->failed++;
		if (fs_mkdirs(dir, err) || fs_write_atomic(retry, text, strlen(text), err))
			rc = WP_ERR_IO;
		free(text);
		free(dir);
	}
out:
	strlist_clear(&argv);
	free(cmd);
	free(why);
	free(rcpt);
	free(to_h);
	free(msg);
	free(retry);
	free(path);
	return rc;
}

int campaign_send(struct campaign *c, struct send_result *r, char **err)
{
	struct strlist names = STRLIST_INIT;
	char *dir = xasprintf("%s/outbox/new", c->dir);
	int rc = WP_OK;

	memset(r, 0, sizeof *r);
	if (fs_list(dir, &names, err)) {
		free(dir);
		return WP_ERR_IO;
	}
	if (!c->cfg.sendmail) {
		if (names.n)
			*err = xasprintf("%zu mail%s wait in the outbox, but wyrmpost.xml says no way "
					 "to send them (see <sendmail> in wyrmpost.xml(5))",
					 names.n, names.n == 1 ? "" : "s");
		rc = names.n ? WP_ERR_CONFIG : WP_OK;
	}
	for (size_t i = 0; i < names.n && !rc; i++)
		rc = send_one(c, names.v[i], r, err);
	strlist_clear(&names);
	free(dir);
	return rc;
}

void send_result_release(struct send_result *r)
{
	strlist_clear(&r->log);
	memset(r, 0, sizeof *r);
}
