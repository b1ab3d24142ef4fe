/* fetch.h - reading orders mail from the campaign's sources (maildir:PATH
 * and mbox:PATH in wyrmpost.xml) and handing each message to the campaign.
 *
 * For every message, in this order, so that a run killed at any moment
 * loses nothing and applies nothing twice:
 *   1. mail larger than the configured limit is copied to
 *      spool/quarantine/ and not read;
 *   2. a message whose Message-ID (or, without one, content hash) is in the
 *      index spool/seen/ was handled before: it is only removed;
 *   3. mail that must never be answered (bounces, Auto-Submitted,
 *      Precedence bulk/junk/list, our own X-Loop) is logged and removed;
 *   4. otherwise its orders are stored and answered (campaign_submit), or
 *      the sender is told why it could not be read;
 *   5. its id goes into the index, and only then
 *   6. it is removed from its source.
 * A crash between 4 and 5 handles the message again next time, which
 * stores the same orders and rewrites the same reply: nothing doubles.
 */
#ifndef WP_FETCH_H
#define WP_FETCH_H

#include <stddef.h>

#include "campaign.h"

struct fetch_result {
	size_t messages, handled, duplicates, ignored, quarantined, failed;
	struct strlist log; /* one line per message that was not plain sailing */
};

/* Read every configured source once.  WP_OK, or the first system failure
 * (the other sources are still read). */
int campaign_fetch(struct campaign *c, struct fetch_result *r, char **err);
/* Handle one raw message (also what `submit` of a whole mail could use). */
int fetch_one(struct campaign *c, const char *raw, size_t len, struct fetch_result *r,
	      char **err);
void fetch_result_release(struct fetch_result *r);

#endif
