/* campaign-send.h - the campaign's outbox delivered as wyrmpost.xml says:
 * struct config turned into mail/send.h's plain settings, with the
 * campaign's clock and its outbox/ and sent/ Maildirs. */
#ifndef WP_CAMPAIGN_SEND_H
#define WP_CAMPAIGN_SEND_H

#include <stdbool.h>

#include "campaign.h"
#include "send.h"

/* Deliver what is due in outbox/ (see send_outbox() for the codes); a
 * campaign without <smtp> or <sendmail> and with mail waiting is
 * WP_ERR_CONFIG.  flags: SEND_NOW.  Needs no campaign lock: it takes the
 * outbox's own (outbox/.lock), and is WP_ERR_BUSY while another process
 * delivers; it delivers for at most <limits send-budget> seconds (and the
 * message under way), the rest waiting for the next send. */
int campaign_send(struct campaign *c, struct send_result *r, char **err);
int campaign_send_flags(struct campaign *c, unsigned flags, struct send_result *r,
			char **err);
/* Is a way to send configured (<smtp> or <sendmail>)? */
bool send_configured(const struct config *cfg);
/* How many mails wait in the outbox (new/ and cur/) when no way to send
 * them is configured (0 when one is): run and check say so. */
size_t send_stranded(const struct campaign *c);
/* The line that says so, for n > 0 (caller frees). */
char *send_stranded_text(size_t n);

#endif
