/* check-city-of-glass.c - City of Glass beyond the generic engine suite:
 * reading orders, the setup file, forecasts in confirmations, and 10,000
 * seeded play-outs with whole activations (a card, a path, an exchange,
 * a swap) that end legally with the invariants holding after every turn.
 * The rulings themselves are rule cases in tests/cases/city-of-glass/. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "games/city-of-glass/cog-int.h"
#include "testutil.h"

#define E (engine_find("city-of-glass"))

static void new_game(struct game *g, int players, uint64_t seed, const char *setup)
{
	static const char *const names[] = { "ann", "bob", "cat", "dan" };
	char *err = NULL;
	memset(g, 0, sizeof *g);
	g->id = xstrdup("t");
	g->engine = E;
	g->turn = 1;
	g->seed = seed;
	rng_seed(&g->rng, seed, 0x7779726dULL);
	{
		const struct option_spec *tables[] = { E->options, NULL };
		ck_assert(option_set_build(&g->opts, tables, NULL, 0, &err) == 0);
	}
	g->players = xcalloc((size_t)players, sizeof *g->players);
	g->nplayers = g->players_alloc = (size_t)players;
	for (int p = 0; p < players; p++) {
		g->players[p].name = xstrdup(names[p]);
		g->players[p].email = xstrdup("x@example.org");
		g->players[p].hash = xstrdup("x");
	}
	g->setup_text = setup;
	g->setup_name = "piles.txt";
	ck_assert_msg(E->setup(g, &err) == 0, "%s", err ? err : "");
	g->setup_text = g->setup_name = NULL;
}

START_TEST(reading_orders)
{
	static const struct {
		const char *in, *canon;
	} ok[] = {
		{ "place (12.5, 20)", "place 12.5,20" },
		{ "PLACE 3.333,4.006", "place 3.33,4.01" },
		{ "move 1,2 3,4;5,6", "move 1,2 3,4 5,6" },
		{ "play 10s on b", "play 10S on B" },
		{ "play q\u2665 c", "play QH on C" },
		{ "play JK", "play joker" },
		{ "discard ad", "discard AD" },
		{ "murder d", "exchange D" },
		{ "swap with A", "swap A" },
	};
	static const struct {
		const char *in, *code;
	} bad[] = {
		{ "place 12.5", "bad-point" },   { "place 1,2 3,4", "bad-point" },
		{ "move", "bad-point" },         { "play 11H on B", "unknown-card" },
		{ "play 7H on E", "no-such-model" }, { "play 7H", "bad-order" },
		{ "play joker on A", "bad-order" }, { "discard 7H on A", "bad-order" },
		{ "exchange", "no-such-model" }, { "fly 1,2", "unknown-order" },
		{ "move nan,3", "bad-point" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(ok); i++) {
		struct cog_order o;
		const char *code = NULL;
		char *reason = NULL, *canon;
		ck_assert_msg(cog_parse(ok[i].in, &o, &code, &reason), "%s: %s", ok[i].in, reason);
		canon = cog_format(&o);
		ck_assert_str_eq(canon, ok[i].canon);
		free(canon);
	}
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		struct cog_order o;
		const char *code = NULL;
		char *reason = NULL;
		ck_assert_msg(!cog_parse(bad[i].in, &o, &code, &reason), "%s accepted", bad[i].in);
		ck_assert_msg(!strcmp(code, bad[i].code), "%s: %s", bad[i].in, code);
		ck_assert(reason && *reason);
		free(reason);
	}
}
END_TEST

START_TEST(setup_file)
{
	static const struct {
		const char *text, *err;
	} bad[] = {
		{ "pile 1 1 2\npile 1 1\n", "piles.txt:2: write 'pile X Y BOOKS'" },
		{ "# two piles\n\npile 1 1 2\nstack 9 9 2\n", "piles.txt:4:" },
		{ "pile 1 1 0\n", "piles.txt:1:" },
		{ "pile 1 1 2\npile 2 2 3\n", "piles.txt: piles 1 and 2" },
		{ "pile 16 16 2\n", "piles.txt: pile 1 is" },
		{ "pile 33 1 turned 2\n", "piles.txt: pile 1 (33,1 to 40,5.25) is not wholly" },
	};
	struct game g;
	memset(&g, 0, sizeof g);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char *err = NULL;
		struct game h;
		new_game(&h, 2, 1, NULL);
		E->release(&h);
		h.setup_text = bad[i].text;
		h.setup_name = "piles.txt";
		ck_assert_msg(E->setup(&h, &err) != 0, "%s accepted", bad[i].text);
		ck_assert_msg(!strncmp(err, bad[i].err, strlen(bad[i].err)), "%s", err);
		free(err);
		h.state = NULL;
		game_release(&h);
	}
	new_game(&g, 1, 1, "pile 1 1 2 # low\npile 10 1 turned 6\n");
	{
		const struct cog_state *s = g.state;
		ck_assert_int_eq(s->npiles, 2);
		ck_assert_int_eq(s->piles[1].turned, 1);
		ck_assert_int_eq(s->piles[1].books, 6);
	}
	game_release(&g);
}
END_TEST

/* --- play-outs ------------------------------------------------------------ */

struct tally {
	int won, nobody, removed, moves, swaps;
};

/* A point about dist from the model at m's spot, toward target t when
 * t >= 0 (within exchange reach of it), else in a random direction. */
static void aim(const struct cog_state *s, int m, int t, int allowance, struct rng *r,
		struct cog_xy *to)
{
	struct cog_xy from = s->m[m].at;
	if (t >= 0) {
		double dx = s->m[t].at.x - from.x, dy = s->m[t].at.y - from.y, d = hypot(dx, dy);
		double go = d - 1.5 - rng_range(r, 0, 150) / 100.0;
		if (go > allowance)
			go = allowance;
		if (go < 0)
			go = 0;
		to->x = from.x + (d > 0 ? dx / d * go : 0);
		to->y = from.y + (d > 0 ? dy / d * go : 0);
	} else {
		double a = rng_range(r, 0, 359) * M_PI / 180, go = rng_range(r, 0, allowance * 10) / 10.0;
		to->x = from.x + cos(a) * go;
		to->y = from.y + sin(a) * go;
	}
}

/* The lines of one whole turn for player p: a legal action, and for a
 * card played on a model, a path and an exchange and a swap to try; the
 * engine's own check keeps what it accepts. */
static void one_turn(struct game *g, int p, struct rng *r, struct strlist *keep, struct tally *t)
{
	const struct cog_state *s = g->state;
	struct strlist legal = STRLIST_INIT, tries = STRLIST_INIT;
	struct engine_ctx ctx = engine_ctx_make(0, "UTC");
	struct order_line l[4];
	struct cog_order o;
	const char *code;
	char *reason = NULL;
	size_t n;

	E->legal(g, p, &ctx, &legal);
	if (!legal.n || !rng_range(r, 0, 7)) {
		strlist_clear(&legal);
		return; /* no orders: the no-orders rule */
	}
	strlist_add(&tries, legal.v[rng_below(r, (uint32_t)legal.n)]);
	if (!cog_parse(tries.v[0], &o, &code, &reason))
		ck_abort_msg("legal '%s' does not parse", tries.v[0]);
	if (o.verb == V_PLAY) {
		int allowance = cog_move_allowance(s, o.card, o.model), target = -1;
		struct cog_xy to, to2;
		char a[32], b[32];
		/* Mostly the model this role may act on, when one has that role. */
		static const int prey[4] = { SU_CLUBS, SU_SPADES, SU_HEARTS, SU_DIAMONDS };
		for (int k = 0; k < COG_MODELS; k++)
			if (k != o.model && cog_in_play(s, k) && rng_range(r, 0, 1))
				target = k;
		for (int k = 0; k < COG_MODELS; k++)
			if (k != o.model && cog_in_play(s, k) && s->m[k].role != NO_CARD &&
			    cog_suit(s->m[k].role) == prey[cog_suit(o.card)] && rng_range(r, 0, 3))
				target = k;
		aim(s, o.model, target, allowance, r, &to);
		cog_xy_text(a, sizeof a, to);
		if (rng_range(r, 0, 2)) {
			strlist_addf(&tries, "move %s", a);
		} else {
			to2 = to;
			to.x = (to.x + s->m[o.model].at.x) / 2 + 0.5;
			to.y = (to.y + s->m[o.model].at.y) / 2;
			cog_xy_text(b, sizeof b, to);
			strlist_addf(&tries, "move %s %s", b, a);
			(void)to2;
		}
		if (target >= 0)
			strlist_addf(&tries, "exchange %c", cog_model_names[target]);
		if (cog_rank(o.card) == 7)
			strlist_addf(&tries, "swap %c", cog_model_names[rng_range(r, 0, 3)]);
	}
	n = tries.n;
	memset(l, 0, sizeof l);
	for (size_t i = 0; i < n; i++)
		l[i].text = tries.v[i];
	E->check(g, p, l, n, &ctx);
	if (!l[0].canon)
		ck_abort_msg("legal '%s' rejected: %s", tries.v[0], l[0].reason);
	for (size_t i = 0; i < n; i++) {
		if (l[i].canon) {
			t->moves += !strncmp(l[i].canon, "move", 4);
			t->swaps += !strncmp(l[i].canon, "swap", 4);
			strlist_take(keep, l[i].canon);
		}
		free(l[i].reason);
		free(l[i].note);
	}
	strlist_clear(&legal);
	strlist_clear(&tries);
}

static bool playout(uint64_t seed, struct tally *t)
{
	struct game g;
	struct rng r;
	int players = 1 + (int)(seed % 4);
	new_game(&g, players, seed, NULL);
	rng_seed(&r, seed, 99);
	for (int turn = 0; turn < 3000 && !E->over(&g); turn++) {
		const struct cog_state *s = g.state;
		struct strlist lines[COG_MAXP] = { STRLIST_INIT, STRLIST_INIT, STRLIST_INIT, STRLIST_INIT };
		bool has[COG_MAXP] = { false };
		struct turn_orders o = { (size_t)players, has, lines };
		struct engine_ctx ctx = engine_ctx_make(0, "UTC");
		struct events ev = EVENTS_INIT;
		int p = s->current, before = cog_models_left(s);
		char *err = NULL, *bad;
		one_turn(&g, p, &r, &lines[p], t);
		has[p] = lines[p].n > 0;
		if (E->advance(&g, &o, &ctx, &ev, &err))
			ck_abort_msg("seed %llu turn %d: %s", (unsigned long long)seed, turn, err);
		t->removed += before - cog_models_left(g.state) > 0 && s->phase != PH_PLACE;
		if ((bad = E->invariant(&g)))
			ck_abort_msg("seed %llu turn %d: %s", (unsigned long long)seed, turn, bad);
		events_release(&ev);
		for (int q = 0; q < players; q++)
			strlist_clear(&lines[q]);
	}
	if (!E->over(&g)) {
		game_release(&g);
		return false;
	}
	if (((const struct cog_state *)g.state)->winner >= 0)
		t->won++;
	else
		t->nobody++;
	game_release(&g);
	return true;
}

START_TEST(ten_thousand_playouts)
{
	struct tally t = { 0, 0, 0, 0, 0 };
	int n = playout_count(10000);
	for (uint64_t seed = 1; seed <= (uint64_t)n; seed++)
		if (!playout(seed, &t))
			ck_abort_msg("seed %llu did not end", (unsigned long long)seed);
	ck_assert_int_eq(t.won + t.nobody, n);
	/* Paths, exchanges and swaps all happen, and some games are won. */
	ck_assert_msg(t.moves > n && t.removed > n / 20 && t.swaps > n / 20 && t.won > 0,
		      "moves %d, models removed %d, swaps %d, won %d", t.moves, t.removed,
		      t.swaps, t.won);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("city-of-glass");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, reading_orders);
	tcase_add_test(tc, setup_file);
	tcase_add_test(tc, ten_thousand_playouts);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
