/* sched.c - deadlines and local time; see sched.h.
 *
 * Local time in a named zone needs the C library's zone database, which it
 * reads through TZ.  The core is single-threaded, so these functions set TZ
 * for the conversion and put the old value back.
 */
#include "sched.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

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

const char *sched_check_spec(const char *spec)
{
	long long s;
	int m;
	if (parse_interval(spec, &s) || parse_clock(spec, &m))
		return NULL;
	return "must be 0, an interval such as 24h, 90m or 2d, or a daily time such as 18:00";
}

const char *sched_check_tz(const char *tz)
{
	struct stat st;
	char *path;
	bool ok;
	if (!strcmp(tz, "UTC"))
		return NULL;
	if (!*tz || tz[0] == '/' || strstr(tz, "..") || strlen(tz) > 64)
		return "is not a time-zone name";
	path = xasprintf("/usr/share/zoneinfo/%s", tz);
	ok = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	free(path);
	return ok ? NULL : "is not a time zone known to this system (see /usr/share/zoneinfo)";
}

struct tz_saved {
	char *old;
	bool had;
};

static void tz_enter(struct tz_saved *s, const char *tz)
{
	const char *old = getenv("TZ");
	s->had = old != NULL;
	s->old = old ? xstrdup(old) : NULL;
	setenv("TZ", tz, 1);
	tzset();
}

static void tz_leave(struct tz_saved *s)
{
	if (s->had)
		setenv("TZ", s->old, 1);
	else
		unsetenv("TZ");
	tzset();
	free(s->old);
}

long long sched_next_local(long long t, int minutes, const char *tz)
{
	struct tz_saved saved;
	struct tm tm;
	time_t tt = (time_t)t, cand;

	tz_enter(&saved, tz);
	localtime_r(&tt, &tm);
	/* Try today, then the following days; mktime() normalises the day
	 * and picks the right offset across daylight-saving changes. */
	for (int day = 0; day < 3; day++) {
		struct tm c = tm;
		c.tm_mday += day;
		c.tm_hour = minutes / 60;
		c.tm_min = minutes % 60;
		c.tm_sec = 0;
		c.tm_isdst = -1;
		cand = mktime(&c);
		if (cand > tt)
			break;
	}
	tz_leave(&saved);
	return (long long)cand;
}

long long sched_next_deadline(const char *spec, const char *tz, long long t)
{
	long long s;
	int m;
	if (parse_interval(spec, &s))
		return t + s;
	if (parse_clock(spec, &m))
		return sched_next_local(t, m, tz);
	BUG("deadline spec '%s' was not validated", spec);
}

char *sched_format_local(long long t, const char *tz)
{
	struct tz_saved saved;
	struct tm tm;
	time_t tt = (time_t)t;
	char buf[64];
	tz_enter(&saved, tz);
	localtime_r(&tt, &tm);
	if (!strftime(buf, sizeof buf, "%Y-%m-%d %H:%M %Z", &tm))
		buf[0] = '\0';
	tz_leave(&saved);
	return xstrdup(buf);
}
