/* validate.c - every stored game read back against the schemas (`wyrmpost
 * check`); see validate.h. */
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "fsutil.h"
#include "turn.h"
#include "validate.h"
#include "wake-index.h"

/* The index of games (wake-index.h) against g's state: a wake time later
 * than the state's would leave the game unread when it is due. */
static void check_wake(const struct campaign *c, const struct wake_index *ix,
		       const struct strlist *touched, const struct game *g,
		       struct strlist *problems)
{
	const struct wake_entry *e = wake_index_find(ix, g->id);
	long long wake;

	if (!e) {
		strlist_addf(problems, "%s: missing from spool/wake-index; remove that file "
			     "and the next run rebuilds it", g->id);
		return;
	}
	/* A folder that held no game is looked at by every run. */
	if (e->flag == WAKE_EMPTY || e->wake <= c->now || strlist_has(touched, g->id))
		return; /* the next run looks at it anyway */
	wake = campaign_turn_wake(c, g);
	if (e->wake > wake)
		strlist_addf(problems, "%s: spool/wake-index has the next run look at it only "
			     "at %lld, but its state wants a look at %lld; remove that file "
			     "and the next run rebuilds it", g->id, e->wake, wake);
}

static void validate_game(const struct campaign *c, const char *id,
			  const struct wake_index *ix, const struct strlist *touched,
			  struct strlist *problems)
{
	struct game g;
	struct strlist turns = STRLIST_INIT;
	char *e = NULL, *dir;

	if (campaign_load_game(c, id, &g, &e)) {
		strlist_take(problems, e);
		return;
	}
	if (ix)
		check_wake(c, ix, touched, &g, problems);
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

/* The index, when it is there and current (else the next run rebuilds
 * it): true, and games it names that are gone are problems. */
static bool read_index(const struct campaign *c, struct wake_index *ix,
		       struct strlist *touched, struct strlist *problems)
{
	bool current;
	char *e = NULL;
	int rc = wake_index_read(c, ix, &current, &e);

	if (rc == WP_ERR_DATA || rc == WP_ERR_IO)
		strlist_addf(problems, "%s; the next run rebuilds it", e);
	free(e);
	e = NULL;
	if (rc || !current) {
		wake_index_release(ix);
		return false;
	}
	if (wake_index_touched(c, touched, &e))
		strlist_take(problems, e);
	for (size_t i = 0; i < ix->n; i++)
		if (ix->v[i].flag != WAKE_EMPTY && !campaign_game_exists(c, ix->v[i].id))
			strlist_addf(problems, "%s: in spool/wake-index but no game; remove that "
				     "file and the next run rebuilds it", ix->v[i].id);
	return true;
}

int campaign_validate(const struct campaign *c, const char *id, struct strlist *problems,
		      char **err)
{
	struct strlist ids = STRLIST_INIT, touched = STRLIST_INIT;
	struct wake_index ix = WAKE_INDEX_INIT;
	bool verify;
	int rc = WP_OK;

	if (id) {
		validate_game(c, id, NULL, NULL, problems);
		return WP_OK;
	}
	verify = read_index(c, &ix, &touched, problems);
	rc = campaign_list_games(c, &ids, err);
	for (size_t i = 0; !rc && i < ids.n; i++)
		validate_game(c, ids.v[i], verify ? &ix : NULL, &touched, problems);
	strlist_clear(&ids);
	strlist_clear(&touched);
	wake_index_release(&ix);
	return rc;
}
