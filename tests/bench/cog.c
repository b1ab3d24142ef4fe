/* cog.c - bench-cog: City of Glass geometry per second on a 10-pile table
 * (`make bench`): sight queries from an eye to a model's axis, and paths
 * of three legs checked against the piles and three other bases.  The
 * goal for sight is over a million queries a second on one core.  Then
 * whole four-player games of no-orders turns through the engine, from
 * setup to the end (state saved and loaded as the core does, every turn
 * with its events). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "game.h"
#include "games/city-of-glass/cog-geom.h"
#include "rng.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One game of four players who never send orders; returns its turns. */
static int nmr_game(uint64_t seed)
{
	static const char *const names[] = { "ann", "bob", "cat", "dan" };
	const struct engine *e = engine_find("city-of-glass");
	const struct option_spec *tables[] = { e->options, NULL };
	struct game g;
	char *err = NULL;
	int turns = 0;

	memset(&g, 0, sizeof g);
	g.id = xstrdup("bench");
	g.engine = e;
	g.turn = 1;
	rng_seed(&g.rng, seed, 7);
	if (option_set_build(&g.opts, tables, NULL, 0, &err))
		BUG("options: %s", err);
	g.players = xcalloc(4, sizeof *g.players);
	g.nplayers = g.players_alloc = 4;
	for (int p = 0; p < 4; p++) {
		g.players[p].name = xstrdup(names[p]);
		g.players[p].email = xstrdup("x@example.org");
		g.players[p].hash = xstrdup("x");
	}
	if (e->setup(&g, &err))
		BUG("setup: %s", err);
	while (!e->over(&g)) {
		bool has[4] = { false };
		struct strlist lines[4] = { STRLIST_INIT, STRLIST_INIT, STRLIST_INIT, STRLIST_INIT };
		struct turn_orders o = { 4, has, lines };
		struct engine_ctx ctx = engine_ctx_make(0, "UTC");
		struct events ev = EVENTS_INIT;
		char *xml;
		struct game h;
		if (e->advance(&g, &o, &ctx, &ev, &err))
			BUG("advance: %s", err);
		events_release(&ev);
		g.turn++;
		turns++;
		/* As the core does between turns: the state to text and back. */
		xml = game_to_string(&g, NULL);
		if (game_load_buffer(&h, xml, strlen(xml), "bench", &err))
			BUG("load: %s", err);
		game_release(&g);
		g = h;
		free(xml);
	}
	game_release(&g);
	return turns;
}

static double uniform(struct rng *r, double lo, double hi)
{
	return lo + (hi - lo) * (rng_next(r) / 4294967296.0);
}

int main(void)
{
	enum { SPOTS = 4096, SIGHTS = 4000000, PATHS = 1000000 };
	static struct cog_xy spot[SPOTS];
	struct cog_box piles[10];
	struct rng r;
	size_t seen = 0, legal = 0;
	double t0, t1, t2;

	rng_seed(&r, 2026, 11);
	for (int i = 0; i < 10; i++) {
		double x = uniform(&r, 0, 31.75), y = uniform(&r, 0, 29);
		piles[i] = (struct cog_box){ x, y, x + 4.25, y + 7, rng_range(&r, 1, 6) };
	}
	for (int i = 0; i < SPOTS; i++)
		spot[i] = (struct cog_xy){ uniform(&r, 0.5, 35.5), uniform(&r, 0.5, 35.5) };
	const struct cog_table table = { 36, 36, piles, 10 };

	t0 = now();
	for (size_t i = 0; i < SIGHTS; i++)
		seen += cog_sees(piles, 10, spot[i % SPOTS], 1.1, spot[(i * 7 + 1) % SPOTS], 1.25,
				 NULL, NULL);
	t1 = now();
	for (size_t i = 0; i < PATHS; i++) {
		struct cog_path_verdict v;
		legal += cog_path(&table, spot[i % SPOTS], &spot[(i * 5 + 3) % (SPOTS - 3)], 3, 0.5,
				  &spot[(i * 11 + 2) % (SPOTS - 3)], 3, 0.5, &v);
	}
	t2 = now();
	printf("bench-cog: %.2f million sight queries/s (%zu of %d seen), "
	       "%.2f million 3-leg paths/s (%zu legal)\n",
	       SIGHTS / (t1 - t0) / 1e6, seen, SIGHTS, PATHS / (t2 - t1) / 1e6, legal);
	{
		enum { GAMES = 200 };
		long turns = 0;
		double t3;
		for (uint64_t seed = 1; seed <= GAMES; seed++)
			turns += nmr_game(seed);
		t3 = now();
		printf("bench-cog: whole 4-player games of no-orders turns: %.1f ms a game "
		       "(%.0f turns each), %.0f turns/s\n", (t3 - t2) * 1000 / GAMES,
		       (double)turns / GAMES, turns / (t3 - t2));
	}
	return 0;
}
