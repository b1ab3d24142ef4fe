/* outbox.h - outgoing mail, written as RFC 5322 messages into the
 * campaign's outbox/ Maildir; `send` (the mail layer) delivers them.
 *
 * Each message has a key that names it for good: writing the same key again
 * replaces the file, so a turn that is redone after a crash rewrites its
 * mail instead of sending it twice.
 */
#ifndef WP_OUTBOX_H
#define WP_OUTBOX_H

#include <stddef.h>

/* A file sent with a message, e.g. the turn's PDF report. */
struct outpart {
	const char *filename;     /* ASCII, e.g. "tavern-0004-ann.pdf" */
	const char *content_type; /* e.g. "application/pdf" */
	const char *data;
	size_t len;
};

struct outmsg {
	const char *key;        /* [A-Za-z0-9._-]+, unique in the campaign */
	const char *from_name, *from;
	const char *to_name, *to;
	const char *subject;    /* UTF-8 */
	const char *in_reply_to; /* optional Message-ID, with <>: sent as
				    In-Reply-To and References */
	const char *auto_submitted; /* "auto-generated" or "auto-replied" */
	long long date;
	const char *body;       /* UTF-8 text, \n line ends */
	const struct outpart *attach; /* attachments, or NULL */
	size_t nattach;
};

/* The message as text, CRLF line ends (caller frees): the same bytes
 * whenever *m is the same, for nothing comes from the clock, the host or
 * a random number. */
char *outbox_render(const struct outmsg *m);
/* Write it atomically to the Maildir MAILDIR/new/KEY.eml, open to its
 * owner only (a welcome mail holds a password); 0, or -1 with *err. */
int outbox_put(const char *maildir, const struct outmsg *m, char **err);
/* The same in two steps, for mail that may leave only once something else
 * is committed (a turn's reports): outbox_hold writes MAILDIR/tmp/KEY.eml
 * under that durable name, which a sender never reads, and
 * outbox_release renames it to MAILDIR/new/KEY.eml.  0, or -1 with *err. */
int outbox_hold(const char *maildir, const struct outmsg *m, char **err);
int outbox_release(const char *maildir, const char *key, char **err);

#endif
