/* campaign-fetch.h - reading orders mail from the campaign's sources
 * (<source> in wyrmpost.xml: imap://, imaps://, pop3://, pop3s://,
 * maildir:PATH, mbox:PATH; see wyrmpost.xml(5)), each read by mail/fetch.h,
 * and handing each message to the campaign.
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
 *      mail that must never be answered (mail_never_answer of
 *      mail/header.h: bounces, Auto-Submitted other than no, Precedence
 *      bulk/junk/list, our own X-Loop, From the campaign's own sender
 *      address) is logged;
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
 * Killed during 1-2: the message is still at its source; 2 is redone.
 * Killed after 3: the next run first finishes every message left in
 * spool/new/ (steps 4-6), then finds it again at its source, in the index.
 * Killed between 4 and 5: it is handled again, which stores the same
 * orders and rewrites the same reply (outbox files are named by the
 * message): nothing doubles.  Killed between 5 and 7: a duplicate, removed.
 * Log lines go to the result and to spool/fetch.log.
 *
 * `wyrmpost submit` (procmail, fetchmail's mda) is the same path for one
 * message from a pipe: campaign_intake below.
 *
 * Network sources as mail/fetch.h says (password-file, ca-file, timeout,
 * default 30 s); SIGPIPE is ignored while fetching.
 */
#ifndef WP_CAMPAIGN_FETCH_H
#define WP_CAMPAIGN_FETCH_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"

struct fetch_result {
	/* messages: fetched from any source (or left in the spool by a killed
	 * run); handled: orders taken; duplicates: seen before; ignored: never
	 * to be answered; quarantined: over the size limit; failed: refused
	 * or unreadable, and answered so. */
	size_t messages, handled, duplicates, ignored, quarantined, failed;
	struct strlist log; /* one line per message that was not plain sailing */
};

/* Read every configured source once.  WP_OK, or the first failure of a
 * source (the other sources are still read); every failure is also a line
 * of r->log.  Takes c's lock for granted. */
int campaign_fetch(struct campaign *c, struct fetch_result *r, char **err);
/* Handle one raw message as steps 2-6 above.  WP_OK when it may now be
 * removed from wherever it came from. */
int fetch_one(struct campaign *c, const char *raw, size_t len, struct fetch_result *r,
	      char **err);
void fetch_result_release(struct fetch_result *r);

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
	struct fetch_result fetch; /* counts and log lines, as fetch's */
	bool mail;    /* a mail (headers, blank line, body), not bare orders */
	int verdict;  /* campaign_submit's code when it ran, else WP_OK */
	char *reply;  /* the confirmation or answer made, or NULL */
};
int campaign_intake(struct campaign *c, int fd, struct intake_result *in, char **err);
void intake_result_release(struct intake_result *in);

#endif
