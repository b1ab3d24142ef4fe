/* site-int.h - what the files of the web archive (site*.c) share: the
 * page's frame, links, and writing a file only when it changed.  Not for
 * use outside them; site.h is the archive's interface. */
#ifndef WP_SITE_INT_H
#define WP_SITE_INT_H

#include <stdbool.h>

#include "campaign.h"
#include "game.h"
#include "site.h"
#include "util.h"

/* The one style sheet, DIR/style.css. */
extern const char site_style_css[];

/* A page's head and the start of its header: up is the way to the site's
 * top from the page ("" or "../"); feed a game's Atom feed to offer beside
 * the campaign's (NULL: none).  site_page_title closes the header's nav
 * and writes the <h1>; site_page_close ends the page. */
void site_page_open(struct sb *o, const char *up, const char *title, const char *feed);
void site_page_title(struct sb *o, const char *title);
void site_page_close(struct sb *o);
/* <a href="href">text</a>, both escaped. */
void site_link(struct sb *o, const char *href, const char *text);

/* Write o to path when its content differs from the file's: a run that
 * changes nothing touches nothing.  0, or WP_ERR_IO with *err. */
int site_put(const char *path, const struct sb *o, char **err);
/* path's mtime (changed false) or ctime (true) in nanoseconds; -1: none. */
long long site_stamp(const char *path, bool changed);

/* Where a game's players stand (the engine's standings, site.c):
 * place[p] (1 first, 0 unranked), note[p] (NULL: none); nwinners, the
 * players placed 1 once the game is over. */
struct site_standing {
	int *place;
	char **note;
	size_t n;
	int nwinners;
};
void site_standings(const struct game *g, struct site_standing *s);
void site_standing_release(struct site_standing *s);
/* The rules' title and the way this game plays them (malloc'd). */
char *site_rules_title(const struct game *g);

/* What the stored states say of each turn played (site-stats.c): when it
 * ran, and who sent no orders for it.  turns[t - 1] is turn t. */
struct site_turn {
	long long ran;  /* 0: not known */
	bool *missed;   /* nplayers of the game now; players who joined later
			   count from their first turn */
};
struct site_game {
	struct game g;
	bool rules_page;
	struct site_turn *turns;
	int nturns;     /* g.turn - 1 */
};
void site_game_turns(const struct campaign *c, struct site_game *sg);
void site_game_release(struct site_game *sg);

/* players/SLUG.html for a player's name: lower-case letters and digits
 * kept, anything else as _XX (malloc'd). */
char *site_player_slug(const char *name);

/* The pages across games (site-stats.c): one per player name, and
 * stats.html.  0, or a wp_rc with *err. */
int site_people(const struct site_game *games, size_t n, const char *dir, char **err);

/* The feeds (site-feed.c): DIR/feed.atom, DIR/ID/feed.atom and
 * DIR/deadlines.ics.  0, or a wp_rc with *err. */
int site_feeds(const struct campaign *c, const struct site_game *games, size_t n,
	       const char *dir, char **err);

#endif
