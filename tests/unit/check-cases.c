/* check-cases.c - rule cases as data (the Diplomacy test-case idea).
 *
 * Each directory tests/cases/ENGINE/NAME holds:
 *   case.txt          what the case shows (the ruling it pins down)
 *   before.xml        the game before the turn
 *   orders/PLAYER     what that player sent (optional, one file each)
 *   dice              optional: the results of the turn's dice, in order
 *   now               optional: the time the turn runs (ISO 8601, UTC);
 *                     default: before.xml's deadline
 *   expect/verdicts.txt   every order line's verdict
 *   expect/after.xml      the game after the turn
 *   expect/report.txt     the public report
 *   expect/report-PLAYER.txt  optional: that player's report
 * With WYRMPOST_UPDATE_CASES=1 the expect/ files are written instead of
 * compared (then read them, and commit them only when they are right).
 * WYRMPOST_CASE=ENGINE/NAME runs that case alone; it is a shell pattern
 * (fnmatch), so ENGINE/ and a star run all of one game's cases.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "fsutil.h"
#include "orders.h"
#include "report.h"
#include "turn.h"

static struct strlist case_dirs;
static bool update;

static char *read_or_null(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name), *buf = NULL, *err = NULL;
	size_t len;
	if (fs_exists(path) && fs_read_file(path, &buf, &len, &err))
		ck_abort_msg("%s", err);
	free(path);
	return buf;
}

static void expect(const char *dir, const char *name, const char *actual)
{
	char *want = read_or_null(dir, name), *path, *err = NULL;
	if (update) {
		path = xasprintf("%s/%s", dir, name);
		ck_assert_msg(fs_mkdirs(dir, &err) == 0 &&
			      fs_write_atomic(path, actual, strlen(actual), &err) == 0, "%s", err);
		free(path);
	} else {
		ck_assert_msg(want, "%s/%s is missing", dir, name);
		ck_assert_msg(!strcmp(want, actual), "%s/%s differs; got:\n%s", dir, name,
			      actual);
	}
	free(want);
}

static void load_dice(const char *dir, struct game *g, int **dice)
{
	char *text = read_or_null(dir, "dice"), *save = NULL;
	size_t n = 0;
	*dice = NULL;
	if (!text)
		return;
	*dice = xcalloc(strlen(text) + 1, sizeof **dice);
	for (char *t = strtok_r(text, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) {
		long long v;
		if (*t == '#') { /* a comment to the end of the line */
			strtok_r(NULL, "\n", &save);
			continue;
		}
		ck_assert_msg(parse_int(t, -1000000, 1000000, &v), "%s/dice: '%s'", dir, t);
		(*dice)[n++] = (int)v;
	}
	g->rng.forced = *dice;
	g->rng.nforced = n;
	free(text);
}

START_TEST(rule_case)
{
	const char *dir = case_dirs.v[_i];
	char *before = read_or_null(dir, "before.xml"), *now_s = read_or_null(dir, "now");
	char *err = NULL, *exp = xasprintf("%s/expect", dir), *ord = xasprintf("%s/orders", dir);
	struct game g;
	struct engine_ctx ctx;
	struct events ev = EVENTS_INIT;
	struct sb verdicts = SB_INIT;
	bool has[MAX_PLAYERS] = { false }, awaited[MAX_PLAYERS];
	struct strlist lines[MAX_PLAYERS];
	long long now;
	int *dice, turn;
	char *text;

	memset(lines, 0, sizeof lines);
	ck_assert_msg(before, "%s/before.xml is missing", dir);
	ck_assert_msg(game_load_buffer(&g, before, strlen(before), "before.xml", &err) == 0,
		      "%s: %s", dir, err);
	now = g.deadline;
	if (now_s)
		ck_assert_msg(time_parse_iso(str_trim(now_s), &now), "%s/now", dir);
	ctx = game_ctx(&g, now);
	for (size_t p = 0; p < g.nplayers; p++) {
		char *t = read_or_null(ord, g.players[p].name);
		struct submission s;
		char *hdr;
		if (!t)
			continue;
		/* Through the real reader, with a header in front. */
		hdr = xasprintf("game %s\nplayer %s\npassword x\n%s", g.id, g.players[p].name, t);
		ck_assert_msg(submission_parse(hdr, strlen(hdr), &s, &err) == 0, "%s", err);
		g.engine->check(&g, (int)p, s.lines, s.n, &ctx);
		for (size_t i = 0; i < s.n; i++) {
			sb_addf(&verdicts, "%s: %s\n", g.players[p].name, s.lines[i].text);
			if (s.lines[i].canon) {
				sb_addf(&verdicts, "  accepted: %s\n", s.lines[i].canon);
				if (s.lines[i].note)
					sb_addf(&verdicts, "  note: %s\n", s.lines[i].note);
				strlist_add(&lines[p], s.lines[i].canon);
				has[p] = true;
			} else {
				sb_addf(&verdicts, "  rejected [%s]: %s\n", s.lines[i].code,
					s.lines[i].reason);
			}
		}
		submission_release(&s);
		free(hdr);
		free(t);
	}
	g.engine->awaited(&g, awaited);
	load_dice(dir, &g, &dice);
	turn = g.turn;
	ck_assert_msg(game_advance(&g, awaited, has, lines, now, &ev, &err) == 0, "%s", err);
	if (dice)
		ck_assert_msg(g.rng.iforced == g.rng.nforced, "%s: %zu of %zu dice used", dir,
			      g.rng.iforced, g.rng.nforced);
	g.rng.forced = NULL;
	g.rng.nforced = g.rng.iforced = 0;
	expect(exp, "verdicts.txt", sb_str(&verdicts));
	text = game_to_string(&g, NULL);
	expect(exp, "after.xml", text);
	free(text);
	text = report_turn(&g, turn, &ev, -1, NULL);
	expect(exp, "report.txt", text);
	free(text);
	for (size_t p = 0; p < g.nplayers; p++) {
		char *name = xasprintf("report-%s.txt", g.players[p].name);
		char *want = read_or_null(exp, name);
		if (want) {
			text = report_turn(&g, turn, &ev, (int)p, NULL);
			expect(exp, name, text);
			free(text);
		}
		free(want);
		free(name);
		strlist_clear(&lines[p]);
	}
	{
		char *inv = g.engine->invariant(&g);
		ck_assert_msg(!inv, "%s: %s", dir, inv ? inv : "");
	}
	free(dice);
	events_release(&ev);
	sb_release(&verdicts);
	game_release(&g);
	free(before);
	free(now_s);
	free(exp);
	free(ord);
}
END_TEST

/* Whether the case ENGINE/NAME is to run: all of them, or those that the
 * pattern of WYRMPOST_CASE matches. */
static bool chosen(const char *only, const char *engine, const char *name)
{
	char *id;
	bool yes;

	if (!only)
		return true;
	id = xasprintf("%s/%s", engine, name);
	yes = fnmatch(only, id, FNM_PATHNAME) == 0;
	free(id);
	return yes;
}

int main(void)
{
	const char *top = getenv("top_srcdir");
	char *root = xasprintf("%s/tests/cases", top ? top : ".");
	struct strlist engines = STRLIST_INIT;
	char *err = NULL;
	const char *only;
	Suite *s = suite_create("cases");
	TCase *tc = tcase_create("cases");
	SRunner *sr;
	int failed;

	update = getenv("WYRMPOST_UPDATE_CASES") != NULL;
	only = getenv("WYRMPOST_CASE");
	if (only && !*only)
		only = NULL;
	if (fs_list(root, &engines, &err)) {
		fprintf(stderr, "%s\n", err);
		return EXIT_FAILURE;
	}
	for (size_t i = 0; i < engines.n; i++) {
		char *d = xasprintf("%s/%s", root, engines.v[i]);
		struct strlist names = STRLIST_INIT;
		fs_list(d, &names, &err);
		for (size_t j = 0; j < names.n; j++)
			if (chosen(only, engines.v[i], names.v[j]))
				strlist_addf(&case_dirs, "%s/%s", d, names.v[j]);
		strlist_clear(&names);
		free(d);
	}
	if (!case_dirs.n) {
		fprintf(stderr, "no rule cases under %s%s%s\n", root,
			only ? " match WYRMPOST_CASE=" : "", only ? only : "");
		return EXIT_FAILURE;
	}
	tcase_add_loop_test(tc, rule_case, 0, (int)case_dirs.n);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_VERBOSE);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	strlist_clear(&case_dirs);
	strlist_clear(&engines);
	free(root);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
