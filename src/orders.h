/* orders.h - reading an orders text: the header lines that say who sends it,
 * then one order per line.
 *
 *     game g1          keyword then value, any case, optional colon
 *     player ann
 *     password s3cret
 *     turn 4           optional: refuse the orders if the game has moved on
 *     leave            orders in the game's own verbs
 *
 * Text before the header lines (a greeting), lines quoted with ">" and
 * everything after a "-- " signature line are ignored; "#" starts a comment at the beginning of a line or after a space.
 * Anyone may send just `game ID` and `observe` (or `unobserve`) from a mail
 * address to get (or stop) the game's public reports there; `observe CODE`
 * is the reply that confirms an `observe` (see submit.c).
 * A text that is an RFC 5322 message (headers, blank line, body) has its
 * plain-text body read; its From, Message-ID and Subject are kept.
 */
#ifndef WP_ORDERS_H
#define WP_ORDERS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine.h"

struct submission {
	char *game, *player, *password;
	int turn;             /* 0 when no turn line was given */
	int observe;          /* 1: `observe`, -1: `unobserve` (no player needed) */
	bool quarantine;      /* the MIME parser crashed or hung on this mail */
	struct order_line *lines;
	size_t n, alloc;
	/* From the message headers, when the text was a mail. */
	char *from, *message_id, *subject;
};

/* Parse text.  Returns 0, or -1 with *err when the text cannot be orders at
 * all (a MIME message this version cannot read, a missing header line, a
 * line that is not UTF-8; a mail's body that is not is read as the MIME
 * layer reads mislabelled text);
 * *err then says what is wrong and on which line. */
int submission_parse(const char *text, size_t len, struct submission *s, char **err);
void submission_release(struct submission *s);

/* Stored pending orders: one canonical order per line. */
char *orders_format(const struct strlist *lines);
void orders_parse_stored(const char *text, struct strlist *lines);

#endif
