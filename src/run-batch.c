/* run-batch.c - a run's games in batches, each batch made durable while
 * the next one plays (group commit); see run-batch.h.
 *
 * A batch costs three flushes of the file system (fs_batch_end), and a
 * flush is mostly waiting for the disk.  So the batch just played is
 * committed by a thread (fs_batch_end_behind) while this process plays
 * the next: the disk and the processor work at once, in one process as in
 * each worker of `run -j`.  The order on disk is unchanged, batch by
 * batch: a batch's state files are renamed only once its reports and mail
 * are durable, its mail released to outbox/new only once they are, and a batch is begun only after the one before it has been
 * handed over; only the next batch's temporary files are written in the
 * meantime, and a kill leaves those to be swept.
 */
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "run-batch.h"
#include "turn.h"

static size_t batch_size = RUN_BATCH;

void campaign_set_run_batch(size_t n)
{
	batch_size = n < 1 ? 1 : n > RUN_BATCH ? RUN_BATCH : n;
}

/* One game of a batch: its turn if due, and what became of it. */
static enum run_outcome play_game(struct campaign *c, const char *id, unsigned flags,
				  long long *wake, char **err)
{
	struct turn_result tr;
	int rc = campaign_turn(c, id, flags | TURN_IF_DUE, &tr, err);
	free(tr.public_report);
	*wake = rc ? 0 : tr.wake;
	if (rc)
		return rc == WP_ERR_IO ? RUN_FAILED_IO : RUN_FAILED;
	return tr.outcome == TURN_DONE ? RUN_PLAYED : tr.outcome == TURN_HELD ? RUN_HELD
									: RUN_QUIET;
}

struct batch_outcomes {
	size_t n, index[RUN_BATCH];
	unsigned unit[RUN_BATCH]; /* each game's files in the batch */
	enum run_outcome o[RUN_BATCH];
	long long wake[RUN_BATCH];
	char *errs[RUN_BATCH];
};

/* Wait for the batch behind to be committed; then its outcomes are final
 * (a game whose files could not be committed is left as it was, to be
 * played by the next run, and its mail is not sent; the others of the
 * batch are committed all the same) and go to settled, in the order
 * played. */
static void settle(struct batch_outcomes *b, run_settled_fn *settled, void *arg)
{
	char *err = NULL;
	bool failed = fs_batch_wait(&err) != 0;
	for (size_t i = 0; i < b->n; i++) {
		if (failed && b->o[i] == RUN_PLAYED && fs_batch_unit_failed(b->unit[i])) {
			b->o[i] = RUN_FAILED_IO;
			free(b->errs[i]);
			b->errs[i] = xstrdup(err);
			b->wake[i] = 0; /* played again */
		}
		settled(arg, b->index[i], b->o[i], b->wake[i], b->errs[i]);
		free(b->errs[i]);
	}
	b->n = 0;
	free(err);
}

void campaign_play_batches(struct campaign *c, const struct strlist *ids, unsigned flags,
			   run_next_fn *next, run_settled_fn *settled, void *arg)
{
	struct batch_outcomes *two = xcalloc(2, sizeof *two);
	struct batch_outcomes *playing = &two[0], *behind = &two[1], *swap;
	bool more = true;

	while (more) {
		fs_batch_begin(c->dir);
		while (playing->n < batch_size) {
			size_t i, k = playing->n;
			if (!next(arg, &i)) {
				more = false;
				break;
			}
			if (i >= ids->n)
				BUG("game %zu of a run of %zu", i, ids->n);
			playing->index[k] = i;
			playing->errs[k] = NULL;
			playing->unit[k] = fs_batch_group();
			playing->o[k] = play_game(c, ids->v[i], flags, &playing->wake[k],
						  &playing->errs[k]);
			playing->n++;
		}
		settle(behind, settled, arg);
		fs_batch_end_behind();
		swap = behind;
		behind = playing;
		playing = swap;
	}
	settle(behind, settled, arg);
	free(two);
}
