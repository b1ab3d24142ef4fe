/* site.h - the campaign's web archive: a static site of every game's public
 * reports, for anyone to read (see wyrmpost(1), `site`).
 *
 *   DIR/index.html           the games being played (rules and the way they
 *                            are played, turn, deadline, players, open seats)
 *                            and the finished ones with their winners
 *   DIR/style.css            one style sheet; no script anywhere
 *   DIR/ID/index.html        a game: its standings, every turn, the board now
 *   DIR/ID/NNNN.html         turn NNNN: the public report as HTML and the
 *                            board, as observers get them, with links to
 *                            the turns before and after (site-report.c)
 *   DIR/ID/feed.atom         an Atom entry for each turn (site-feed.c)
 *   DIR/feed.atom            the same for every game, the newest 200
 *   DIR/deadlines.ics        every active game's next deadline (iCalendar)
 *   DIR/players/NAME.html    a player's games and how they ended, and
 *   DIR/players/index.html   every player (site-stats.c)
 *   DIR/stats.html           games per rules, length, missed orders, wins
 *                            by seat
 *   DIR/rules/NAME.html      the rules as played (docs/rules/NAME.md)
 *   DIR/guide/NAME.html      the player guides (docs/NAME.md) and
 *   DIR/guide/orders.html    how to play by mail (docs/orders.md)
 *   DIR/ID/.summary          what the pages across games need of the game
 *                            (site-summary.c), for `run`
 *
 * Only what the public may see goes in: the public reports, the boards as
 * the engines draw them for the public (p < 0), the engines' standings,
 * player names but never their addresses; the one address shown is the
 * campaign's own, where joining mail goes.  Nothing reads the clock: the
 * feeds are dated by when each turn ran, so one campaign gives one site.
 * Every file is written atomically, so a reader never sees half a page; a
 * run killed halfway leaves a site that is whole but partly older.
 */
#ifndef WP_SITE_H
#define WP_SITE_H

#include "campaign.h"
#include "util.h"

/* Write only what may have changed (for `run`): a game whose game.xml
 * is as its summary says is not read at all, and pages of turns before
 * the last are kept when newer than what they show. */
#define SITE_QUICK 1u

/* Write the site of campaign c into dir (created if need be).  0, or a
 * wp_rc with *err.  A game that cannot be read is named on its index entry
 * and skipped. */
int campaign_site(const struct campaign *c, const char *dir, unsigned flags, char **err);

#endif
