/* mail-commands.h - what a player may ask of wyrmpost itself in an orders
 * mail, beside the game's own orders:
 *
 *   help [ORDER]     what you may send now, every order and command, the
 *                    game's player guide; or one order with examples
 *   press NAME: TEXT a message to a player, or to all (press.h)
 *   gm TEXT          a message to the game master (press.h)
 *   status           the game's turn, deadline and who has sent orders
 *   resend [TURN]    your report of TURN (default: the last) again
 *   password NEW     change your password (one word, at least 6 characters)
 *   resign           leave the game for good when the turn runs
 *   wait             hold the turn for me until the deadline or `ready`
 *   ready            my pending orders stand as they are: release `wait`
 *   absent FROM TO [REASON]  away from day FROM to day TO (absence.h)
 *   back             back early: end the absence now, or drop the next
 *
 * These words are reserved in every game.  `resign` is stored with the
 * orders and carried out by the core at the start of the turn; `wait` and
 * `ready` change whether the player is ready (pending.h), which the
 * intake (submit.c) keeps; `absent` and `back` change the game's stored
 * absences and tell the game master.
 */
#ifndef WP_MAIL_COMMANDS_H
#define WP_MAIL_COMMANDS_H

#include "campaign.h"
#include "orders.h"

/* Add the first word of every command to words (for "did you mean"). */
void mail_commands_words(struct strlist *words);
/* Give every command line of s its verdict (canon set, command = true),
 * as of now (dates are checked against it); the other lines are left for
 * the engine. */
void mail_commands_check(const struct game *g, int p, struct submission *s, long long now);
/* Carry out the accepted commands (not resign) for player p, adding what
 * the reply should say to *reply.  key_hash names any mail it writes. */
int mail_commands_apply(struct campaign *c, struct game *g, int p,
			const struct submission *s, const char *key_hash, struct sb *reply,
			char **err);

#endif
