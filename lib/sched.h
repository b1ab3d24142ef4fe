/* sched.h - deadlines and time of day in a game's time zone.
 *
 * A deadline is "0" (every run), an interval ("36h", "90m", "2d", "3600" s)
 * or a daily time of day in the game's zone ("18:00").  These functions are
 * pure: they take the time as an argument and never read the clock.
 */
#ifndef WP_SCHED_H
#define WP_SCHED_H

#include <stdbool.h>

/* Validate a deadline specification; NULL when fine, else a reason. */
const char *sched_check_spec(const char *spec);
/* Validate a time-zone name (one of the system's zoneinfo files or "UTC"). */
const char *sched_check_tz(const char *tz);
/* The deadline after a turn processed (or a game created) at t. */
long long sched_next_deadline(const char *spec, const char *tz, long long t);
/* The first moment strictly after t at which the clock in zone tz shows
 * minutes_after_midnight (e.g. 6 * 60 for sunrise at 06:00). */
long long sched_next_local(long long t, int minutes_after_midnight, const char *tz);
/* "2026-11-22 18:00 CET" for people: t shown in zone tz (caller frees). */
char *sched_format_local(long long t, const char *tz);

#endif
