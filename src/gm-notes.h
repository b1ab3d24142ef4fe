/* gm-notes.h - a change made to a running game between its turns, by the
 * game master (gm.h) or through a seat changing hands (seat.h), noted:
 * written to games/ID/history ("TIME turn N: what"), kept for the report
 * of the turn now waiting (games/ID/orders/NNNN/.gm), where the game
 * master's lines open "What happened" (turn.c), and, when the players
 * should hear of it at once, mailed to them. */
#ifndef WP_GM_NOTES_H
#define WP_GM_NOTES_H

#include "campaign.h"
#include "util.h"

/* Record a change in g's history and for the report of the turn now
 * waiting. */
int gm_note(const struct campaign *c, const struct game *g, char **err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Mail what changed to every player still in the game, not dropped and
 * not in an open seat (the observers do not need it); the body opens with
 * "Game ID (title), turn N: " and what; subject is the mail's, after
 * "[ID] ". */
int gm_tell_players(const struct campaign *c, const struct game *g, const char *what,
		    const char *subject, char **err);

/* The game master's lines kept for turn's report, added to out (nothing
 * when none). */
void gm_turn_notes(const struct campaign *c, const char *id, int turn, struct strlist *out);

#endif
