/* schedule.c - deadlines and local time; see schedule.h.
 *
 * Local time in a named zone comes from tz.c, which reads the zone itself:
 * the C library converts only in the one zone that the environment's TZ
 * names, and setting TZ is unsafe while `run`'s commit thread runs.
 */
#include "schedule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "tz.h"
#include "util.h"

static bool parse_interval(const char *spec, long long *seconds)
{
	long long n;
	size_t len = strlen(spec);
	long long unit = 1;
	char *num;
	bool ok;

	if (!len)
		return false;
	switch (spec[len - 1]) {
	case 's': unit = 1; len--; break;
	case 'm': unit = 60; len--; break;
	case 'h': unit = 3600; len--; break;
	case 'd': unit = 86400; len--; break;
	case 'w': unit = 7 * 86400; len--; break;
	default: break;
	}
	num = xstrndup(spec, len);
	ok = parse_int(num, 0, 366LL * 86400, &n);
	free(num);
	if (!ok || n * unit > 366LL * 86400)
		return false;
	*seconds = n * unit;
	return true;
}

static bool parse_clock(const char *spec, int *minutes)
{
	int h, m;
	char tail;
	if (strlen(spec) != 5 || spec[2] != ':' ||
	    sscanf(spec, "%2d:%2d%c", &h, &m, &tail) != 2 ||
	    h < 0 || h > 23 || m < 0 || m > 59)
		return false;
	*minutes = h * 60 + m;
	return true;
}

static const char *const day_names[7] = { "sunday", "monday", "tuesday", "wednesday",
					  "thursday", "friday", "saturday" };

/* A weekday as its first three letters or more ("tue", "tues", "Tuesday"),
 * 0 for Sunday; -1 if none. */
static int day_parse(const char *s, size_t len)
{
	for (int d = 0; d < 7; d++)
		if (len >= 3 && len <= strlen(day_names[d]) && !ascii_ncasecmp(s, day_names[d], len))
			return d;
	return -1;
}

/* "tue,fri 18:00", "mon-fri 09:30": *days a bit for each weekday (bit 0
 * Sunday, as struct tm has it) and the time of day. */
static bool parse_weekly(const char *spec, unsigned *days, int *minutes)
{
	const char *sp = strrchr(spec, ' '), *p = spec;
	*days = 0;
	if (!sp || !parse_clock(sp + 1, minutes))
		return false;
	while (p < sp) {
		size_t len = strcspn(p, ",-");
		int a, b;
		if (p + len > sp)
			len = (size_t)(sp - p);
		if ((a = day_parse(p, len)) < 0)
			return false;
		b = a;
		p += len;
		if (*p == '-') {
			len = strcspn(++p, ",");
			if (p + len > sp)
				len = (size_t)(sp - p);
			if ((b = day_parse(p, len)) < 0)
				return false;
			p += len;
		}
		for (int d = a;; d = (d + 1) % 7) { /* a range may wrap: fri-mon */
			*days |= 1u << d;
			if (d == b)
				break;
		}
		if (*p == ',')
			p++;
		else if (p != sp)
			return false;
	}
	return *days != 0;
}

const char *sched_check_spec(const char *spec)
{
	long long s;
	int m;
	unsigned days;
	if (parse_interval(spec, &s) || parse_clock(spec, &m) || parse_weekly(spec, &days, &m))
		return NULL;
	return "must be 0, an interval such as 24h, 90m, 2d or 1w, a daily time such as 18:00, "
	       "or days and a time such as 'tue,fri 18:00' or 'mon-fri 09:30'";
}

const char *sched_check_tz(const char *tz)
{
	struct stat st;
	char *path;
	bool ok;
	if (!strcmp(tz, "UTC"))
		return NULL;
	if (!tz_name_safe(tz))
		return "is not a time-zone name";
	path = xasprintf("%s/%s", TZ_DIR_DEFAULT, tz);
	ok = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	free(path);
	return ok ? NULL : "is not a time zone known to this system (see /usr/share/zoneinfo)";
}

/* The local time at t in zone z; the callers' times (up to the year
 * 9999) are all within its range. */
static void local_at(const struct tz_zone *z, long long t, struct tm *tm)
{
	if (!tz_to_local(z, t, tm))
		BUG("time %lld out of range", t);
}

/* The first moment strictly after t at which the clock in zone tz shows
 * minutes after midnight on one of the weekdays in days. */
static long long next_on_days(long long t, int minutes, unsigned days, const char *tz)
{
	const struct tz_zone *z = tz_zone_get(NULL, tz);
	struct tm tm;
	long long cand = t;

	local_at(z, t, &tm);
	/* Try today, then the following days; tz_from_local() normalises
	 * the day, and reads a time in a gap or a fold as tz.h says. */
	for (int day = 0; day < 9; day++) {
		struct tm c = tm;
		c.tm_mday += day;
		c.tm_hour = minutes / 60;
		c.tm_min = minutes % 60;
		c.tm_sec = 0;
		if (!tz_from_local(z, &c, &cand))
			BUG("time %lld out of range", t);
		if (cand > t && (days & (1u << c.tm_wday)))
			break;
	}
	return cand;
}

long long sched_next_local(long long t, int minutes, const char *tz)
{
	return next_on_days(t, minutes, 0x7f, tz);
}

long long sched_next_deadline(const char *spec, const char *tz, long long now, long long prev,
			      long long min_gap)
{
	long long s, base = prev > now ? prev : now;
	/* A turn played early: the schedule's first slot far enough after
	 * it, not the one after the deadline it beat, or turns played early
	 * one after another push the next deadline ever further out. */
	if (prev && now < prev)
		base = now + min_gap;
	unsigned days;
	int m;
	if (parse_interval(spec, &s)) {
		if (!s)
			return now;
		/* An early turn (every order in) starts the interval again;
		 * otherwise the schedule's next step after now, so that a
		 * late run does not shift the rest. */
		if (!prev || now < prev)
			return now + s;
		return prev + ((now - prev) / s + 1) * s;
	}
	if (parse_clock(spec, &m))
		return next_on_days(base, m, 0x7f, tz);
	if (parse_weekly(spec, &days, &m))
		return next_on_days(base, m, days, tz);
	BUG("deadline spec '%s' was not validated", spec);
}

char *sched_format_local(long long t, const char *tz)
{
	struct tm tm;
	char out[64];
	int n;

	local_at(tz_zone_get(NULL, tz), t, &tm);
	/* What strftime's "%Y-%m-%d %H:%M %Z" gave, but %Z would name the
	 * C library's own zone, not tz's. */
	n = snprintf(out, sizeof out, "%d-%02d-%02d %02d:%02d %s", tm.tm_year + 1900,
		     tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_zone);
	return xstrdup(n > 0 && (size_t)n < sizeof out ? out : "");
}
