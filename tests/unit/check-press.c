/* check-press.c - press and gm lines by mail (src/press.c): their
 * verdicts against the game's options and limits, storing each message
 * once however often its mail is handled, and what each reader's report
 * lists; and `help ORDER`'s words (src/help.c). */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "campaign.h"
#include "fsutil.h"
#include "help.h"
#include "orders.h"
#include "press.h"
#include "testutil.h"

static char *dir;
static struct campaign c;

static void setup(void)
{
	char tmpl[] = "/tmp/wp-press-XXXXXX", *err = NULL;
	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	dir = xstrdup(tmpl);
	ck_assert_int_eq(campaign_init(dir, "gm@example.org", "boss@example.org", &err), 0);
	ck_assert_int_eq(campaign_open(&c, dir, 1800000000, &err), 0);
}

static void teardown(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	campaign_close(&c);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	free(dir);
}

/* A mail of player p0 holding these lines, checked by press_check. */
static void mail_of(struct submission *s, const struct game *g, const char *const *lines,
		    size_t n)
{
	memset(s, 0, sizeof *s);
	s->message_id = xstrdup("<m1@example.org>");
	s->lines = xcalloc(n, sizeof *s->lines);
	s->n = s->alloc = n;
	for (size_t i = 0; i < n; i++) {
		s->lines[i].lineno = (int)i + 4;
		s->lines[i].text = xstrdup(lines[i]);
	}
	press_check(&c, g, 0, s);
}

static void game_with(struct game *g, const char *const *opts, size_t n)
{
	test_game_new(g, &counter_engine, 3, opts, n, 1);
}

START_TEST(press_lines_get_verdicts)
{
	static const char *const lines[] = {
		"press p1: shall we?", "press all hello there", "press P2:hi",
		"press nobody: x", "press p0: me", "press p1:", "gm where is my report?",
		"pressure on p1", "gm",
	};
	struct submission s;
	struct game g;
	game_with(&g, NULL, 0);
	mail_of(&s, &g, lines, ARRAY_SIZE(lines));
	ck_assert_str_eq(s.lines[0].canon, "press p1: shall we?");
	ck_assert_str_eq(s.lines[1].canon, "press all: hello there");
	ck_assert_str_eq(s.lines[2].canon, "press p2: hi");
	ck_assert_str_eq(s.lines[3].code, "no-such-player");
	ck_assert_str_eq(s.lines[4].code, "to-yourself");
	ck_assert_str_eq(s.lines[5].code, "empty");
	ck_assert_str_eq(s.lines[6].canon, "gm where is my report?");
	/* Not press: left for the game. */
	ck_assert(!s.lines[7].command && !s.lines[7].canon && !s.lines[7].code);
	ck_assert_str_eq(s.lines[8].code, "empty");
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++)
		ck_assert(i == 7 || s.lines[i].command);
	submission_release(&s);
	game_release(&g);
}
END_TEST

START_TEST(press_limits_and_none)
{
	static const char *const limits[] = { "press-per-turn=2", "press-size=10" };
	static const char *const none[] = { "press=none" };
	static const char *const lines[] = { "press p1: 0123456789", "press p1: 01234567890",
					     "press p2: two", "gm three" };
	struct submission s;
	struct game g;

	game_with(&g, limits, 2);
	mail_of(&s, &g, lines, ARRAY_SIZE(lines));
	ck_assert_ptr_nonnull(s.lines[0].canon); /* 10 characters: the most */
	ck_assert_str_eq(s.lines[1].code, "too-long");
	ck_assert_ptr_nonnull(s.lines[2].canon);
	ck_assert_str_eq(s.lines[3].code, "press-limit");
	submission_release(&s);
	game_release(&g);

	game_with(&g, none, 1);
	mail_of(&s, &g, lines, 1);
	ck_assert_str_eq(s.lines[0].code, "no-press");
	submission_release(&s);
	game_release(&g);
}
END_TEST

/* Count the files of dir/sub. */
static size_t files_in(const char *sub)
{
	char *path = xasprintf("%s/%s", dir, sub), *err = NULL;
	struct strlist names = STRLIST_INIT;
	size_t n;
	ck_assert_int_eq(fs_list(path, &names, &err), 0);
	n = names.n;
	strlist_clear(&names);
	free(path);
	return n;
}

/* A report's messages as one text, one a line (caller frees). */
static char *joined(const struct strlist *l)
{
	struct sb sb = SB_INIT;
	for (size_t i = 0; i < l->n; i++)
		sb_addf(&sb, "%s\n", l->v[i]);
	return sb_detach(&sb);
}

START_TEST(press_stored_once_and_reported)
{
	static const char *const grey[] = { "press=grey", "press-per-turn=2" };
	static const char *const lines[] = { "press p1: to you", "press all: to all" };
	struct submission s;
	struct game g;
	struct sb reply = SB_INIT, gm = SB_INIT;
	struct strlist l1 = STRLIST_INIT, l2 = STRLIST_INIT, lpub = STRLIST_INIT;
	char *p1, *p2, *pub;
	char *err = NULL;

	game_with(&g, grey, 2);
	char *gdir = campaign_game_path(&c, "t1", "");
	ck_assert_int_eq(fs_mkdirs(gdir, &err), 0);
	free(gdir);
	ck_assert_int_eq(campaign_save_game(&c, &g, &err), 0);
	mail_of(&s, &g, lines, 2);
	ck_assert_int_eq(press_apply(&c, &g, 0, &s, &reply, &err), 0);
	/* The same mail again (a run killed before it left its source): the
	 * limit does not count it twice, nothing is stored or mailed twice. */
	submission_release(&s);
	c.now += 60;
	mail_of(&s, &g, lines, 2);
	ck_assert_ptr_nonnull(s.lines[1].canon);
	ck_assert_int_eq(press_apply(&c, &g, 0, &s, &reply, &err), 0);
	ck_assert_uint_eq(files_in("games/t1/press/0001"), 2);
	ck_assert_uint_eq(files_in("outbox/new"), 3); /* p1 twice, p2 once */

	press_report(&c, &g, 1, 1, &l1);
	press_report(&c, &g, 1, 2, &l2);
	press_report(&c, &g, 1, -1, &lpub);
	p1 = joined(&l1);
	p2 = joined(&l2);
	pub = joined(&lpub);
	ck_assert_msg(l1.n == 2 && strstr(p1, "from someone (grey press) to you: to you") &&
		      strstr(p1, "to everyone: to all"), "%s", p1);
	ck_assert_msg(!strstr(p2, "to you") && !strstr(p2, "p0"), "%s", p2);
	ck_assert_msg(strstr(pub, "to all") && !strstr(pub, "to you"), "%s", pub);
	/* The game master sees the sender. */
	ck_assert_int_eq(campaign_press(&c, "t1", &gm, &err), 0);
	ck_assert_msg(strstr(sb_str(&gm), "p0 to p1 (grey: the name hidden)"), "%s", sb_str(&gm));
	sb_release(&reply);
	free(p1);
	free(p2);
	free(pub);
	strlist_clear(&l1);
	strlist_clear(&l2);
	strlist_clear(&lpub);
	sb_release(&gm);
	submission_release(&s);
	game_release(&g);
}
END_TEST

START_TEST(help_knows_orders_and_commands)
{
	struct game g;
	struct sb out = SB_INIT;
	game_with(&g, NULL, 0);
	ck_assert(help_knows(&g, "add") && help_knows(&g, "ADD") && help_knows(&g, "press"));
	ck_assert(!help_knows(&g, "fly"));
	help_order(&g, 0, "add", &out);
	ck_assert_msg(strstr(sb_str(&out), "add N") && strstr(sb_str(&out), "    add 1"), "%s",
		      sb_str(&out));
	sb_release(&out);
	game_release(&g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("press");
	TCase *tc = tcase_create("press");
	engine_register(&counter_engine); /* for campaign_press to load t1 */
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, press_lines_get_verdicts);
	tcase_add_test(tc, press_limits_and_none);
	tcase_add_test(tc, press_stored_once_and_reported);
	tcase_add_test(tc, help_knows_orders_and_commands);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
