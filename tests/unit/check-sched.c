/* check-sched.c - the scheduler over a real campaign directory: early
 * processing, deadlines, NMRs, dropping, holding, rollback; with the
 * counter test game, which waits for every player. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "campaign.h"
#include "engine.h"
#include "fsutil.h"
#include "rollback.h"
#include "run.h"
#include "submit.h"
#include "testutil.h"
#include "turn.h"

#define T0 1800000000LL

static char *dir;
static struct campaign c;

static void setup(void)
{
	char tmpl[] = "/tmp/wp-sched-XXXXXX";
	char *err = NULL;
	struct new_player pl[] = { { "ann", "ann@example.org", "pa" },
				   { "bob", "bob@example.org", "pb" },
				   { "cat", "cat@example.org", "pc" } };
	const char *opts[] = { "deadline=24h", "nmr-drop=2", "target=100", "hold=yes",
			       "remind=6" };
	struct new_game ng = { "g1", "counter", true, 9, opts, 5, pl, 3, NULL, NULL };
	struct strlist gen = STRLIST_INIT;

	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	dir = xstrdup(tmpl);
	ck_assert_int_eq(campaign_init(dir, "gm@example.org", NULL, &err), 0);
	ck_assert_int_eq(campaign_open(&c, dir, T0, &err), 0);
	ck_assert_msg(campaign_new_game(&c, &ng, &gen, &err) == 0, "%s", err);
}

static void teardown(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	campaign_close(&c);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	free(dir);
}

static int submit(const char *player, const char *pw, const char *orders)
{
	char *text = xasprintf("game g1\nplayer %s\npassword %s\n%s\n", player, pw, orders);
	struct submit_result r;
	char *err = NULL;
	int rc = campaign_submit(&c, text, strlen(text), &r, &err);
	submit_result_release(&r);
	free(err);
	free(text);
	return rc;
}

static struct game load(void)
{
	struct game g;
	char *err = NULL;
	ck_assert_msg(campaign_load_game(&c, "g1", &g, &err) == 0, "%s", err);
	return g;
}

static size_t run(void)
{
	struct run_result r;
	ck_assert_int_eq(campaign_run(&c, 0, NULL, NULL, &r), WP_OK);
	strlist_clear(&r.errors);
	strlist_clear(&r.held_ids);
	return r.processed;
}

static bool outbox_has(const char *key)
{
	char *p = xasprintf("%s/outbox/new/%s.eml", dir, key);
	bool b = fs_exists(p);
	free(p);
	return b;
}

static bool game_file_exists(const char *rest)
{
	char *p = campaign_game_path(&c, "g1", rest);
	bool b = fs_exists(p);
	free(p);
	return b;
}

START_TEST(not_due_until_all_sent_or_deadline)
{
	struct game g;
	c.now = T0 + 3600;
	ck_assert_uint_eq(run(), 0);
	ck_assert_int_eq(submit("ann", "pa", "add 2"), WP_OK);
	ck_assert_int_eq(submit("bob", "pb", "add 3"), WP_OK);
	ck_assert_uint_eq(run(), 0);
	ck_assert_int_eq(submit("cat", "pc", "add 1"), WP_OK);
	ck_assert_uint_eq(run(), 1); /* everyone is in: early */
	g = load();
	ck_assert_int_eq(g.turn, 2);
	ck_assert_int_eq(g.deadline, T0 + 3600 + 86400);
	game_release(&g);
	ck_assert(outbox_has("g1-0001-report-ann"));
	ck_assert(game_file_exists("reports/0001/public.txt"));
	ck_assert(game_file_exists("turns/0001.xml"));
}
END_TEST

START_TEST(wanted_players_delay_early_turns_but_never_count_as_missing)
{
	struct new_player pl[] = { { "ann", "ann@example.org", "pa" },
				   { "bob", "bob@example.org", "pb" } };
	const char *opts[] = { "deadline=24h", "solo=yes", "hold=no" };
	struct new_game ng = { "g2", "counter", true, 9, opts, 3, pl, 2, NULL, NULL };
	struct strlist gen = STRLIST_INIT;
	struct game g;
	char *err = NULL, *text;
	struct submit_result r;

	ck_assert_msg(campaign_new_game(&c, &ng, &gen, &err) == 0, "%s", err);
	text = xstrdup("game g2\nplayer ann\npassword pa\nadd 2\n");
	ck_assert_int_eq(campaign_submit(&c, text, strlen(text), &r, &err), WP_OK);
	submit_result_release(&r);
	free(text);
	c.now = T0 + 3600;
	ck_assert_uint_eq(run(), 0); /* bob is wanted: no early turn yet */
	text = xstrdup("game g2\nplayer bob\npassword pb\nadd 1\n");
	ck_assert_int_eq(campaign_submit(&c, text, strlen(text), &r, &err), WP_OK);
	submit_result_release(&r);
	free(text);
	ck_assert_uint_eq(run(), 1); /* now everyone is in */
	c.now = T0 + 3600 + 86400;
	ck_assert_uint_eq(run(), 1); /* the deadline: bob's silence is no NMR */
	ck_assert_msg(campaign_load_game(&c, "g2", &g, &err) == 0, "%s", err);
	ck_assert_int_eq(g.players[1].nmr, 0);
	ck_assert_int_eq(g.players[0].nmr, 1);
	game_release(&g);
}
END_TEST

START_TEST(later_submission_replaces_and_wrong_turn_refused)
{
	char *p, *buf, *err = NULL;
	size_t len;
	ck_assert_int_eq(submit("ann", "pa", "add 2"), WP_OK);
	ck_assert_int_eq(submit("ann", "pa", "add 3"), WP_OK);
	p = campaign_orders_path(&c, "g1", 1, "ann");
	ck_assert_int_eq(fs_read_file(p, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "add 3\n");
	free(buf);
	/* All rejected: earlier orders stand. */
	ck_assert_int_eq(submit("ann", "pa", "add 9"), WP_OK);
	ck_assert_int_eq(fs_read_file(p, &buf, &len, &err), 0);
	ck_assert_str_eq(buf, "add 3\n");
	free(buf);
	free(p);
	ck_assert_int_eq(submit("ann", "nope", "add 1"), WP_ERR_NOPERM);
	ck_assert_int_eq(submit("zed", "pa", "add 1"), WP_ERR_NOPERM);
	c.now = T0 + 86400;
	ck_assert_uint_eq(run(), 0); /* 2 of 3 missing: held */
	ck_assert_int_eq(submit("ann", "pa", "turn 2\nadd 1"), WP_ERR_DATA);
}
END_TEST

START_TEST(nmr_counted_then_dropped)
{
	struct game g;
	/* ann and bob send, cat never does: 1 of 3 missing is not a hold. */
	for (int t = 1; t <= 2; t++) {
		ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
		ck_assert_int_eq(submit("bob", "pb", "add 1"), WP_OK);
		c.now = T0 + t * 86400;
		ck_assert_uint_eq(run(), 1);
		g = load();
		ck_assert_int_eq(g.players[2].nmr, t);
		ck_assert_int_eq(g.players[2].dropped, t == 2);
		ck_assert_int_eq(g.players[0].nmr, 0);
		game_release(&g);
	}
	/* cat is no longer awaited: two orders make the turn early. */
	ck_assert_int_eq(submit("cat", "pc", "add 1"), WP_ERR_DATA);
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	ck_assert_int_eq(submit("bob", "pb", "add 1"), WP_OK);
	ck_assert_uint_eq(run(), 1);
}
END_TEST

START_TEST(held_when_most_miss_until_forced)
{
	struct game g;
	struct turn_result tr;
	char *err = NULL;
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	c.now = T0 + 86400;
	ck_assert_uint_eq(run(), 0);
	g = load();
	ck_assert_int_eq(g.status, GAME_HELD);
	ck_assert_int_eq(g.turn, 1);
	ck_assert_int_eq(g.players[1].nmr, 0); /* nothing counted while held */
	game_release(&g);
	ck_assert(outbox_has("g1-0001-held"));
	c.now += 3600;
	ck_assert_uint_eq(run(), 0); /* still held, told once */
	/* Each player is told too: why, and until when. */
	ck_assert(outbox_has("g1-0001-held-ann") && outbox_has("g1-0001-held-bob") &&
		  outbox_has("g1-0001-held-cat"));
	ck_assert_int_eq(campaign_turn(&c, "g1", TURN_FORCE, &tr, &err), WP_OK);
	ck_assert_int_eq(tr.outcome, TURN_DONE);
	g = load();
	ck_assert_int_eq(g.status, GAME_ACTIVE);
	ck_assert_int_eq(g.turn, 2);
	ck_assert_int_eq(g.players[1].nmr, 1);
	game_release(&g);
}
END_TEST

/* A held turn plays itself once the orders it waited for have come. */
START_TEST(held_until_the_missing_orders_come)
{
	struct game g;
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	c.now = T0 + 86400;
	ck_assert_uint_eq(run(), 0);
	ck_assert_int_eq(submit("bob", "pb", "add 2"), WP_OK);
	c.now += 60;
	ck_assert_uint_eq(run(), 0); /* cat still missing */
	ck_assert_int_eq(submit("cat", "pc", "add 3"), WP_OK);
	c.now += 60;
	ck_assert_uint_eq(run(), 1);
	g = load();
	ck_assert_int_eq(g.status, GAME_ACTIVE);
	ck_assert_int_eq(g.turn, 2);
	game_release(&g);
}
END_TEST

/* Option remind: 6 hours before the deadline, once, to those missing. */
START_TEST(reminders_once_to_those_missing)
{
	ck_assert_int_eq(submit("ann", "pa", "add 1"), WP_OK);
	c.now = T0 + 86400 - 6 * 3600 - 60;
	run();
	ck_assert(!outbox_has("g1-0001-remind-bob")); /* not yet */
	c.now += 120;
	ck_assert_uint_eq(run(), 0);
	ck_assert(outbox_has("g1-0001-remind-bob") && outbox_has("g1-0001-remind-cat"));
	ck_assert(!outbox_has("g1-0001-remind-ann")); /* she sent hers */
	{
		/* Once: gone from the outbox (as if sent), it is not sent again. */
		char *p = xasprintf("%s/outbox/new/g1-0001-remind-bob.eml", dir);
		ck_assert_int_eq(unlink(p), 0);
		free(p);
	}
	c.now += 3600;
	run();
	ck_assert(!outbox_has("g1-0001-remind-bob"));
}
END_TEST

START_TEST(dry_run_writes_nothing_and_rollback_restores)
{
	struct turn_result tr;
	struct game g;
	char *err = NULL, *before, *after;
	size_t len;
	char *path = campaign_game_path(&c, "g1", "game.xml");
	int restored;

	ck_assert_int_eq(fs_read_file(path, &before, &len, &err), 0);
	ck_assert_int_eq(campaign_turn(&c, "g1", TURN_DRY_RUN | TURN_FORCE, &tr, &err), WP_OK);
	ck_assert_ptr_nonnull(tr.public_report);
	ck_assert_ptr_nonnull(strstr(tr.public_report, "total"));
	free(tr.public_report);
	ck_assert_int_eq(fs_read_file(path, &after, &len, &err), 0);
	ck_assert_str_eq(before, after);
	free(after);
	ck_assert(!outbox_has("g1-0001-report-ann"));
	ck_assert_int_eq(campaign_turn(&c, "g1", TURN_FORCE, &tr, &err), WP_OK);
	ck_assert_int_eq(campaign_turn(&c, "g1", TURN_FORCE, &tr, &err), WP_OK);
	g = load();
	ck_assert_int_eq(g.turn, 3);
	game_release(&g);
	ck_assert_int_eq(campaign_rollback(&c, "g1", 1, &restored, &err), WP_OK);
	ck_assert_int_eq(restored, 1);
	ck_assert_int_eq(fs_read_file(path, &after, &len, &err), 0);
	ck_assert_str_eq(before, after);
	free(after);
	ck_assert_int_eq(campaign_rollback(&c, "g1", 1, &restored, &err), WP_ERR_NOTFOUND);
	free(err);
	free(before);
	free(path);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sched");
	TCase *tc = tcase_create("sched");
	engine_register(&counter_engine);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, not_due_until_all_sent_or_deadline);
	tcase_add_test(tc, later_submission_replaces_and_wrong_turn_refused);
	tcase_add_test(tc, wanted_players_delay_early_turns_but_never_count_as_missing);
	tcase_add_test(tc, nmr_counted_then_dropped);
	tcase_add_test(tc, held_when_most_miss_until_forced);
	tcase_add_test(tc, held_until_the_missing_orders_come);
	tcase_add_test(tc, reminders_once_to_those_missing);
	tcase_add_test(tc, dry_run_writes_nothing_and_rollback_restores);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
