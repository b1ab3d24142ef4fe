/* fuzz-orders.c - a libFuzzer target over every game's order checker: one
 * input is a byte that picks a stored game (one of each engine's example
 * states, examples/campaign/games/, loaded once) and then an orders text,
 * read as `wyrmpost submit` reads it: submission_parse(), the core's
 * commands (commands_check), then the game's own check() on the other
 * lines for the player the text names (or, when it names nobody in the
 * game, a player picked by the first byte too), at the game's deadline.
 * One target for all the engines, so the fuzzer carries what it learns
 * about the orders' header lines from one game to the next.
 *
 * check() promises a verdict for every line: canonical text, or a stable
 * code with a reason.  A line without one, or with both, abort()s. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "engine.h"
#include "fuzz-target.h"
#include "game.h"
#include "options.h"
#include "orders.h"
#include "util.h"

#ifndef FUZZ_STATES
#error "FUZZ_STATES: the directory of example games (examples/campaign/games)"
#endif

#define MAX_ORDERS (64 * 1024)

static struct game *games;
static size_t ngames;

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every FUZZ_STATES/ID/game.xml, in the order of the IDs, so that a byte
 * picks the same game in every run. */
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
	games = xcalloc(ids.n, sizeof *games);
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
		p = (int)(data[0] / ngames % g->nplayers);
	commands_check(g, p, &s);
	o = xcalloc(s.n + 1, sizeof *o);
	for (size_t i = 0; i < s.n; i++)
		if (!s.lines[i].command)
			o[n++] = s.lines[i];
	if (n) {
		struct engine_ctx ctx = { g->deadline, option_get(&g->opts, "tz") };
		g->engine->check(g, p, o, n, &ctx);
	}
	for (size_t i = 0, k = 0; i < s.n; i++) {
		if (!s.lines[i].command)
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
