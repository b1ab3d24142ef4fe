/* cog-table.h - the City of Glass table: where the book piles stand, drawn
 * from the game's generator within the rules, or given by the game master
 * and checked against them (docs/rules/city-of-glass.md, City of Glass).
 *
 * The rules: a 36 x 36 table; D6+4 piles, each D6 books high, 4.25 x 7
 * inches, turned 0 or 90 degrees; footprints wholly on the table, at least
 * 1.5 inches apart, and none within 3 inches of the centre, where model A
 * starts. */
#ifndef WP_COG_TABLE_H
#define WP_COG_TABLE_H

#include <stddef.h>

#include "cog-geom.h"
#include "rng.h"

#define COG_TABLE 36.0
#define COG_PILE_LONG 7.0
#define COG_PILE_SHORT 4.25
#define COG_PILE_GAP 1.5
#define COG_CLEAR_RADIUS 3.0
#define COG_MAX_PILES 10

/* A pile as the game master writes it: its south-west corner, whether it
 * is turned (long side east-west), and its height in books. */
struct cog_pile {
	double x, y;
	int turned;
	int books;
};

/* The box of a pile, books of thickness book inches high. */
struct cog_box cog_pile_box(const struct cog_pile *p, double book);

/* Draw a table: D6+4 piles of D6 books, each placed at a uniformly drawn
 * spot and turn until it keeps the rules with the piles before it (the
 * draws are the game's, so the same seed gives the same table).  Returns
 * the number of piles. */
size_t cog_table_draw(struct rng *r, struct cog_pile piles[COG_MAX_PILES]);

/* Check piles given by hand: NULL when they keep the rules, else why not,
 * naming the piles by number from 1 (caller frees).  Heights are free:
 * any whole number of books from 1. */
char *cog_table_check(const struct cog_pile *piles, size_t n);

#endif
