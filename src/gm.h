/* gm.h - what a game master does to a running game (issue 13): change an
 * option or the deadline, pause, resume, end or archive it; change a
 * player's address or password, replace or drop a player.
 *
 * Every change is written to games/ID/history ("TIME turn N: what") and
 * kept for the report of the turn it happened in (the game master's lines
 * open that report's "What happened"; gm-notes.h); the players it concerns
 * are mailed.  Each function loads the game, changes it and saves it under the
 * campaign's lock, which the caller holds.  On error nothing is changed:
 * mails go to the outbox before the game is saved, and a mail queued for a
 * change that then fails to save says what was meant (the outbox is the
 * one record a crash leaves, and sends are at least once anyway).
 */
#ifndef WP_GM_H
#define WP_GM_H

#include "campaign.h"

/* `wyrmpost game ID ...` */
int gm_game_set(struct campaign *c, const char *id, const char *assign, char **err);
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

/* Finish a `game end` or `player replace` a kill interrupted in game id
 * (games/ID/.gm-intent), as it was given; WP_OK if there was none. */
int gm_finish(struct campaign *c, const char *id, char **err);

#endif
