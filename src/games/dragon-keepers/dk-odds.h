/* dk-odds.h - Dragon Keepers: the exact odds of a dragon's attack, for the
 * forecast in a confirmation (issue 12), computed by counting outcomes,
 * never by sampling.
 *
 * The battle dice are game data (docs/rules/dragon-keepers.md): white = miss,
 * miss, weak flame, weak flame, weak flame, flame; red = miss, weak, weak,
 * flame, flame, flame.  In Easy and Medium a weak flame or a flame is a
 * hit; in Hard and Extreme only a flame.  One hit or more is a successful
 * attack.  The Blue Dragon may reroll one missed die: by the ruling's
 * default a red one before a white one; its player may ask for white
 * first, or no reroll. */
#ifndef WP_DK_ODDS_H
#define WP_DK_ODDS_H

#include <stdbool.h>

#define DK_MAX_DICE 8 /* four trainings of the purple dragon's two dice */

enum dk_difficulty { DK_EASY, DK_MEDIUM, DK_HARD, DK_EXTREME };

enum dk_face { DK_MISS, DK_WEAK, DK_FLAME };
enum dk_reroll { DK_NO_REROLL, DK_REROLL_RED_FIRST, DK_REROLL_WHITE_FIRST };
enum dk_die { DK_WHITE, DK_RED };

/* The face of die colour c showing pip (1 to 6). */
enum dk_face dk_face_of(enum dk_die c, int pip);
/* Is that face a hit at difficulty d? */
bool dk_is_hit(enum dk_face f, enum dk_difficulty d);

/* Of total equally likely outcomes, ways[k] end with k hits (k up to
 * white + red).  total is 6 to the power of the dice rolled (one more for
 * a possible reroll, counted in every outcome so that all share it). */
struct dk_odds {
	unsigned long long ways[DK_MAX_DICE + 1];
	unsigned long long total;
	int dice;
};

/* The hits of an attack with white and red battle dice (white + red at
 * most DK_MAX_DICE), rerolling one missed die as reroll says. */
void dk_attack_odds(int white, int red, enum dk_difficulty d, enum dk_reroll reroll,
		    struct dk_odds *o);

/* The ways to succeed (one hit or more) of the same total. */
unsigned long long dk_success_ways(const struct dk_odds *o);

#endif
