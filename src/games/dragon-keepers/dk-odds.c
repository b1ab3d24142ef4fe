/* dk-odds.c - Dragon Keepers attack odds by counting (see dk-odds.h). */
#include <string.h>

#include "dk-odds.h"
#include "util.h"

enum dk_face dk_face_of(enum dk_die c, int pip)
{
	static const enum dk_face white[6] = { DK_MISS, DK_MISS, DK_WEAK, DK_WEAK, DK_WEAK,
					       DK_FLAME };
	static const enum dk_face red[6] = { DK_MISS, DK_WEAK, DK_WEAK, DK_FLAME, DK_FLAME,
					     DK_FLAME };
	if (pip < 1 || pip > 6)
		BUG("pip %d", pip);
	return c == DK_RED ? red[pip - 1] : white[pip - 1];
}

bool dk_is_hit(enum dk_face f, enum dk_difficulty d)
{
	return f == DK_FLAME || (f == DK_WEAK && (d == DK_EASY || d == DK_MEDIUM));
}

/* Faces of colour c (of six) that hit at d. */
static int hit_faces(enum dk_die c, enum dk_difficulty d)
{
	int n = 0;
	for (int pip = 1; pip <= 6; pip++)
		n += dk_is_hit(dk_face_of(c, pip), d);
	return n;
}

/* ways[k]: outcomes of n dice of one colour (h hitting faces of six) with
 * k hits; a row of Pascal's triangle weighted by h and 6 - h. */
static void one_colour(int n, int h, unsigned long long ways[DK_MAX_DICE + 1])
{
	memset(ways, 0, (DK_MAX_DICE + 1) * sizeof *ways);
	ways[0] = 1;
	for (int die = 0; die < n; die++)
		for (int k = die + 1; k >= 0; k--)
			ways[k] = (k ? ways[k - 1] * (unsigned long long)h : 0) +
				  ways[k] * (unsigned long long)(6 - h);
}

void dk_attack_odds(int white, int red, enum dk_difficulty d, enum dk_reroll reroll,
		    struct dk_odds *o)
{
	unsigned long long w[DK_MAX_DICE + 1], r[DK_MAX_DICE + 1];
	const int hw = hit_faces(DK_WHITE, d), hr = hit_faces(DK_RED, d);

	if (white < 0 || red < 0 || white + red > DK_MAX_DICE)
		BUG("%d white and %d red dice", white, red);
	one_colour(white, hw, w);
	one_colour(red, hr, r);
	memset(o, 0, sizeof *o);
	o->dice = white + red;
	o->total = 1;
	for (int i = 0; i < o->dice + (reroll != DK_NO_REROLL); i++)
		o->total *= 6;
	for (int kw = 0; kw <= white; kw++) {
		for (int kr = 0; kr <= red; kr++) {
			unsigned long long ways = w[kw] * r[kr];
			int k = kw + kr, h;
			/* The colour of the die rolled again: the first asked
			 * for that missed, else the other; -1: none missed. */
			if (reroll == DK_REROLL_WHITE_FIRST)
				h = kw < white ? hw : kr < red ? hr : -1;
			else
				h = kr < red ? hr : kw < white ? hw : -1;
			if (reroll == DK_NO_REROLL) {
				o->ways[k] += ways;
			} else if (h < 0) {
				o->ways[k] += ways * 6; /* nothing missed: no reroll */
			} else {
				/* The missed die rolled again. */
				o->ways[k + 1] += ways * (unsigned long long)h;
				o->ways[k] += ways * (unsigned long long)(6 - h);
			}
		}
	}
}

unsigned long long dk_success_ways(const struct dk_odds *o)
{
	unsigned long long s = 0;
	for (int k = 1; k <= o->dice; k++)
		s += o->ways[k];
	return s;
}
