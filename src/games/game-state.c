/* game-state.c - what every engine may ask of a struct game: a player by
 * name; and its release, beside the struct that says what it owns. */
#include "game-state.h"

#include <stdlib.h>
#include <string.h>

#include "engine.h"

void game_release(struct game *g)
{
	if (g->state && g->engine && g->engine->release)
		g->engine->release(g);
	free(g->id);
	option_set_release(&g->opts);
	for (size_t i = 0; i < g->nplayers; i++) {
		free(g->players[i].name);
		free(g->players[i].email);
		free(g->players[i].hash);
		free(g->players[i].req_name);
		free(g->players[i].req_email);
		free(g->players[i].req_hash);
		for (size_t a = 0; a < g->players[i].nabsences; a++)
			free(g->players[i].absences[a].reason);
		free(g->players[i].absences);
	}
	free(g->players);
	strlist_clear(&g->observers);
	memset(g, 0, sizeof *g);
}

int game_player_index(const struct game *g, const char *name)
{
	for (size_t i = 0; i < g->nplayers; i++)
		if (!ascii_casecmp(g->players[i].name, name))
			return (int)i;
	return -1;
}
