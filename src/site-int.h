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

/* What the pages across games (the index, players, statistics, the
 * campaign's feed and calendar) need of a game, made when the game's own
 * pages are written and kept beside them in DIR/ID/.summary
 * (site-summary.c): a run then reads that in place of a game that has
 * not changed and its every turn. */
struct site_entry {
	long long ran;  /* when the turn ran (the game's creation if unknown) */
	int turn;
	char *xml;      /* its <entry> in the campaign's feed */
};
struct site_summary {
	char *id;
	const struct engine *engine;
	bool rules_page;
	enum game_status status;
	int nturns;
	long long created;
	int nwinners;          /* once over */
	long missed, due;      /* player-turns with no orders, of all */
	char *index_entry;     /* its <li> on the index */
	char *vevent;          /* its next deadline in the calendar ("": none) */
	size_t nplayers;
	char **names;          /* per player: the name, */
	int *place;            /* where they stand (1 first, 0 unranked), */
	char **rows;           /* their row on the player's page */
	struct site_entry *entries; /* the newest turns first */
	size_t nentries;
};
void site_summary_release(struct site_summary *s);
/* What says whether DIR/ID/.summary still tells the truth of game id
 * (malloc'd): when its game.xml last changed, and this program. */
char *site_summary_key(const struct campaign *c, const char *id);
/* s from DIR/ID/.summary when it was written under key: true, else false
 * (none, another key, unreadable: the game is read anew). */
bool site_summary_load(const char *dir, const char *id, const char *key,
		       struct site_summary *s);
/* Write s as DIR/ID/.summary under key.  0, or a wp_rc with *err. */
int site_summary_save(const char *dir, const char *key, const struct site_summary *s,
		      char **err);

/* Fill in s's players part (site-stats.c): names, places, rows, wins and
 * missed orders. */
void site_people_summary(const struct site_game *sg, struct site_summary *s);
/* Write DIR/ID/feed.atom and fill in s's feed part (site-feed.c): its
 * entries in the campaign's feed and its calendar event.  0, or a wp_rc
 * with *err. */
int site_game_feed(const struct campaign *c, const struct site_game *sg, const char *dir,
		   struct site_summary *s, char **err);

/* players/SLUG.html for a player's name: lower-case letters and digits
 * kept, anything else as _XX (malloc'd). */
char *site_player_slug(const char *name);

/* The pages across games (site-stats.c): one per player name, and
 * stats.html.  0, or a wp_rc with *err. */
int site_people(const struct site_summary *games, size_t n, const char *dir, char **err);

/* Free the entries of games[0..n) that cannot be among the campaign
 * feed's newest, once *kept (the entries held) has grown enough to be
 * worth it, and set *kept to those left: the summaries of many games
 * then hold few entries at a time. */
void site_feed_trim(struct site_summary *games, size_t n, size_t *kept);

/* The campaign's feeds (site-feed.c): DIR/feed.atom and
 * DIR/deadlines.ics.  0, or a wp_rc with *err. */
int site_feeds(const struct campaign *c, const struct site_summary *games, size_t n,
	       const char *dir, char **err);

#endif
