/* header.h - an RFC 5322 message's header block, read in place: whether a
 * text is a mail at all, where its headers end, a header's value and the
 * plain address in a From or To value.  Bytes in, no campaign.
 *
 * This reads lines and nothing more, in the calling process, on untrusted
 * bytes: for what needs a MIME parser (bodies, parts, charsets, encoded
 * words) see mime.h, whose parse runs in a sandboxed child.
 */
#ifndef WP_HEADER_H
#define WP_HEADER_H

#include <stdbool.h>
#include <stddef.h>

/* Is text a mail (RFC 5322 headers, a blank line, a body), not bare text? */
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

#endif
