/* tz.h - local time in a named time zone, without the C library's own.
 *
 * The C library converts in one zone per process, named by the
 * environment's TZ and held in global state: switching it for each game
 * is unsafe while another thread runs.  This module reads a zone itself,
 * from its compiled file (TZif, RFC 8536: transitions, local time types,
 * leap seconds, and the footer's TZ string for instants after the table)
 * or from a POSIX TZ string, and converts both ways.  It changes nothing
 * in the process, reads neither the clock nor the environment, and knows
 * nothing of games or campaigns.
 *
 * Local to UTC has two cases with no single answer, and we choose:
 * - a gap (clocks go forward, say 02:00 to 03:00): a wall time inside it
 *   never shows, and is read with the offset in force before the gap, so
 *   that it lands as far past the gap's end as it was past its start:
 *   02:30 becomes 03:30 of the new time;
 * - a fold (clocks go back, say 03:00 to 02:00): a wall time inside it
 *   shows twice, and is the earlier of the two instants (02:30 of summer
 *   time, not the hour after).
 */
#ifndef WP_TZ_H
#define WP_TZ_H

#include <stdbool.h>
#include <time.h>

/* Where the system keeps its compiled zones. */
#define TZ_DIR_DEFAULT "/usr/share/zoneinfo"

/* A zone's rules: read once, never changed or freed, shared by threads. */
struct tz_zone;

/* The zone name, from the zone directory dir (NULL: TZ_DIR_DEFAULT);
 * never NULL, the same pointer for the same dir and name.  Kept for the
 * life of the process, in a cache that any thread may use at once and
 * that a fork() at any moment leaves whole in the child.
 * - "UTC" is UTC, whether or not a file says so;
 * - a name that tz_name_safe() passes and whose file under dir is a valid
 *   TZif file is that zone;
 * - any other name is read as a POSIX TZ string ("EST5EDT,M3.2.0,
 *   M11.1.0", "<+0530>-5:30"; a daylight time with no rule changes on the
 *   United States' days, M3.2.0 and M11.1.0);
 * - a name that is none of these is UTC, abbreviated as the zone name the
 *   string starts with ("Mars/Olympus" shows "Mars"), or else "UTC". */
const struct tz_zone *tz_zone_get(const char *dir, const char *name);

/* May name be looked up as a file under a zone directory: not empty, not
 * absolute, no "..", at most 64 bytes? */
bool tz_name_safe(const char *name);

/* The local time at t (seconds since 1970 UTC) in zone z: every field of
 * *tm, tm_gmtoff the offset east of UTC and tm_zone the abbreviation
 * ("CET", "+0530"), owned by z.  A leap second of a zone that counts them
 * shows as second 60.  False, *tm untouched, where the year would not fit
 * in tm_year. */
bool tz_to_local(const struct tz_zone *z, long long t, struct tm *tm);

/* The instant at which zone z's clock shows the wall time of tm_year,
 * tm_mon, tm_mday, tm_hour, tm_min and tm_sec, in *t; the fields may be
 * out of their ranges (the 32nd of a month is the next month's 1st, hour
 * 25 the next day's 1:00), and tm_isdst is ignored; second 60 is a leap
 * second where the zone has one then, else the next minute's first.  In
 * a gap or a fold, the choice of this file's opening comment.  On success
 * *tm is the local time at *t (its wall time moved on by the gap, if it
 * fell in one).  False, *tm and *t untouched, where the time is out of
 * range. */
bool tz_from_local(const struct tz_zone *z, struct tm *tm, long long *t);

#endif
