/* testutil.h - shared by the Check suites. */
#ifndef WP_TESTUTIL_H
#define WP_TESTUTIL_H

#include <check.h>

#include "engine.h"
#include "game.h"

/* A small simultaneous game used to test the core with hidden information,
 * awaited players and NMRs (Burglar waits for nobody): every turn each
 * active player secretly sends `add N` (1-3); the totals are revealed; each
 * player also holds a secret number only they see.  Ends when the sum
 * reaches the option `target`. */
extern const struct engine counter_engine;

/* Build a game of engine e in memory with n players p0..p(n-1), options
 * "name=value", seed.  Fails the test on error. */
/* The engine of a game built in, by name (the registry's; aborts if it is
 * not there). */
const struct engine *test_engine(const char *name);
void test_game_new(struct game *g, const struct engine *e, size_t n,
		   const char *const *opts, size_t nopts, uint64_t seed);

/* The share of each long loop to run, in percent: WYRMPOST_TEST_SHARE, or
 * 100 when it is unset.  `make check` sets 10 (a contributor's quick
 * loop), `make check-slow` 100: the full counts, which CI runs.  A
 * number from 1 to 100, or the suite fails at once (no silent default). */
int test_share(void);

/* How many random play-outs to run: test_share() percent of n, at least 1. */
int playout_count(int n);

/* Run a suite, print Check's summary, and give main()'s exit status. */
int run_suite(Suite *s);

#endif
