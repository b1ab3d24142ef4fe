/* run-batch.h - the games of a run played in batches (group commit): each
 * batch of RUN_BATCH games is made durable (fs_batch_begin) by a thread
 * while the next batch plays.  A batch costs three flushes of the file
 * system, and is what a kill makes the next run play again.  One process
 * plays its games this way (run.h), and so does each worker of `run -j`
 * (run-jobs.h). */
#ifndef WP_RUN_BATCH_H
#define WP_RUN_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"

/* What became of one game of a run: its turn, if due, played (RUN_PLAYED),
 * held or paused (RUN_HELD), not due (RUN_QUIET), or failed, because of
 * its files (RUN_FAILED_IO) or otherwise (RUN_FAILED). */
enum run_outcome { RUN_QUIET, RUN_PLAYED, RUN_HELD, RUN_FAILED, RUN_FAILED_IO };

#define RUN_BATCH 64
/* next() gives the index in ids of the next game to play, false when none
 * is left; each game's outcome goes to settled() once its batch is
 * committed, in the order played, RUN_PLAYED turned into RUN_FAILED_IO
 * (err: why) when the batch could not be committed; with it, when a run
 * need look at the game again if nothing touches it (turn_result's wake;
 * 0 for a game that failed). */
typedef bool run_next_fn(void *arg, size_t *index);
typedef void run_settled_fn(void *arg, size_t index, enum run_outcome o, long long wake,
			    const char *err);
void campaign_play_batches(struct campaign *c, const struct strlist *ids, unsigned flags,
			   run_next_fn *next, run_settled_fn *settled, void *arg);
/* Test hook: batches of n games (1 to RUN_BATCH), so that a test of a few
 * games has several batches. */
void campaign_set_run_batch(size_t n);

#endif
