/* absence.h - a player's announced absences (issue 31, section 5).
 *
 * A player says by mail `absent FROM TO [reason]` (dates YYYY-MM-DD in
 * the game's time zone, both days included) and `back` to end one early;
 * the game master says `wyrmpost player ID NAME absent FROM TO` or
 * `... back`.  On those days no turn waits for the player (pending.c):
 * the game's no-orders rule plays the seat at each deadline as for anyone
 * who sent nothing, and those turns are not counted toward nmr-drop
 * (turn.c).  Orders the player sends while away are played all the same.
 *
 * A player's own requests are limited by the core options absence-days
 * and absence-window: at most that many days away in any window of that
 * many days (14 in 90 unless the game says otherwise; absence-days=0: only
 * the game master sets absences).  The game master's are not limited.
 * Absences are kept in game.xml under the player, each as
 * <absence from= to= [reason=]/>; those over for longer than the window
 * are forgotten when another is added.
 *
 * Days are counted as days since 1970-01-01 (day 0), in the game's zone.
 */
#ifndef WP_ABSENCE_H
#define WP_ABSENCE_H

#include <stdbool.h>

#include "game.h"

/* The longest reason kept, in bytes (a longer one is cut at a character). */
#define ABSENCE_REASON_MAX 200

/* "2027-02-01" to a day number (strictly four digits, two and two, a real
 * calendar day, years 1970-9999); false when it is not one. */
bool absence_parse_day(const char *s, int *day);
/* A day number as "2027-02-01" (caller frees). */
char *absence_format_day(int day);
/* The day it is at now in zone tz. */
int absence_today(long long now, const char *tz);

/* Player p's absence that covers day (NULL: none). */
const struct absence *absence_on(const struct game *g, int p, int day);
/* Is player p of g away at now (in the game's zone)? */
bool absence_at(const struct game *g, int p, long long now);
/* Player p's absence now or the next one planned (NULL: none). */
const struct absence *absence_current_or_next(const struct game *g, int p, long long now);

/* "absent until 2027-02-07" (away now) or "absent from 2027-02-01 to
 * 2027-02-07" (the next planned), for status lines; NULL when neither
 * (caller frees). */
char *absence_status(const struct game *g, int p, long long now);

/* Can player p of g be away from day from to day to, asked on day today?
 * NULL when yes, else why not, for the player (caller frees).  limited:
 * hold to options absence-days and absence-window (a player's own
 * request; the game master's is not limited). */
char *absence_check(const struct game *g, int p, int from, int to, int today, bool limited);
/* Add the absence (checked already; from is moved to today when before
 * it); absences it overlaps are replaced, and those long over forgotten. */
void absence_add(struct game *g, int p, int from, int to, const char *reason, int today);
/* `back`: end the absence of today (its last day becomes yesterday, or
 * it goes when it began today), or else drop the next one planned.
 * False when there was none. */
bool absence_back(struct game *g, int p, int today);
/* Forget every absence of player p (the seat changed hands). */
void absence_clear(struct player *pl);

#endif
