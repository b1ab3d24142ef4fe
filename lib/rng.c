/* rng.c - PCG32 (PCG-XSH-RR 64/32), from M. E. O'Neill, "PCG: A Family of
 * Simple Fast Space-Efficient Statistically Good Algorithms for Random Number
 * Generation" (2014).  See rng.h. */
#include "rng.h"

#include <stdio.h>
#include <string.h>

#include "util.h"

#define PCG_MULT 6364136223846793005ULL

void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	memset(r, 0, sizeof *r);
	r->inc = (stream << 1) | 1u;
	rng_next(r);
	r->state += seed;
	rng_next(r);
}

uint32_t rng_next(struct rng *r)
{
	uint64_t old = r->state;
	uint32_t xorshifted, rot;
	r->state = old * PCG_MULT + r->inc;
	xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

uint32_t rng_below(struct rng *r, uint32_t bound)
{
	/* Lemire (2019), "Fast Random Integer Generation in an Interval":
	 * multiply, and reject the few low products that would bias. */
	uint64_t m;
	uint32_t l;
	if (bound == 0)
		BUG("rng_below(0)");
	m = (uint64_t)rng_next(r) * bound;
	l = (uint32_t)m;
	if (l < bound) {
		uint32_t t = (uint32_t)(-bound) % bound;
		while (l < t) {
			m = (uint64_t)rng_next(r) * bound;
			l = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

int rng_range(struct rng *r, int lo, int hi)
{
	if (hi < lo)
		BUG("rng_range(%d, %d)", lo, hi);
	if (r->iforced < r->nforced) {
		int v = r->forced[r->iforced++];
		if (v < lo || v > hi)
			BUG("forced value %d outside %d..%d", v, lo, hi);
		return v;
	}
	return lo + (int)rng_below(r, (uint32_t)(hi - lo) + 1);
}

void rng_shuffle(struct rng *r, void *base, size_t n, size_t size)
{
	unsigned char *a = base, tmp[256];
	if (size > sizeof tmp)
		BUG("rng_shuffle element of %zu bytes", size);
	for (size_t i = n; i > 1; i--) {
		size_t j = rng_below(r, (uint32_t)i);
		if (j != i - 1) {
			memcpy(tmp, a + j * size, size);
			memcpy(a + j * size, a + (i - 1) * size, size);
			memcpy(a + (i - 1) * size, tmp, size);
		}
	}
}

void rng_format(const struct rng *r, char out[34])
{
	snprintf(out, 34, "%016llx%016llx", (unsigned long long)r->state,
		 (unsigned long long)r->inc);
}

static int hex16(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	for (int i = 0; i < 16; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9' ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (d < 0)
			return -1;
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return 0;
}

int rng_parse(struct rng *r, const char *s)
{
	uint64_t st, inc;
	if (strlen(s) != 32 || hex16(s, &st) || hex16(s + 16, &inc) || !(inc & 1))
		return -1;
	memset(r, 0, sizeof *r);
	r->state = st;
	r->inc = inc;
	return 0;
}
