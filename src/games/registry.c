/* registry.c - every rules engine in the program: the games built in (the
 * list build-aux/games-c.sh writes from WP_GAMES in configure.ac), then
 * those added at run time (the test suites add their test game).
 *
 * It is the games' layer's, not the application's: it knows engines only
 * through engine.h, and it lives in one library with the generated list it
 * starts from, so the application asks the games' layer for its games and
 * nothing below the application names one. */
#include <string.h>

#include "engine.h"

extern const struct engine *const builtin_engines[];

/* NULL until the first call, then the builtin list and every added engine,
 * NULL-terminated. */
static const struct engine **engines;
static size_t nengines;

static void engines_init(void)
{
	if (engines)
		return;
	while (builtin_engines[nengines])
		nengines++;
	engines = xcalloc(nengines + 1, sizeof *engines);
	memcpy(engines, builtin_engines, nengines * sizeof *engines);
}

const struct engine *const *engine_list(void)
{
	engines_init();
	return engines;
}

void engine_register(const struct engine *e)
{
	engines_init();
	if (engine_find(e->name))
		BUG("engine '%s' registered twice", e->name);
	engines = xrealloc(engines, (nengines + 2) * sizeof *engines);
	engines[nengines++] = e;
	engines[nengines] = NULL;
}

const struct engine *engine_find(const char *name)
{
	for (const struct engine *const *e = engine_list(); *e; e++)
		if (!strcmp((*e)->name, name))
			return *e;
	return NULL;
}
