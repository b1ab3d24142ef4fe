/* fuzz-state.c - a libFuzzer target over the state loader: one input is a
 * game.xml as a campaign loads it (game_load_buffer: the XML parse with no
 * network and no entities, the game schema, the engine's own schema, then
 * game_from_xml and the engine's load()).
 *
 * A state the loader accepts then has to keep the promises the rest of the
 * program relies on: it saves, the saved text loads again and saves to the
 * same bytes (a turn stores what it loaded), and every player's view, the
 * public view and every player's legal orders can be made from it without
 * a crash.  A broken promise abort()s. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "fuzz-target.h"
#include "game.h"
#include "util.h"

/* Game files are a few KB; more only slows the fuzzer down. */
#define MAX_STATE (256 * 1024)

static void look(const struct game *g)
{
	struct engine_ctx ctx = engine_ctx_make(g->deadline, "UTC");
	for (int p = -1; p < (int)g->nplayers; p++) {
		struct sb view = SB_INIT;
		g->engine->view(g, p, &ctx, &view);
		sb_release(&view);
		if (p >= 0) {
			struct strlist legal = STRLIST_INIT;
			g->engine->legal(g, p, &ctx, &legal);
			strlist_clear(&legal);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game g, again;
	char *err = NULL, *text, *text2;
	size_t len, len2;

	if (size > MAX_STATE)
		return 0;
	if (game_load_buffer(&g, (const char *)data, size, "game.xml", &err)) {
		if (!err)
			fuzz_broken("fuzz_state", "load failed without a message", NULL);
		free(err);
		return 0;
	}
	text = game_to_string(&g, &len);
	if (game_load_buffer(&again, text, len, "saved.xml", &err))
		fuzz_broken("fuzz_state", "a loaded state saves to one that does not load", err);
	text2 = game_to_string(&again, &len2);
	if (len != len2 || memcmp(text, text2, len))
		fuzz_broken("fuzz_state", "a loaded state does not save the same twice", NULL);
	look(&g);
	free(text);
	free(text2);
	game_release(&again);
	game_release(&g);
	return 0;
}
