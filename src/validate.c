/* validate.c - every stored game read back against the schemas (`wyrmpost
 * check`); see validate.h. */
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "fsutil.h"
#include "validate.h"

static void validate_game(const struct campaign *c, const char *id, struct strlist *problems)
{
	struct game g;
	struct strlist turns = STRLIST_INIT;
	char *e = NULL, *dir;

	if (campaign_load_game(c, id, &g, &e)) {
		strlist_take(problems, e);
		return;
	}
	{
		bool has[MAX_PLAYERS];
		struct strlist lines[MAX_PLAYERS];
		memset(lines, 0, sizeof lines);
		if (campaign_load_orders(c, &g, has, lines, &e))
			strlist_addf(problems, "%s: %s", id, e);
		free(e);
		e = NULL;
		for (size_t i = 0; i < g.nplayers; i++)
			strlist_clear(&lines[i]);
	}
	dir = campaign_game_path(c, id, "turns");
	if (fs_list(dir, &turns, &e))
		strlist_take(problems, e);
	for (size_t i = 0; i < turns.n; i++) {
		struct game old;
		char *path = xasprintf("%s/%s", dir, turns.v[i]);
		e = NULL;
		if (strlen(turns.v[i]) != 8 || strcmp(turns.v[i] + 4, ".xml"))
			continue;
		if (game_load_file(&old, path, &e))
			strlist_take(problems, e);
		game_release(&old);
		free(path);
	}
	strlist_clear(&turns);
	free(dir);
	game_release(&g);
}

int campaign_validate(const struct campaign *c, const char *id, struct strlist *problems,
		      char **err)
{
	struct strlist ids = STRLIST_INIT;
	int rc = WP_OK;
	if (id) {
		validate_game(c, id, problems);
		return WP_OK;
	}
	rc = campaign_list_games(c, &ids, err);
	for (size_t i = 0; !rc && i < ids.n; i++)
		validate_game(c, ids.v[i], problems);
	strlist_clear(&ids);
	return rc;
}
