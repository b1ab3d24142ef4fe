/* header.h - an RFC 5322 message's header block, read in place: whether a
 * text is a mail at all, where its headers end, a header's value, the
 * plain address in a From or To value, and whether the headers say that
 * the mail must never be answered.  Bytes in, no campaign.
 *
 * This reads lines and nothing more, in the calling process, on untrusted
 * bytes: for what needs a MIME parser (bodies, parts, charsets, encoded
 * words) see mime.h, whose parse runs in a sandboxed child.
 */
#ifndef WP_HEADER_H
#define WP_HEADER_H

#include <stdbool.h>
#include <stddef.h>

/* Is text a mail (RFC 5322 headers, then a blank line and a body, or
 * nothing), not bare text?  A mail of headers alone is still mail: it is
 * answered or logged, never bounced as bad input. */
bool mail_is_message(const char *text, size_t len);

/* Where the mail in text starts: after its mbox envelope line ("From
 * ann@example.org  Fri Jan 15 09:00:00 2027", as procmail hands a mail
 * over) when a mail follows that line; else 0. */
size_t mail_envelope_skip(const char *text, size_t len);

/* The length of the header block: the offset of the blank line (LF or
 * CRLF) that ends it, or len when there is none.  *body, unless body is
 * NULL, is where the body starts, past that blank line (len when none). */
size_t mail_header_end(const char *text, size_t len, size_t *body);

/* The value of the first header `name` of a mail, unfolded, trimmed, with
 * no CR left in it (caller frees), or NULL when the text is not a mail or
 * has no such header. */
char *mail_header_get(const char *text, size_t len, const char *name);

/* The plain address in a From or To value ("Ann <ann@x.org>", "ann@x.org"),
 * or NULL when there is none that is safe to use (caller frees). */
char *mail_address_of(const char *value);

/* The X-Loop value that marks our mail sent from address from (outbox.c
 * writes it; mail_never_answer looks for it): "wyrmpost@" and from's
 * domain (caller frees). */
char *mail_loop_mark(const char *from);

/* Why the mail raw must never be answered, or NULL when it may be (and
 * for bare text, which has no headers).  It is automatic (Auto-Submitted
 * other than "no"), bulk (Precedence bulk, junk or list), our own come
 * back (an X-Loop holding mail_loop_mark(our_address) as a whole address,
 * ASCII case-insensitive), a bounce (Return-Path <> or empty, a
 * MAILER-DAEMON sender) or a delivery report (Content-Type
 * multipart/report), or it is from our_address itself.  our_address NULL:
 * neither our X-Loop nor our address is looked for.  Answering any of
 * these could start a loop of mail between two programs. */
const char *mail_never_answer(const char *raw, size_t len, const char *our_address);

#endif
