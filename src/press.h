/* press.h - messages by mail: press between the players of a game and
 * notes to its game master.
 *
 *   press NAME: TEXT   to one player, relayed at once from the campaign's
 *   press all: TEXT    own address (the sender's is never shown); `all`
 *                      reaches every other player and the observers
 *   gm TEXT            to the game master (wyrmpost.xml <gamemaster>)
 *
 * The game's option press=open|grey|none says whether press is taken and
 * whether its sender is named (grey: "someone"); press-per-turn and
 * press-size limit a player's messages in one turn and each one's length.
 * Each message is stored before any mail about it is written, as one file
 * games/ID/press/NNNN/TIME-KEY (NNNN the turn it was sent in; see
 * press.c), so a mail handled twice is one message and one relay, the
 * recipient's report of that turn lists it under "Messages", and a turn
 * played again after a rollback lists the same ones.  The game master
 * reads them all (`wyrmpost press ID`) and writes to everyone
 * (`wyrmpost broadcast ID TEXT`).
 */
#ifndef WP_PRESS_H
#define WP_PRESS_H

#include "campaign.h"
#include "orders.h"

/* One stored message. */
struct press_msg {
	char *key;
	char *from;   /* the sender's name, "" for the game master */
	char *to;     /* a player's name, "all", or "gm" */
	int turn;
	long long when;
	bool grey;    /* the sender's name hidden from the players */
	char *text;
};
struct press_list {
	struct press_msg *v;
	size_t n, alloc;
};
void press_list_release(struct press_list *l);

/* Give every `press` and `gm` line of player p's mail s its verdict
 * (command = true), against the game's options and the messages p has
 * sent this turn; the other lines are left for the rest. */
void press_check(const struct campaign *c, const struct game *g, int p, struct submission *s);
/* Store and relay the accepted lines of s, saying so in *reply. */
int press_apply(struct campaign *c, const struct game *g, int p, const struct submission *s,
		struct sb *reply, char **err);
/* The messages of game id sent in turn (0: every turn), oldest first. */
int press_load(const struct campaign *c, const char *id, int turn, struct press_list *out,
	       char **err);
/* The messages reader p got in turn (p < 0: the public report's, the
 * press to all), one "from NAME to you|everyone: TEXT" each, added to out:
 * the report's "Messages" in all its forms (report.h). */
void press_report(const struct campaign *c, const struct game *g, int turn, int p,
		  struct strlist *out);
/* `wyrmpost press ID`: every message of the game, senders named. */
int campaign_press(const struct campaign *c, const char *id, struct sb *out, char **err);
/* `wyrmpost broadcast ID TEXT`: from the game master to every player and
 * observer of the game, stored as press to all; *mailed: how many mails. */
int campaign_broadcast(struct campaign *c, const char *id, const char *text, size_t *mailed,
		       char **err);

#endif
