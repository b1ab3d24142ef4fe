/* check_burglar.c - the Burglar engine's functions one by one: reading
 * orders, seating, the view, loading damaged state.  The rulings themselves
 * are data cases in tests/cases/burglar/. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "testutil.h"

static const struct engine *E = &burglar_engine;

/* The verdict on one line for player p: the canonical form, or "!CODE". */
static char *verdict(const struct game *g, int p, const char *text, long long now)
{
	struct engine_ctx ctx = { now, "UTC" };
	struct order_line l = { 1, (char *)text, NULL, NULL, NULL, false };
	char *out;
	E->check(g, p, &l, 1, &ctx);
	if (l.canon)
		return l.canon;
	ck_assert_ptr_nonnull(l.reason);
	out = xasprintf("!%s", l.code);
	free(l.reason);
	return out;
}

static void expect_verdict(const struct game *g, int p, const char *text, const char *want)
{
	char *got = verdict(g, p, text, 1800000000);
	ck_assert_msg(!strcmp(got, want), "'%s': got '%s', want '%s'", text, got, want);
	free(got);
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
	struct engine_ctx ctx = { 1800000000, "UTC" };
	struct order_line l[2] = { { 1, "leave", NULL, NULL, NULL, false },
				   { 2, "leave", NULL, NULL, NULL, false } };
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
	struct engine_ctx ctx = { 1800000000, "UTC" };
	test_game_new(&g, E, 3, opts, 2, 1);
	E->view(&g, -1, &view);
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

START_TEST(damaged_tables_are_refused)
{
	struct game g;
	char *xml, *bad, *err = NULL, *at;
	test_game_new(&g, E, 2, NULL, 0, 1);
	xml = game_to_string(&g, NULL);
	game_release(&g);
	/* The same player in two seats: schema-valid, but not a table. */
	at = strstr(xml, "<seat number=\"2\" player=\"p1\"");
	ck_assert_ptr_nonnull(at);
	bad = xasprintf("%.*s<seat number=\"2\" player=\"p0\"%s", (int)(at - xml), xml,
			at + strlen("<seat number=\"2\" player=\"p1\""));
	ck_assert_int_eq(game_load_buffer(&g, bad, strlen(bad), "g.xml", &err), -1);
	ck_assert_msg(strstr(err, "g.xml:") && strstr(err, "does not add up"), "%s", err);
	free(err);
	free(bad);
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
	TCase *tc = tcase_create("burglar");
	tcase_add_test(tc, orders_read_and_echo_canonically);
	tcase_add_test(tc, one_order_a_turn);
	tcase_add_test(tc, seats_fill_in_player_order);
	tcase_add_test(tc, nobody_is_awaited_and_nmr_is_stay);
	tcase_add_test(tc, damaged_tables_are_refused);
	tcase_add_test(tc, too_few_players_refused);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
