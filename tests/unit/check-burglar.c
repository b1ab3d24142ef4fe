/* check-burglar.c - the Burglar engine's functions one by one: reading
 * orders, seating, the view, loading damaged state, and whole turns played
 * with forced dice (struct rng's forced values) through setup() and
 * advance().  The rulings are also data cases in tests/cases/burglar/. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "testutil.h"

/* Times used below: the test games are created at T0 (2027-01-15 08:00
 * UTC), so the next sunrise after a leave at T0 is 2027-01-16 06:00 UTC. */
#define T0 1800000000LL
#define SUNRISE 1800079200LL

static const struct engine *E; /* set by main() */

/* The verdict on one line for player p: the canonical form, or "!CODE". */
static char *verdict(const struct game *g, int p, const char *text, long long now)
{
	struct engine_ctx ctx = engine_ctx_make(now, "UTC");
	struct order_line l = { 1, (char *)text, NULL, NULL, NULL, false, NULL };
	char *out;
	E->check(g, p, &l, 1, &ctx);
	if (l.canon)
		return l.canon;
	ck_assert_ptr_nonnull(l.reason);
	out = xasprintf("!%s", l.code);
	free(l.reason);
	return out;
}

/* The verdict on text at time now must be want; an accepted line's
 * canonical form must check back to itself. */
static void expect_verdict_at(const struct game *g, int p, const char *text, const char *want,
			      long long now)
{
	char *got = verdict(g, p, text, now), *again;
	ck_assert_msg(!strcmp(got, want), "'%s': got '%s', want '%s'", text, got, want);
	if (got[0] != '!') {
		again = verdict(g, p, got, now);
		ck_assert_str_eq(again, got);
		free(again);
	}
	free(got);
}

static void expect_verdict(const struct game *g, int p, const char *text, const char *want)
{
	expect_verdict_at(g, p, text, want, T0);
}

START_TEST(orders_read_and_echo_canonically)
{
	const char *opts[] = { "seats=3", "tokens=20" };
	struct game g;
	test_game_new(&g, E, 4, opts, 2, 1); /* p3 has no seat */
	expect_verdict(&g, 0, "leave", "leave");
	expect_verdict(&g, 0, "LEAVE", "leave");
	expect_verdict(&g, 0, "leave now", "!unknown-order");
	expect_verdict(&g, 0, "join", "!already-seated");
	expect_verdict(&g, 3, "leave", "!not-seated");
	expect_verdict(&g, 3, "join", "join 20");
	expect_verdict(&g, 3, "Join 5", "join 5");
	expect_verdict(&g, 3, "join 5 seat 2", "join 5 seat 2");
	expect_verdict(&g, 3, "join seat 3", "join 20 seat 3");
	expect_verdict(&g, 3, "join 0", "!bad-tokens");
	expect_verdict(&g, 3, "join 21", "!bad-tokens");
	expect_verdict(&g, 3, "join lots", "!bad-tokens");
	expect_verdict(&g, 3, "join 5 seat 4", "!no-such-seat");
	expect_verdict(&g, 3, "join 5 chair 2", "!unknown-order");
	expect_verdict(&g, 3, "dance", "!unknown-order");
	game_release(&g);
}
END_TEST

START_TEST(one_order_a_turn)
{
	struct game g;
	struct engine_ctx ctx = engine_ctx_make(T0, "UTC");
	struct order_line l[2] = { { 1, "leave", NULL, NULL, NULL, false, NULL },
				   { 2, "leave", NULL, NULL, NULL, false, NULL } };
	test_game_new(&g, E, 2, NULL, 0, 1);
	E->check(&g, 0, l, 2, &ctx);
	ck_assert_str_eq(l[0].canon, "leave");
	ck_assert_ptr_null(l[1].canon);
	ck_assert_str_eq(l[1].code, "one-order");
	free(l[0].canon);
	free(l[1].reason);
	game_release(&g);
}
END_TEST

START_TEST(seats_fill_in_player_order)
{
	const char *opts[] = { "seats=2", "tokens=7" };
	struct game g;
	struct sb view = SB_INIT;
	struct strlist legal = STRLIST_INIT;
	struct engine_ctx ctx = engine_ctx_make(T0, "UTC");
	test_game_new(&g, E, 3, opts, 2, 1);
	E->view(&g, -1, &ctx, &view);
	ck_assert_ptr_nonnull(strstr(sb_str(&view), "  1  p0 "));
	ck_assert_ptr_nonnull(strstr(sb_str(&view), "  2  p1 "));
	ck_assert_ptr_null(strstr(sb_str(&view), "p2"));
	ck_assert_ptr_nonnull(strstr(sb_str(&view), "14 brought to the table"));
	/* The board: 3 4 5 / 6 7 8 / 9 10 11 with the Hoard in the middle. */
	ck_assert_ptr_nonnull(strstr(sb_str(&view), "|   3    |   4    |   5    |"));
	ck_assert_ptr_nonnull(strstr(sb_str(&view), "|   6    |   7 H  |   8    |"));
	ck_assert_ptr_nonnull(strstr(sb_str(&view), "|   9    |  10    |  11    |"));
	/* Full table: the unseated player has nothing to send now. */
	E->legal(&g, 2, &ctx, &legal);
	ck_assert_uint_eq(legal.n, 0);
	E->legal(&g, 0, &ctx, &legal);
	ck_assert_uint_eq(legal.n, 1);
	ck_assert_str_eq(legal.v[0], "leave");
	strlist_clear(&legal);
	sb_release(&view);
	game_release(&g);
}
END_TEST

START_TEST(nobody_is_awaited_and_nmr_is_stay)
{
	struct game g;
	bool awaited[MAX_PLAYERS];
	struct strlist orders = STRLIST_INIT;
	test_game_new(&g, E, 3, NULL, 0, 1);
	E->awaited(&g, awaited);
	for (int p = 0; p < 3; p++)
		ck_assert(!awaited[p]);
	E->nmr(&g, 0, &orders);
	ck_assert_uint_eq(orders.n, 0);
	game_release(&g);
}
END_TEST

/* --- whole turns with forced dice ---------------------------------------- */

/* Play one turn at time now: orders[p] is player p's one order line or
 * NULL, and every die comes from dice (no other draw is allowed).  The
 * table must add up afterwards.  Then move the game on as the core does. */
static void play(struct game *g, const char *const *orders, const int *dice, size_t ndice,
		 long long now, struct events *ev)
{
	bool has[MAX_PLAYERS] = { false };
	struct strlist lines[MAX_PLAYERS];
	struct turn_orders to = { g->nplayers, has, lines };
	struct engine_ctx ctx = engine_ctx_make(now, "UTC");
	uint64_t state = g->rng.state;
	char *err = NULL, *why;

	memset(lines, 0, sizeof lines);
	for (size_t p = 0; orders && p < g->nplayers; p++) {
		if (orders[p]) {
			strlist_add(&lines[p], orders[p]);
			has[p] = true;
		}
	}
	g->rng.forced = dice;
	g->rng.nforced = ndice;
	g->rng.iforced = 0;
	ck_assert_int_eq(E->advance(g, &to, &ctx, ev, &err), 0);
	ck_assert_msg(g->rng.iforced == ndice, "used %zu of %zu dice", g->rng.iforced, ndice);
	ck_assert_msg(g->rng.state == state, "rolled more dice than were forced");
	g->rng.forced = NULL;
	g->rng.nforced = g->rng.iforced = 0;
	why = E->invariant(g);
	ck_assert_msg(!why, "%s", why);
	g->turn++;
	g->last_run = now;
	for (size_t p = 0; p < g->nplayers; p++)
		strlist_clear(&lines[p]);
}

/* The turn's events must be exactly want, in order; then forget them. */
static void expect_events(struct events *ev, const char *const *want, size_t n)
{
	for (size_t i = 0; i < n && i < ev->n; i++)
		ck_assert_msg(!strcmp(ev->v[i].text, want[i]), "event %zu: got '%s', want '%s'",
			      i, ev->v[i].text, want[i]);
	ck_assert_msg(ev->n == n, "%zu events, want %zu", ev->n, n);
	for (size_t i = 0; i < ev->n; i++)
		ck_assert(ev->v[i].audience == AUD_ALL);
	events_release(ev);
	*ev = (struct events)EVENTS_INIT;
}

/* The engine's part of game.xml must contain each of want. */
static void expect_table(const struct game *g, const char *const *want, size_t n)
{
	char *xml = game_to_string(g, NULL), *at = strstr(xml, "<engine ");
	ck_assert_ptr_nonnull(at);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(strstr(at, want[i]), "no '%s' in\n%s", want[i], at);
	free(xml);
}

static bool view_has(const struct game *g, int p, const char *text)
{
	struct engine_ctx ctx = game_ctx(g, g->deadline);
	struct sb v = SB_INIT;
	bool has;
	E->view(g, p, &ctx, &v);
	has = strstr(sb_str(&v), text) != NULL;
	sb_release(&v);
	return has;
}

START_TEST(roll_off_ties_roll_again)
{
	static const int dice[] = { 5, 5, 2, 3, 3, 1, 4, 2, 2, 1, 2, 6, 2 };
	static const char *const want[] = {
		"Opening roll-off: p0 5, p1 5, p2 2.",
		"Tie, roll again: p0 3, p1 3.",
		"Tie, roll again: p0 1, p1 4.",
		"p1 goes first.",
		"p1 rolls 2+2 = 4 and pays a token into coffer 4; p1 has 19.",
		"p2 rolls 1+2 = 3 and pays a token into coffer 3; p2 has 19.",
		"p0 rolls 6+2 = 8 and pays a token into coffer 8; p0 has 19.",
	};
	static const char *const table[] = { "started=\"yes\" over=\"no\" next=\"2\"" };
	struct game g;
	struct events ev = EVENTS_INIT;
	test_game_new(&g, E, 3, NULL, 0, 1);
	ck_assert(!view_has(&g, -1, "rolls first"));
	play(&g, NULL, dice, ARRAY_SIZE(dice), T0, &ev);
	expect_events(&ev, want, ARRAY_SIZE(want));
	expect_table(&g, table, ARRAY_SIZE(table));
	ck_assert(view_has(&g, -1, "  2  p1                 19 tokens  rolls first next turn"));
	game_release(&g);
}
END_TEST

START_TEST(every_roll_does_its_thing)
{
	static const int t1[] = { 6, 1, 1, 3, 2, 2 }, t2[] = { 3, 4, 1, 2 },
			 t3[] = { 5, 6, 1, 1 }, t4[] = { 6, 6, 3, 3 };
	static const char *const w1[] = {
		"Opening roll-off: p0 6, p1 1.", "p0 goes first.",
		"p0 rolls 1+3 = 4 and pays a token into coffer 4; p0 has 19.",
		"p1 rolls 2+2 = 4 and takes the token in coffer 4; p1 has 21.",
	}, *const w2[] = {
		"p0 rolls 3+4 = 7 and feeds the Dragon's Hoard (now 1); p0 has 18.",
		"p1 rolls 1+2 = 3 and pays a token into coffer 3; p1 has 20.",
	}, *const w3[] = {
		"p0 rolls 5+6 = 11 and pays a token into coffer 11; p0 has 17.",
		"p1 rolls 1+1 = 2 and empties the coffers: 2 tokens; p1 has 22.",
	}, *const w4[] = {
		"p0 rolls 6+6 = 12 and robs the Dragon's Hoard: 1 token; p0 has 18.",
		"p1 rolls 3+3 = 6 and pays a token into coffer 6; p1 has 21.",
	}, *const table[] = {
		"next=\"1\" hoard=\"0\" supplied=\"40\">\n    <coffer number=\"6\"/>\n    <seat ",
		"<seat number=\"1\" player=\"p0\" tokens=\"18\"/>",
		"<seat number=\"2\" player=\"p1\" tokens=\"21\"/>",
	};
	struct game g;
	struct events ev = EVENTS_INIT;
	test_game_new(&g, E, 2, NULL, 0, 1);
	play(&g, NULL, t1, ARRAY_SIZE(t1), T0, &ev);
	expect_events(&ev, w1, ARRAY_SIZE(w1));
	play(&g, NULL, t2, ARRAY_SIZE(t2), T0 + 86400, &ev);
	expect_events(&ev, w2, ARRAY_SIZE(w2));
	play(&g, NULL, t3, ARRAY_SIZE(t3), T0 + 2 * 86400, &ev);
	expect_events(&ev, w3, ARRAY_SIZE(w3));
	play(&g, NULL, t4, ARRAY_SIZE(t4), T0 + 3 * 86400, &ev);
	expect_events(&ev, w4, ARRAY_SIZE(w4));
	expect_table(&g, table, ARRAY_SIZE(table));
	ck_assert(view_has(&g, -1, "|   6    |   7 H  |   8    |\n  |    1   |    .   |    .   |"));
	ck_assert(view_has(&g, 1, "You sit in seat 2 with 21 tokens."));
	game_release(&g);
}
END_TEST

START_TEST(rounds_per_turn)
{
	static const int dice[] = { 4, 2, 1, 2, 2, 2, 1, 2, 2, 2 };
	static const char *const want[] = {
		"Opening roll-off: p0 4, p1 2.", "p0 goes first.", "Round 1 of 2.",
		"p0 rolls 1+2 = 3 and pays a token into coffer 3; p0 has 19.",
		"p1 rolls 2+2 = 4 and pays a token into coffer 4; p1 has 19.", "Round 2 of 2.",
		"p0 rolls 1+2 = 3 and takes the token in coffer 3; p0 has 20.",
		"p1 rolls 2+2 = 4 and takes the token in coffer 4; p1 has 20.",
	};
	const char *opts[] = { "rounds=2" };
	struct game g;
	struct events ev = EVENTS_INIT;
	test_game_new(&g, E, 2, opts, 1, 1);
	play(&g, NULL, dice, ARRAY_SIZE(dice), T0, &ev);
	expect_events(&ev, want, ARRAY_SIZE(want));
	game_release(&g);
}
END_TEST

START_TEST(broke_players_leave_and_the_last_sweeps_the_board)
{
	static const int dice[] = { 6, 1, 1, 3, 4, 2, 2 };
	static const char *const want[] = {
		"Opening roll-off: p0 6, p1 1, p2 1.", "p0 goes first.",
		"p0 rolls 3+4 = 7 and feeds the Dragon's Hoard (now 1); p0 has 0.",
		"p0 is out of tokens and leaves the table (may join again after "
		"2027-01-16 06:00 UTC).",
		"p1 rolls 2+2 = 4 and pays a token into coffer 4; p1 has 0.",
		"p1 is out of tokens and leaves the table (may join again after "
		"2027-01-16 06:00 UTC).",
		"p2 is the last at the table and sweeps the 2 tokens on the board: 3 tokens. "
		"The game is over.",
	}, *const table[] = {
		"over=\"yes\"", "hoard=\"0\" supplied=\"3\">\n    <seat ",
		"<seat number=\"3\" player=\"p2\" tokens=\"3\"/>",
		"<away player=\"p0\" carried=\"0\" rejoin=\"2027-01-16T06:00:00Z\"/>",
		"<winner player=\"p2\"/>",
	};
	const char *opts[] = { "tokens=1" };
	struct game g;
	struct events ev = EVENTS_INIT;
	struct strlist legal = STRLIST_INIT;
	struct engine_ctx ctx = engine_ctx_make(SUNRISE + 1, "UTC");
	test_game_new(&g, E, 3, opts, 1, 1);
	/* p2 never rolls: the round stops the moment the game ends. */
	play(&g, NULL, dice, ARRAY_SIZE(dice), T0, &ev);
	expect_events(&ev, want, ARRAY_SIZE(want));
	expect_table(&g, table, ARRAY_SIZE(table));
	ck_assert(E->over(&g));
	ck_assert(view_has(&g, -1, "  3  p2                  3 tokens  winner"));
	ck_assert(view_has(&g, -1, "  p1                  carried off 0 tokens"));
	/* Nothing more to send, and a further turn changes nothing. */
	for (int p = 0; p < 3; p++) {
		E->legal(&g, p, &ctx, &legal);
		ck_assert_uint_eq(legal.n, 0);
	}
	expect_verdict(&g, 0, "join", "!game-over");
	play(&g, NULL, NULL, 0, SUNRISE + 1, &ev);
	expect_events(&ev, NULL, 0);
	game_release(&g);
}
END_TEST

START_TEST(sunrise_rule_and_newcomer_plays_when_the_turn_comes_round)
{
	static const int t1[] = { 6, 1, 1, 3, 4, 1, 1, 6, 6 }, t2[] = { 1, 1, 1, 1 },
			 t3[] = { 1, 1, 1, 1, 1, 1 };
	static const char *const w2[] = {
		"p0's order 'join 1' cannot be carried out: you left the table; you may join "
		"again after sunrise, 2027-01-16 06:00 UTC.",
		"p1 rolls 1+1 = 2 and empties the coffers: 0 tokens; p1 has 1.",
		"p2 rolls 1+1 = 2 and empties the coffers: 0 tokens; p2 has 2.",
	}, *const w3[] = {
		"p0 joins the table in seat 1 with 1 token.",
		/* The last roller was p2 in seat 3; seats 4-6 are empty, so seat 1
		 * comes next: the newcomer before p1. */
		"p0 rolls 1+1 = 2 and empties the coffers: 0 tokens; p0 has 1.",
		"p1 rolls 1+1 = 2 and empties the coffers: 0 tokens; p1 has 1.",
		"p2 rolls 1+1 = 2 and empties the coffers: 0 tokens; p2 has 2.",
	};
	const char *opts[] = { "tokens=1" };
	const char *join[] = { "join 1", NULL, NULL };
	struct game g;
	struct events ev = EVENTS_INIT;
	struct strlist legal = STRLIST_INIT;
	struct engine_ctx early = engine_ctx_make(SUNRISE - 1, "UTC"), late = engine_ctx_make(SUNRISE, "UTC");
	char *got;
	test_game_new(&g, E, 3, opts, 1, 1);
	play(&g, NULL, t1, ARRAY_SIZE(t1), T0, &ev); /* p0 goes broke on a 7 */
	events_release(&ev);
	ev = (struct events)EVENTS_INIT;
	ck_assert(view_has(&g, 0, "You have no seat; you may join again after "
			   "2027-01-16 06:00 UTC."));

	/* Orders for a deadline before sunrise are refused, naming the time. */
	E->legal(&g, 0, &early, &legal);
	ck_assert_uint_eq(legal.n, 0);
	got = verdict(&g, 0, "join", SUNRISE - 1);
	ck_assert_str_eq(got, "!before-sunrise");
	free(got);
	E->legal(&g, 0, &late, &legal);
	ck_assert_uint_eq(legal.n, 1);
	ck_assert_str_eq(legal.v[0], "join 1");
	strlist_clear(&legal);
	got = verdict(&g, 0, "join", SUNRISE);
	ck_assert_str_eq(got, "join 1");
	free(got);

	/* Accepted for the deadline, but the turn ran early: refused then. */
	play(&g, join, t2, ARRAY_SIZE(t2), SUNRISE - 60, &ev);
	expect_events(&ev, w2, ARRAY_SIZE(w2));
	play(&g, join, t3, ARRAY_SIZE(t3), SUNRISE + 60, &ev);
	expect_events(&ev, w3, ARRAY_SIZE(w3));
	game_release(&g);
}
END_TEST

START_TEST(leaves_come_before_joins_and_a_pending_join_keeps_the_game)
{
	static const int t1[] = { 6, 1, 1, 2, 1, 3 }, t2[] = { 1, 2, 1, 3 };
	static const char *const w2[] = {
		"p0 leaves the table with 19 tokens (may join again after 2027-01-16 06:00 UTC).",
		"p2 joins the table in seat 1 with 5 tokens.",
		"p2 rolls 1+2 = 3 and takes the token in coffer 3; p2 has 6.",
		"p1 rolls 1+3 = 4 and takes the token in coffer 4; p1 has 20.",
	}, *const table[] = {
		"over=\"no\" next=\"1\" hoard=\"0\" supplied=\"45\"",
		"<seat number=\"1\" player=\"p2\" tokens=\"6\"/>",
		"<away player=\"p0\" carried=\"19\" rejoin=\"2027-01-16T06:00:00Z\"/>",
	};
	const char *opts[] = { "seats=2" };
	const char *orders[] = { "leave", NULL, "join 5 seat 1" };
	struct game g;
	struct events ev = EVENTS_INIT;
	test_game_new(&g, E, 3, opts, 1, 1);
	play(&g, NULL, t1, ARRAY_SIZE(t1), T0, &ev);
	events_release(&ev);
	ev = (struct events)EVENTS_INIT;
	play(&g, orders, t2, ARRAY_SIZE(t2), T0 + 3600, &ev);
	expect_events(&ev, w2, ARRAY_SIZE(w2));
	expect_table(&g, table, ARRAY_SIZE(table));
	ck_assert(view_has(&g, -1, "  p0                  carried off 19 tokens"));
	game_release(&g);
}
END_TEST

START_TEST(join_at_a_full_table_fails_as_an_event)
{
	static const int t1[] = { 6, 1, 1, 2, 1, 3 }, t2[] = { 1, 2, 1, 3 };
	static const char *const w2[] = {
		"p2 wants to join, but every seat is taken.",
		"p0 rolls 1+2 = 3 and takes the token in coffer 3; p0 has 20.",
		"p1 rolls 1+3 = 4 and takes the token in coffer 4; p1 has 20.",
	};
	const char *opts[] = { "seats=2" };
	const char *orders[] = { NULL, NULL, "join" };
	struct game g;
	struct events ev = EVENTS_INIT;
	test_game_new(&g, E, 3, opts, 1, 1);
	play(&g, NULL, t1, ARRAY_SIZE(t1), T0, &ev);
	events_release(&ev);
	ev = (struct events)EVENTS_INIT;
	/* Accepted when sent: a seated player may leave in the same turn. */
	expect_verdict(&g, 2, "join", "join 20");
	play(&g, orders, t2, ARRAY_SIZE(t2), T0 + 3600, &ev);
	expect_events(&ev, w2, ARRAY_SIZE(w2));
	game_release(&g);
}
END_TEST

/* Two players have each paid a token into a coffer (3 and 4). */
static void two_coffers_game(struct game *g, size_t n)
{
	static const int t1[] = { 6, 1, 1, 2, 1, 3 };
	const char *opts[] = { "seats=2" };
	struct events ev = EVENTS_INIT;
	test_game_new(g, E, n, opts, 1, 1);
	play(g, NULL, t1, ARRAY_SIZE(t1), T0, &ev);
	events_release(&ev);
}

START_TEST(the_last_leave_ends_the_game)
{
	static const char *const want[] = {
		"p0 leaves the table with 19 tokens (may join again after 2027-01-16 06:00 UTC).",
		"p1 is the last at the table and sweeps the 2 tokens on the board: 21 tokens. "
		"The game is over.",
	};
	const char *orders[] = { "leave", NULL };
	struct game g;
	struct events ev = EVENTS_INIT;
	two_coffers_game(&g, 2);
	play(&g, orders, NULL, 0, T0 + 3600, &ev);
	expect_events(&ev, want, ARRAY_SIZE(want));
	ck_assert(E->over(&g));
	game_release(&g);
}
END_TEST

START_TEST(dropped_player_leaves_and_the_end_waits_for_the_joins)
{
	static const int t2[] = { 1, 2, 1, 3 };
	static const char *const w2[] = {
		"p0 leaves the table for good with 19 tokens.",
		"p2 joins the table in seat 1 with 20 tokens.",
		"p2 rolls 1+2 = 3 and takes the token in coffer 3; p2 has 21.",
		"p1 rolls 1+3 = 4 and takes the token in coffer 4; p1 has 20.",
	}, *const w3[] = {
		"p2 leaves the table for good with 21 tokens.",
		"p1 is the last at the table and sweeps the 0 tokens on the board: 20 tokens. "
		"The game is over.",
	};
	const char *orders[] = { NULL, NULL, "join" };
	struct engine_ctx ctx = engine_ctx_make(T0 + 3600, "UTC");
	struct game g;
	struct events ev = EVENTS_INIT;
	two_coffers_game(&g, 3);
	/* The core drops p0 at the start of the turn, then advances it. */
	g.players[0].dropped = true;
	E->drop(&g, 0, &ctx, &ev);
	ck_assert(!E->over(&g));
	ck_assert(view_has(&g, 0, "You are out of the game."));
	ck_assert(view_has(&g, -1, "  p0                  carried off 19 tokens (out of the game)"));
	play(&g, orders, t2, ARRAY_SIZE(t2), ctx.now, &ev);
	expect_events(&ev, w2, ARRAY_SIZE(w2));
	/* With no join pending the end comes before any dice. */
	ctx.now += 86400;
	g.players[2].dropped = true;
	E->drop(&g, 2, &ctx, &ev);
	play(&g, NULL, NULL, 0, ctx.now, &ev);
	expect_events(&ev, w3, ARRAY_SIZE(w3));
	ck_assert(E->over(&g));
	game_release(&g);
}
END_TEST

START_TEST(nobody_left_leaves_the_board_to_the_dragon)
{
	static const char *const want[] = {
		"p0 leaves the table for good with 19 tokens.",
		"p1 leaves the table for good with 19 tokens.",
		"Nobody is left at the table; the game is over and the 2 tokens on the board "
		"stay with the Dragon.",
	};
	struct engine_ctx ctx = engine_ctx_make(T0 + 3600, "UTC");
	struct game g;
	struct events ev = EVENTS_INIT;
	two_coffers_game(&g, 2);
	E->drop(&g, 0, &ctx, &ev);
	E->drop(&g, 1, &ctx, &ev);
	play(&g, NULL, NULL, 0, ctx.now, &ev);
	expect_events(&ev, want, ARRAY_SIZE(want));
	ck_assert(E->over(&g));
	game_release(&g);
}
END_TEST

START_TEST(save_load_save_is_identical_and_legal_checks_back)
{
	static const int t1[] = { 6, 1, 1, 1, 3, 4, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1 };
	const char *opts[] = { "tokens=1", "rounds=2", "seats=4" };
	struct engine_ctx ctx = engine_ctx_make(SUNRISE, "UTC");
	struct events ev = EVENTS_INIT;
	struct game g, h;
	char *a, *b, *err = NULL;
	size_t alen, blen;
	test_game_new(&g, E, 5, opts, 3, 1);
	play(&g, NULL, t1, ARRAY_SIZE(t1), T0, &ev); /* p0 broke; p1 p2 p3 play on */
	events_release(&ev);
	a = game_to_string(&g, &alen);
	ck_assert_msg(game_load_buffer(&h, a, alen, "g.xml", &err) == 0, "%s", err);
	b = game_to_string(&h, &blen);
	ck_assert_str_eq(a, b);
	/* Seated (leave), away and unseated (join N): each line checks back
	 * to itself. */
	for (int p = 0; p < 5; p++) {
		struct strlist legal = STRLIST_INIT;
		E->legal(&h, p, &ctx, &legal);
		ck_assert_uint_gt(legal.n, 0);
		for (size_t i = 0; i < legal.n; i++)
			expect_verdict_at(&h, p, legal.v[i], legal.v[i], ctx.now);
		strlist_clear(&legal);
	}
	free(a);
	free(b);
	game_release(&h);
	game_release(&g);
}
END_TEST

/* Load a copy of xml with from replaced by to: it must be refused. */
static void expect_refused(const char *xml, const char *from, const char *to)
{
	struct game g;
	char *at = strstr(xml, from), *bad, *err = NULL;
	ck_assert_ptr_nonnull(at);
	bad = xasprintf("%.*s%s%s", (int)(at - xml), xml, to, at + strlen(from));
	ck_assert_msg(game_load_buffer(&g, bad, strlen(bad), "g.xml", &err) == -1,
		      "accepted: %s", to);
	ck_assert_msg(strstr(err, "g.xml:") && strstr(err, "does not add up"), "%s", err);
	free(err);
	free(bad);
}

START_TEST(damaged_tables_are_refused)
{
	struct game g;
	char *xml;
	test_game_new(&g, E, 2, NULL, 0, 1);
	xml = game_to_string(&g, NULL);
	game_release(&g);
	/* Schema-valid, but not a table. */
	expect_refused(xml, "<seat number=\"2\" player=\"p1\"", "<seat number=\"2\" player=\"p0\"");
	expect_refused(xml, "supplied=\"40\"", "supplied=\"41\"");
	expect_refused(xml, "tokens=\"20\"", "tokens=\"0\"");
	expect_refused(xml, "next=\"1\"", "next=\"7\"");
	expect_refused(xml, "<seat number=\"1\"",
		       "<coffer number=\"3\"/><coffer number=\"3\"/><seat number=\"1\"");
	/* Something save() never writes, so save would not give it back. */
	expect_refused(xml, "</engine>", "<away player=\"p0\" carried=\"0\"/></engine>");
	free(xml);
}
END_TEST

START_TEST(too_few_players_refused)
{
	struct game g;
	char *err = NULL;
	const struct option_spec *tables[] = { core_options, E->options, NULL };
	memset(&g, 0, sizeof g);
	g.engine = E;
	ck_assert_int_eq(option_set_build(&g.opts, tables, NULL, 0, &err), 0);
	g.nplayers = 1;
	g.players = xcalloc(1, sizeof *g.players);
	ck_assert_int_eq(E->setup(&g, &err), -1);
	ck_assert_ptr_nonnull(err);
	free(err);
	free(g.players);
	option_set_release(&g.opts);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("burglar");
	E = test_engine("burglar");
	TCase *tc = tcase_create("burglar");
	tcase_add_test(tc, orders_read_and_echo_canonically);
	tcase_add_test(tc, one_order_a_turn);
	tcase_add_test(tc, seats_fill_in_player_order);
	tcase_add_test(tc, nobody_is_awaited_and_nmr_is_stay);
	tcase_add_test(tc, roll_off_ties_roll_again);
	tcase_add_test(tc, every_roll_does_its_thing);
	tcase_add_test(tc, rounds_per_turn);
	tcase_add_test(tc, broke_players_leave_and_the_last_sweeps_the_board);
	tcase_add_test(tc, sunrise_rule_and_newcomer_plays_when_the_turn_comes_round);
	tcase_add_test(tc, leaves_come_before_joins_and_a_pending_join_keeps_the_game);
	tcase_add_test(tc, join_at_a_full_table_fails_as_an_event);
	tcase_add_test(tc, the_last_leave_ends_the_game);
	tcase_add_test(tc, dropped_player_leaves_and_the_end_waits_for_the_joins);
	tcase_add_test(tc, nobody_left_leaves_the_board_to_the_dragon);
	tcase_add_test(tc, save_load_save_is_identical_and_legal_checks_back);
	tcase_add_test(tc, damaged_tables_are_refused);
	tcase_add_test(tc, too_few_players_refused);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
