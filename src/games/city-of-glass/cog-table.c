/* cog-table.c - drawing and checking the table of piles (cog-table.h). */
#include <stdio.h>
#include <stdlib.h>

#include "cog-table.h"
#include "util.h"

struct cog_box cog_pile_box(const struct cog_pile *p, double book)
{
	double w = p->turned ? COG_PILE_LONG : COG_PILE_SHORT;
	double d = p->turned ? COG_PILE_SHORT : COG_PILE_LONG;
	return (struct cog_box){ p->x, p->y, p->x + w, p->y + d, book * p->books };
}

/* Why pile i may not stand where it is among piles[0..i-1]; NULL if it may. */
static char *misplaced(const struct cog_pile *piles, size_t i)
{
	const struct cog_box b = cog_pile_box(&piles[i], 1);
	const struct cog_xy centre = { COG_TABLE / 2, COG_TABLE / 2 };

	if (piles[i].books < 1)
		return xasprintf("pile %zu has %d books; a pile has at least one", i + 1,
				 piles[i].books);
	if (b.x0 < -COG_EPS || b.y0 < -COG_EPS || b.x1 > COG_TABLE + COG_EPS ||
	    b.y1 > COG_TABLE + COG_EPS)
		return xasprintf("pile %zu (%g,%g to %g,%g) is not wholly on the table", i + 1,
				 b.x0, b.y0, b.x1, b.y1);
	if (cog_dist_box(centre, &b) < COG_CLEAR_RADIUS - COG_EPS)
		return xasprintf("pile %zu is %.3g inches from the centre; the clear circle "
				 "there has a radius of %g", i + 1, cog_dist_box(centre, &b),
				 COG_CLEAR_RADIUS);
	for (size_t k = 0; k < i; k++) {
		const struct cog_box o = cog_pile_box(&piles[k], 1);
		double gap = cog_dist_boxes(&b, &o);
		if (gap < COG_PILE_GAP - COG_EPS)
			return xasprintf("piles %zu and %zu are %.3g inches apart; piles keep %g "
					 "apart", k + 1, i + 1, gap, COG_PILE_GAP);
	}
	return NULL;
}

char *cog_table_check(const struct cog_pile *piles, size_t n)
{
	if (n > COG_MAX_PILES)
		return xasprintf("%zu piles; the rules have at most %d", n, COG_MAX_PILES);
	for (size_t i = 0; i < n; i++) {
		char *why = misplaced(piles, i);
		if (why)
			return why;
	}
	return NULL;
}

/* A spot on a grid of a hundredth of an inch, so that a drawn table
 * writes out and reads back exactly. */
static double draw_coord(struct rng *r, double room)
{
	return rng_range(r, 0, (int)(room * 100)) / 100.0;
}

/* Place piles[i] at a drawn spot that keeps the rules; false when none
 * turned up in a fair number of draws (the piles before it jam the table). */
static bool place(struct rng *r, struct cog_pile *piles, size_t i)
{
	for (int tries = 0; tries < 2000; tries++) {
		char *why;
		piles[i].turned = rng_range(r, 0, 1);
		piles[i].x = draw_coord(r, COG_TABLE - (piles[i].turned ? COG_PILE_LONG
								    : COG_PILE_SHORT));
		piles[i].y = draw_coord(r, COG_TABLE - (piles[i].turned ? COG_PILE_SHORT
								    : COG_PILE_LONG));
		piles[i].books = 1;
		if (!(why = misplaced(piles, i)))
			return true;
		free(why);
	}
	return false;
}

size_t cog_table_draw(struct rng *r, struct cog_pile piles[COG_MAX_PILES])
{
	size_t n = (size_t)rng_range(r, 1, 6) + 4, i = 0;
	/* Ten piles with their gaps cover well under half the table, so a
	 * spot turns up quickly; when early piles jam the rest, the whole
	 * table is drawn again, from the same generator. */
	while (i < n)
		i = place(r, piles, i) ? i + 1 : 0;
	for (i = 0; i < n; i++)
		piles[i].books = rng_range(r, 1, 6);
	return n;
}
