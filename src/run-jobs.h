/* run-jobs.h - a run's games shared among worker processes (wyrmpost run
 * -j N); see run-jobs.c for how. */
#ifndef WP_RUN_JOBS_H
#define WP_RUN_JOBS_H

#include "campaign.h"
#include "run.h"

/* campaign_run with the games shared among `jobs` worker processes
 * (forked; the caller's campaign lock is theirs too).  Everything written
 * and *r are as campaign_run's, byte for byte and in the same order; only
 * the progress calls come in the order games finish.  jobs <= 1:
 * campaign_run. */
int campaign_run_jobs(struct campaign *c, unsigned flags, unsigned jobs,
		      progress_fn *progress, void *arg, struct run_result *r);

#endif
