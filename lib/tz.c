/* tz.c - time zones read from TZif files and POSIX TZ strings; see tz.h.
 *
 * Written here from the specifications, not from any implementation: RFC
 * 8536 for the TZif format (versions 1 to 4; version 4's truncated and
 * expiring leap-second tables included) and POSIX's TZ variable with RFC
 * 8536's extension of a rule's time of day (signed, up to 167 hours).
 *
 * A zone is three things, each optional: a table of transitions, each
 * naming the local time type (offset, daylight flag, abbreviation) in
 * force from it on; a rule (the TZ string) for the instants from the
 * table's last transition on, or for all of them if there is no table;
 * and a table of leap seconds, for the zones whose clock counts them.
 */
#include "tz.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "util.h"

#define DAY 86400LL
/* Instants further than this from 1970 (about 36 billion years) are out
 * of any tm_year, and keep the arithmetic below far from overflow. */
#define TIME_LIMIT (1LL << 60)
/* No zone file is anywhere near this big (the largest are a few KiB). */
#define TZIF_MAX_BYTES (1 << 20)
/* A zone abbreviation of a TZ string, at most this long. */
#define NAME_MAX_LEN 63

/* --- the calendar ----------------------------------------------------------- */

/* a / b rounded down, for instants and days before 1970. */
static long long div_down(long long a, long long b)
{
	long long q = a / b;
	return a % b != 0 && (a < 0) != (b < 0) ? q - 1 : q;
}

static bool leap_year(long long y)
{
	return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

static int month_length(long long y, int month)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	return days[month - 1] + (month == 2 && leap_year(y));
}

/* The calendar below counts years from March, so that a leap day is the
 * last day of its year; from March, the months have 31 30 31 30 31 days
 * twice over, then 31 and February, so the k-th of them (March is 0)
 * starts (153 k + 2) / 5 days into the year.  400 years are 146097 days
 * whatever the start; year k of such a cycle starts year_start(k) days
 * into it, and its day 719468 is 1970-01-01 for the cycle that starts on
 * 1 March of the year 0. */
#define CYCLE_DAYS 146097LL
#define EPOCH_IN_CYCLE 719468LL

static long long month_start(int month_from_march)
{
	return (153LL * month_from_march + 2) / 5;
}

static long long year_start(long long year_in_cycle)
{
	return year_in_cycle * 365 + year_in_cycle / 4 - year_in_cycle / 100;
}

/* Days from 1970-01-01 to day d of month (1-12) of year y; d may run past
 * the month's end, into the next. */
static long long days_from_date(long long y, int month, long long d)
{
	long long march_year = month <= 2 ? y - 1 : y;
	long long cycle = div_down(march_year, 400);
	int from_march = month <= 2 ? month + 9 : month - 3;

	return cycle * CYCLE_DAYS + year_start(march_year - cycle * 400) +
	       month_start(from_march) + d - 1 - EPOCH_IN_CYCLE;
}

/* The date days after 1970-01-01. */
static void date_from_days(long long days, long long *y, int *month, int *d)
{
	long long n = days + EPOCH_IN_CYCLE;
	long long cycle = div_down(n, CYCLE_DAYS), in_cycle = n - cycle * CYCLE_DAYS;
	/* Years are at least 365 days: the estimate is the year or the next. */
	long long year = in_cycle / 365, in_year;
	int from_march = 11;

	if (year > 399)
		year = 399; /* the cycle's last day, its 400th year's leap day */
	if (year_start(year) > in_cycle)
		year--;
	in_year = in_cycle - year_start(year);
	while (month_start(from_march) > in_year)
		from_march--;
	*d = (int)(in_year - month_start(from_march)) + 1;
	*month = from_march < 10 ? from_march + 3 : from_march - 9;
	*y = cycle * 400 + year + (*month <= 2);
}

/* 0 for Sunday; 1970-01-01 was a Thursday. */
static int weekday(long long days)
{
	return (int)(days - 7 * div_down(days, 7) + 4) % 7;
}

/* The broken-down time of wall, the clock's face as seconds since
 * 1970-01-01 00:00.  False if the year does not fit in tm_year. */
static bool tm_from_wall(long long wall, struct tm *tm)
{
	long long days = div_down(wall, DAY), secs = wall - days * DAY, y;
	int month, d;

	date_from_days(days, &y, &month, &d);
	if (y - 1900 < INT_MIN || y - 1900 > INT_MAX)
		return false;
	tm->tm_year = (int)(y - 1900);
	tm->tm_mon = month - 1;
	tm->tm_mday = d;
	tm->tm_hour = (int)(secs / 3600);
	tm->tm_min = (int)(secs / 60 % 60);
	tm->tm_sec = (int)(secs % 60);
	tm->tm_wday = weekday(days);
	tm->tm_yday = (int)(days - days_from_date(y, 1, 1));
	return true;
}

/* The clock's face that tm's fields describe, normalised by arithmetic. */
static long long wall_from_tm(const struct tm *tm)
{
	long long years = div_down(tm->tm_mon, 12);
	int month = tm->tm_mon - (int)(12 * years) + 1;
	long long days = days_from_date(tm->tm_year + 1900LL + years, month, tm->tm_mday);

	return days * DAY + tm->tm_hour * 3600LL + tm->tm_min * 60LL + tm->tm_sec;
}

/* The year (UTC) of the instant u. */
static long long year_of(long long u)
{
	long long y;
	int month, d;
	date_from_days(div_down(u, DAY), &y, &month, &d);
	return y;
}

/* --- zones ------------------------------------------------------------------ */

struct tz_type {
	long utoff; /* seconds east of UTC */
	bool isdst;
	const char *abbr; /* owned by the zone */
};

/* When a TZ string's rule changes the clock, each year: a day of the year
 * and a time of day, in the local time in force before the change. */
struct tz_when {
	enum { WHEN_JULIAN_NO_LEAP, WHEN_DAY_OF_YEAR, WHEN_MONTH_WEEK_DAY } form;
	int day;		  /* Jn: 1-365, Feb 29 never counted; n: 0-365 */
	int month, week, wday; /* Mm.w.d: week 5 is the last */
	long time;		  /* seconds after midnight, -167 h to 167 h */
};

struct tz_rule {
	struct tz_type std, dst;
	bool has_dst;
	struct tz_when start, end; /* to daylight time, and back */
	char std_name[NAME_MAX_LEN + 1], dst_name[NAME_MAX_LEN + 1];
};

struct tz_leap {
	long long at; /* from this instant on... */
	long corr;    /* ...the clock is this many seconds behind t */
};

struct tz_zone {
	struct tz_zone *next; /* in the cache */
	char *dir, *name;
	size_t ntrans, ntypes, nleaps;
	long long *trans_at;	    /* ascending */
	unsigned char *trans_type; /* each an index into types */
	struct tz_type *types;	    /* types[0]: before the first transition */
	char *abbrs;		    /* the types' abbreviations */
	struct tz_leap *leaps;	    /* ascending */
	bool has_rule;
	struct tz_rule rule;
	/* No instant is further than this from the wall time it shows: the
	 * largest offset, leap seconds included. */
	long long reach;
};

/* --- POSIX TZ strings ------------------------------------------------------- */

static bool ascii_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool ascii_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A zone abbreviation: three letters or more, or three or more letters,
 * digits, '+' and '-' between '<' and '>' (copied without them). */
static bool parse_name(const char **s, char out[NAME_MAX_LEN + 1])
{
	const char *p = *s, *start;
	bool quoted = *p == '<';
	size_t len;

	if (quoted)
		p++;
	start = p;
	while (quoted ? ascii_alpha(*p) || ascii_digit(*p) || *p == '+' || *p == '-'
		      : ascii_alpha(*p))
		p++;
	len = (size_t)(p - start);
	if ((quoted && *p++ != '>') || len < 3 || len > NAME_MAX_LEN)
		return false;
	memcpy(out, start, len);
	out[len] = '\0';
	*s = p;
	return true;
}

/* A number of one to max_digits digits. */
static bool parse_number(const char **s, int max_digits, long *out)
{
	const char *p = *s;
	long n = 0;

	while (ascii_digit(*p) && p - *s < max_digits)
		n = n * 10 + (*p++ - '0');
	if (p == *s || ascii_digit(*p))
		return false;
	*out = n;
	*s = p;
	return true;
}

/* [+|-]hh[:mm[:ss]] as seconds: hours up to max_hours (24 in an offset,
 * 167 in a rule's time), minutes and seconds up to 59. */
static bool parse_hms(const char **s, long max_hours, long *out)
{
	const char *p = *s;
	long sign = 1, h, m = 0, sec = 0;

	if (*p == '+' || *p == '-')
		sign = *p++ == '-' ? -1 : 1;
	if (!parse_number(&p, max_hours > 99 ? 3 : 2, &h) || h > max_hours)
		return false;
	if (*p == ':') {
		p++;
		if (!parse_number(&p, 2, &m) || m > 59)
			return false;
		if (*p == ':') {
			p++;
			if (!parse_number(&p, 2, &sec) || sec > 59)
				return false;
		}
	}
	*out = sign * (h * 3600 + m * 60 + sec);
	*s = p;
	return true;
}

static bool parse_in_range(const char **s, int max_digits, long lo, long hi, int *out)
{
	long n;
	if (!parse_number(s, max_digits, &n) || n < lo || n > hi)
		return false;
	*out = (int)n;
	return true;
}

/* Jn, n or Mm.w.d, then an optional /time (02:00 if none). */
static bool parse_when(const char **s, struct tz_when *w)
{
	const char *p = *s;
	bool ok;

	if (*p == 'J') {
		p++;
		w->form = WHEN_JULIAN_NO_LEAP;
		ok = parse_in_range(&p, 3, 1, 365, &w->day);
	} else if (*p == 'M') {
		p++;
		w->form = WHEN_MONTH_WEEK_DAY;
		ok = parse_in_range(&p, 2, 1, 12, &w->month) && *p++ == '.' &&
		     parse_in_range(&p, 1, 1, 5, &w->week) && *p++ == '.' &&
		     parse_in_range(&p, 1, 0, 6, &w->wday);
	} else {
		w->form = WHEN_DAY_OF_YEAR;
		ok = parse_in_range(&p, 3, 0, 365, &w->day);
	}
	w->time = 2 * 3600;
	if (ok && *p == '/') {
		p++;
		ok = parse_hms(&p, 167, &w->time);
	}
	if (ok)
		*s = p;
	return ok;
}

/* POSIX leaves a daylight time without a rule to the implementation; the
 * United States' days since 2007 are the usual choice. */
static const struct tz_when default_start = { WHEN_MONTH_WEEK_DAY, 0, 3, 2, 0, 2 * 3600 };
static const struct tz_when default_end = { WHEN_MONTH_WEEK_DAY, 0, 11, 1, 0, 2 * 3600 };

/* std offset [dst [offset] [,start[/time],end[/time]]], the whole of s.
 * An offset is west of UTC, a type's utoff east. */
static bool parse_tz_string(const char *s, struct tz_rule *r)
{
	long west;

	memset(r, 0, sizeof *r);
	r->std.abbr = r->std_name;
	r->dst.abbr = r->dst_name;
	r->dst.isdst = true;
	if (!parse_name(&s, r->std_name) || !parse_hms(&s, 24, &west))
		return false;
	r->std.utoff = -west;
	if (!*s)
		return true;
	r->has_dst = true;
	if (!parse_name(&s, r->dst_name))
		return false;
	r->dst.utoff = r->std.utoff + 3600;
	if (*s && *s != ',') {
		if (!parse_hms(&s, 24, &west))
			return false;
		r->dst.utoff = -west;
	}
	if (!*s) {
		r->start = default_start;
		r->end = default_end;
		return true;
	}
	return *s++ == ',' && parse_when(&s, &r->start) && *s++ == ',' &&
	       parse_when(&s, &r->end) && !*s;
}

/* --- the rule's changes ----------------------------------------------------- */

/* The day (since 1970) on which w falls in year y. */
static long long when_day(const struct tz_when *w, long long y)
{
	long long first;
	int mday;

	switch (w->form) {
	case WHEN_JULIAN_NO_LEAP: /* day 60 is 1 March, leap year or not */
		return days_from_date(y, 1, w->day + (leap_year(y) && w->day >= 60));
	case WHEN_DAY_OF_YEAR: /* 365 in a common year is the next 1 January */
		return days_from_date(y, 1, w->day + 1);
	case WHEN_MONTH_WEEK_DAY:
		first = days_from_date(y, w->month, 1);
		mday = 1 + (w->wday - weekday(first) + 7) % 7 + 7 * (w->week - 1);
		if (mday > month_length(y, w->month))
			mday -= 7;
		return first + mday - 1;
	}
	BUG("rule of form %d", (int)w->form);
}

/* A change of the rule: the instant (UT, without leap seconds) and where
 * it falls in the rule's order of changes, for those at the same instant:
 * the later year's is the later, and in one year the end of daylight time
 * is after its start (so a daylight time that ends as the next year's
 * begins, RFC 8536's "all year" DST, lasts all year). */
struct change {
	long long at, order;
	bool to_dst;
};

static struct change rule_change(const struct tz_rule *r, long long y, bool to_dst)
{
	const struct tz_when *w = to_dst ? &r->start : &r->end;
	long before = to_dst ? r->std.utoff : r->dst.utoff;
	struct change c = { when_day(w, y) * DAY + w->time - before, 2 * y + !to_dst, to_dst };
	return c;
}

static bool change_before(const struct change *a, const struct change *b)
{
	return a->at < b->at || (a->at == b->at && a->order < b->order);
}

/* Is daylight time in force at u: was the last change at or before u a
 * start?  A change of year y is within 167 hours and a day's offset of
 * that year, so the last one is of u's year or one of the two before,
 * and the next of u's year or one of the two either side. */
static bool rule_dst_at(const struct tz_rule *r, long long u)
{
	long long y = year_of(u);
	struct change last = { 0, 0, false };
	bool any = false;

	if (!r->has_dst)
		return false;
	for (long long k = y - 2; k <= y + 1; k++)
		for (int to_dst = 0; to_dst <= 1; to_dst++) {
			struct change c = rule_change(r, k, to_dst);
			if (c.at <= u && (!any || change_before(&last, &c))) {
				last = c;
				any = true;
			}
		}
	return any && last.to_dst;
}

/* The first change of the rule after u, if it has any. */
static bool rule_next_change(const struct tz_rule *r, long long u, long long *next)
{
	long long y = year_of(u), first = 0;
	bool any = false;

	if (!r->has_dst)
		return false;
	for (long long k = y - 1; k <= y + 2; k++)
		for (int to_dst = 0; to_dst <= 1; to_dst++) {
			struct change c = rule_change(r, k, to_dst);
			if (c.at > u && (!any || c.at < first)) {
				first = c.at;
				any = true;
			}
		}
	*next = first;
	return any;
}

/* --- a zone's clock at an instant ------------------------------------------- */

/* Of n entries at base, size bytes apart, each starting with a long long
 * instant, ascending: the index of the last at or before t, or -1. */
static long last_at_or_before(const void *base, size_t n, size_t size, long long t)
{
	size_t lo = 0, hi = n; /* the answer + 1 is in [lo, hi] */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		long long at;
		memcpy(&at, (const char *)base + mid * size, sizeof at);
		if (at <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo - 1;
}

/* The leap-second correction at t, and whether t is itself an inserted
 * leap second (the clock shows second 60). */
static long leap_corr(const struct tz_zone *z, long long t, bool *inserted)
{
	long i = last_at_or_before(z->leaps, z->nleaps, sizeof *z->leaps, t);
	long before;

	*inserted = false;
	if (i < 0)
		return 0;
	before = i > 0 ? z->leaps[i - 1].corr : 0;
	*inserted = z->leaps[i].at == t && z->leaps[i].corr > before;
	return z->leaps[i].corr;
}

/* The local time type in force at t, whose leap correction is corr. */
static const struct tz_type *type_at(const struct tz_zone *z, long long t, long corr)
{
	long i;

	if (z->ntrans && t < z->trans_at[0])
		return &z->types[0];
	if (z->has_rule && (!z->ntrans || t >= z->trans_at[z->ntrans - 1]))
		return rule_dst_at(&z->rule, t - corr) ? &z->rule.dst : &z->rule.std;
	if (!z->ntrans)
		return &z->types[0];
	i = last_at_or_before(z->trans_at, z->ntrans, sizeof *z->trans_at, t);
	return &z->types[z->trans_type[i]];
}

/* How far the clock's face is ahead of t. */
static long long ahead_at(const struct tz_zone *z, long long t)
{
	bool inserted;
	long corr = leap_corr(z, t, &inserted);
	return type_at(z, t, corr)->utoff - corr;
}

/* The first instant after t at which the clock's offset may change: a
 * transition, a leap second, or a change of the rule.  Between t and a
 * leap second the correction is that at t, so the rule's next change (in
 * UT) is that much later in t. */
static bool next_change(const struct tz_zone *z, long long t, long long *next)
{
	bool inserted, any = false;
	long corr = leap_corr(z, t, &inserted);
	long i;
	long long u, first = 0;

	i = last_at_or_before(z->trans_at, z->ntrans, sizeof *z->trans_at, t);
	if ((size_t)(i + 1) < z->ntrans) {
		first = z->trans_at[i + 1];
		any = true;
	}
	i = last_at_or_before(z->leaps, z->nleaps, sizeof *z->leaps, t);
	if ((size_t)(i + 1) < z->nleaps && (!any || z->leaps[i + 1].at < first)) {
		first = z->leaps[i + 1].at;
		any = true;
	}
	if (z->has_rule && rule_next_change(&z->rule, t - corr, &u) && (!any || u + corr < first)) {
		first = u + corr;
		any = true;
	}
	*next = first;
	return any;
}

bool tz_to_local(const struct tz_zone *z, long long t, struct tm *tm)
{
	struct tm out;
	bool inserted;
	long corr;
	const struct tz_type *type;

	if (t < -TIME_LIMIT || t > TIME_LIMIT)
		return false;
	corr = leap_corr(z, t, &inserted);
	type = type_at(z, t, corr);
	memset(&out, 0, sizeof out);
	/* A leap second's clock shows the second before it once more, as 60. */
	if (!tm_from_wall(t - corr + type->utoff, &out))
		return false;
	out.tm_sec += inserted;
	out.tm_isdst = type->isdst;
	out.tm_gmtoff = type->utoff;
	out.tm_zone = type->abbr;
	*tm = out;
	return true;
}

/* --- local time to UTC ------------------------------------------------------ */

/* The instant at which z's clock shows wall, as tz.h reads it.  Every
 * instant that shows wall is wall less the offset in force then, and
 * within the zone's reach of wall: so each offset in force in that span
 * gives a candidate, kept if its offset is the one in force at it, and
 * the first kept is the answer.  If none is, wall is in a gap, where the
 * clock jumps past it, and is read with the offset before the jump. */
static bool instant_showing(const struct tz_zone *z, long long wall, long long *t)
{
	long long p = wall - z->reach, q, first = 0, moved = 0;
	long long ahead = ahead_at(z, p);
	bool found = false, in_gap = false;

	for (;;) {
		long long cand = wall - ahead, ahead_next;
		if (ahead_at(z, cand) == ahead && (!found || cand < first)) {
			first = cand;
			found = true;
		}
		if (!next_change(z, p, &q) || q > wall + z->reach)
			break;
		ahead_next = ahead_at(z, q);
		/* At q the clock jumps from q + ahead to q + ahead_next. */
		if (!in_gap && ahead_next > ahead && q + ahead <= wall && wall < q + ahead_next) {
			moved = wall - ahead;
			in_gap = true;
		}
		p = q;
		ahead = ahead_next;
	}
	*t = found ? first : moved;
	return found || in_gap;
}

bool tz_from_local(const struct tz_zone *z, struct tm *tm, long long *t)
{
	long long wall = wall_from_tm(tm), when = 0;
	struct tm out;

	if (wall < -TIME_LIMIT || wall > TIME_LIMIT)
		return false;
	/* Second 60 is a leap second where the zone has one just then, and
	 * otherwise the next minute's first. */
	if (tm->tm_sec == 60 && instant_showing(z, wall - 1, &when) &&
	    tz_to_local(z, when + 1, &out) && out.tm_sec == 60)
		when++;
	else if (!instant_showing(z, wall, &when))
		return false;
	if (!tz_to_local(z, when, &out))
		return false;
	*tm = out;
	*t = when;
	return true;
}

/* --- TZif files (RFC 8536) -------------------------------------------------- */

struct reader {
	const unsigned char *p, *end;
};

static const unsigned char *take(struct reader *r, size_t n)
{
	const unsigned char *at = r->p;
	if ((size_t)(r->end - r->p) < n)
		return NULL;
	r->p += n;
	return at;
}

static long long be_signed(const unsigned char *b, int width)
{
	uint64_t v = 0;
	for (int i = 0; i < width; i++)
		v = v << 8 | b[i];
	if (width < 8 && (v >> (8 * width - 1)))
		v |= ~(uint64_t)0 << (8 * width); /* sign-extend */
	return (long long)v;
}

static uint32_t be_u32(const unsigned char *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

struct tzif_header {
	unsigned char version; /* 0 for version 1, else '2', '3', '4'... */
	size_t isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt;
};

static bool read_header(struct reader *r, struct tzif_header *h)
{
	const unsigned char *b = take(r, 44);

	if (!b || memcmp(b, "TZif", 4) || (b[4] != 0 && b[4] < '2'))
		return false;
	h->version = b[4];
	h->isutcnt = be_u32(b + 20);
	h->isstdcnt = be_u32(b + 24);
	h->leapcnt = be_u32(b + 28);
	h->timecnt = be_u32(b + 32);
	h->typecnt = be_u32(b + 36);
	h->charcnt = be_u32(b + 40);
	return h->typecnt && h->charcnt &&
	       (h->isutcnt == 0 || h->isutcnt == h->typecnt) &&
	       (h->isstdcnt == 0 || h->isstdcnt == h->typecnt);
}

/* The bytes of the data block that follows h, times width bytes wide. */
static size_t block_size(const struct tzif_header *h, int width)
{
	return h->timecnt * (size_t)(width + 1) + h->typecnt * 6 + h->charcnt +
	       h->leapcnt * (size_t)(width + 4) + h->isstdcnt + h->isutcnt;
}

static bool read_transitions(struct reader *r, const struct tzif_header *h, int width,
			     struct tz_zone *z)
{
	const unsigned char *at = take(r, h->timecnt * (size_t)width), *idx = take(r, h->timecnt);

	z->ntrans = h->timecnt;
	z->trans_at = xcalloc(h->timecnt + 1, sizeof *z->trans_at);
	z->trans_type = xcalloc(h->timecnt + 1, 1);
	for (size_t i = 0; i < h->timecnt; i++) {
		z->trans_at[i] = be_signed(at + i * width, width);
		z->trans_type[i] = idx[i];
		if (idx[i] >= h->typecnt || (i && z->trans_at[i] <= z->trans_at[i - 1]))
			return false;
	}
	return true;
}

/* The types, and the abbreviations they point into: each must end with a
 * NUL inside the abbreviations' bytes. */
static bool read_types(struct reader *r, const struct tzif_header *h, struct tz_zone *z)
{
	const unsigned char *b = take(r, h->typecnt * 6), *chars = take(r, h->charcnt);

	z->ntypes = h->typecnt;
	z->types = xcalloc(h->typecnt, sizeof *z->types);
	z->abbrs = xmalloc(h->charcnt);
	memcpy(z->abbrs, chars, h->charcnt);
	for (size_t i = 0; i < h->typecnt; i++, b += 6) {
		long long utoff = be_signed(b, 4);
		if (utoff == INT32_MIN || b[4] > 1 || b[5] >= h->charcnt ||
		    !memchr(z->abbrs + b[5], '\0', h->charcnt - b[5]))
			return false;
		z->types[i].utoff = (long)utoff;
		z->types[i].isdst = b[4];
		z->types[i].abbr = z->abbrs + b[5];
	}
	return true;
}

/* Leap seconds: ascending, each correction one more or one less than the
 * one before; version 4 lets the first be any (a table cut at its start)
 * and the last equal the one before (the table's expiry). */
static bool read_leaps(struct reader *r, const struct tzif_header *h, int width,
		       struct tz_zone *z)
{
	const unsigned char *b = take(r, h->leapcnt * (size_t)(width + 4));

	z->nleaps = h->leapcnt;
	z->leaps = xcalloc(h->leapcnt + 1, sizeof *z->leaps);
	for (size_t i = 0; i < h->leapcnt; i++, b += width + 4) {
		struct tz_leap *l = &z->leaps[i];
		long step;
		l->at = be_signed(b, width);
		l->corr = (long)be_signed(b + width, 4);
		step = i ? l->corr - l[-1].corr : 1;
		if (i && (l->at <= l[-1].at || step < -1 || step > 1 ||
			  (step == 0 && i + 1 != h->leapcnt)))
			return false;
	}
	return true;
}

/* Standard/wall and UT/local flags: only checked, for they serve to apply
 * a table to a TZ string without rules, which nothing does any more. */
static bool read_flags(struct reader *r, const struct tzif_header *h)
{
	const unsigned char *isstd = take(r, h->isstdcnt), *isut = take(r, h->isutcnt);
	for (size_t i = 0; i < h->isstdcnt; i++)
		if (isstd[i] > 1)
			return false;
	for (size_t i = 0; i < h->isutcnt; i++)
		if (isut[i] > 1 || (isut[i] && (!h->isstdcnt || !isstd[i])))
			return false;
	return true;
}

static bool read_block(struct reader *r, const struct tzif_header *h, int width,
		       struct tz_zone *z)
{
	if ((size_t)(r->end - r->p) < block_size(h, width))
		return false;
	return read_transitions(r, h, width, z) && read_types(r, h, z) &&
	       read_leaps(r, h, width, z) && read_flags(r, h);
}

/* The footer of version 2 on: a TZ string between two newlines, for the
 * instants from the last transition on (none if it is empty). */
static bool read_footer(struct reader *r, struct tz_zone *z)
{
	const unsigned char *nl;
	char *s;
	bool ok;

	if (r->p == r->end || *r->p != '\n')
		return false;
	r->p++;
	nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	if (!nl)
		return false;
	if (nl == r->p)
		return true;
	s = xstrndup((const char *)r->p, (size_t)(nl - r->p));
	ok = parse_tz_string(s, &z->rule);
	free(s);
	z->has_rule = ok;
	return ok;
}

static void zone_drop_data(struct tz_zone *z)
{
	free(z->trans_at);
	free(z->trans_type);
	free(z->types);
	free(z->abbrs);
	free(z->leaps);
	z->trans_at = NULL;
	z->trans_type = NULL;
	z->types = NULL;
	z->abbrs = NULL;
	z->leaps = NULL;
	z->ntrans = z->ntypes = z->nleaps = 0;
	z->has_rule = false;
}

/* The zone in the TZif file's bytes; version 1 has only the data block
 * of 32-bit times, which later versions follow with one of 64-bit times
 * (the one they are read by) and the footer. */
static bool read_tzif(const char *buf, size_t len, struct tz_zone *z)
{
	struct reader r = { (const unsigned char *)buf, (const unsigned char *)buf + len };
	struct tzif_header h;

	if (!read_header(&r, &h))
		return false;
	if (h.version == 0)
		return read_block(&r, &h, 4, z);
	if ((size_t)(r.end - r.p) < block_size(&h, 4))
		return false;
	r.p += block_size(&h, 4);
	return read_header(&r, &h) && read_block(&r, &h, 8, z) && read_footer(&r, z);
}

/* --- zones by name, and the cache ------------------------------------------- */

bool tz_name_safe(const char *name)
{
	return *name && name[0] != '/' && !strstr(name, "..") && strlen(name) <= 64;
}

static bool zone_from_file(struct tz_zone *z, const char *path)
{
	char *buf, *err = NULL;
	size_t len;
	bool ok;

	if (fs_read_file_max(path, TZIF_MAX_BYTES, &buf, &len, &err)) {
		free(err);
		return false;
	}
	ok = read_tzif(buf, len, z);
	free(buf);
	if (!ok)
		zone_drop_data(z);
	return ok;
}

/* The name as a TZ string; if it is none, UTC under the abbreviation it
 * starts with, or "UTC". */
static void zone_from_string(struct tz_zone *z, const char *s)
{
	z->has_rule = true;
	if (parse_tz_string(s, &z->rule))
		return;
	memset(&z->rule, 0, sizeof z->rule);
	z->rule.std.abbr = z->rule.std_name;
	if (!parse_name(&s, z->rule.std_name))
		memcpy(z->rule.std_name, "UTC", sizeof "UTC");
}

static long long larger_size(long long max, long long v)
{
	return v > max ? v : -v > max ? -v : max;
}

static long long zone_reach(const struct tz_zone *z)
{
	long long offset = 0, corr = 0;

	for (size_t i = 0; i < z->ntypes; i++)
		offset = larger_size(offset, z->types[i].utoff);
	if (z->has_rule) {
		offset = larger_size(offset, z->rule.std.utoff);
		offset = larger_size(offset, z->rule.dst.utoff);
	}
	for (size_t i = 0; i < z->nleaps; i++)
		corr = larger_size(corr, z->leaps[i].corr);
	return offset + corr + 1;
}

static struct tz_zone *zone_read(const char *dir, const char *name)
{
	struct tz_zone *z = xcalloc(1, sizeof *z);
	bool from_file = false;

	z->dir = xstrdup(dir);
	z->name = xstrdup(name);
	if (tz_name_safe(name)) {
		char *path = xasprintf("%s/%s", dir, name);
		from_file = zone_from_file(z, path);
		free(path);
	}
	if (!from_file)
		zone_from_string(z, name);
	z->reach = zone_reach(z);
	return z;
}

static void zone_free(struct tz_zone *z)
{
	zone_drop_data(z);
	free(z->dir);
	free(z->name);
	free(z);
}

static const struct tz_zone utc = {
	.has_rule = true,
	.rule = { .std = { 0, false, "UTC" } },
	.reach = 1,
};

/* Every zone read so far, the newest first.  A zone goes in whole, by one
 * atomic exchange of the head, and is never changed or taken out, so a
 * reader needs no lock: it sees the list as it stood at some moment.
 * Holding no lock, the cache cannot leave one held in a child forked
 * while another thread was inside it.  Two threads that miss the same
 * zone at once each read it, and the one that comes second to the head
 * takes the first one's and frees its own. */
static struct tz_zone *zones;

static const struct tz_zone *zone_find(const struct tz_zone *from, const struct tz_zone *until,
				       const char *dir, const char *name)
{
	for (; from != until; from = from->next)
		if (!strcmp(from->name, name) && !strcmp(from->dir, dir))
			return from;
	return NULL;
}

const struct tz_zone *tz_zone_get(const char *dir, const char *name)
{
	struct tz_zone *head, *fresh;
	const struct tz_zone *found;

	if (!strcmp(name, "UTC"))
		return &utc;
	if (!dir)
		dir = TZ_DIR_DEFAULT;
	head = __atomic_load_n(&zones, __ATOMIC_ACQUIRE);
	if ((found = zone_find(head, NULL, dir, name)))
		return found;
	fresh = zone_read(dir, name);
	for (;;) {
		fresh->next = head;
		if (__atomic_compare_exchange_n(&zones, &head, fresh, false, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return fresh;
		/* head is now the newer head: look at what came in since. */
		if ((found = zone_find(head, fresh->next, dir, name))) {
			zone_free(fresh);
			return found;
		}
	}
}
