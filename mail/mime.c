/* mime.c - mime_orders_text(): the sandbox around the parse (a forked
 * child under resource limits) and the form its result travels in; see
 * mime.h.  The parse itself is in mime-parse.c. */
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

/* --- the result on the wire ----------------------------------------------
 * A sequence of records, each a 32-bit length in host order (the child is
 * our own fork) then that many bytes; length 0xffffffff is a NULL string.
 * "WPM1", status, error, text count, per text (text, source), the header
 * strings, bounce, "END!".  Anything short or left over is a dead child. */

#define NIL 0xffffffffu

static void put_u32(struct sb *out, uint32_t v)
{
	sb_add(out, (const char *)&v, sizeof v);
}

static void put_str(struct sb *out, const char *s, size_t n)
{
	if (!s) {
		put_u32(out, NIL);
		return;
	}
	put_u32(out, (uint32_t)n);
	sb_add(out, s, n);
}

static void put_cstr(struct sb *out, const char *s)
{
	put_str(out, s, s ? strlen(s) : 0);
}

/* The header fields of a result, in wire order. */
static char **header_slot(struct mime_result *r, size_t i)
{
	char **slots[] = { &r->from,           &r->from_name,  &r->message_id,
			   &r->subject,        &r->in_reply_to, &r->auto_submitted,
			   &r->precedence,     &r->x_loop,     &r->return_path };
	return i < ARRAY_SIZE(slots) ? slots[i] : NULL;
}

void mime_result_encode(int status, const char *err, const struct mime_result *r,
			struct sb *out)
{
	struct mime_result *rw = (struct mime_result *)r; /* header_slot only reads here */
	char **slot;
	sb_add(out, "WPM1", 4);
	put_u32(out, (uint32_t)status);
	put_cstr(out, err);
	put_u32(out, (uint32_t)r->n);
	for (size_t i = 0; i < r->n; i++) {
		put_str(out, r->texts[i].text, r->texts[i].len);
		put_cstr(out, r->texts[i].source);
	}
	for (size_t i = 0; (slot = header_slot(rw, i)); i++)
		put_cstr(out, *slot);
	put_u32(out, r->bounce);
	sb_add(out, "END!", 4);
}

struct reader {
	const char *p;
	size_t left;
	bool bad;
};

static uint32_t get_u32(struct reader *rd)
{
	uint32_t v = 0;
	if (rd->left < sizeof v) {
		rd->bad = true;
		return 0;
	}
	memcpy(&v, rd->p, sizeof v);
	rd->p += sizeof v;
	rd->left -= sizeof v;
	return v;
}

/* A string that must not hold NUL bytes when text is false (headers). */
static char *get_str(struct reader *rd, size_t *len, bool text)
{
	uint32_t n = get_u32(rd);
	char *s;
	if (rd->bad || n == NIL)
		return NULL;
	if (n > rd->left || (!text && memchr(rd->p, '\0', n))) {
		rd->bad = true;
		return NULL;
	}
	s = xstrndup(rd->p, n);
	if (len)
		*len = n;
	rd->p += n;
	rd->left -= n;
	return s;
}

int mime_result_decode(const char *buf, size_t n, int *status, char **err,
		       struct mime_result *r)
{
	struct reader rd = { buf, n, false };
	uint32_t count;
	char **slot;

	memset(r, 0, sizeof *r);
	*err = NULL;
	if (n < 8 || memcmp(buf, "WPM1", 4))
		return -1;
	rd.p += 4;
	rd.left -= 4;
	*status = (int)get_u32(&rd);
	*err = get_str(&rd, NULL, false);
	count = get_u32(&rd);
	/* Each text takes at least 8 bytes: a count beyond that is a lie. */
	if (!rd.bad && count <= rd.left / 8) {
		r->texts = count ? xcalloc(count, sizeof *r->texts) : NULL;
		for (r->n = 0; r->n < count && !rd.bad; r->n++) {
			r->texts[r->n].text = get_str(&rd, &r->texts[r->n].len, true);
			r->texts[r->n].source = get_str(&rd, NULL, false);
			if (!r->texts[r->n].text)
				rd.bad = true;
		}
	} else {
		rd.bad = true;
	}
	for (size_t i = 0; (slot = header_slot(r, i)) && !rd.bad; i++)
		*slot = get_str(&rd, NULL, false);
	r->bounce = get_u32(&rd) != 0;
	if (rd.bad || rd.left != 4 || memcmp(rd.p, "END!", 4) ||
	    (*status != MIME_OK && *status != MIME_NO_TEXT) ||
	    (*status == MIME_OK) != (r->n > 0)) {
		mime_result_release(r);
		free(*err);
		*err = NULL;
		return -1;
	}
	return 0;
}

/* --- the child --------------------------------------------------------- */

static void limit(int resource, rlim_t soft, rlim_t hard)
{
	struct rlimit rl = { soft, hard };
	setrlimit(resource, &rl); /* best effort: we are past any fallback */
}

static _Noreturn void child(int fd, const char *raw, size_t len, enum mime_mode mode,
			    const struct mime_limits *lim)
{
	struct mime_result r;
	struct sb out = SB_INIT;
	char *err = NULL;
	int rc, devnull = open("/dev/null", O_RDWR);

	/* Nothing a poison mail makes the parser say reaches our terminal. */
	if (devnull >= 0) {
		dup2(devnull, STDIN_FILENO);
		dup2(devnull, STDOUT_FILENO);
		dup2(devnull, STDERR_FILENO);
	}
	signal(SIGPIPE, SIG_IGN);
	signal(SIGALRM, SIG_DFL);
	signal(SIGXCPU, SIG_DFL);
	/* SIGXCPU at the soft limit, SIGKILL a second later. */
	limit(RLIMIT_CPU, lim->cpu_seconds, lim->cpu_seconds + 1);
	limit(RLIMIT_CORE, 0, 0);  /* no core files of poison mail */
	limit(RLIMIT_FSIZE, 0, 0); /* the parser writes no files */
#if !defined(__SANITIZE_ADDRESS__)
	/* AddressSanitizer reserves terabytes of shadow memory up front, so
	 * under it any address-space limit fails every allocation; the CPU
	 * and wall-clock limits still hold. */
	limit(RLIMIT_AS, lim->max_memory, lim->max_memory);
#endif
	alarm(lim->wall_seconds + 1); /* the parent kills us first; belt and braces */
	if (mime_child_hook)
		mime_child_hook(mode);

	rc = mime_parse_unsafe(raw, len, mode, &r, &err);
	mime_result_encode(rc, err, &r, &out);
	for (size_t off = 0; off < out.len;) {
		ssize_t k = send(fd, out.buf + off, out.len - off, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			_exit(3);
		off += (size_t)k;
	}
	/* _exit: no atexit handlers or stdio buffers of the parent's run twice. */
	_exit(0);
}

/* --- the parent -------------------------------------------------------- */

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Read the child's whole answer until it closes the socket, the deadline
 * passes or it says too much.  0 on EOF, 1 on timeout, 2 when too long,
 * -1 on a failing poll/recv (errno). */
static int read_answer(int fd, long long deadline, size_t cap, struct sb *out)
{
	char buf[65536];
	for (;;) {
		long long left = deadline - now_ms();
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t k;
		int pr;
		if (left <= 0)
			return 1;
		pr = poll(&p, 1, left > 60000 ? 60000 : (int)left);
		if (pr < 0 && errno == EINTR)
			continue;
		if (pr < 0)
			return -1;
		if (pr == 0)
			continue;
		k = recv(fd, buf, sizeof buf, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0)
			return 0;
		if (out->len + (size_t)k > cap)
			return 2;
		sb_add(out, buf, (size_t)k);
	}
}

static int wait_child(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

static int run_child(const char *raw, size_t len, enum mime_mode mode,
		     const struct mime_limits *lim, struct mime_result *out, char **err)
{
	struct sb answer = SB_INIT;
	int sv[2], status = 0, got, rc, child_rc, saved;
	char *child_err = NULL;
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
	if (pid == 0) {
		close(sv[0]);
		child(sv[1], raw, len, mode, lim);
	}
	close(sv[1]);
	got = read_answer(sv[0], now_ms() + 1000LL * lim->wall_seconds,
			  8 * len + (1 << 20), &answer);
	saved = errno;
	if (got != 0)
		kill(pid, SIGKILL);
	close(sv[0]);
	if (wait_child(pid, &status) < 0) {
		*err = xasprintf("cannot wait for the MIME parser: %s", strerror(errno));
		sb_release(&answer);
		return MIME_ERR_SYS;
	}
	if (got == 1) {
		*err = xasprintf("the MIME parser took longer than %u s and was killed",
				 lim->wall_seconds);
		rc = MIME_QUARANTINE;
	} else if (got == 2) {
		*err = xstrdup("the MIME parser produced too much text and was killed");
		rc = MIME_QUARANTINE;
	} else if (got < 0) {
		*err = xasprintf("cannot read from the MIME parser: %s", strerror(saved));
		rc = MIME_ERR_SYS;
	} else if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		*err = sig == SIGXCPU || sig == SIGKILL
			       ? xasprintf("the MIME parser used more than %u s of CPU and was "
					   "killed (signal %d)", lim->cpu_seconds, sig)
			       : xasprintf("the MIME parser crashed (signal %d, %s)", sig,
					   strsignal(sig));
		rc = MIME_QUARANTINE;
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		*err = xasprintf("the MIME parser failed (exit status %d)",
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		rc = MIME_QUARANTINE;
	} else if (mime_result_decode(answer.buf, answer.len, &child_rc, &child_err, out) < 0) {
		*err = xstrdup("the MIME parser sent a garbled result");
		rc = MIME_QUARANTINE;
	} else {
		*err = child_err;
		rc = child_rc;
	}
	sb_release(&answer);
	return rc;
}

int mime_orders_text(const char *raw, size_t len, const struct mime_limits *lim,
		     struct mime_result *out, char **err)
{
	struct mime_limits l = { MIME_DEFAULT_MAX_SIZE, (size_t)512 << 20, 5, 10 };
	int rc;

	memset(out, 0, sizeof *out);
	*err = NULL;
	if (lim) {
		l.max_size = lim->max_size ? lim->max_size : l.max_size;
		l.max_memory = lim->max_memory ? lim->max_memory : l.max_memory;
		l.cpu_seconds = lim->cpu_seconds ? lim->cpu_seconds : l.cpu_seconds;
		l.wall_seconds = lim->wall_seconds ? lim->wall_seconds : l.wall_seconds;
	}
	if (len > l.max_size) {
		*err = xasprintf("the mail is %zu bytes, more than the limit of %zu", len,
				 l.max_size);
		return MIME_TOO_LARGE;
	}
	rc = run_child(raw, len, MIME_PARSE_FULL, &l, out, err);
	if (rc == MIME_QUARANTINE) {
		/* Who sent it, if the header parser alone survives: the sender
		 * can then be told that the mail was set aside. */
		struct mime_result h;
		char *e = NULL;
		if (run_child(raw, len, MIME_PARSE_HEADERS, &l, &h, &e) == MIME_NO_TEXT) {
			mime_result_release(out);
			*out = h;
		} else {
			mime_result_release(&h);
		}
		free(e);
	}
	return rc;
}

const char *mime_never_answer(const struct mime_result *r, const char *our_loop)
{
	const char *p = r->precedence, *a = r->auto_submitted;
	if (r->bounce)
		return "a bounce or delivery report";
	/* "no" may carry a comment or parameters: "no (human)", "no; x=y". */
	if (a && (ascii_ncasecmp(a, "no", 2) || (a[2] && a[2] != ' ' && a[2] != ';' && a[2] != '(')))
		return "Auto-Submitted";
	if (p && (!ascii_ncasecmp(p, "bulk", 4) || !ascii_ncasecmp(p, "junk", 4) ||
		  !ascii_ncasecmp(p, "list", 4)))
		return "Precedence bulk, junk or list";
	if (our_loop && r->x_loop) {
		size_t n = strlen(our_loop);
		for (const char *v = r->x_loop; v; v = strchr(v, '\n') ? strchr(v, '\n') + 1 : NULL)
			if (!ascii_ncasecmp(v, our_loop, n) && (v[n] == '\0' || v[n] == '\n'))
				return "our own X-Loop";
	}
	return NULL;
}

void mime_result_release(struct mime_result *r)
{
	char **slot;
	for (size_t i = 0; i < r->n; i++) {
		free(r->texts[i].text);
		free(r->texts[i].source);
	}
	free(r->texts);
	for (size_t i = 0; (slot = header_slot(r, i)); i++)
		free(*slot);
	memset(r, 0, sizeof *r);
}
