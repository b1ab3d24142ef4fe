/* absence.c - a player's announced absences; see absence.h. */
#include <stdlib.h>
#include <string.h>

#include "absence.h"
#include "tz.h"
#include "utf8.h"

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
 * days_from_civil), and back. */
static int days_from_civil(int y, int m, int d)
{
	int era, yoe, doy, doe;
	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void civil_from_days(int z, int *y, int *m, int *d)
{
	int era, doe, yoe, doy, mp;
	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp + (mp < 10 ? 3 : -9);
	*y = yoe + era * 400 + (*m <= 2);
}

static bool digits(const char *s, size_t n, int *out)
{
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return true;
}

bool absence_parse_day(const char *s, int *day)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int y, m, d;
	bool leap;
	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-' || !digits(s, 4, &y) ||
	    !digits(s + 5, 2, &m) || !digits(s + 8, 2, &d))
		return false;
	leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (y < 1970 || m < 1 || m > 12 || d < 1 || d > mdays[m - 1] ||
	    (m == 2 && d == 29 && !leap))
		return false;
	*day = days_from_civil(y, m, d);
	return true;
}

char *absence_format_day(int day)
{
	int y, m, d;
	civil_from_days(day, &y, &m, &d);
	return xasprintf("%04d-%02d-%02d", y, m, d);
}

int absence_today(long long now, const char *tz)
{
	struct tm tm;
	if (!tz_to_local(tz_zone_get(NULL, tz), now, &tm))
		BUG("time %lld has no local day", now);
	return days_from_civil(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

const struct absence *absence_on(const struct game *g, int p, int day)
{
	const struct player *pl = &g->players[p];
	for (size_t i = 0; i < pl->nabsences; i++)
		if (pl->absences[i].from <= day && day <= pl->absences[i].to)
			return &pl->absences[i];
	return NULL;
}

bool absence_at(const struct game *g, int p, long long now)
{
	return g->players[p].nabsences &&
	       absence_on(g, p, absence_today(now, option_get(&g->opts, "tz")));
}

const struct absence *absence_current_or_next(const struct game *g, int p, long long now)
{
	const struct player *pl = &g->players[p];
	int today;
	if (!pl->nabsences)
		return NULL;
	today = absence_today(now, option_get(&g->opts, "tz"));
	/* Kept earliest first: the first not over is now or next. */
	for (size_t i = 0; i < pl->nabsences; i++)
		if (pl->absences[i].to >= today)
			return &pl->absences[i];
	return NULL;
}

char *absence_status(const struct game *g, int p, long long now)
{
	const struct absence *a = absence_current_or_next(g, p, now);
	char *first, *last, *text;
	if (!a)
		return NULL;
	first = absence_format_day(a->from);
	last = absence_format_day(a->to);
	text = a->from <= absence_today(now, option_get(&g->opts, "tz"))
		       ? xasprintf("absent until %s", last)
		       : xasprintf("absent from %s to %s", first, last);
	free(first);
	free(last);
	return text;
}

static bool overlaps(const struct absence *a, int from, int to)
{
	return a->from <= to && from <= a->to;
}

/* The most days player p would be away in any window of `window` days
 * that meets from..to, with that absence in place of those it overlaps. */
static int busiest_window(const struct player *pl, int from, int to, int window)
{
	int most = 0;
	for (int start = from - window + 1; start <= to; start++) {
		int end = start + window - 1, days = 0;
		for (int day = start; day <= end; day++) {
			bool away = from <= day && day <= to;
			for (size_t i = 0; !away && i < pl->nabsences; i++)
				away = !overlaps(&pl->absences[i], from, to) &&
				       pl->absences[i].from <= day && day <= pl->absences[i].to;
			days += away;
		}
		if (days > most)
			most = days;
	}
	return most;
}

char *absence_check(const struct game *g, int p, int from, int to, int today, bool limited)
{
	long long most = option_int(&g->opts, "absence-days");
	long long window = option_int(&g->opts, "absence-window");
	char *first = absence_format_day(from), *last = absence_format_day(to), *why = NULL;

	if (from > to)
		why = xasprintf("the first day (%s) is after the last (%s)", first, last);
	else if (to < today)
		why = xasprintf("%s is past already", last);
	else if (from < today)
		from = today; /* from today on: the days gone by are gone */
	if (why || !limited) {
		/* checked */
	} else if (!most) {
		why = xstrdup("this game takes absences from the game master only; write to "
			      "them with a 'gm' line");
	} else if (to - from + 1 > most) {
		why = xasprintf("%d days away is more than this game allows: at most %lld days "
				"in any %lld (options absence-days and absence-window)",
				to - from + 1, most, window);
	} else if (busiest_window(&g->players[p], from, to, (int)window) > most) {
		why = xasprintf("with your other absences you would be away more than %lld days "
				"in %lld (options absence-days and absence-window)", most, window);
	}
	free(first);
	free(last);
	return why;
}

static void absence_drop(struct player *pl, size_t i)
{
	free(pl->absences[i].reason);
	memmove(&pl->absences[i], &pl->absences[i + 1],
		(pl->nabsences - i - 1) * sizeof *pl->absences);
	pl->nabsences--;
}

/* reason, cut to ABSENCE_REASON_MAX bytes at a character; NULL if empty. */
static char *reason_kept(const char *reason)
{
	size_t n = 0, len;
	uint32_t cp;
	if (!reason || !*reason)
		return NULL;
	len = strlen(reason);
	while (n < len) {
		size_t k = utf8_next(reason + n, len - n, &cp);
		if (!k || n + k > ABSENCE_REASON_MAX)
			break;
		n += k;
	}
	return n ? xstrndup(reason, n) : NULL;
}

void absence_add(struct game *g, int p, int from, int to, const char *reason, int today)
{
	struct player *pl = &g->players[p];
	long long window = option_int(&g->opts, "absence-window");
	size_t at = 0;

	if (from < today)
		from = today;
	for (size_t i = pl->nabsences; i-- > 0;)
		if (overlaps(&pl->absences[i], from, to) || pl->absences[i].to < today - window)
			absence_drop(pl, i);
	while (at < pl->nabsences && pl->absences[at].from < from)
		at++;
	ALLOC_GROW(pl->absences, pl->nabsences + 1, pl->absences_alloc);
	memmove(&pl->absences[at + 1], &pl->absences[at],
		(pl->nabsences - at) * sizeof *pl->absences);
	pl->absences[at] = (struct absence){ from, to, reason_kept(reason) };
	pl->nabsences++;
}

bool absence_back(struct game *g, int p, int today)
{
	struct player *pl = &g->players[p];
	for (size_t i = 0; i < pl->nabsences; i++) {
		struct absence *a = &pl->absences[i];
		if (a->to < today)
			continue;
		if (a->from < today)
			a->to = today - 1; /* the days away stay counted */
		else
			absence_drop(pl, i);
		return true;
	}
	return false;
}

void absence_clear(struct player *pl)
{
	while (pl->nabsences)
		absence_drop(pl, pl->nabsences - 1);
}
