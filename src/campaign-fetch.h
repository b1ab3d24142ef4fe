/* campaign-fetch.h - reading orders mail from the campaign's sources
 * (<source> in wyrmpost.xml: imap://, imaps://, pop3://, pop3s://,
 * maildir:PATH, mbox:PATH; see wyrmpost.xml(5)), each read by mail/fetch.h,
 * and handing each message to the intake (intake.h, which says in what
 * order a message is kept, handled and removed, and why that loses
 * nothing).
 *
 * Network sources as mail/fetch.h says (password-file, ca-file, timeout,
 * default 30 s); SIGPIPE is ignored while fetching.
 */
#ifndef WP_CAMPAIGN_FETCH_H
#define WP_CAMPAIGN_FETCH_H

#include "campaign.h"
#include "intake.h"

/* Finish what a killed run left in the spool (intake_recover), then read
 * every configured source once.  WP_OK, or the first failure: of the spool
 * (then no source is read), or of a source (the other sources are still
 * read); every failure is also a line of r->log.  Takes c's lock for
 * granted. */
int campaign_fetch(struct campaign *c, struct intake_tally *r, char **err);

#endif
