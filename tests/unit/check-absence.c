/* check-absence.c - players' absences (src/absence.c): the days they
 * name, the limits of absence-days over absence-window, adding, `back`,
 * game.xml round trips, and the turn that plays an absent seat without
 * counting it missed (src/turn.c). */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "absence.h"
#include "testutil.h"
#include "turn.h"

#define NOW 1800000000LL /* 2027-01-15T08:00:00Z */

static int day(const char *s)
{
	int d = -1;
	ck_assert_msg(absence_parse_day(s, &d), "'%s' is no day", s);
	return d;
}

START_TEST(days_parse_strictly)
{
	static const char *const bad[] = {
		"2027-02-29", "2027-13-01", "2027-00-10", "2027-04-31", "1969-12-31",
		"2027-1-01",  "2027-01-1",  "27-01-01",   "2027/01/01", "2027-01-01x",
		"",           "2027-01-0a", " 2027-01-01",
	};
	char *s;
	int d;
	ck_assert_int_eq(day("1970-01-01"), 0);
	ck_assert_int_eq(day("2027-01-15"), (int)(NOW / 86400));
	ck_assert_int_eq(day("2028-02-29") + 1, day("2028-03-01"));
	ck_assert_int_eq(day("2000-02-29") + 1, day("2000-03-01"));
	ck_assert_int_eq(day("2027-12-31") + 1, day("2028-01-01"));
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		ck_assert_msg(!absence_parse_day(bad[i], &d), "'%s' taken as a day", bad[i]);
	s = absence_format_day(day("2028-02-29"));
	ck_assert_str_eq(s, "2028-02-29");
	free(s);
	s = absence_format_day(day("9999-12-31"));
	ck_assert_str_eq(s, "9999-12-31");
	free(s);
}
END_TEST

START_TEST(today_is_the_games_zone)
{
	/* 08:00 UTC is still the 14th ten hours west, already the 15th east. */
	ck_assert_int_eq(absence_today(NOW, "UTC"), day("2027-01-15"));
	ck_assert_int_eq(absence_today(NOW, "<-10>10"), day("2027-01-14"));
	ck_assert_int_eq(absence_today(NOW, "<+14>-14"), day("2027-01-15"));
	ck_assert_int_eq(absence_today(NOW + 10 * 3600, "<+14>-14"), day("2027-01-16"));
}
END_TEST

static void game_with(struct game *g, const char *const *opts, size_t n)
{
	test_game_new(g, &counter_engine, 3, opts, n, 1);
}

/* absence_check's verdict, and its reason when refused. */
static void expect_check(const struct game *g, const char *from, const char *to, bool limited,
			 const char *why)
{
	char *got = absence_check(g, 0, day(from), day(to), day("2027-01-15"), limited);
	if (!why)
		ck_assert_msg(!got, "%s..%s refused: %s", from, to, got);
	else
		ck_assert_msg(got && strstr(got, why), "%s..%s: wanted '%s', got '%s'", from, to,
			      why, got ? got : "(accepted)");
	free(got);
}

START_TEST(limits_over_a_rolling_window)
{
	static const char *const opts[] = { "absence-days=5", "absence-window=30" };
	struct game g;
	int today = day("2027-01-15");

	game_with(&g, opts, 2);
	expect_check(&g, "2027-01-20", "2027-01-19", true, "is after the last");
	expect_check(&g, "2027-01-10", "2027-01-14", true, "is past already");
	expect_check(&g, "2027-01-20", "2027-01-25", true, "6 days away is more");
	expect_check(&g, "2027-01-20", "2027-01-24", true, NULL);
	/* From a day gone by: counted from today only. */
	expect_check(&g, "2027-01-01", "2027-01-19", true, NULL);
	/* The game master is not held to the limit. */
	expect_check(&g, "2027-01-20", "2027-03-01", false, NULL);
	expect_check(&g, "2027-01-10", "2027-01-14", false, "is past already");

	absence_add(&g, 0, day("2027-01-20"), day("2027-01-22"), "trip", today);
	/* 3 + 3 days within 30: too many; 30 days on, a new window. */
	expect_check(&g, "2027-02-01", "2027-02-03", true, "with your other absences");
	expect_check(&g, "2027-02-01", "2027-02-02", true, NULL);
	expect_check(&g, "2027-02-21", "2027-02-25", true, NULL);
	/* An overlapping one replaces it, so is counted alone. */
	expect_check(&g, "2027-01-21", "2027-01-25", true, NULL);
	game_release(&g);

	{
		static const char *const none[] = { "absence-days=0" };
		game_with(&g, none, 1);
		expect_check(&g, "2027-01-20", "2027-01-20", true, "from the game master only");
		expect_check(&g, "2027-01-20", "2027-01-20", false, NULL);
		game_release(&g);
	}
}
END_TEST

START_TEST(add_replace_back_and_status)
{
	struct game g;
	int today = day("2027-01-15");
	char *s;

	game_with(&g, NULL, 0);
	ck_assert(!absence_at(&g, 0, NOW));
	ck_assert_ptr_null(absence_status(&g, 0, NOW));
	ck_assert(!absence_back(&g, 0, today));

	absence_add(&g, 0, day("2027-02-01"), day("2027-02-05"), "ski", today);
	absence_add(&g, 0, day("2027-01-10"), day("2027-01-16"), NULL, today);
	ck_assert_uint_eq(g.players[0].nabsences, 2);
	/* Kept earliest first; a start before today moved to today. */
	ck_assert_int_eq(g.players[0].absences[0].from, today);
	ck_assert(absence_at(&g, 0, NOW));
	ck_assert(!absence_at(&g, 1, NOW));
	ck_assert(!absence_at(&g, 0, NOW + 2 * 86400));
	s = absence_status(&g, 0, NOW);
	ck_assert_str_eq(s, "absent until 2027-01-16");
	free(s);
	s = absence_status(&g, 0, NOW + 2 * 86400);
	ck_assert_str_eq(s, "absent from 2027-02-01 to 2027-02-05");
	free(s);

	/* An overlapping absence replaces the one it meets. */
	absence_add(&g, 0, day("2027-02-04"), day("2027-02-08"), NULL, today);
	ck_assert_uint_eq(g.players[0].nabsences, 2);
	ck_assert_int_eq(g.players[0].absences[1].from, day("2027-02-04"));
	ck_assert_ptr_null(g.players[0].absences[1].reason);

	/* `back` begun today: the absence goes; then the planned one goes. */
	ck_assert(absence_back(&g, 0, today));
	ck_assert_uint_eq(g.players[0].nabsences, 1);
	ck_assert(!absence_at(&g, 0, NOW));
	ck_assert(absence_back(&g, 0, today));
	ck_assert_uint_eq(g.players[0].nabsences, 0);

	/* Back on the third day: the two days gone stay, to count. */
	absence_add(&g, 1, today, today + 6, NULL, today);
	ck_assert(absence_back(&g, 1, today + 2));
	ck_assert_int_eq(g.players[1].absences[0].to, today + 1);
	ck_assert(!absence_at(&g, 1, NOW + 2 * 86400));

	/* Long over: forgotten when another is added. */
	absence_add(&g, 1, today + 200, today + 201, NULL, today + 200);
	ck_assert_uint_eq(g.players[1].nabsences, 1);
	absence_clear(&g.players[1]);
	ck_assert_uint_eq(g.players[1].nabsences, 0);
	game_release(&g);
}
END_TEST

START_TEST(absences_round_trip_in_game_xml)
{
	struct game g, back;
	char *text, *err = NULL;
	size_t len;
	int today = day("2027-01-15");

	/* A game of the registry, which game_load_buffer looks its rules up in. */
	test_game_new(&g, test_engine("burglar"), 3, NULL, 0, 1);
	absence_add(&g, 1, day("2027-01-20"), day("2027-01-22"), "a \"quoted\" <trip> & more",
		    today);
	absence_add(&g, 1, day("2027-03-01"), day("2027-03-02"), NULL, today);
	text = game_to_string(&g, &len);
	ck_assert_ptr_nonnull(strstr(text, "<absence from=\"2027-01-20\" to=\"2027-01-22\""));
	ck_assert_msg(game_load_buffer(&back, text, len, "t1", &err) == 0, "%s", err);
	ck_assert_uint_eq(back.players[1].nabsences, 2);
	ck_assert_uint_eq(back.players[0].nabsences, 0);
	ck_assert_str_eq(back.players[1].absences[0].reason, "a \"quoted\" <trip> & more");
	ck_assert_ptr_null(back.players[1].absences[1].reason);
	ck_assert_int_eq(back.players[1].absences[1].to, day("2027-03-02"));
	{
		size_t len2;
		char *again = game_to_string(&back, &len2);
		ck_assert_str_eq(again, text);
		free(again);
	}
	game_release(&back);
	free(text);

	/* A day that is no day is refused with its line. */
	{
		size_t l;
		char *good = game_to_string(&g, &l), *at = strstr(good, "2027-03-02");
		memcpy(at, "2027-02-30", 10);
		ck_assert_int_ne(game_load_buffer(&back, good, l, "t1", &err), 0);
		ck_assert_ptr_nonnull(strstr(err, "bad absence"));
		free(err);
		free(good);
	}
	game_release(&g);
}
END_TEST

START_TEST(absent_seat_played_not_counted)
{
	struct game g;
	struct events ev = EVENTS_INIT;
	bool awaited[MAX_PLAYERS] = { false }, has[MAX_PLAYERS] = { false };
	struct strlist lines[MAX_PLAYERS];
	char *err = NULL;
	bool seen = false;

	memset(lines, 0, sizeof lines);
	game_with(&g, NULL, 0);
	g.engine->awaited(&g, awaited);
	ck_assert(awaited[0] && awaited[1]);
	absence_add(&g, 0, day("2027-01-15"), day("2027-01-16"), NULL, day("2027-01-15"));
	awaited[0] = false; /* as pending_load leaves a player away */
	ck_assert_int_eq(game_advance(&g, awaited, has, lines, NOW, &ev, &err), 0);
	ck_assert(has[0] && has[1]);
	ck_assert_int_eq(g.players[0].nmr, 0); /* away: not missed */
	ck_assert_int_eq(g.players[1].nmr, 1);
	for (size_t i = 0; i < ev.n; i++)
		seen |= strstr(ev.v[i].text, "p0 is away until 2027-01-16") != NULL;
	ck_assert(seen);
	for (size_t i = 0; i < MAX_PLAYERS; i++)
		strlist_clear(&lines[i]);
	events_release(&ev);
	game_release(&g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("absence");
	TCase *tc = tcase_create("absence");
	tcase_add_test(tc, days_parse_strictly);
	tcase_add_test(tc, today_is_the_games_zone);
	tcase_add_test(tc, limits_over_a_rolling_window);
	tcase_add_test(tc, add_replace_back_and_status);
	tcase_add_test(tc, absences_round_trip_in_game_xml);
	tcase_add_test(tc, absent_seat_played_not_counted);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
