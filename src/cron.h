/* cron.h - the cron job (`wyrmpost run`): orders mail in from the sources
 * (campaign-fetch.h), every due game's turn (run-jobs.h), the outbox
 * delivered (campaign-send.h) and the web archive brought up to date
 * (site.h), under the campaign lock the caller holds: the fetch, the
 * turns and the site, in that order; then the lock is let go and the
 * outbox delivered under its own lock, within its time budget.
 *
 * Each step is taken whatever became of the one before: a source that
 * cannot be read or mail that cannot be sent waits in its place for the
 * next run, and the games are played all the same.  A dry run
 * (TURN_DRY_RUN) only works out the turns: nothing is fetched, written,
 * sent or published.
 */
#ifndef WP_CRON_H
#define WP_CRON_H

#include <stdbool.h>

#include "campaign.h"
#include "run.h"

/* A line for the game master, as the steps go: what the fetch or the send
 * logged, or why a step failed.  urgent is false for the fetch's lines
 * when the fetch itself went well: what became of each mail (a player's
 * typo) is no news for cron, which mails its output to the game master,
 * but may be for a person watching. */
typedef void cron_note_fn(void *arg, const char *line, bool urgent);

struct cron_result {
	struct run_result run; /* the turns */
	bool step_failed; /* the fetch, the send or the site failed: what they
			     left is kept for the next run */
	size_t stranded; /* mails in the outbox with no way to send them */
};

/* Run the cron job once; progress and note (either may be NULL) get arg.
 * Returns the code of the turns (run_result_rc); a failed step is
 * r->step_failed and a note.  Release *r whatever the code. */
int campaign_cron(struct campaign *c, unsigned flags, unsigned jobs, progress_fn *progress,
		  cron_note_fn *note, void *arg, struct cron_result *r);
void cron_result_release(struct cron_result *r);

#endif
