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
#include "wake-index.h"

struct run_result {
	size_t games, processed, held, failed;
	bool io_failed; /* a game failed because its files could not be written */
	struct strlist errors; /* "ID: message" for every game that failed */
	struct strlist held_ids; /* the games held or paused */
	char *index_note; /* the index of games (wake-index.h) rebuilt, or not
			     written: why, for the game master; or NULL */
	bool index_failed; /* not written: worth a word even under cron */
};

/* A run's games: those the index (wake-index.h) says need a look, and what
 * became of each, to be taken back into the index once all are played. */
struct run_visit {
	bool known;
	enum run_outcome o;
	long long wake;
	char *err;
};
struct run_plan {
	struct wake_index ix;
	bool *look;             /* ix.v[i] is one of visit */
	struct strlist visit;   /* the games to look at, in order */
	struct strlist touched; /* the marks this run takes into account */
	struct run_visit *out;  /* what became of each of visit */
	struct strlist idle_held; /* nothing to do (ix not read): the games
				     held, as the index's summary says */
};
/* Told of each game as it is played (id NULL: the run is over). */
typedef void progress_fn(void *arg, size_t done, size_t total, const char *id);

/* Process every due game; a game that fails is reported and skipped. */
int campaign_run(struct campaign *c, unsigned flags, progress_fn *progress, void *arg,
		 struct run_result *r);

/* The start of a run: *r emptied, the index read (rebuilt if need be) and
 * the games to look at listed in p->visit (all of them with TURN_FORCE);
 * r->games is every game.  A failure is r's error and the code (p is then
 * released). */
int run_plan_open(struct campaign *c, unsigned flags, struct run_plan *p,
		  struct run_result *r);
/* What became of p->visit.v[index]. */
void run_plan_settle(struct run_plan *p, size_t index, enum run_outcome o, long long wake,
		     const char *err);
/* Play p's games in this process, in order. */
void run_plan_play(struct campaign *c, unsigned flags, struct run_plan *p,
		   progress_fn *progress, void *arg);
/* The end of a run: every game's outcome into *r in the order of the
 * games (those left unread as the index says: held, or quiet), the index
 * written (not in a dry run) and the marks it took in removed; p
 * released.  Returns run_result_rc. */
int run_plan_close(struct campaign *c, unsigned flags, struct run_plan *p,
		   struct run_result *r);
/* What became of game id, added to the run's result. */
void run_result_add(struct run_result *r, const char *id, enum run_outcome o,
		    const char *err);
/* The run's code: WP_OK, or the worst of its games' failures. */
int run_result_rc(const struct run_result *r);
void run_result_release(struct run_result *r);

#endif
