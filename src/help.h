/* help.h - what `help` by mail answers and what every mail to a player
 * ends with: the game's player guide (the installed docs/NAME.md), the
 * forms of its orders and of the commands by mail, one order explained
 * with an example from the player's own position, and the one line that
 * says how to get help. */
#ifndef WP_HELP_H
#define WP_HELP_H

#include <stdbool.h>

#include "engine.h"
#include "game.h"
#include "util.h"

/* Is word an order of g's game or a command by mail (any case)? */
bool help_knows(const struct game *g, const char *word);
/* `help`: what player p may send now, the forms of every order and
 * command, then the player guide. */
void help_all(const struct game *g, int p, struct sb *out);
/* `help WORD`: that order (every form of it) or command, with the lines of
 * it player p could send now as examples. */
void help_order(const struct game *g, int p, const char *word, struct sb *out);
/* The line every mail to a player of g ends with (after "-- "): how to
 * get help, and the guide's page on the campaign's site when site_url is
 * not NULL.  Caller frees. */
char *help_footer(const struct game *g, const char *site_url);

#endif
