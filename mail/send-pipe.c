/* send-pipe.c - one message to a sendmail-compatible command; see send.h.
 *
 * The message goes in through an unlinked temporary file rather than a
 * pipe: the command may read as little or as late as it likes, and we never
 * block writing to it while it blocks writing its complaints to us.
 */
#include "send-int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The message with LF line ends, as local commands expect, in a file
 * that is already unlinked; its fd, or -1. */
static int message_file(const char *msg, size_t len, char **why)
{
	FILE *f = tmpfile();
	int fd = -1;
	if (!f) {
		*why = xasprintf("cannot make a temporary file: %s", strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < len; i++)
		if (!(msg[i] == '\r' && i + 1 < len && msg[i + 1] == '\n'))
			putc(msg[i], f);
	if (fflush(f) || ferror(f)) {
		*why = xasprintf("cannot write a temporary file: %s", strerror(errno));
	} else {
		fd = dup(fileno(f));
		if (fd < 0)
			*why = xasprintf("cannot dup: %s", strerror(errno));
		else
			lseek(fd, 0, SEEK_SET);
	}
	fclose(f);
	return fd;
}

static void split_words(const char *command, struct strlist *argv)
{
	char *copy = xstrdup(command), *save = NULL;
	for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
		strlist_add(argv, w);
	free(copy);
}

/* Read what the command says (stdout and stderr) until it closes them or
 * the deadline passes; keep the start of it for a message. */
static bool drain(int fd, long long deadline, struct sb *said)
{
	char buf[512];
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		long long left = deadline - now_ms();
		ssize_t n;
		if (left <= 0)
			return false;
		if (poll(&p, 1, left > 1000 ? 1000 : (int)left) < 0 && errno != EINTR)
			return false;
		if (!p.revents)
			continue;
		n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return true;
		if (said->len < 400)
			sb_add(said, buf, (size_t)n);
	}
}

static bool wait_child(pid_t pid, long long deadline, int *status)
{
	while (waitpid(pid, status, WNOHANG) == 0) {
		if (now_ms() >= deadline)
			return false;
		usleep(20000);
	}
	return true;
}

static char *first_line(struct sb *said)
{
	char *s;
	if (!said->len)
		return xstrdup("");
	s = str_trim(said->buf);
	s[strcspn(s, "\r\n")] = '\0';
	return *s ? xasprintf(": %s", s) : xstrdup("");
}

int pipe_deliver(const char *command, long long timeout, const char *from,
		 const struct strlist *rcpt, const char *msg, size_t len, char **why)
{
	struct strlist argv = STRLIST_INIT;
	struct sb said = SB_INIT;
	long long deadline = now_ms() + timeout * 1000;
	int in, out[2], status = 0, rc = SEND_REFUSED;
	pid_t pid;
	bool in_time;

	split_words(command, &argv);
	if (!argv.n) {
		*why = xstrdup("the sendmail command is empty");
		return SEND_BROKEN;
	}
	strlist_add(&argv, "-f");
	strlist_add(&argv, from);
	strlist_add(&argv, "--");
	for (size_t i = 0; i < rcpt->n; i++)
		strlist_add(&argv, rcpt->v[i]);
	strlist_take(&argv, NULL); /* execvp wants the NULL at the end */
	argv.n--;
	in = message_file(msg, len, why);
	if (in < 0) {
		strlist_clear(&argv);
		return SEND_BROKEN;
	}
	if (pipe(out)) {
		*why = xasprintf("cannot make a pipe: %s", strerror(errno));
		close(in);
		strlist_clear(&argv);
		return SEND_BROKEN;
	}
	pid = fork();
	if (pid == 0) {
		/* We ignore SIGPIPE while sending; the command should not inherit
		 * that.  Its own process group, so a timeout kills all of it. */
		signal(SIGPIPE, SIG_DFL);
		setpgid(0, 0);
		dup2(in, STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		dup2(out[1], STDERR_FILENO);
		close(in);
		close(out[0]);
		close(out[1]);
		execvp(argv.v[0], argv.v);
		/* into our pipe, so that it ends up in *why */
		fprintf(stderr, "cannot run it: %s\n", strerror(errno));
		_exit(127);
	}
	close(in);
	close(out[1]);
	if (pid < 0) {
		*why = xasprintf("cannot fork: %s", strerror(errno));
		close(out[0]);
		strlist_clear(&argv);
		return SEND_BROKEN;
	}
	in_time = drain(out[0], deadline, &said) && wait_child(pid, deadline, &status);
	close(out[0]);
	if (!in_time) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		*why = xasprintf("'%s' did not finish within %lld s", argv.v[0], timeout);
	} else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		rc = SEND_DONE;
	} else {
		char *line = first_line(&said);
		if (WIFEXITED(status))
			*why = xasprintf("'%s' exited with status %d%s", argv.v[0],
					 WEXITSTATUS(status), line);
		else
			*why = xasprintf("'%s' was killed by signal %d%s", argv.v[0],
					 WTERMSIG(status), line);
		free(line);
	}
	sb_release(&said);
	strlist_clear(&argv);
	return rc;
}
