/* check-damage.c - the damaged-state sweep (issue 14): every attribute of
 * every game of the example campaign (one per rules and mode) set in turn
 * to 0, -1, large (250, 65536) and huge numbers, nothing and a word.
 * Whatever state results, loading it either fails with a message (what `check` reports and `run`
 * skips the game for) or succeeds, and then the turn plays and every
 * report, text and PDF, is drawn: nothing aborts.
 *
 * Each damaged state runs in a child process, so a BUG() or a crash is
 * caught and named with the attribute and value that caused it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "engine.h"
#include "fsutil.h"
#include "report.h"
#include "testutil.h"
#include "turn.h"

static const char *const values[] = { "0", "-1", "250", "65536", "99999999999", "", "x" };

/* Load the text, and if it loads, play a turn and draw every report;
 * exits 4 when the state was refused with a message. */
static void try_state(const char *text)
{
	struct game g;
	struct events ev = EVENTS_INIT;
	bool awaited[MAX_PLAYERS], has[MAX_PLAYERS] = { false };
	struct strlist lines[MAX_PLAYERS];
	char *err = NULL;
	int turn;

	if (game_load_buffer(&g, text, strlen(text), "damaged", &err)) {
		if (!err || !*err)
			exit(3); /* refused, but without a word */
		free(err);
		exit(4);
	}
	memset(lines, 0, sizeof lines);
	g.engine->awaited(&g, awaited);
	turn = g.turn;
	if (g.status != GAME_OVER && game_advance(&g, awaited, has, lines, g.deadline, &ev, &err))
		free(err);
	for (int p = -1; p < (int)g.nplayers; p++) {
		char *pdf = NULL, *t = report_turn(&g, turn, &ev, p, NULL);
		size_t len;
		if (report_turn_pdf(&g, turn, &ev, p, NULL, "wyrmpost", NULL, &pdf, &len, &err))
			free(err);
		err = NULL;
		free(pdf);
		free(t);
	}
	for (size_t i = 0; i < g.nplayers && i < MAX_PLAYERS; i++)
		strlist_clear(&lines[i]);
	events_release(&ev);
	game_release(&g);
}

static int loaded, refused;

/* Run try_state in a child: false when it died or refused without a word. */
static bool survives(const char *text)
{
	int st;
	pid_t pid = fork();
	ck_assert(pid >= 0);
	if (pid == 0) {
		try_state(text);
		_exit(0);
	}
	ck_assert(waitpid(pid, &st, 0) == pid);
	if (!WIFEXITED(st) || (WEXITSTATUS(st) != 0 && WEXITSTATUS(st) != 4))
		return false;
	loaded += WEXITSTATUS(st) == 0;
	refused += WEXITSTATUS(st) == 4;
	return true;
}

static void sweep_node(xmlDoc *doc, xmlNode *n, const char *game, int *cases, int stride,
		       struct sb *bad)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		for (xmlAttr *a = n->properties; a; a = a->next) {
			xmlChar *old = xmlGetProp(n, a->name);
			for (size_t v = 0; v < sizeof values / sizeof *values; v++) {
				xmlChar *buf;
				int len;
				if ((*cases)++ % stride)
					continue;
				xmlSetProp(n, a->name, (const xmlChar *)values[v]);
				xmlDocDumpMemory(doc, &buf, &len);
				if (!survives((const char *)buf))
					sb_addf(bad, "%s: <%s %s=\"%s\"> line %ld\n", game,
						(const char *)n->name, (const char *)a->name,
						values[v], xmlGetLineNo(n));
				xmlFree(buf);
			}
			xmlSetProp(n, a->name, old);
			xmlFree(old);
		}
		sweep_node(doc, n->children, game, cases, stride, bad);
	}
}

/* A share of the sweep (tests/unit/testutil.h) takes every Nth case.  The
 * cases go attribute by attribute, each through every value, so a stride
 * that the number of values divides would try the first value only. */
static int sweep_stride(void)
{
	int stride = 100 / test_share();
	if (stride > 1 && stride % (int)(sizeof values / sizeof *values) == 0)
		stride++;
	return stride;
}

START_TEST(every_attribute_of_every_example_game)
{
	const char *top = getenv("top_srcdir");
	char *dir = xasprintf("%s/examples/campaign/games", top ? top : "."), *err = NULL;
	struct strlist games = STRLIST_INIT;
	struct sb bad = SB_INIT;
	int cases = 0, stride = sweep_stride();

	ck_assert_msg(fs_list(dir, &games, &err) == 0, "%s", err);
	ck_assert_msg(games.n >= 5, "%zu example games", games.n);
	for (size_t i = 0; i < games.n; i++) {
		char *path = xasprintf("%s/%s/game.xml", dir, games.v[i]);
		xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
		ck_assert_msg(doc, "%s does not parse", path);
		sweep_node(doc, xmlDocGetRootElement(doc), games.v[i], &cases, stride, &bad);
		xmlFreeDoc(doc);
		free(path);
	}
	ck_assert_msg(!bad.len, "states that abort instead of loading or being refused:\n%s",
		      sb_str(&bad));
	ck_assert_int_gt(cases, 1000);
	/* Both ways are taken: the schema and the engines refuse much, and
	 * much (names, times, counts within bounds) loads and is drawn. */
	ck_assert_msg(loaded > 20 && refused > 20, "%d loaded, %d refused", loaded, refused);
	sb_release(&bad);
	strlist_clear(&games);
	free(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("damage");
	TCase *tc = tcase_create("sweep");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, every_attribute_of_every_example_game);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
