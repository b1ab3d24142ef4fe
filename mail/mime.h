/* mime.h - one untrusted RFC 5322 message in, the UTF-8 text that should
 * hold a player's orders out, plus the headers needed to answer it.  (Whether
 * it must never be answered is header.h's mail_never_answer(), which reads
 * the raw header block in the caller: the intake asks before any parse.)
 *
 * Safety.  libetpan 1.9.4 (Debian 12) can be crashed by a 150-byte mail
 * (see LIBETPAN.md), so no message is parsed in the calling process but in
 * a child process under resource limits: address space (setrlimit), CPU
 * seconds per message, and a wall-clock deadline per message after which
 * the parent kills it.  Forking for each message cost more than the parse
 * itself, so the child is started by the first message and takes message
 * after message over a socket (each way a length, then the bytes); it is
 * replaced after MIME_PARSER_RECYCLE (500) messages, so that whatever
 * libetpan leaks cannot build up, and holds no descriptor of the caller's
 * but its socket.  A child that dies by a signal, exits, hangs or sends a
 * truncated or garbled result is reported as MIME_QUARANTINE for the
 * message it was given, killed if need be and waited for, and the next
 * message gets a new child; the caller is unharmed.  Both sides send with
 * MSG_NOSIGNAL, so no SIGPIPE is raised, whatever the caller's handler.
 * The child is the caller's until mime_parser_shutdown() or exit.
 *
 * Which text.  out->texts[] lists every candidate in the order to try it:
 *   1. the inline text/plain parts (a multipart/alternative's plain part
 *      wins over its HTML twin);
 *   2. when there is no inline text/plain: the first inline text/html part,
 *      reduced to text with libxml2's HTML parser (block elements and <br>
 *      end lines, script and style dropped, <blockquote> lines quoted "> ");
 *   3. text attachments (text/plain, or any part whose file name ends in
 *      .txt), e.g. orders.txt beside a body saying "see attachment";
 *   4. when libetpan finds no part at all in a multipart (damaged beyond
 *      repair, no boundary): the raw body, as a last resort.
 * Message/rfc822 parts (forwarded mail) are never searched: their text is
 * somebody else's.  The caller tries texts[0] and moves on to the next when
 * it holds no orders.
 *
 * Every text is UTF-8 (any charset converted with iconv; an unknown or
 * mislabelled one falls back to UTF-8 when the bytes are valid UTF-8, else
 * windows-1252), with LF line ends, no byte-order mark, no NUL bytes,
 * format=flowed lines unwrapped (RFC 3676, DelSp honoured) and quoted ">"
 * lines kept.  Quoted-printable and base64 are decoded here, leniently: a
 * bad QP escape is kept literally, padded base64 chunks may be concatenated.
 */
#ifndef WP_MIME_H
#define WP_MIME_H

#include <stdbool.h>
#include <stddef.h>

enum mime_status {
	MIME_OK = 0,
	MIME_NO_TEXT,    /* parsed, headers filled in, but no usable text part */
	MIME_TOO_LARGE,  /* over lim->max_size: not parsed at all */
	MIME_QUARANTINE, /* the parser crashed, hung or ran out of memory */
	MIME_ERR_SYS,    /* fork, socket or wait failed: try again later */
};

/* Zero in any field means its default.  A call with other limits than the
 * running child's gets a new child. */
struct mime_limits {
	size_t max_size;       /* bytes of raw message; default 1 MiB */
	size_t max_memory;     /* the child's address space; default 512 MiB */
	unsigned cpu_seconds;  /* CPU time per message; default 5 */
	unsigned wall_seconds; /* time per message, wall clock; default 10 */
};
#define MIME_DEFAULT_MAX_SIZE ((size_t)1 << 20)

struct mime_text {
	char *text;   /* UTF-8, LF line ends, NUL-terminated */
	size_t len;
	char *source; /* what it came from, for logs: "text/plain", "text/html",
			 "attachment orders.txt", "raw body" */
};

struct mime_result {
	struct mime_text *texts; /* candidates, best first (see above) */
	size_t n;
	/* Headers; NULL when absent or unusable.  All UTF-8, no line breaks. */
	char *from;        /* the plain address, passed mail_address_ok() */
	char *from_name;   /* display name, RFC 2047 decoded */
	char *message_id;  /* without <>; no blanks, brackets or line breaks */
	char *subject;     /* RFC 2047 decoded */
	char *in_reply_to; /* the first id, without <> */
	char *auto_submitted, *precedence;
	char *x_loop;      /* every X-Loop value, one per line */
	char *return_path; /* the address; "" for Return-Path: <> */
	/* A delivery report: multipart/report, a message/delivery-status part,
	 * an empty Return-Path or a MAILER-DAEMON sender. */
	bool bounce;
};

/* Decode raw (len bytes, not necessarily NUL-terminated) into *out, which
 * the caller releases with mime_result_release() whatever the return code.
 * lim may be NULL for the defaults.
 *   MIME_OK          out->n >= 1; the headers as found
 *   MIME_NO_TEXT     the headers as found, no text; *err says why
 *   MIME_TOO_LARGE   nothing parsed; *err says how large
 *   MIME_QUARANTINE  *err says what happened to the parser; out holds the
 *                    headers when a second, header-only parse (also in a
 *                    child) could read them, so that the sender can still
 *                    be told
 *   MIME_ERR_SYS     *err says which system call failed (socket, fork,
 *                    wait): not the message's fault
 * *err (caller frees) is set for every code but MIME_OK. */
int mime_orders_text(const char *raw, size_t len, const struct mime_limits *lim,
		     struct mime_result *out, char **err);

/* Stop the parser child and wait for it; the next mime_orders_text()
 * starts another.  For the end of a batch (a fetch, a submission): the
 * child then holds nothing while the caller goes on.  Called at exit too
 * (atexit), and harmless when no child runs.  In a process forked from the
 * one that started the child, it only closes the inherited socket. */
void mime_parser_shutdown(void);

void mime_result_release(struct mime_result *r);

#endif
