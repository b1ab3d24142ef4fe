/* intake.h - every message into the campaign by one path, whether `fetch`
 * read it from a source (campaign-fetch.h) or `submit` from a pipe
 * (campaign_intake below).
 *
 * For every message, in this order, so that a run killed at any moment
 * loses nothing and applies nothing twice:
 *   1. its raw bytes are read from the source (nothing changes there);
 *   2. mail larger than the configured limit is written to
 *      spool/quarantine/HASH.eml, logged, and not parsed: go to 7;
 *   3. otherwise it is written to spool/new/HASH.eml (atomically: a
 *      temporary file, fsync, rename; HASH is the SHA-256 of the bytes);
 *   4. a message whose Message-ID (or, without one, content hash) is in
 *      the index spool/seen/ was handled before: go to 6;
 *      mail that must never be answered (bounces, Auto-Submitted other
 *      than no, Precedence bulk/junk/list, our own X-Loop, From the
 *      campaign's own sender address) is logged;
 *      otherwise its orders are stored and answered (campaign_submit:
 *      replies go to the player's registered address), or, when it is not
 *      orders or names no game or player of ours, its sender is told why,
 *      with a hint, but only when the From address is registered (a
 *      player's in any game, or a confirmed observer's): anything else is
 *      only logged, for a From can be forged and answering it mails a
 *      stranger (backscatter);
 *   5. its key goes into the index (spool/seen/KEY, atomically);
 *   6. the spool copy is removed;
 *   7. only now is it removed from its source (deleted, moved to a folder
 *      for IMAP with move-to; see the drivers).
 * Steps 1 and 7 are the source's; 2 to 6 are intake_take's.
 * Killed during 1-2: the message is still at its source; 2 is redone.
 * Killed after 3: the next run first finishes every message left in
 * spool/new/ (steps 4-6, intake_recover), then finds it again at its
 * source, in the index.  Killed between 4 and 5: it is handled again,
 * which stores the same orders and rewrites the same reply (outbox files
 * are named by the message): nothing doubles.  Killed between 5 and 7: a
 * duplicate, removed.  Log lines go to the tally and to spool/fetch.log.
 */
#ifndef WP_INTAKE_H
#define WP_INTAKE_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"
#include "util.h"

/* What became of the messages taken in.  messages: taken from any source
 * (or left in the spool by a killed run); handled: orders taken;
 * duplicates: seen before; ignored: never to be answered; quarantined:
 * over the size limit; failed: refused or unreadable, and answered so. */
struct intake_tally {
	size_t messages, handled, duplicates, ignored, quarantined, failed;
	struct strlist log; /* one line per message that was not plain sailing */
};
void intake_tally_release(struct intake_tally *t);

/* Steps 2-6 for one raw message read from source (its URL as wyrmpost.xml
 * names it, and name, the message's name there, or NULL, for the log).
 * What is not a mail at all (empty, binary, no headers) is kept in
 * spool/quarantine/HASH.eml, logged by name, and not parsed.  WP_OK when
 * it may now be removed from its source.  Takes c's lock for granted. */
int intake_take(struct campaign *c, const char *source, const char *name, const char *raw,
		size_t len, struct intake_tally *t, char **err);
/* Steps 4-6 for every message a killed run left in spool/new/: to be
 * done before any source is read. */
int intake_recover(struct campaign *c, struct intake_tally *t, char **err);
/* A line for the tally's log and spool/fetch.log, about source (NULL: the
 * spool); its control characters are escaped. */
void intake_log(struct campaign *c, const char *source, struct intake_tally *t,
		const char *line);

/* `wyrmpost submit`: one message read from fd (procmail's pipe, fetchmail's
 * mda, a file), taken as fetch takes one, by the same steps and rules.
 * fd is read only up to the size limit plus one byte; a longer message is
 * copied from fd to spool/quarantine/ as it is read, never held whole.  A
 * mail handed with its mbox envelope line ("From addr date") is read from
 * the next line.  Text that is not a mail (no header block: orders the
 * game master typed) has no Message-ID to index and nobody to answer by
 * mail: the index and the never-answer rules pass it by, and in->verdict
 * says what became of it.  WP_OK when the message may be taken as
 * delivered (stored, refused and answered, logged, a duplicate or
 * quarantined); otherwise a system failure, after which delivering it again
 * is safe and may succeed. */
struct intake_result {
	struct intake_tally tally; /* counts and log lines, as fetch's */
	bool mail;    /* a mail (headers, blank line, body), not bare orders */
	int verdict;  /* campaign_submit's code when it ran, else WP_OK */
	char *reply;  /* the confirmation or answer made, or NULL */
};
int campaign_intake(struct campaign *c, int fd, struct intake_result *in, char **err);
void intake_result_release(struct intake_result *in);

#endif
