/* gm.h - what a game master does to a running game (issue 13): change an
 * option or the deadline, pause, resume, end or archive it; change a
 * player's address or password, replace or drop a player, mark one away
 * or back (absence.h).
 *
 * Every change is written to games/ID/history ("TIME turn N: what") and
 * kept for the report of the turn it happened in (the game master's lines
 * open that report's "What happened"; gm-notes.h); the players it concerns
 * are mailed.  Each function loads the game, changes it and saves it under the
 * campaign's lock, which the caller holds.  Mails go to the outbox and
 * notes to the history before the game is saved; see the intent below.
 */
#ifndef WP_GM_H
#define WP_GM_H

#include "campaign.h"

/* Every verb but delete first writes games/ID/.gm-intent (what it does,
 * when, to which game.xml) and removes it once game.xml is saved: killed
 * in between, it is done again, as it was given, by the next verb on the
 * game or the next run (gm_finish), its mails and notes once.
 *
 * `wyrmpost game ID ...`; *mailed says whether set told the players. */
int gm_game_set(struct campaign *c, const char *id, const char *assign, bool *mailed,
		char **err);
int gm_game_pause(struct campaign *c, const char *id, char **err);
int gm_game_resume(struct campaign *c, const char *id, char **err);
int gm_game_end(struct campaign *c, const char *id, char **err);
/* Move games/ID to archive/ID-YYYYMMDD-HHMMSS; *where gets that folder. */
int gm_game_delete(struct campaign *c, const char *id, char **where, char **err);

/* `wyrmpost player ID NAME ...` */
int gm_player_address(struct campaign *c, const char *id, const char *name, const char *email,
		      char **err);
/* A new password, mailed to the player (*password gets it, caller frees). */
int gm_player_password(struct campaign *c, const char *id, const char *name, char **password,
		       char **err);
/* NEWNAME:EMAIL[:PASSWORD] takes the seat; a generated password is put in
 * *password (else NULL). */
int gm_player_replace(struct campaign *c, const char *id, const char *name, const char *spec,
		      char **password, char **err);
int gm_player_drop(struct campaign *c, const char *id, const char *name, char **err);
/* Player NAME away from day FROM to day TO (YYYY-MM-DD, absence.h), not
 * held to the game's absence-days; or back: that absence ends. */
int gm_player_absent(struct campaign *c, const char *id, const char *name, const char *from,
		     const char *to, char **err);
int gm_player_back(struct campaign *c, const char *id, const char *name, char **err);

/* `wyrmpost offer ID NAME` and `wyrmpost approve ID SEAT [--refuse]`
 * (seat.h), finished as the others; *who gets the one who asked. */
int gm_seat_offer(struct campaign *c, const char *id, const char *name, char **err);
int gm_seat_approve(struct campaign *c, const char *id, const char *seat, bool refuse,
		    char **who, char **err);

/* Finish a change a kill interrupted in game id (games/ID/.gm-intent), as
 * it was given; WP_OK if there was none. */
int gm_finish(struct campaign *c, const char *id, char **err);

#endif
