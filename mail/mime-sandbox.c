/* mime-sandbox.c - the child process the untrusted parse runs in: started
 * once, kept for many mails, under resource limits per mail, killed and
 * replaced when it crashes, hangs or has served its share; see mime-int.h.
 */
#include "mime-int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void (*mime_child_hook)(enum mime_mode mode);

/* --- the child ---------------------------------------------------------
 * One child takes mail after mail over its socket until the parent closes
 * it.  A request is the mode (32 bits) and the mail's length (64 bits),
 * in host order, then the mail; the answer is the length of the encoded
 * result (64 bits), then the result as above. */

#define REQUEST_HEAD (sizeof(uint32_t) + sizeof(uint64_t))

static void limit(int resource, rlim_t soft, rlim_t hard)
{
	struct rlimit rl = { soft, hard };
	setrlimit(resource, &rl); /* best effort: we are past any fallback */
}

/* The CPU seconds a child may use in its life: each mail's share and a
 * second of rounding (see cpu_budget), for as many mails as a child takes.
 * Only a child whose per-mail limit failed comes near it; a hard limit
 * cannot be raised again, so it is set once. */
static rlim_t cpu_lifetime(const struct mime_limits *lim)
{
	return (rlim_t)(lim->cpu_seconds + 1) * (MIME_PARSER_RECYCLE + 1);
}

/* RLIMIT_CPU counts the child's whole life, so before each mail the soft
 * limit moves to the seconds used so far, rounded up, plus the mail's
 * share: the kernel's SIGXCPU, which kills, comes after lim->cpu_seconds
 * (and at most one more) of this mail, as when each mail had a child. */
static void cpu_budget(const struct mime_limits *lim)
{
	struct rusage ru;
	rlim_t used = 0, soft, hard = cpu_lifetime(lim);
	/* User and system time together, then rounded up: rounding each down
	 * first lost up to two seconds of a busy child's (its system time is
	 * large on a loaded machine), and the mail's budget with them. */
	if (getrusage(RUSAGE_SELF, &ru) == 0) {
		long long us = ((long long)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
			       ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
		used = (rlim_t)(us / 1000000 + 1);
	}
	soft = used + lim->cpu_seconds;
	limit(RLIMIT_CPU, soft < hard ? soft : hard, hard);
}

static void close_fds(unsigned from, unsigned to)
{
	struct rlimit rl;
	if (from > to || close_range(from, to, 0) == 0)
		return;
	/* A kernel before 5.9: one at a time, up to the descriptor limit. */
	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY)
		rl.rlim_cur = 65536;
	for (unsigned f = from; f <= to && f < rl.rlim_cur; f++)
		close((int)f);
}

/* Leave the child its socket and /dev/null as 0, 1 and 2, nothing else:
 * it outlives many mails, and must not keep open the campaign's lock (an
 * flock, which goes with the descriptor), a server's connection, or a
 * file the parent has closed.  Returns the socket's new number. */
static int keep_only(int fd)
{
	int s = fd > STDERR_FILENO ? fd : fcntl(fd, F_DUPFD, STDERR_FILENO + 1);
	int devnull = open("/dev/null", O_RDWR);
	if (s < 0) /* no descriptor free: the parent is out of them too */
		_exit(4);
	/* Nothing a poison mail makes the parser say reaches our terminal. */
	if (devnull >= 0) {
		dup2(devnull, STDIN_FILENO);
		dup2(devnull, STDOUT_FILENO);
		dup2(devnull, STDERR_FILENO);
	}
	close_fds(STDERR_FILENO + 1, (unsigned)s - 1);
	close_fds((unsigned)s + 1, ~0u);
	return s;
}

/* 1 when all n bytes came, 0 on end of file before the first, -1 else. */
static int read_full(int fd, void *buf, size_t n)
{
	char *p = buf;
	for (size_t got = 0; got < n;) {
		ssize_t k = recv(fd, p + got, n - got, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return k == 0 && got == 0 ? 0 : -1;
		got += (size_t)k;
	}
	return 1;
}

static _Noreturn void child(int fd, const struct mime_limits *lim)
{
	struct sb out = SB_INIT;

	fd = keep_only(fd);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGALRM, SIG_DFL);
	signal(SIGXCPU, SIG_DFL);
	limit(RLIMIT_CPU, cpu_lifetime(lim), cpu_lifetime(lim));
	limit(RLIMIT_CORE, 0, 0);  /* no core files of poison mail */
	limit(RLIMIT_FSIZE, 0, 0); /* the parser writes no files */
#if !defined(__SANITIZE_ADDRESS__)
	/* AddressSanitizer reserves terabytes of shadow memory up front, so
	 * under it any address-space limit fails every allocation; the CPU
	 * and wall-clock limits still hold. */
	limit(RLIMIT_AS, lim->max_memory, lim->max_memory);
#endif
	for (;;) {
		unsigned char head[REQUEST_HEAD];
		struct mime_result r;
		char *raw, *err = NULL;
		uint32_t mode;
		uint64_t len, n;
		int rc = read_full(fd, head, sizeof head);

		if (rc == 0) /* the parent is done with us */
			_exit(0);
		if (rc < 0)
			_exit(3);
		memcpy(&mode, head, sizeof mode);
		memcpy(&len, head + sizeof mode, sizeof len);
		if ((mode != MIME_PARSE_FULL && mode != MIME_PARSE_HEADERS) || len > SIZE_MAX - 1)
			_exit(3);
		raw = xmalloc((size_t)len + 1);
		if (read_full(fd, raw, (size_t)len) != 1)
			_exit(3);
		cpu_budget(lim);
		alarm(lim->wall_seconds + 1); /* the parent kills us first; belt and braces */
		if (mime_child_hook)
			mime_child_hook((enum mime_mode)mode);

		rc = mime_parse_unsafe(raw, (size_t)len, (enum mime_mode)mode, &r, &err);
		sb_reset(&out);
		sb_add(&out, (const char *)&len, sizeof len); /* room for the length */
		mime_result_encode(rc, err, &r, &out);
		n = out.len - sizeof n;
		memcpy(out.buf, &n, sizeof n);
		for (size_t off = 0; off < out.len;) {
			ssize_t k = send(fd, out.buf + off, out.len - off, MSG_NOSIGNAL);
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				_exit(3);
			off += (size_t)k;
		}
		alarm(0);
		mime_result_release(&r);
		free(err);
		free(raw);
	}
}

/* --- the parent --------------------------------------------------------
 * The child is started by the first mail and kept for the next ones; it
 * is stopped, and the next mail gets a new one, after a crash, a hang, a
 * garbled answer, MIME_PARSER_RECYCLE mails (so that whatever libetpan
 * leaks or fragments cannot build up), or when the limits or the test
 * hook asked for differ from those it was started with. */

static struct {
	pid_t pid;   /* 0: no child */
	pid_t owner; /* the process that started it */
	int fd;
	unsigned served;
	struct mime_limits lim;
	void (*hook)(enum mime_mode);
	bool at_exit;
} parser;

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int wait_child(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

/* Drop the child without touching it: it has been waited for already, or
 * it is not ours (this process was forked from its owner and holds only
 * copies of the owner's descriptor and pid). */
static void parser_forget(void)
{
	close(parser.fd);
	parser.fd = -1;
	parser.pid = 0;
}

/* Kill and wait for our child.  Killing loses nothing: between mails it
 * holds no data of ours and writes no files, and in the middle of one it
 * has already failed. */
static void parser_stop(void)
{
	int status;
	kill(parser.pid, SIGKILL);
	close(parser.fd);
	wait_child(parser.pid, &status); /* fails only if someone else reaped it */
	parser.fd = -1;
	parser.pid = 0;
}

void mime_parser_shutdown(void)
{
	if (!parser.pid)
		return;
	if (parser.owner == getpid())
		parser_stop();
	else
		parser_forget();
}

pid_t mime_parser_pid(void)
{
	return parser.pid && parser.owner == getpid() ? parser.pid : 0;
}

static int parser_start(const struct mime_limits *lim, char **err)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		*err = xasprintf("cannot create a socket for the MIME parser: %s",
				 strerror(errno));
		return MIME_ERR_SYS;
	}
	pid = fork();
	if (pid < 0) {
		*err = xasprintf("cannot start the MIME parser: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return MIME_ERR_SYS;
	}
	if (pid == 0)
		child(sv[1], lim); /* which closes sv[0] with every other descriptor */
	close(sv[1]);
	parser.pid = pid;
	parser.owner = getpid();
	parser.fd = sv[0];
	parser.served = 0;
	parser.lim = *lim;
	parser.hook = mime_child_hook;
	/* A program that never calls mime_parser_shutdown() still waits for
	 * its child; without this the child would end on its own when we
	 * exit, as someone else's zombie until reaped. */
	if (!parser.at_exit)
		parser.at_exit = atexit(mime_parser_shutdown) == 0;
	return MIME_OK;
}

/* Stop (or forget) the running child unless it may take the next mail. */
static void parser_check(const struct mime_limits *lim)
{
	int status;

	if (parser.owner != getpid()) {
		parser_forget();
		return;
	}
	/* Gone since its last answer, killed from outside: not this mail's
	 * doing, so it is not blamed on it.  Waited for here, never killed
	 * after: its pid may already be another process's. */
	if (waitpid(parser.pid, &status, WNOHANG) != 0)
		parser_forget();
	else if (parser.served >= MIME_PARSER_RECYCLE || parser.hook != mime_child_hook ||
		 parser.lim.max_memory != lim->max_memory ||
		 parser.lim.cpu_seconds != lim->cpu_seconds ||
		 parser.lim.wall_seconds != lim->wall_seconds)
		parser_stop();
}

enum io { IO_OK, IO_TIMEOUT, IO_DEAD, IO_TOO_LONG, IO_ERR };

static enum io wait_fd(int fd, short events, long long deadline)
{
	for (;;) {
		long long left = deadline - now_ms();
		struct pollfd p = { fd, events, 0 };
		int pr;
		if (left <= 0)
			return IO_TIMEOUT;
		pr = poll(&p, 1, left > 60000 ? 60000 : (int)left);
		if (pr > 0)
			return IO_OK; /* readable, writable, or hung up: the next call says */
		if (pr < 0 && errno != EINTR)
			return IO_ERR;
	}
}

/* MSG_NOSIGNAL: a child that dies while we write must not take us along
 * by SIGPIPE, whatever the caller's handler for it. */
static enum io send_by(int fd, const void *buf, size_t n, long long deadline)
{
	const char *p = buf;
	while (n) {
		ssize_t k = send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
		enum io w;
		if (k > 0) {
			p += k;
			n -= (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
			return k < 0 && errno != EPIPE && errno != ECONNRESET ? IO_ERR : IO_DEAD;
		if ((w = wait_fd(fd, POLLOUT, deadline)) != IO_OK)
			return w;
	}
	return IO_OK;
}

static enum io recv_by(int fd, void *buf, size_t n, long long deadline)
{
	char *p = buf;
	while (n) {
		ssize_t k = recv(fd, p, n, MSG_DONTWAIT);
		enum io w;
		if (k > 0) {
			p += k;
			n -= (size_t)k;
			continue;
		}
		if (k == 0)
			return IO_DEAD;
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			return errno == ECONNRESET ? IO_DEAD : IO_ERR;
		if ((w = wait_fd(fd, POLLIN, deadline)) != IO_OK)
			return w;
	}
	return IO_OK;
}

/* One mail through the child: its answer, or what became of it. */
int mime_parser_call(const char *raw, size_t len, enum mime_mode mode,
		     const struct mime_limits *lim, struct mime_result *out, char **err)
{
	unsigned char head[REQUEST_HEAD];
	uint32_t m = mode;
	uint64_t n = len, answer_len = 0;
	char *answer = NULL, *child_err = NULL;
	long long deadline;
	int rc, status = 0, child_rc, saved;
	enum io io;

	memset(out, 0, sizeof *out);
	*err = NULL;
	if (parser.pid)
		parser_check(lim);
	if (!parser.pid && (rc = parser_start(lim, err)))
		return rc;
	parser.served++;
	memcpy(head, &m, sizeof m);
	memcpy(head + sizeof m, &n, sizeof n);
	deadline = now_ms() + 1000LL * lim->wall_seconds;
	io = send_by(parser.fd, head, sizeof head, deadline);
	if (io == IO_OK)
		io = send_by(parser.fd, raw, len, deadline);
	if (io == IO_OK)
		io = recv_by(parser.fd, &answer_len, sizeof answer_len, deadline);
	if (io == IO_OK && answer_len > 8 * (uint64_t)len + (1 << 20))
		io = IO_TOO_LONG;
	if (io == IO_OK) {
		answer = xmalloc((size_t)answer_len + 1);
		io = recv_by(parser.fd, answer, (size_t)answer_len, deadline);
	}
	saved = errno;
	if (io == IO_OK) {
		rc = mime_result_decode(answer, (size_t)answer_len, &child_rc, &child_err, out);
		free(answer);
		if (rc == 0) {
			*err = child_err;
			return child_rc;
		}
		/* Whole, but not a result: the child is not to be trusted. */
		parser_stop();
		*err = xstrdup("the MIME parser sent a garbled result");
		return MIME_QUARANTINE;
	}
	free(answer);
	if (io != IO_DEAD) {
		parser_stop();
		if (io == IO_TIMEOUT) {
			*err = xasprintf("the MIME parser took longer than %u s and was killed",
					 lim->wall_seconds);
			return MIME_QUARANTINE;
		}
		if (io == IO_TOO_LONG) {
			*err = xstrdup("the MIME parser produced too much text and was killed");
			return MIME_QUARANTINE;
		}
		*err = xasprintf("cannot talk to the MIME parser: %s", strerror(saved));
		return MIME_ERR_SYS;
	}
	/* It hung up: it died on this mail, or is about to. */
	close(parser.fd);
	rc = wait_child(parser.pid, &status);
	saved = errno;
	parser.fd = -1;
	parser.pid = 0;
	if (rc < 0) {
		*err = xasprintf("cannot wait for the MIME parser: %s", strerror(saved));
		return MIME_ERR_SYS;
	}
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		*err = sig == SIGXCPU || sig == SIGKILL
			       ? xasprintf("the MIME parser used more than %u s of CPU and was "
					   "killed (signal %d)", lim->cpu_seconds, sig)
			       : xasprintf("the MIME parser crashed (signal %d, %s)", sig,
					   strsignal(sig));
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		*err = xasprintf("the MIME parser failed (exit status %d)",
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	} else {
		*err = xstrdup("the MIME parser sent a garbled result");
	}
	return MIME_QUARANTINE;
}
