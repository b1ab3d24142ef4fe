/* fetch-int.h - inside the mail/fetch* files: one source being read, the
 * drivers (Maildir, mbox, IMAP, POP3) and what they share.
 *
 * A driver reads its messages one at a time, hands each to fetch_take(),
 * and removes the message from its source only when fetch_take() returned
 * WP_OK.  Any other code means the message is still wholly at its source
 * and the driver stops (the caller could not keep it).
 */
#ifndef WP_FETCH_INT_H
#define WP_FETCH_INT_H

#include "fetch.h"

struct fetch_run {
	const struct fetch_sink *sink;
	const char *url; /* the source being read, for the log */
};

/* The sink's take and log, for the drivers. */
int fetch_take(struct fetch_run *fr, const char *name, const char *raw, size_t len,
	       char **err);
void fetch_log(struct fetch_run *fr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* --- local sources (fetch-local.c) ------------------------------------------ */
int fetch_maildir(struct fetch_run *fr, const char *dir, char **err);
int fetch_mbox(struct fetch_run *fr, const char *path, char **err);

/* --- network sources (fetch-imap.c, fetch-pop3.c) ---------------------------- */
enum fetch_scheme { FETCH_IMAP, FETCH_IMAPS, FETCH_POP3, FETCH_POP3S };
struct fetch_url {
	enum fetch_scheme scheme;
	char *user, *host, *mailbox; /* decoded; mailbox "INBOX" by default */
	unsigned port;
};
/* scheme://USER@HOST[:PORT][/MAILBOX], USER and MAILBOX %-encoded; the
 * last '@' ends USER, so "ann@example.org@host" works too. */
int fetch_url_parse(const char *url, struct fetch_url *u, char **err);
void fetch_url_release(struct fetch_url *u);

struct fetch_net {
	const struct fetch_source *src;
	struct fetch_url url;
	char *password;
};
int fetch_imap(struct fetch_run *fr, const struct fetch_net *n, char **err);
int fetch_pop3(struct fetch_run *fr, const struct fetch_net *n, char **err);

/* --- shared by the network drivers (fetch-net.c) ------------------------------ */
/* The first line of a password file that only its owner can read. */
int fetch_password(const char *path, char **pw, char **err);

#endif
