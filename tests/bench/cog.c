/* cog.c - bench-cog: City of Glass geometry per second on a 10-pile table
 * (`make bench`): sight queries from an eye to a model's axis, and paths
 * of three legs checked against the piles and three other bases.  The
 * goal for sight is over a million queries a second on one core. */
#include <stdio.h>
#include <time.h>

#include "games/city-of-glass/cog-geom.h"
#include "rng.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double uniform(struct rng *r, double lo, double hi)
{
	return lo + (hi - lo) * (rng_next(r) / 4294967296.0);
}

int main(void)
{
	enum { SPOTS = 4096, SIGHTS = 4000000, PATHS = 1000000 };
	static struct cog_xy spot[SPOTS];
	struct cog_box piles[10];
	struct rng r;
	size_t seen = 0, legal = 0;
	double t0, t1, t2;

	rng_seed(&r, 2026, 11);
	for (int i = 0; i < 10; i++) {
		double x = uniform(&r, 0, 31.75), y = uniform(&r, 0, 29);
		piles[i] = (struct cog_box){ x, y, x + 4.25, y + 7, rng_range(&r, 1, 6) };
	}
	for (int i = 0; i < SPOTS; i++)
		spot[i] = (struct cog_xy){ uniform(&r, 0.5, 35.5), uniform(&r, 0.5, 35.5) };
	const struct cog_table table = { 36, 36, piles, 10 };

	t0 = now();
	for (size_t i = 0; i < SIGHTS; i++)
		seen += cog_sees(piles, 10, spot[i % SPOTS], 1.1, spot[(i * 7 + 1) % SPOTS], 1.25,
				 NULL, NULL);
	t1 = now();
	for (size_t i = 0; i < PATHS; i++) {
		struct cog_path_verdict v;
		legal += cog_path(&table, spot[i % SPOTS], &spot[(i * 5 + 3) % (SPOTS - 3)], 3, 0.5,
				  &spot[(i * 11 + 2) % (SPOTS - 3)], 3, 0.5, &v);
	}
	t2 = now();
	printf("bench-cog: %.2f million sight queries/s (%zu of %d seen), "
	       "%.2f million 3-leg paths/s (%zu legal)\n",
	       SIGHTS / (t1 - t0) / 1e6, seen, SIGHTS, PATHS / (t2 - t1) / 1e6, legal);
	return 0;
}
