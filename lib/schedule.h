/* schedule.h - deadlines and time of day in a game's time zone.
 *
 * A deadline is "0" (every run), an interval ("36h", "90m", "2d", "1w",
 * "3600" s), a daily time of day in the game's zone ("18:00"), or days of
 * the week and a time ("tue,fri 18:00", "mon-fri 09:30", "sat 12:00").
 * Deadlines keep to their schedule: an interval counts from the deadline
 * before, not from when the run came round to it, so a cron job a minute
 * late does not push every later turn a minute on.  These functions are
 * pure: they take the time as an argument and never read the clock.
 * Where the clocks change, a time of day that the clock skips is read as
 * far past the gap as it was into it (02:30 becomes 03:30 of summer time)
 * and one the clock shows twice is the first of the two (tz.h).
 */
#ifndef WP_SCHEDULE_H
#define WP_SCHEDULE_H

#include <stdbool.h>

/* Validate a deadline specification; NULL when fine, else a reason. */
const char *sched_check_spec(const char *spec);
/* Validate a time-zone name (one of the system's zoneinfo files or "UTC"). */
const char *sched_check_tz(const char *tz);
/* The deadline of the next turn, after a turn processed at now whose own
 * deadline was prev (0 for a game created at now).  An interval counts
 * from prev (the first step after now), or from now for a turn played
 * early; a time of day or of the week is the first such time after both
 * now and prev, or, for a turn played early (now before prev), the first
 * one at least min_gap seconds after now.  "0" gives now. */
long long sched_next_deadline(const char *spec, const char *tz, long long now, long long prev,
			      long long min_gap);
/* The first moment strictly after t at which the clock in zone tz shows
 * minutes_after_midnight (e.g. 6 * 60 for sunrise at 06:00). */
long long sched_next_local(long long t, int minutes_after_midnight, const char *tz);
/* "2026-11-22 18:00 CET" for people: t shown in zone tz (caller frees). */
char *sched_format_local(long long t, const char *tz);

#endif
