/* fuzz-orders.c - a libFuzzer target over every game's order checker: one
 * input is a byte that picks a stored game (one of each engine's example
 * states, examples/campaign/games/, and the states a few turns of play
 * lead each of them to, made once) and then an orders text, read as
 * `wyrmpost submit` reads it: submission_parse(), the core's commands
 * (mail_commands_check), then the game's own check() on the other lines
 * for the player the text names (or, when it names nobody in the game, a
 * player picked by the text's length), at the game's deadline.  One
 * target for all the engines, so the fuzzer carries what it learns about
 * the orders' header lines from one game to the next.
 *
 * check() promises a verdict for every line: canonical text, or a stable
 * code with a reason.  A line without one, or with both, abort()s. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "events.h"
#include "fuzz-target.h"
#include "game.h"
#include "mail-commands.h"
#include "options.h"
#include "orders.h"
#include "rng.h"
#include "util.h"

#ifndef FUZZ_STATES
#error "FUZZ_STATES: the directory of example games (examples/campaign/games)"
#endif

#define MAX_ORDERS (64 * 1024)

/* The examples are all at turn 5 of their games, so orders that make
 * sense only in another phase (a City of Glass placement, a Dragon Pants
 * end of round) would never reach check().  From each example LATER turns
 * are played, and every state on the way that is not over is kept. */
#define LATER 12

static struct game *games;
static size_t ngames;

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A copy of g, through its XML as the core would store it. */
static void keep_copy(const struct game *g)
{
	char *xml = game_to_string(g, NULL), *err = NULL;
	if (game_load_buffer(&games[ngames], xml, strlen(xml), "later", &err))
		fuzz_broken("fuzz_orders", "a state played on does not load", err);
	ngames++;
	free(xml);
}

/* Play on from example k: each awaited player sends one of the orders the
 * engine lists as legal, or (one time in four, or with none listed) what
 * the no-orders rule gives.  The choices come from a generator seeded by
 * k, and the game's own rng does the rest, so every run makes the same
 * states in the same order. */
static void play_on(size_t k)
{
	struct game *g = &games[k];
	const struct engine *e = g->engine;
	struct rng choose;
	char *xml = game_to_string(g, NULL), *err = NULL;
	struct game h;

	if (game_load_buffer(&h, xml, strlen(xml), "later", &err))
		fuzz_broken("fuzz_orders", "an example game does not reload", err);
	free(xml);
	rng_seed(&choose, k, 7);
	for (int t = 0; t < LATER && !e->over(&h); t++) {
		struct engine_ctx ctx = game_ctx(&h, h.deadline);
		bool has[MAX_PLAYERS], awaited[MAX_PLAYERS];
		struct strlist lines[MAX_PLAYERS];
		struct turn_orders o = { h.nplayers, has, lines };
		struct events ev = EVENTS_INIT;

		memset(lines, 0, sizeof lines);
		e->awaited(&h, awaited);
		for (size_t p = 0; p < h.nplayers; p++) {
			struct strlist legal = STRLIST_INIT;
			has[p] = awaited[p];
			if (!awaited[p])
				continue;
			e->legal(&h, (int)p, &ctx, &legal);
			if (legal.n && rng_range(&choose, 0, 3))
				strlist_add(&lines[p], legal.v[rng_below(&choose, (uint32_t)legal.n)]);
			else
				e->nmr(&h, (int)p, &lines[p]);
			strlist_clear(&legal);
		}
		if (e->advance(&h, &o, &ctx, &ev, &err))
			fuzz_broken("fuzz_orders", "a turn of play did not advance", err);
		h.turn++;
		events_release(&ev);
		for (size_t p = 0; p < h.nplayers; p++)
			strlist_clear(&lines[p]);
		if (!e->over(&h))
			keep_copy(&h);
	}
	game_release(&h);
}

/* Every FUZZ_STATES/ID/game.xml, in the order of the IDs, then the states
 * played on from each, so that a byte picks the same game in every run. */
static void load_states(void)
{
	struct strlist ids = STRLIST_INIT;
	struct dirent *d;
	DIR *dp = opendir(FUZZ_STATES);
	if (!dp)
		fuzz_broken("fuzz_orders", "cannot open the example games", FUZZ_STATES);
	while ((d = readdir(dp)))
		if (d->d_name[0] != '.')
			strlist_add(&ids, d->d_name);
	closedir(dp);
	qsort(ids.v, ids.n, sizeof *ids.v, by_name);
	games = xcalloc(ids.n * (1 + LATER), sizeof *games);
	for (size_t i = 0; i < ids.n; i++) {
		char *path = xasprintf("%s/%s/game.xml", FUZZ_STATES, ids.v[i]), *err = NULL;
		if (game_load_file(&games[ngames], path, &err))
			fuzz_broken("fuzz_orders", "an example game does not load", err);
		ngames++;
		free(path);
	}
	strlist_clear(&ids);
	if (!ngames)
		fuzz_broken("fuzz_orders", "no example games", FUZZ_STATES);
	for (size_t k = 0, n = ngames; k < n; k++)
		play_on(k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct submission s;
	const struct game *g;
	struct order_line *o;
	char *err = NULL;
	size_t n = 0;
	int p;

	if (!games)
		load_states();
	if (size < 1 || size > MAX_ORDERS)
		return 0;
	g = &games[data[0] % ngames];
	if (submission_parse((const char *)data + 1, size - 1, &s, &err)) {
		if (!err)
			fuzz_broken("fuzz_orders", "parse failed without a message", NULL);
		free(err);
		submission_release(&s); /* as campaign_submit does */
		return 0;
	}
	p = s.player ? game_player_index(g, s.player) : -1;
	if (p < 0)
		p = (int)(size % g->nplayers);
	mail_commands_check(g, p, &s, g->created);
	/* As check_orders() in submit.c: a line refused already (a character
	 * no game may keep) keeps its verdict and is not the engine's. */
	o = xcalloc(s.n + 1, sizeof *o);
	for (size_t i = 0; i < s.n; i++)
		if (!s.lines[i].command && !s.lines[i].code)
			o[n++] = s.lines[i];
	if (n) {
		struct engine_ctx ctx = game_ctx(g, g->deadline);
		g->engine->check(g, p, o, n, &ctx);
	}
	for (size_t i = 0, k = 0; i < s.n; i++) {
		if (!s.lines[i].command && !s.lines[i].code)
			s.lines[i] = o[k++];
		if (!s.lines[i].canon == !s.lines[i].code)
			fuzz_broken("fuzz_orders", s.lines[i].canon ? "a line both accepted and rejected"
								     : "a line without a verdict",
				    s.lines[i].text);
		if (s.lines[i].code && !s.lines[i].reason)
			fuzz_broken("fuzz_orders", "a rejected line without a reason", s.lines[i].text);
	}
	free(o);
	submission_release(&s);
	return 0;
}
