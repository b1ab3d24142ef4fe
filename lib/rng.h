/* rng.h - the game's random generator: PCG32 (O'Neill 2014, pcg-random.org,
 * "PCG-XSH-RR" with 64-bit state), written here from the published algorithm.
 *
 * All randomness in a game comes from the generator stored with that game, so
 * the same state and the same orders give the same turn, byte for byte.
 * Rules code never uses rand(), the clock or the environment.
 */
#ifndef WP_RNG_H
#define WP_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t state;
	uint64_t inc; /* stream selector; always odd */
	/* Forced results for rng_range(), for rule cases only: a case states
	 * the dice it needs instead of hunting for a seed.  Never stored. */
	const int *forced;
	size_t nforced, iforced;
};

void rng_seed(struct rng *r, uint64_t seed, uint64_t stream);
uint32_t rng_next(struct rng *r);
/* Unbiased draw in [0, bound) by rejection (Lemire's nearly-divisionless
 * method with the rejection threshold); bound must be > 0. */
uint32_t rng_below(struct rng *r, uint32_t bound);
/* Unbiased draw in [lo, hi], e.g. rng_range(r, 1, 6) for a die.  Takes the
 * next forced value when a rule case has supplied some. */
int rng_range(struct rng *r, int lo, int hi);
/* Fisher-Yates (Durstenfeld) shuffle of n elements of the given size. */
void rng_shuffle(struct rng *r, void *base, size_t n, size_t size);

/* The stored form: 32 hex digits of state then inc, e.g. for game.xml. */
void rng_format(const struct rng *r, char out[34]);
int rng_parse(struct rng *r, const char *s); /* 0 or -1 */

#endif
