/* token.h - short codes that prove a mail reached an address: the campaign
 * mails one to an address, and only a reply that carries it acts for that
 * address (an `observe`, a newcomer's `join`, a `takeover`: submit.c).  A
 * code is an HMAC-SHA256, under the campaign's secret, of what it
 * confirms: the same request always gets the same code (a run redone after
 * a crash mails the same one), and nobody without the secret can make one
 * for another address.
 *
 * The secret is DIR/secret, 32 random bytes from /dev/urandom in hex, mode
 * 0600 like the password hashes; made on first use (under the campaign
 * lock), never changed: changing it voids the codes in flight, nothing
 * else.
 */
#ifndef WP_TOKEN_H
#define WP_TOKEN_H

#include <stdbool.h>

#include "campaign.h"

/* The code for purpose ("observe", "join", "takeover"), subject (a game
 * id, or ID/SEAT for a takeover) and addr (its case ignored): 10
 * characters of [a-z2-9] (caller frees); NULL with *err when the secret
 * cannot be read or made. */
char *campaign_token(const struct campaign *c, const char *purpose, const char *subject,
		     const char *addr, char **err);
/* Does code (any case, spaces around ignored) equal want, in constant time? */
bool token_equal(const char *code, const char *want);

#endif
