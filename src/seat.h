/* seat.h - open seats and taking them over by mail (issue 13).
 *
 * A seat is open when its player is gone but the game keeps it: at the
 * nmr-drop limit of a game whose option takeover is gm or auto (turn.c),
 * or when the game master offers it (`wyrmpost offer ID NAME`).  The
 * game's no-orders rule plays an open seat; the turn neither waits for it
 * nor holds over it.  Anyone may ask for it by mail (`takeover SEAT`, with
 * a name and password of their own); with takeover=auto the first to ask
 * takes it at once, otherwise the request waits for `wyrmpost approve`.
 * The new player gets the seat with everything in it, as with `player ID
 * NAME replace`, and a welcome mail with the game so far.
 *
 * Every change is written to the game's history and to the next report
 * (gm-notes.h).  The functions that take an id load and save the game
 * under the campaign's lock, which the caller holds; the ones that take a
 * struct game change and save the game given.
 */
#ifndef WP_SEAT_H
#define WP_SEAT_H

#include "campaign.h"
#include "util.h"

/* `wyrmpost offer ID`: the open seats of game id and the requests waiting,
 * as lines for the game master, into out. */
int seat_list(struct campaign *c, const char *id, struct sb *out, char **err);

/* `wyrmpost offer ID NAME`: open NAME's seat (its player is told) and
 * announce it to the players and observers; a seat open already is
 * announced again. */
int seat_offer(struct campaign *c, const char *id, const char *name, char **err);

/* `wyrmpost approve ID SEAT [--refuse]`: give the seat to the one who asked
 * for it, or turn the request down (the asker is told either way).
 * *who gets the new player's name (caller frees). */
int seat_approve(struct campaign *c, const char *id, const char *seat, bool refuse,
		 char **who, char **err);

/* A mail's `takeover SEAT` from name at address addr with password pw,
 * for game g (loaded; saved here when changed).  *reply gets what to tell
 * the asker (caller frees).  WP_ERR_DATA with *err when the request
 * cannot be taken (no such open seat, a name in use, a weak password). */
int seat_ask(struct campaign *c, struct game *g, const char *seat, const char *name,
	     const char *addr, const char *pw, char **reply, char **err);
/* The checks of seat_ask alone, changing nothing: WP_OK when seat_ask
 * would take the request, else WP_ERR_DATA with *err.  The intake asks
 * this before mailing a confirmation code (submit.c), so a request that
 * cannot be taken never costs the address a mail. */
int seat_ask_check(const struct game *g, const char *seat, const char *name,
		   const char *addr, const char *pw, char **err);

/* The seat is nobody's open seat any more (the request, if any, goes). */
void seat_clear_open(struct player *pl);

#endif
