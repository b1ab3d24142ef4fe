/* check-cog-geom.c - City of Glass geometry and table (src/games/
 * city-of-glass/cog-geom.c, cog-table.c): cases worked out by hand, then properties on seeded random
 * tables, with a brute-force dense sampler as an independent cross-check
 * of line of sight.  The hand cases use the rules' defaults unless they
 * say otherwise: model 1.25 high, eye at 1.1, base radius 0.5, 1-inch
 * books, piles 4.25 x 7. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "games/city-of-glass/cog-geom.h"
#include "games/city-of-glass/cog-table.h"
#include "rng.h"
#include "testutil.h"

#define TOP 1.25
#define EYE 1.1
#define R 0.5

static const struct cog_xy west = { 5, 13.5 }, east = { 20, 13.5 };

static bool sees1(struct cog_box b, struct cog_xy eye, double ez, struct cog_xy at, double top,
		  double *hidden)
{
	size_t by;
	return cog_sees(&b, 1, eye, ez, at, top, hidden, &by);
}

START_TEST(sight_over_one_book)
{
	/* The line from (5,13.5) to (20,13.5) crosses x = 10 .. 14.25, s in
	 * [1/3, 0.61667].  The eye (1.1) is above a 1-inch pile: it hides the
	 * axis up to 1.1 - 0.1 / 0.61667 = 0.93784, so the top shows. */
	struct cog_box b = { 10, 10, 14.25, 17, 1 };
	double hidden;
	ck_assert(sees1(b, west, EYE, east, TOP, &hidden));
	ck_assert_double_eq_tol(hidden, 1.1 - 0.1 / (9.25 / 15), 1e-6);
	ck_assert_double_eq_tol(hidden, 0.937838, 1e-6);
}
END_TEST

START_TEST(two_books_hide_a_model)
{
	/* Eye below the top (2): everything up to 1.1 + 0.9 / (1/3) = 3.8. */
	struct cog_box b = { 10, 10, 14.25, 17, 2 };
	double hidden;
	ck_assert(!sees1(b, west, EYE, east, TOP, &hidden));
	ck_assert_double_eq_tol(hidden, 3.8, 1e-6);
}
END_TEST

START_TEST(only_the_third_dimension_decides)
{
	/* A 1-inch pile near the target: x 17 .. 19, s in [0.8, 0.9333]. */
	struct cog_box b = { 17, 10, 19, 17, 1 };
	double hidden;
	/* Default models: hidden up to 1.1 - 0.1 / 0.9333 = 0.99286 < 1.25. */
	ck_assert(sees1(b, west, EYE, east, TOP, &hidden));
	ck_assert_double_eq_tol(hidden, 1.1 - 0.1 / (14.0 / 15), 1e-6);
	/* Chess pieces 0.9 high, eye at 0.792: hidden up to
	 * 0.792 + 0.208 / 0.8 = 1.052 > 0.9, so the same pile hides them. */
	ck_assert(!sees1(b, west, 0.792, east, 0.9, &hidden));
	ck_assert_double_eq_tol(hidden, 1.052, 1e-6);
	/* The same pile far from the target hides the tall model's feet only. */
	b = (struct cog_box){ 6, 10, 8, 17, 1 }; /* s in [1/15, 1/5] */
	ck_assert(sees1(b, west, EYE, east, TOP, &hidden));
	ck_assert_double_eq_tol(hidden, 1.1 - 0.1 / 0.2, 1e-6); /* 0.6 */
}
END_TEST

START_TEST(thin_books)
{
	/* Books 0.3 thick: three make 0.9 (under the eye), hidden up to
	 * 1.1 - 0.2 / 0.61667 = 0.77568; five make 1.5, hidden to 1.1 + 0.4 * 3. */
	struct cog_box b = { 10, 10, 14.25, 17, 0.9 };
	double hidden;
	ck_assert(sees1(b, west, EYE, east, TOP, &hidden));
	ck_assert_double_eq_tol(hidden, 1.1 - 0.2 / (9.25 / 15), 1e-6);
	b.h = 1.5;
	ck_assert(!sees1(b, west, EYE, east, TOP, &hidden));
	ck_assert_double_eq_tol(hidden, 2.3, 1e-6);
}
END_TEST

START_TEST(touching_blocks)
{
	/* Along y = 10, the pile's south face: the line touches it. */
	struct cog_xy a = { 5, 10 }, b = { 20, 10 };
	struct cog_box p = { 10, 10, 14.25, 17, 2 };
	ck_assert(!sees1(p, a, EYE, b, TOP, NULL));
	p.y0 = 10 + 0.5e-9; /* within the tolerance: still touching */
	ck_assert(!sees1(p, a, EYE, b, TOP, NULL));
	p.y0 = 10 + 2e-9; /* beyond it: a gap */
	ck_assert(sees1(p, a, EYE, b, TOP, NULL));
	/* The line to the top (1.25) just grazes the near top edge (s = 1/3)
	 * of a pile 1.1 + 0.15 / 3 = 1.15 high. */
	p = (struct cog_box){ 10, 10, 14.25, 17, 1.15 };
	ck_assert(!sees1(p, west, EYE, east, TOP, NULL));
	p.h = 1.15 - 1e-6;
	ck_assert(sees1(p, west, EYE, east, TOP, NULL));
	/* A line beside the pile is never blocked, however tall it is. */
	p = (struct cog_box){ 10, 14, 14.25, 21, 60 };
	ck_assert(sees1(p, (struct cog_xy){ 5, 5 }, EYE, (struct cog_xy){ 20, 5 }, TOP, NULL));
}
END_TEST

START_TEST(the_pile_that_hides_most_is_named)
{
	const struct cog_box piles[] = {
		{ 6, 10, 8, 17, 1 },   /* hides up to 0.6 */
		{ 17, 10, 19, 17, 1 }, /* up to 0.99286 */
		{ 0, 0, 2, 2, 6 },     /* off the line */
	};
	double hidden;
	size_t by;
	ck_assert(cog_sees(piles, 3, west, EYE, east, TOP, &hidden, &by));
	ck_assert_uint_eq(by, 1);
	ck_assert_double_eq_tol(hidden, 1.1 - 0.1 / (14.0 / 15), 1e-6);
	ck_assert(cog_sees(piles + 2, 1, west, EYE, east, TOP, &hidden, &by));
	ck_assert_uint_eq(by, 1); /* n: none */
}
END_TEST

static const struct cog_box pile = { 10, 10, 14.25, 17, 1 };
static const struct cog_table table = { 36, 36, &pile, 1 };

START_TEST(paths_touch_but_never_cross)
{
	struct cog_path_verdict v;
	struct cog_xy to = { 9.5, 13.5 };
	/* Up to the pile's west face: touching is allowed. */
	ck_assert(cog_path(&table, west, &to, 1, R, NULL, 0, R, &v));
	ck_assert_double_eq_tol(v.length, 4.5, 1e-12);
	/* A tenth further crosses it; the base first touches at x = 9.5. */
	to.x = 9.6;
	ck_assert(!cog_path(&table, west, &to, 1, R, NULL, 0, R, &v));
	ck_assert_int_eq(v.what, COG_PILE);
	ck_assert_uint_eq(v.index, 0);
	ck_assert_double_eq_tol(v.at.x, 9.5, 1e-9);
	ck_assert_double_eq_tol(v.at.y, 13.5, 1e-9);
}
END_TEST

START_TEST(paths_round_a_corner)
{
	struct cog_path_verdict v;
	/* Along y = 9.5 the base's edge runs along the pile's south face at
	 * y = 10: touching all the way, legal. */
	struct cog_xy from = { 9, 9.5 }, to = { 15, 9.5 };
	ck_assert(cog_path(&table, from, &to, 1, R, NULL, 0, R, &v));
	/* Along y = 9.6 it crosses.  It first touches the corner (10,10) where
	 * (x - 10)^2 + 0.4^2 = 0.5^2, at x = 9.7. */
	from.y = to.y = 9.6;
	ck_assert(!cog_path(&table, from, &to, 1, R, NULL, 0, R, &v));
	ck_assert_int_eq(v.what, COG_PILE);
	ck_assert_double_eq_tol(v.at.x, 9.7, 1e-9);
	/* Along y = 9 it passes a whole inch clear. */
	from.y = to.y = 9;
	ck_assert(cog_path(&table, from, &to, 1, R, NULL, 0, R, &v));
}
END_TEST

START_TEST(paths_and_other_bases)
{
	struct cog_path_verdict v;
	const struct cog_xy other = { 20, 13.5 };
	struct cog_xy from = { 15, 13.5 }, to = { 19, 13.5 };
	ck_assert(cog_path(&table, from, &to, 1, R, &other, 1, R, &v)); /* edge to edge */
	to.x = 19.2;
	ck_assert(!cog_path(&table, from, &to, 1, R, &other, 1, R, &v));
	ck_assert_int_eq(v.what, COG_BASE);
	ck_assert_double_eq_tol(v.at.x, 19, 1e-9);
	/* Exchange range: 2 inches edge to edge. */
	ck_assert_double_eq_tol(cog_base_gap((struct cog_xy){ 0, 0 }, R, (struct cog_xy){ 3, 0 }, R),
				2, 1e-12);
}
END_TEST

START_TEST(paths_stay_on_the_table)
{
	struct cog_path_verdict v;
	const struct cog_xy way[] = { { 8, 9 }, { 8, 12 }, { 0.4, 12 } };
	ck_assert(cog_path(&table, (struct cog_xy){ 5, 5 }, way, 2, R, NULL, 0, R, &v));
	ck_assert_double_eq_tol(v.length, 8, 1e-12); /* 5 + 3 */
	ck_assert(!cog_path(&table, (struct cog_xy){ 5, 5 }, way, 3, R, NULL, 0, R, &v));
	ck_assert_int_eq(v.what, COG_OFF_TABLE);
	ck_assert_uint_eq(v.leg, 2);
	ck_assert(cog_on_table(&table, (struct cog_xy){ 0.5, 35.5 }, R));
	ck_assert(!cog_on_table(&table, (struct cog_xy){ 35.6, 3 }, R));
}
END_TEST

/* --- properties on seeded random tables ------------------------------------ */

struct scene {
	struct cog_box piles[10];
	size_t n;
};

static double uniform(struct rng *r, double lo, double hi)
{
	return lo + (hi - lo) * (rng_next(r) / 4294967296.0);
}

static void random_scene(struct rng *r, struct scene *s)
{
	double book = rng_range(r, 0, 1) ? 1.0 : 0.3;
	s->n = (size_t)rng_range(r, 5, 10);
	for (size_t i = 0; i < s->n; i++) {
		bool turned = rng_range(r, 0, 1);
		double w = turned ? 7 : 4.25, d = turned ? 4.25 : 7;
		double x = uniform(r, 0, 36 - w), y = uniform(r, 0, 36 - d);
		s->piles[i] = (struct cog_box){ x, y, x + w, y + d, book * rng_range(r, 1, 6) };
	}
}

static struct cog_xy random_spot(struct rng *r)
{
	return (struct cog_xy){ uniform(r, 0.5, 35.5), uniform(r, 0.5, 35.5) };
}

START_TEST(sight_is_symmetric_when_the_eye_is_on_top)
{
	struct rng r;
	rng_seed(&r, 11, 3);
	for (int k = 0; k < 20000; k++) {
		struct scene s;
		random_scene(&r, &s);
		struct cog_xy a = random_spot(&r), b = random_spot(&r);
		double h = uniform(&r, 0.5, 3);
		ck_assert(cog_sees(s.piles, s.n, a, h, b, h, NULL, NULL) ==
			  cog_sees(s.piles, s.n, b, h, a, h, NULL, NULL));
	}
}
END_TEST

START_TEST(sight_is_mirror_symmetric)
{
	struct rng r;
	rng_seed(&r, 12, 3);
	for (int k = 0; k < 20000; k++) {
		struct scene s, m;
		random_scene(&r, &s);
		m = s;
		for (size_t i = 0; i < s.n; i++)
			m.piles[i].x0 = 36 - s.piles[i].x1, m.piles[i].x1 = 36 - s.piles[i].x0;
		struct cog_xy a = random_spot(&r), b = random_spot(&r);
		struct cog_xy ma = { 36 - a.x, a.y }, mb = { 36 - b.x, b.y };
		ck_assert(cog_sees(s.piles, s.n, a, EYE, b, TOP, NULL, NULL) ==
			  cog_sees(m.piles, m.n, ma, EYE, mb, TOP, NULL, NULL));
	}
}
END_TEST

START_TEST(higher_piles_never_reveal)
{
	struct rng r;
	rng_seed(&r, 13, 3);
	for (int k = 0; k < 20000; k++) {
		struct scene s;
		random_scene(&r, &s);
		struct cog_xy a = random_spot(&r), b = random_spot(&r);
		bool before = cog_sees(s.piles, s.n, a, EYE, b, TOP, NULL, NULL);
		s.piles[rng_range(&r, 0, (int)s.n - 1)].h += uniform(&r, 0, 2);
		bool after = cog_sees(s.piles, s.n, a, EYE, b, TOP, NULL, NULL);
		ck_assert(before || !after);
	}
}
END_TEST

/* The brute force: sight exists when, for some height on the target's axis
 * (41 heights, the top among them), none of 4000 points along the line is
 * inside a pile. */
static bool sampled_sees(const struct scene *s, struct cog_xy a, double ez, struct cog_xy b,
			 double top)
{
	for (int zi = 40; zi >= 0; zi--) {
		double z = top * zi / 40;
		bool clear = true;
		for (int k = 0; k <= 4000 && clear; k++) {
			double t = k / 4000.0, x = a.x + t * (b.x - a.x), y = a.y + t * (b.y - a.y);
			double h = ez + t * (z - ez);
			for (size_t i = 0; i < s->n && clear; i++) {
				const struct cog_box *p = &s->piles[i];
				clear = !(x >= p->x0 && x <= p->x1 && y >= p->y0 && y <= p->y1 && h <= p->h);
			}
		}
		if (clear)
			return true;
	}
	return false;
}

/* The same scene with every pile grown (or shrunk, grow < 0) in all three
 * dimensions. */
static struct scene grown(const struct scene *s, double grow)
{
	struct scene g = *s;
	for (size_t i = 0; i < g.n; i++) {
		g.piles[i].x0 -= grow, g.piles[i].y0 -= grow;
		g.piles[i].x1 += grow, g.piles[i].y1 += grow;
		g.piles[i].h += grow;
	}
	return g;
}

START_TEST(sight_agrees_with_a_dense_sampler)
{
	struct rng r;
	int compared = 0;
	rng_seed(&r, 14, 3);
	while (compared < 300) {
		struct scene s;
		random_scene(&r, &s);
		struct cog_xy a = random_spot(&r), b = random_spot(&r);
		double top = uniform(&r, 0.6, 2.5), ez = 0.88 * top;
		bool exact = cog_sees(s.piles, s.n, a, ez, b, top, NULL, NULL);
		struct scene more = grown(&s, 0.05), less = grown(&s, -0.05);
		/* Only where a twentieth of an inch either way changes nothing:
		 * the sampler's steps are finer than that. */
		if (cog_sees(more.piles, more.n, a, ez, b, top, NULL, NULL) != exact ||
		    cog_sees(less.piles, less.n, a, ez, b, top, NULL, NULL) != exact)
			continue;
		ck_assert_msg(sampled_sees(&s, a, ez, b, top) == exact,
			      "(%g,%g) -> (%g,%g) top %g: exact %d", a.x, a.y, b.x, b.y, top, exact);
		compared++;
	}
}
END_TEST


/* --- the table of piles ------------------------------------------------------ */

START_TEST(hand_made_tables)
{
	/* Upright piles are 4.25 wide (x) and 7 deep (y). */
	struct cog_pile p[3] = { { 1, 1, 0, 2 }, { 6.75, 1, 0, 3 }, { 1, 20, 1, 1 } };
	char *why;
	ck_assert_ptr_null(cog_table_check(p, 3)); /* exactly 1.5 apart */
	p[1].x = 6.74;
	why = cog_table_check(p, 3);
	ck_assert_ptr_nonnull(why);
	ck_assert_str_eq(why, "piles 1 and 2 are 1.49 inches apart; piles keep 1.5 apart");
	free(why);
	p[1].x = 4; /* overlapping */
	why = cog_table_check(p, 2);
	ck_assert_str_eq(why, "piles 1 and 2 are 0 inches apart; piles keep 1.5 apart");
	free(why);
	/* Corner to corner: (5.25,8) to (6.25,9) is sqrt(2) < 1.5. */
	p[1] = (struct cog_pile){ 6.25, 9, 0, 1 };
	why = cog_table_check(p, 2);
	ck_assert_ptr_nonnull(why);
	free(why);
	p[1] = (struct cog_pile){ 30, 30, 1, 1 }; /* turned: 7 wide, off the east edge */
	why = cog_table_check(p, 2);
	ck_assert_str_eq(why, "pile 2 (30,30 to 37,34.25) is not wholly on the table");
	free(why);
	/* The clear circle: a pile whose west face is 2 inches east of the centre. */
	p[1] = (struct cog_pile){ 20, 15, 0, 1 };
	why = cog_table_check(p, 2);
	ck_assert_str_eq(why, "pile 2 is 2 inches from the centre; the clear circle there has a "
			      "radius of 3");
	free(why);
	p[1].x = 21; /* 3 inches: allowed */
	ck_assert_ptr_null(cog_table_check(p, 2));
	p[1].books = 0;
	why = cog_table_check(p, 2);
	ck_assert_str_eq(why, "pile 2 has 0 books; a pile has at least one");
	free(why);
}
END_TEST

START_TEST(drawn_tables_keep_the_rules)
{
	size_t counts[11] = { 0 };
	for (uint64_t seed = 0; seed < 10000; seed++) {
		struct cog_pile p[COG_MAX_PILES], q[COG_MAX_PILES];
		struct rng r, again;
		rng_seed(&r, seed, 7);
		again = r;
		size_t n = cog_table_draw(&r, p);
		ck_assert(n >= 5 && n <= 10);
		counts[n]++;
		char *why = cog_table_check(p, n);
		ck_assert_msg(!why, "seed %llu: %s", (unsigned long long)seed, why);
		for (size_t i = 0; i < n; i++)
			ck_assert(p[i].books >= 1 && p[i].books <= 6);
		/* The same generator draws the same table. */
		ck_assert_uint_eq(cog_table_draw(&again, q), n);
		ck_assert(!memcmp(p, q, n * sizeof *p));
	}
	for (size_t n = 5; n <= 10; n++) /* D6+4, each about 1667 times */
		ck_assert_msg(counts[n] > 1400 && counts[n] < 1950, "%zu piles: %zu", n, counts[n]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cog-geom");
	TCase *hand = tcase_create("by hand"), *prop = tcase_create("properties");
	tcase_add_test(hand, sight_over_one_book);
	tcase_add_test(hand, two_books_hide_a_model);
	tcase_add_test(hand, only_the_third_dimension_decides);
	tcase_add_test(hand, thin_books);
	tcase_add_test(hand, touching_blocks);
	tcase_add_test(hand, the_pile_that_hides_most_is_named);
	tcase_add_test(hand, paths_touch_but_never_cross);
	tcase_add_test(hand, paths_round_a_corner);
	tcase_add_test(hand, paths_and_other_bases);
	tcase_add_test(hand, paths_stay_on_the_table);
	tcase_add_test(hand, hand_made_tables);
	tcase_add_test(prop, drawn_tables_keep_the_rules);
	tcase_set_timeout(prop, 120);
	tcase_add_test(prop, sight_is_symmetric_when_the_eye_is_on_top);
	tcase_add_test(prop, sight_is_mirror_symmetric);
	tcase_add_test(prop, higher_piles_never_reveal);
	tcase_add_test(prop, sight_agrees_with_a_dense_sampler);
	suite_add_tcase(s, hand);
	suite_add_tcase(s, prop);
	return run_suite(s);
}
