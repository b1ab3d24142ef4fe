/* mime-int.h - the pieces of mime.c shared inside the mail/ layer and with
 * tests/unit/check-mime.c.  Nothing here is sandboxed: callers outside the
 * tests use mime_orders_text() only. */
#ifndef WP_MIME_INT_H
#define WP_MIME_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "mime.h"
#include "util.h"

/* mime-parse.c: the parse itself, run inside the child. */
enum mime_mode {
	MIME_PARSE_FULL,    /* headers and text */
	MIME_PARSE_HEADERS, /* headers only, without libetpan's MIME parser:
			       the second try after the full parse died */
};
/* MIME_OK or MIME_NO_TEXT (with *err); fills *out like mime_orders_text. */
int mime_parse_unsafe(const char *raw, size_t len, enum mime_mode mode,
		      struct mime_result *out, char **err);

/* mime-decode.c: transfer encodings, charsets and the text clean-up. */
/* Lenient quoted-printable: soft breaks joined, a bad escape kept as it is. */
void mime_qp_decode(const char *in, size_t n, struct sb *out);
/* Lenient base64: anything outside the alphabet skipped; padding ends a
 * chunk, so padded chunks may follow each other. */
void mime_b64_decode(const char *in, size_t n, struct sb *out);
/* Append in (labelled charset, NULL when none) to out as UTF-8; see mime.h
 * for the fall-backs.  Invalid input becomes U+FFFD, never a failure. */
void mime_to_utf8(const char *in, size_t n, const char *charset, struct sb *out);
/* CRLF and lone CR to LF, no BOM, no NUL or other control characters but TAB;
 * then, when flowed, RFC 3676 unwrapping (delsp: DelSp=yes).  A text that
 * is not empty ends with a line end. */
void mime_text_tidy(struct sb *t, bool flowed, bool delsp);

/* mime-html.c: HTML (UTF-8) reduced to text, appended to out. */
void mime_html_to_text(const char *html, size_t n, struct sb *out);

/* mime.c: the result as the child sends it to the parent. */
void mime_result_encode(int status, const char *err, const struct mime_result *r,
			struct sb *out);
/* 0, or -1 when buf is not one whole, well-formed result. */
int mime_result_decode(const char *buf, size_t n, int *status, char **err,
		       struct mime_result *r);

/* mime-sandbox.c: mime_parse_unsafe() in the parser child, under lim (every
 * field set).  MIME_OK or MIME_NO_TEXT as the child found them, filling
 * *out; MIME_QUARANTINE (with *err saying why) when the child crashed,
 * hung, ran out of a limit or answered nonsense: it is replaced. */
int mime_parser_call(const char *raw, size_t len, enum mime_mode mode,
		     const struct mime_limits *lim, struct mime_result *out, char **err);

/* How many messages one parser child takes before it is replaced. */
#define MIME_PARSER_RECYCLE 500

/* For the tests only: called in the child just before parsing, to stand in
 * for a parser that hangs, spins or eats memory.  NULL in real use.  The
 * child has the value of the moment it was started: a call that finds it
 * changed starts a new child. */
extern void (*mime_child_hook)(enum mime_mode mode);

/* For the tests only: the running parser child of this process, or 0. */
pid_t mime_parser_pid(void);

#endif
