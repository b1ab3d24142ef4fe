/* rollback.h - a game put back to the state before an earlier turn, so
 * that turn can be played again (its orders are kept).  A rollback killed
 * halfway is finished, not repeated, by whatever touches the game next
 * (games/ID/.rollback holds its intent), and games/ID/replays counts how
 * often each turn has been played again, for the reports that replace
 * the ones sent before. */
#ifndef WP_ROLLBACK_H
#define WP_ROLLBACK_H

#include "campaign.h"

/* Put the game back to the state before turn `to` (0: the last turn). */
int campaign_rollback(struct campaign *c, const char *id, int to, int *restored,
		      char **err);
/* Finish a rollback of game id that a kill interrupted; *to is its turn
 * (0: none was).  For every command about to change the game. */
int rollback_finish(struct campaign *c, const char *id, int *to, char **err);
/* How many times turn of game id has been rolled back (0: never). */
int rollback_replays(const struct campaign *c, const char *id, int turn);

#endif
