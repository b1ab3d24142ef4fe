/* testutil.c - helpers shared by the Check suites; see testutil.h. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "testutil.h"

const struct engine *test_engine(const char *name)
{
	const struct engine *e = engine_find(name);
	if (!e)
		BUG("no engine '%s' built in", name);
	return e;
}

void test_game_new(struct game *g, const struct engine *e, size_t n,
		   const char *const *opts, size_t nopts, uint64_t seed)
{
	const struct option_spec *tables[] = { core_options, e->options, NULL };
	char *err = NULL;
	memset(g, 0, sizeof *g);
	g->id = xstrdup("t1");
	g->engine = e;
	g->turn = 1;
	g->seed = seed;
	rng_seed(&g->rng, seed, 0x7779726dULL);
	g->created = 1800000000;
	g->deadline = 1800086400;
	ck_assert_msg(option_set_build(&g->opts, tables, opts, nopts, &err) == 0, "%s", err);
	g->players = xcalloc(n, sizeof *g->players);
	g->nplayers = g->players_alloc = n;
	for (size_t i = 0; i < n; i++) {
		g->players[i].name = xasprintf("p%zu", i);
		g->players[i].email = xasprintf("p%zu@example.org", i);
		g->players[i].hash = xstrdup("pbkdf2-sha256$1$AAAAAAAAAAAAAAAAAAAAAA==$x");
	}
	ck_assert_msg(e->setup(g, &err) == 0, "%s", err);
}

int test_share(void)
{
	const char *s = getenv("WYRMPOST_TEST_SHARE");
	char *end;
	long share;

	if (!s || !*s)
		return 100;
	share = strtol(s, &end, 10);
	if (*end || share < 1 || share > 100)
		ck_abort_msg("WYRMPOST_TEST_SHARE=%s: want a percentage from 1 to 100", s);
	return (int)share;
}

int playout_count(int n)
{
	return (int)(((long)n * test_share() + 99) / 100);
}

int run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
