/* check-dk-odds.c - Dragon Keepers attack odds (src/games/dragon-keepers/
 * dk-odds.c): cases worked out by hand, then every dice pool of up to six
 * dice against a literal enumeration of the rolls and the reroll rule. */
#include <check.h>

#include "games/dragon-keepers/dk-odds.h"
#include "testutil.h"

static unsigned long long success(int white, int red, enum dk_difficulty d,
				  enum dk_reroll reroll, unsigned long long *total)
{
	struct dk_odds o;
	dk_attack_odds(white, red, d, reroll, &o);
	*total = o.total;
	return dk_success_ways(&o);
}

START_TEST(by_hand)
{
	unsigned long long t;
	/* One white die: weak or flame hit in Easy (4 of 6), flame only in Hard. */
	ck_assert_uint_eq(success(1, 0, DK_EASY, DK_NO_REROLL, &t), 4);
	ck_assert_uint_eq(t, 6);
	ck_assert_uint_eq(success(1, 0, DK_HARD, DK_NO_REROLL, &t), 1);
	/* One red die: 5 of 6 in Medium, the three flames in Extreme. */
	ck_assert_uint_eq(success(0, 1, DK_MEDIUM, DK_NO_REROLL, &t), 5);
	ck_assert_uint_eq(success(0, 1, DK_EXTREME, DK_NO_REROLL, &t), 3);
	/* Two white in Hard: all but the 5 x 5 double misses of 36. */
	ck_assert_uint_eq(success(2, 0, DK_HARD, DK_NO_REROLL, &t), 11);
	ck_assert_uint_eq(t, 36);
	/* Blue with one white die in Easy rerolls a miss: it fails only on
	 * two misses in a row, 2 x 2 of 36. */
	ck_assert_uint_eq(success(1, 0, DK_EASY, DK_REROLL_RED_FIRST, &t), 32);
	ck_assert_uint_eq(t, 36);
	/* Blue with a white and a red in Hard rerolls the red when it missed:
	 * fails when white misses (5), red misses (3) and the red again (3):
	 * 45 of 216. */
	ck_assert_uint_eq(success(1, 1, DK_HARD, DK_REROLL_RED_FIRST, &t), 216 - 45);
	ck_assert_uint_eq(t, 216);
	/* White first: fails when the red misses (3), the white misses (5)
	 * and the white again (5): 75 of 216. */
	ck_assert_uint_eq(success(1, 1, DK_HARD, DK_REROLL_WHITE_FIRST, &t), 216 - 75);
	/* No dice, no hit. */
	ck_assert_uint_eq(success(0, 0, DK_EASY, DK_NO_REROLL, &t), 0);
	ck_assert_uint_eq(t, 1);
}
END_TEST

START_TEST(hit_counts_by_hand)
{
	struct dk_odds o;
	/* Two red dice in Hard: 0 hits 3 x 3, 1 hit 2 x 3 x 3, 2 hits 3 x 3. */
	dk_attack_odds(0, 2, DK_HARD, DK_NO_REROLL, &o);
	ck_assert_uint_eq(o.ways[0], 9);
	ck_assert_uint_eq(o.ways[1], 18);
	ck_assert_uint_eq(o.ways[2], 9);
}
END_TEST

/* The rolls themselves: every pip of every die, then the reroll as asked
 * (by default a missed red die first, else a missed white one). */
static void enumerate(int white, int red, enum dk_difficulty d, enum dk_reroll reroll,
		      unsigned long long ways[DK_MAX_DICE + 1])
{
	int n = white + red + (reroll != DK_NO_REROLL), pip[DK_MAX_DICE + 1];
	for (int k = 0; k <= DK_MAX_DICE; k++)
		ways[k] = 0;
	for (int i = 0; i < n; i++)
		pip[i] = 1;
	for (;;) {
		int hits = 0, missed_red = -1, missed_white = -1;
		for (int i = 0; i < white + red; i++) {
			enum dk_die c = i < white ? DK_WHITE : DK_RED;
			bool hit = dk_is_hit(dk_face_of(c, pip[i]), d);
			hits += hit;
			if (!hit && c == DK_RED && missed_red < 0)
				missed_red = i;
			if (!hit && c == DK_WHITE && missed_white < 0)
				missed_white = i;
		}
		if (reroll != DK_NO_REROLL && (missed_red >= 0 || missed_white >= 0)) {
			enum dk_die c = reroll == DK_REROLL_WHITE_FIRST
						? (missed_white >= 0 ? DK_WHITE : DK_RED)
						: (missed_red >= 0 ? DK_RED : DK_WHITE);
			hits += dk_is_hit(dk_face_of(c, pip[n - 1]), d);
		}
		ways[hits]++;
		int i = 0;
		while (i < n && pip[i] == 6)
			pip[i++] = 1;
		if (i == n)
			break;
		pip[i]++;
	}
}

START_TEST(agrees_with_the_rolls)
{
	for (int d = DK_EASY; d <= DK_EXTREME; d++)
		for (int white = 0; white <= 4; white++)
			for (int red = 0; white + red <= 5; red++)
				for (int reroll = DK_NO_REROLL; reroll <= DK_REROLL_WHITE_FIRST;
				     reroll++) {
					struct dk_odds o;
					unsigned long long want[DK_MAX_DICE + 1];
					dk_attack_odds(white, red, d, reroll, &o);
					enumerate(white, red, d, reroll, want);
					for (int k = 0; k <= DK_MAX_DICE; k++)
						ck_assert_msg(o.ways[k] == want[k],
							      "%dw %dr d%d reroll %d: %d hits %llu, "
							      "rolls say %llu", white, red, d, reroll,
							      k, o.ways[k], want[k]);
				}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("dk-odds");
	TCase *tc = tcase_create("odds");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, by_hand);
	tcase_add_test(tc, hit_counts_by_hand);
	tcase_add_test(tc, agrees_with_the_rolls);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
