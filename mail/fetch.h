/* fetch.h - reading mail from a source: imap://, imaps://, pop3://,
 * pop3s://, maildir:PATH, mbox:PATH, with plain parameters, each raw
 * message handed to the caller's sink.  No campaign: src/campaign-fetch.c
 * spools, indexes and answers what it is given (and documents why that
 * order loses nothing).
 *
 * A message is removed from its source (deleted, or moved to move_to for
 * IMAP) only after sink->take returned WP_OK for it; any other code means
 * the message is still wholly at its source, and the reading stops there
 * (the caller could not keep it).
 *
 * Network sources: the password is the first line of password_file, which
 * must be open to its owner only; TLS certificates and host names are
 * verified with GnuTLS against ca_file or the system store, SNI is sent,
 * every network step times out (timeout seconds), and SIGPIPE is ignored
 * while reading.
 */
#ifndef WP_FETCH_H
#define WP_FETCH_H

#include <stddef.h>

#include "tls-verify.h" /* MAIL_STARTTLS_* */
#include "util.h"

struct fetch_source {
	const char *url;           /* maildir:PATH and mbox:PATH: PATH absolute */
	const char *password_file; /* network sources: the password's file */
	const char *ca_file;       /* PEM CAs to trust, or NULL: the system's */
	const char *move_to;       /* IMAP: move taken mail there, NULL: delete */
	int starttls;              /* MAIL_STARTTLS_*, imap:// and pop3:// only */
	long long timeout;         /* seconds */
};

struct fetch_sink {
	/* Keep one message (the source's url and the message's name there,
	 * e.g. "new/FILE" in a Maildir, "UID 7" on IMAP, name it in logs);
	 * WP_OK when it may now be removed from the source. */
	int (*take)(void *arg, const char *url, const char *name, const char *raw, size_t len,
		    char **err);
	/* A line for people: what was not plain sailing at url. */
	void (*log)(void *arg, const char *url, const char *line);
	void *arg;
};

/* Read every message of src into sink.  WP_OK, or the code of what
 * stopped the reading (WP_ERR_CONFIG: the source cannot be used as given;
 * WP_ERR_IO: the source or the sink failed) with *err. */
int fetch_read(const struct fetch_source *src, const struct fetch_sink *sink, char **err);

#endif
