/* util.c - memory, strings, small parsers; see util.h. */
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void wp_bug(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "wyrmpost: BUG at %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static _Noreturn void out_of_memory(size_t n)
{
	fprintf(stderr, "wyrmpost: out of memory (%zu bytes)\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		out_of_memory(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	struct sb sb = SB_INIT;
	sb_vaddf(&sb, fmt, ap);
	if (!sb.buf)
		return xstrdup("");
	return sb_detach(&sb);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

static void sb_grow(struct sb *sb, size_t extra)
{
	if (sb->len + extra + 1 > sb->alloc) {
		size_t want = sb->len + extra + 1;
		sb->alloc = sb->alloc * 2 > want ? sb->alloc * 2 : want + 32;
		sb->buf = xrealloc(sb->buf, sb->alloc);
	}
}

void sb_add(struct sb *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_adds(struct sb *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_add_escaped(struct sb *sb, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&': sb_adds(sb, "&amp;"); break;
		case '<': sb_adds(sb, "&lt;"); break;
		case '>': sb_adds(sb, "&gt;"); break;
		case '"': sb_adds(sb, "&quot;"); break;
		case '\'': sb_adds(sb, "&#39;"); break;
		default: sb_addc(sb, *s);
		}
}

void sb_addc(struct sb *sb, char c)
{
	sb_add(sb, &c, 1);
}

/* Formatted straight into the room at the end, which a short format
 * (most are) fits; only a longer one is formatted a second time.  Asking
 * vsnprintf for the length first formatted everything twice, the first
 * time a character at a time past a one-byte buffer: a tenth of a
 * pdf=none run's instructions, in the engines' text views. */
void sb_vaddf(struct sb *sb, const char *fmt, va_list ap)
{
	va_list cp;
	size_t room;
	int n;
	if (!fmt) /* also keeps gcc's -Wformat-truncation from misfiring */
		BUG("sb_vaddf without a format");
	sb_grow(sb, 64);
	room = sb->alloc - sb->len;
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, room, fmt, cp);
	va_end(cp);
	if (n < 0)
		BUG("bad format \"%s\"", fmt);
	if ((size_t)n >= room) {
		sb_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	}
	sb->len += (size_t)n;
}

void sb_add_hex(struct sb *sb, const void *bytes, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *b = bytes;
	for (size_t i = 0; i < n; i++) {
		sb_addc(sb, digits[b[i] >> 4]);
		sb_addc(sb, digits[b[i] & 15]);
	}
}

void sb_addf(struct sb *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sb_vaddf(sb, fmt, ap);
	va_end(ap);
}

const char *sb_str(const struct sb *sb)
{
	return sb->buf ? sb->buf : "";
}

char *sb_detach(struct sb *sb)
{
	char *s = sb->buf ? sb->buf : xstrdup("");
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
	return s;
}

void sb_reset(struct sb *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void sb_release(struct sb *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
}

void strlist_take(struct strlist *l, char *s)
{
	ALLOC_GROW(l->v, l->n + 1, l->alloc);
	l->v[l->n++] = s;
}

void strlist_add(struct strlist *l, const char *s)
{
	strlist_take(l, xstrdup(s));
}

void strlist_addf(struct strlist *l, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strlist_take(l, xvasprintf(fmt, ap));
	va_end(ap);
}

void strlist_clear(struct strlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = l->alloc = 0;
}

bool strlist_has(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return true;
	return false;
}

bool parse_int(const char *s, long long min, long long max, long long *out)
{
	char *end;
	long long v;
	if (!s || !*s || (*s != '-' && (*s < '0' || *s > '9')))
		return false;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return false;
	*out = v;
	return true;
}

bool parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return false;
	*out = v;
	return true;
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int ascii_casecmp(const char *a, const char *b)
{
	while (*a && lower((unsigned char)*a) == lower((unsigned char)*b))
		a++, b++;
	return lower((unsigned char)*a) - lower((unsigned char)*b);
}

int ascii_ncasecmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		int d = lower((unsigned char)*a) - lower((unsigned char)*b);
		if (d || !*a)
			return d;
	}
	return 0;
}

char *ascii_lower_dup(const char *s)
{
	char *d = xstrdup(s);
	for (char *p = d; *p; p++)
		*p = (char)lower((unsigned char)*p);
	return d;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

const char *str_stop(const char *text)
{
	size_t n = strlen(text);
	return n && strchr(".?!", text[n - 1]) ? "" : ".";
}

char *str_trim(char *s)
{
	size_t n = strlen(s), i = 0;
	while (n && is_space(s[n - 1]))
		s[--n] = '\0';
	while (is_space(s[i]))
		i++;
	if (i)
		memmove(s, s + i, n - i + 1);
	return s;
}

bool ident_ok(const char *s)
{
	size_t n = 0;
	if (!s || !*s || *s == '-' || *s == '_')
		return false;
	for (; *s; s++, n++) {
		char c = *s;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '-' || c == '_'))
			return false;
	}
	return n <= 32;
}

bool mail_address_ok(const char *s)
{
	const char *at = strchr(s, '@');
	if (!at || at == s || !at[1] || strchr(at + 1, '@') || strlen(s) > 254)
		return false;
	for (; *s; s++)
		if ((unsigned char)*s <= ' ' || (unsigned char)*s >= 127 ||
		    strchr("<>,;\"()[]\\:", *s))
			return false;
	return true;
}

char *time_format_iso(long long t)
{
	struct tm tm;
	time_t tt = (time_t)t;
	char buf[32];
	if (t > TIME_ISO_MAX)
		tt = (time_t)TIME_ISO_MAX;
	if (!gmtime_r(&tt, &tm) || !strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm))
		BUG("time %lld out of range", t);
	return xstrdup(buf);
}

bool time_parse_iso(const char *s, long long *out)
{
	struct tm tm;
	char *end;
	memset(&tm, 0, sizeof tm);
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	/* Not before 1970: no clock wyrmpost runs by is, and a year before
	 * 1000 would be written back in fewer than four digits, which the
	 * state's grammar refuses (strptime reads at most four). */
	if (!end || *end || tm.tm_year < 70)
		return false;
	*out = (long long)timegm(&tm);
	return true;
}

size_t str_distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b), d;
	/* Three rows of the table: two back for a swap, one back, this one. */
	size_t *prev2 = xcalloc(m + 1, sizeof *prev2), *prev = xcalloc(m + 1, sizeof *prev);
	size_t *row = xcalloc(m + 1, sizeof *row), *t;

	for (size_t j = 0; j <= m; j++)
		prev[j] = j;
	for (size_t i = 1; i <= n; i++) {
		row[0] = i;
		for (size_t j = 1; j <= m; j++) {
			size_t cost = ascii_ncasecmp(a + i - 1, b + j - 1, 1) != 0;
			d = prev[j] + 1;
			if (row[j - 1] + 1 < d)
				d = row[j - 1] + 1;
			if (prev[j - 1] + cost < d)
				d = prev[j - 1] + cost;
			if (i > 1 && j > 1 && !ascii_ncasecmp(a + i - 1, b + j - 2, 1) &&
			    !ascii_ncasecmp(a + i - 2, b + j - 1, 1) && prev2[j - 2] + 1 < d)
				d = prev2[j - 2] + 1;
			row[j] = d;
		}
		t = prev2, prev2 = prev, prev = row, row = t;
	}
	d = prev[m];
	free(prev2);
	free(prev);
	free(row);
	return d;
}
