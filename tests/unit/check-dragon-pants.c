/* check-dragon-pants.c - the Dragon Pants engine's functions one by one:
 * setup and its refusals, reading orders, lines of sight, checking a
 * mail's orders action by action, and 10,000 random play-outs of each
 * Deck of Destiny that must all end with a winner, every power card
 * accounted for after every turn.  The rulings themselves are data cases
 * in tests/cases/dragon-pants/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "games/dragon-pants/dp-int.h"
#include "testutil.h"

static const struct engine *E; /* set by main() */

static struct dp_state *ST(struct game *g)
{
	return g->state;
}

/* The verdict on the lines of one mail for player p: each line's
 * canonical form or "!CODE", joined by " | ". */
static char *verdicts(const struct game *g, int p, const char *const *text, size_t n)
{
	struct engine_ctx ctx = engine_ctx_make(1800000000, "UTC");
	struct order_line l[8];
	struct sb out = SB_INIT;
	ck_assert(n <= 8);
	memset(l, 0, sizeof l);
	for (size_t i = 0; i < n; i++) {
		l[i].lineno = (int)i + 1;
		l[i].text = (char *)text[i];
	}
	E->check(g, p, l, n, &ctx);
	for (size_t i = 0; i < n; i++) {
		if (i)
			sb_adds(&out, " | ");
		if (l[i].canon) {
			sb_adds(&out, l[i].canon);
			ck_assert_ptr_null(l[i].code);
		} else {
			ck_assert_msg(l[i].code && l[i].reason && *l[i].reason, "'%s'", text[i]);
			sb_addf(&out, "!%s", l[i].code);
		}
		free(l[i].canon);
		free(l[i].reason);
	}
	return sb_detach(&out);
}

#define EXPECT(g, p, want, ...)                                                       \
	do {                                                                          \
		const char *const lines_[] = { __VA_ARGS__ };                         \
		char *got_ = verdicts(g, p, lines_, ARRAY_SIZE(lines_));              \
		ck_assert_msg(!strcmp(got_, want), "got '%s', want '%s'", got_, want);\
		free(got_);                                                           \
	} while (0)

/* A 3-player game with a known position: p0 at (q, r) holding cards. */
static void game3(struct game *g)
{
	test_game_new(g, E, 3, NULL, 0, 5);
}

static void place(struct game *g, int p, int q, int r)
{
	ST(g)->pl[p].at.q = q;
	ST(g)->pl[p].at.r = r;
}

/* Give p exactly these cards, taking them from wherever they are. */
static void give(struct game *g, int p, const int *cards, int n)
{
	struct dp_state *s = ST(g);
	for (int q = 0; q < s->n; q++)
		while (q == p && s->pl[q].hand.n)
			s->discard[s->ndiscard++] = dp_hand_remove(&s->pl[q].hand, 0);
	for (int i = 0; i < n; i++) {
		bool found = false;
		for (int k = 0; k < s->ndeck && !found; k++)
			if (s->deck[k] == cards[i]) {
				s->deck[k] = s->deck[--s->ndeck];
				found = true;
			}
		for (int k = 0; k < s->ndiscard && !found; k++)
			if (s->discard[k] == cards[i]) {
				s->discard[k] = s->discard[--s->ndiscard];
				found = true;
			}
		for (int q = 0; q < s->n && !found; q++) {
			int at = q == p ? -1 : dp_hand_find(&s->pl[q].hand, cards[i], false);
			if (at >= 0) {
				dp_hand_remove(&s->pl[q].hand, at);
				found = true;
			}
		}
		ck_assert_msg(found, "no %s left", dp_card_word(cards[i]));
		dp_hand_add(&s->pl[p].hand, cards[i]);
	}
	{
		char *inv = E->invariant(g);
		ck_assert_msg(!inv, "%s", inv ? inv : "");
	}
}

START_TEST(setup_deals_and_refuses)
{
	static const char *const too_long[] = { "length=11" };
	static const char *const long_ok[] = { "destiny=long", "length=20" };
	static const char *const long_bad[] = { "destiny=long", "length=21" };
	const struct option_spec *tables[] = { core_options, E->options, NULL };
	for (size_t n = 2; n <= 6; n++) {
		struct game g;
		struct dp_state *s;
		int pants = 0;
		test_game_new(&g, E, n, NULL, 0, 40 + n);
		s = ST(&g);
		ck_assert_int_eq(s->ndeck, 19 - (int)n);
		for (int p = 0; p < s->n; p++) {
			ck_assert_int_eq(s->pl[p].hand.n, 1);
			ck_assert(dp_same(s->pl[p].at, dp_dens[dp_seat_den((int)n, p)]));
			if (s->pl[p].hand.card[0] == C_PANTS) {
				pants++;
				ck_assert_int_eq(s->current, p);
			}
		}
		ck_assert_int_eq(pants, 1);
		ck_assert_int_eq(s->time, 10);
		ck_assert_int_eq(s->ndestiny, 18);
		game_release(&g);
	}
	{
		struct game g;
		test_game_new(&g, E, 2, long_ok, 2, 1);
		ck_assert_int_eq(ST(&g)->ndestiny, 29);
		game_release(&g);
	}
	for (int k = 0; k < 2; k++) {
		struct game g;
		char *err = NULL;
		memset(&g, 0, sizeof g);
		g.engine = E;
		rng_seed(&g.rng, 1, 1);
		ck_assert(option_set_build(&g.opts, tables, k ? long_bad : too_long, k ? 2 : 1,
					   &err) == 0);
		g.nplayers = 2;
		ck_assert_int_eq(E->setup(&g, &err), -1);
		ck_assert_ptr_nonnull(strstr(err, "might never end"));
		free(err);
		option_set_release(&g.opts);
	}
}
END_TEST

START_TEST(dens_per_player_count)
{
	/* RULINGS: 2 S N; 3 S NW NE; 4 S SW N NE; 5 S SW N NE SE; 6 all */
	static const char *const want[7] = { "", "", "S N", "S NW NE", "S SW N NE",
					     "S SW N NE SE", "S SW NW N NE SE" };
	for (int n = 2; n <= 6; n++) {
		struct sb got = SB_INIT;
		for (int p = 0; p < n; p++)
			sb_addf(&got, "%s%s", p ? " " : "", dp_den_names[dp_seat_den(n, p)]);
		ck_assert_str_eq(sb_str(&got), want[n]);
		sb_release(&got);
	}
}
END_TEST

START_TEST(orders_read_canonically)
{
	struct game g;
	game3(&g);
	ST(&g)->current = 0;
	place(&g, 0, 0, 2);
	place(&g, 1, 0, -2);
	place(&g, 2, 3, -3);
	{
		const int h[] = { C_FIREBALL, C_TELEPORT };
		give(&g, 0, h, 2);
	}
	EXPECT(&g, 0, "move ne", "MOVE NE");
	EXPECT(&g, 0, "move nw", "go northwest");
	EXPECT(&g, 0, "!bad-direction", "move up");
	EXPECT(&g, 0, "!not-on-power", "draw deck");
	EXPECT(&g, 0, "!bad-draw", "draw two");
	EXPECT(&g, 0, "play teleport with p2", "play teleport at P2");
	EXPECT(&g, 0, "!no-such-player", "play fireball at nobody");
	EXPECT(&g, 0, "!reaction-only", "play shield");
	EXPECT(&g, 0, "!not-playable", "play pants");
	EXPECT(&g, 0, "!no-card", "play freeze at p1");
	EXPECT(&g, 0, "!unknown-card", "play socks");
	EXPECT(&g, 0, "!need-target", "play fireball");
	EXPECT(&g, 0, "react shield ducky", "react Shield rubber-ducky");
	EXPECT(&g, 0, "react none", "react none");
	EXPECT(&g, 0, "react mirror shield amulet poison ducky", "react default");
	EXPECT(&g, 0, "!not-a-reaction", "react fireball");
	EXPECT(&g, 0, "!named-twice", "lose boost boost");
	EXPECT(&g, 0, "lose boost pants", "lose boost pants");
	EXPECT(&g, 0, "lose default", "lose default");
	EXPECT(&g, 0, "!unknown-order", "xyzzy");
	EXPECT(&g, 0, "!unknown-order", "move ne now");
	/* not p1's turn: only standing orders */
	EXPECT(&g, 1, "!not-your-turn | react none", "move s", "react none");
	game_release(&g);
}
END_TEST

START_TEST(sight_through_mountains_water_and_dragons)
{
	struct game g;
	const int h[] = { C_FIREBALL, C_SHOCK };
	game3(&g);
	ST(&g)->current = 0;
	give(&g, 0, h, 2);
	/* flat: from D7 (0,3) north to D5 (0,1): clear, one hex between */
	place(&g, 0, 0, 3);
	place(&g, 1, 0, 1);
	place(&g, 2, 3, -3);
	EXPECT(&g, 0, "play fireball at p1", "play fireball at p1");
	EXPECT(&g, 0, "!no-line", "play shock at p1");
	/* the mountain at D4 (0,0) blocks D5 -> D3 (0,-2)... */
	place(&g, 0, 0, 2);
	place(&g, 1, 0, -2);
	EXPECT(&g, 0, "!blocked", "play fireball at p1");
	/* ...but a dragon on the mountain can be targeted */
	place(&g, 1, 0, 0);
	EXPECT(&g, 0, "play fireball at p1", "play fireball at p1");
	/* a dragon in between blocks, unless it is under water */
	place(&g, 0, 3, -3);
	place(&g, 1, 3, -1);
	place(&g, 2, 3, -2);
	EXPECT(&g, 0, "!blocked", "play fireball at p1");
	place(&g, 0, 1, -2);
	place(&g, 2, 1, 0); /* water E4 */
	place(&g, 1, 1, 2);
	EXPECT(&g, 0, "play fireball at p1", "play fireball at p1");
	game_release(&g);
}
END_TEST

START_TEST(diagonal_and_water)
{
	struct game g;
	const int h[] = { C_FIREBALL, C_SHOCK };
	game3(&g);
	ST(&g)->current = 0;
	give(&g, 0, h, 2);
	place(&g, 2, 3, -3);
	/* diagonal (1,1): from (-2,-1) to (0,1): the centre between is the
	 * mountain at (-1,-1)... no: (-1,0) is land, so clear */
	place(&g, 0, -2, -1);
	place(&g, 1, 0, 1);
	EXPECT(&g, 0, "play shock at p1", "play shock at p1");
	EXPECT(&g, 0, "!no-line", "play fireball at p1");
	/* (-3,0) to (-1,2): the centre between is (-2,1), a power tile: clear;
	 * to (1,4) off the board there is nothing */
	place(&g, 0, -2, -2);
	place(&g, 1, 0, 0); /* diagonal through the mountain at (-1,-1) */
	EXPECT(&g, 0, "!blocked", "play shock at p1");
	/* a dragon under water cannot be targeted, but sees out */
	place(&g, 0, 0, 2);
	place(&g, 1, 0, -1);
	EXPECT(&g, 0, "!under-water", "play fireball at p1");
	place(&g, 0, 0, -1);
	place(&g, 1, 0, -3);
	EXPECT(&g, 0, "play fireball at p1", "play fireball at p1");
	game_release(&g);
}
END_TEST

START_TEST(actions_checked_in_order)
{
	struct game g;
	const int h[] = { C_BOOST, C_FIREBALL };
	game3(&g);
	ST(&g)->current = 0;
	give(&g, 0, h, 2);
	place(&g, 1, 3, -3);
	place(&g, 2, -3, 3);
	/* on a den: the first action must take the dragon out */
	place(&g, 0, 0, 4);
	EXPECT(&g, 0, "!den-exit | move n | move n", "move s", "move n", "move n");
	EXPECT(&g, 0, "!leave-den-first | move n", "pass", "move n");
	EXPECT(&g, 0, "!leave-den-first | move n", "play boost", "move n");
	/* two actions; Boost gives a third and costs none */
	place(&g, 0, 0, 3);
	EXPECT(&g, 0, "move n | move n | !no-actions-left", "move n", "move n", "move n");
	EXPECT(&g, 0, "move n | play boost | move n | move ne", "move n", "play boost",
	       "move n", "move ne");
	/* moving onto a power tile, then drawing from it */
	place(&g, 0, 1, 2);
	EXPECT(&g, 0, "!not-on-power | move n | draw deck", "draw deck", "move n", "draw deck");
	/* no voluntary move into a den; none off the board */
	place(&g, 0, 0, 3);
	EXPECT(&g, 0, "!into-den", "move s");
	place(&g, 0, 3, 0);
	EXPECT(&g, 0, "!off-board", "move ne");
	/* a dragon on a mountain cannot be bitten */
	place(&g, 0, 0, 1);
	place(&g, 1, 0, 0);
	EXPECT(&g, 0, "!mountain-held", "move n");
	/* a bite names a card the victim holds */
	place(&g, 1, 0, 0);
	place(&g, 0, 0, 2);
	place(&g, 1, 0, 1);
	EXPECT(&g, 0, "!not-held", "move n take mirror");
	game_release(&g);
}
END_TEST

START_TEST(draw_then_play_the_unknown_card)
{
	struct game g;
	const int h[] = { C_BOOST };
	game3(&g);
	ST(&g)->current = 0;
	give(&g, 0, h, 1);
	place(&g, 0, 1, 1); /* the power tile E5 */
	place(&g, 1, 3, -3);
	place(&g, 2, -3, 3);
	/* the card from the deck is unknown to check(): anything may follow */
	EXPECT(&g, 0, "draw deck | play thunderstorm", "draw deck", "play thunderstorm");
	EXPECT(&g, 0, "draw deck | !no-discard-needed", "draw deck", "discard boost");
	EXPECT(&g, 0, "!discard-alone", "discard boost");
	{
		const int full[] = { C_BOOST, C_FREEZE, C_MIRROR };
		give(&g, 0, full, 3);
	}
	EXPECT(&g, 0, "draw deck | discard freeze", "draw deck", "discard freeze");
	EXPECT(&g, 0, "draw deck | discard banish", "draw deck", "discard banish");
	game_release(&g);
}
END_TEST

/* --- play-outs ---------------------------------------------------------- */

static void random_turn(struct game *g, struct rng *choose, long long now)
{
	const struct engine *e = g->engine;
	struct engine_ctx ctx = engine_ctx_make(now, "UTC");
	bool has[MAX_PLAYERS] = { false }, awaited[MAX_PLAYERS];
	struct strlist lines[MAX_PLAYERS];
	struct turn_orders o = { g->nplayers, has, lines };
	struct events ev = EVENTS_INIT;
	char *err = NULL;

	memset(lines, 0, sizeof lines);
	e->awaited(g, awaited);
	for (size_t p = 0; p < g->nplayers; p++) {
		struct strlist legal = STRLIST_INIT;
		if (!awaited[p])
			continue;
		e->legal(g, (int)p, &ctx, &legal);
		/* up to three actions, each from the orders legal now: the check
		 * keeps those that still hold after the ones before */
		if (rng_range(choose, 0, 9) == 0) {
			e->nmr(g, (int)p, &lines[p]);
		} else {
			struct order_line l[3];
			int k = rng_range(choose, 1, 3);
			memset(l, 0, sizeof l);
			for (int i = 0; i < k && legal.n; i++)
				l[i].text = legal.v[rng_below(choose, (uint32_t)legal.n)];
			e->check(g, (int)p, l, (size_t)k, &ctx);
			for (int i = 0; i < k; i++) {
				if (l[i].canon)
					strlist_take(&lines[p], l[i].canon);
				free(l[i].reason);
			}
		}
		has[p] = true;
		strlist_clear(&legal);
	}
	ck_assert_msg(e->advance(g, &o, &ctx, &ev, &err) == 0, "%s", err);
	g->turn++;
	events_release(&ev);
	for (size_t p = 0; p < g->nplayers; p++)
		strlist_clear(&lines[p]);
}

static void playouts(const char *mix, int length, int games)
{
	char o1[32], o2[32];
	const char *opts[] = { o1, o2 };
	long long turns = 0;
	snprintf(o1, sizeof o1, "destiny=%s", mix);
	snprintf(o2, sizeof o2, "length=%d", length);
	for (int k = 0; k < games; k++) {
		struct rng choose;
		struct game g;
		int n, turn;
		rng_seed(&choose, (uint64_t)k, 5);
		n = rng_range(&choose, 2, 6);
		test_game_new(&g, E, (size_t)n, opts, 2, 77000 + (uint64_t)k);
		for (turn = 1; turn <= 20000 && !E->over(&g); turn++) {
			char *inv;
			random_turn(&g, &choose, 1800000000LL + turn);
			inv = E->invariant(&g);
			ck_assert_msg(!inv, "%s game %d turn %d: %s", mix, k, turn, inv ? inv : "");
		}
		turns += turn;
		if (!E->over(&g)) {
			char *xml = game_to_string(&g, NULL);
			ck_abort_msg("%s game %d did not end:\n%s", mix, k, xml);
		}
		ck_assert_msg(ST(&g)->winner >= 0 && dp_holds_pants(&ST(&g)->pl[ST(&g)->winner]) &&
			      ST(&g)->time <= 0, "%s game %d ended without a winner", mix, k);
		game_release(&g);
	}
	ck_assert_int_gt(turns, games); /* every game took turns to play */
}

START_TEST(playouts_standard)
{
	playouts("standard", 10, playout_count(10000));
}
END_TEST

START_TEST(playouts_volatile)
{
	playouts("volatile", 10, playout_count(10000));
}
END_TEST

START_TEST(playouts_long)
{
	playouts("long", 20, playout_count(10000));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("dragon-pants");
	E = test_engine("dragon-pants");
	TCase *tc = tcase_create("rules");
	TCase *po = tcase_create("playouts");

	tcase_add_test(tc, setup_deals_and_refuses);
	tcase_add_test(tc, dens_per_player_count);
	tcase_add_test(tc, orders_read_canonically);
	tcase_add_test(tc, sight_through_mountains_water_and_dragons);
	tcase_add_test(tc, diagonal_and_water);
	tcase_add_test(tc, actions_checked_in_order);
	tcase_add_test(tc, draw_then_play_the_unknown_card);
	suite_add_tcase(s, tc);
	tcase_set_timeout(po, 900);
	tcase_add_test(po, playouts_standard);
	tcase_add_test(po, playouts_volatile);
	tcase_add_test(po, playouts_long);
	suite_add_tcase(s, po);
	return run_suite(s);
}
