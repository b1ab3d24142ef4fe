/* send.h - delivering the outbox.  This version hands each message to a
 * sendmail-compatible command (wyrmpost.xml: <sendmail command="..."/>),
 * run without a shell as COMMAND -f SENDER -- RECIPIENT with the message on
 * its standard input.  A message the command takes (exit status 0) moves
 * from outbox/new to the sent/ Maildir; one it refuses stays and is tried
 * again by later runs, after 5 minutes, then 10, 20 ... at most 6 hours
 * (outbox/retry/KEY holds the attempts and the next time).  A message is
 * moved to sent/ right after the command accepts it: a crash in between
 * can send it a second time, never lose it.
 */
#ifndef WP_SEND_H
#define WP_SEND_H

#include <stddef.h>

#include "campaign.h"

struct send_result {
	size_t messages, sent, deferred, failed;
	struct strlist log;
};

/* Deliver what is due in the outbox.  WP_ERR_CONFIG when no way to send is
 * configured (everything stays in the outbox). */
int campaign_send(struct campaign *c, struct send_result *r, char **err);
void send_result_release(struct send_result *r);

#endif
