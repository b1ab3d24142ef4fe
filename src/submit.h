/* submit.h - taking one orders text or mail: who sent it, the verdict on
 * every line, the pending orders stored, the reply mailed; and the
 * requests that come by mail beside orders (observe, join, takeover).
 * Every message, fetched or piped, comes here through the intake
 * (intake.h), which keeps it safe first. */
#ifndef WP_SUBMIT_H
#define WP_SUBMIT_H

#include <stdbool.h>
#include <stddef.h>

#include "campaign.h"

struct submit_result {
	char *game;    /* the game that took the mail and answered it; NULL when
			  no game did (not orders, or no such game) */
	char *player;
	int turn;
	char *reply;   /* the confirmation, as mailed (NULL when none is sent) */
	size_t accepted, rejected;
	bool stored;   /* the player's pending orders were replaced */
	bool quarantine; /* the mail could not be parsed safely: keep it apart */
	bool untold;   /* refused, and nobody was told (no such player): the
			  intake answers the sender only if registered */
};
int campaign_submit(struct campaign *c, const char *text, size_t len,
		    struct submit_result *r, char **err);
void submit_result_release(struct submit_result *r);

#endif
