/* run.h - a run: every due game of the campaign played, in batches
 * (run-batch.h), by this process; run-jobs.h shares the games among
 * worker processes, with the same result. */
#ifndef WP_RUN_H
#define WP_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"
#include "run-batch.h"
#include "util.h"

struct run_result {
	size_t games, processed, held, failed;
	bool io_failed; /* a game failed because its files could not be written */
	struct strlist errors; /* "ID: message" for every game that failed */
	struct strlist held_ids; /* the games held or paused */
};
/* Told of each game as it is played (id NULL: the run is over). */
typedef void progress_fn(void *arg, size_t done, size_t total, const char *id);

/* Process every due game; a game that fails is reported and skipped. */
int campaign_run(struct campaign *c, unsigned flags, progress_fn *progress, void *arg,
		 struct run_result *r);

/* The start of a run: *r emptied, the campaign's games listed into ids
 * (r->games of them); a listing that fails is r's error and the code. */
int campaign_run_list(const struct campaign *c, struct strlist *ids, struct run_result *r);
/* What became of game id, added to the run's result. */
void run_result_add(struct run_result *r, const char *id, enum run_outcome o,
		    const char *err);
/* The run's code: WP_OK, or the worst of its games' failures. */
int run_result_rc(const struct run_result *r);
void run_result_release(struct run_result *r);

#endif
