/* site-report.c - a turn's public report as HTML; see site-report.h.
 *
 * The engines write their reports as text for mail (turn-reports.c), in a
 * few habits every engine keeps: a block of lines for each part, separated
 * by blank lines; a part's heading at the margin with its lines indented
 * under it; deeper indentation for what belongs to the line above; facts
 * in columns lined up with spaces; and the board drawn in characters under
 * a heading "The board".  Those habits are read back here into sections,
 * lists and tables, so that a phone wraps the words rather than scrolling
 * a <pre> sideways.  Columns are counted in characters, not bytes: the
 * suits of Heart of Glass are several bytes each.
 */
#include "site-report.h"

#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* A line of the report: its text, and the byte offset of each character
 * (off[ncp] is the line's length), so that columns are characters. */
struct rline {
	const char *s;
	size_t *off, ncp;
	size_t indent; /* leading spaces */
};

struct report {
	struct rline *l;
	size_t n;
	char *text; /* the lines' storage, split at each newline */
};

static void report_split(struct report *r, const char *text)
{
	size_t alloc = 0;
	char *p;
	r->text = xstrdup(text);
	r->l = NULL;
	r->n = 0;
	for (p = r->text; *p;) {
		char *nl = strchr(p, '\n');
		struct rline *l;
		size_t len, k = 0;
		if (nl)
			*nl = '\0';
		len = strlen(p);
		ALLOC_GROW(r->l, r->n + 1, alloc);
		l = &r->l[r->n++];
		l->s = p;
		l->off = xmalloc((len + 1) * sizeof *l->off);
		for (size_t i = 0; i < len; i++)
			if (!utf8_continues(p[i]))
				l->off[k++] = i;
		l->off[k] = len;
		l->ncp = k;
		l->indent = strspn(p, " ");
		p = nl ? nl + 1 : p + len;
	}
}

static void report_release(struct report *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->l[i].off);
	free(r->l);
	free(r->text);
}

static bool blank(const struct rline *l)
{
	return l->s[l->indent] == '\0';
}

/* The character at column c of l, ' ' past its end (ASCII only: a column
 * of spaces is all that is asked of it). */
static char col_char(const struct rline *l, size_t c)
{
	return c < l->ncp ? l->s[l->off[c]] : ' ';
}

/* Characters a to b of l, trimmed, escaped. */
static void add_cols(struct sb *o, const struct rline *l, size_t a, size_t b)
{
	size_t from, to;
	char *s;
	if (a >= l->ncp)
		return;
	from = l->off[a];
	to = l->off[b < l->ncp ? b : l->ncp];
	s = xstrndup(l->s + from, to - from);
	sb_add_escaped(o, str_trim(s));
	free(s);
}

static void add_trimmed(struct sb *o, const struct rline *l)
{
	add_cols(o, l, 0, l->ncp);
}

/* --- columns --------------------------------------------------------------- */

/* The columns lines first to last (at one indentation) line up in: a gutter
 * is two or more characters that are spaces on every line, with something
 * after it on at least two lines (a note on one line's end is no column).
 * The columns' starts go to start[], their number is returned; 1 when the
 * lines are not a table. */
static size_t columns(const struct rline *l, size_t n, size_t *start, size_t max)
{
	size_t width = 0, ncols = 1;
	start[0] = 0;
	if (n < 2)
		return 1;
	for (size_t i = 0; i < n; i++)
		width = l[i].ncp > width ? l[i].ncp : width;
	for (size_t c = 1; c < width && ncols < max;) {
		size_t run = 0, after = 0;
		while (c + run < width) {
			bool space = true;
			for (size_t i = 0; space && i < n; i++)
				space = col_char(&l[i], c + run) == ' ';
			if (!space)
				break;
			run++;
		}
		if (!run) {
			c++;
			continue;
		}
		for (size_t i = 0; i < n; i++)
			after += c + run < l[i].ncp;
		if (run >= 2 && after >= 2)
			start[ncols++] = c + run;
		c += run;
	}
	return ncols;
}

static void table(struct sb *o, const struct rline *l, size_t n, const size_t *start,
		  size_t ncols)
{
	sb_adds(o, "<div class=\"scroll\"><table class=\"report\"><tbody>\n");
	for (size_t i = 0; i < n; i++) {
		sb_adds(o, "<tr>");
		for (size_t c = 0; c < ncols; c++) {
			/* The first column names the row (a seat, a dragon). */
			sb_adds(o, c ? "<td>" : "<th scope=\"row\">");
			add_cols(o, &l[i], start[c], c + 1 < ncols ? start[c + 1] : l[i].ncp);
			sb_adds(o, c ? "</td>" : "</th>");
		}
		sb_adds(o, "</tr>\n");
	}
	sb_adds(o, "</tbody></table></div>\n");
}

/* --- lists ----------------------------------------------------------------- */

/* Lines first to last as a list: a line indented deeper than the first is
 * a list under the item before it.  Returns the lines used. */
static size_t list(struct sb *o, const struct rline *l, size_t n)
{
	size_t i = 0, at = l[0].indent;
	sb_adds(o, "<ul>\n");
	while (i < n && l[i].indent >= at) {
		sb_adds(o, "<li>");
		add_trimmed(o, &l[i++]);
		if (i < n && l[i].indent > at) {
			sb_adds(o, "\n");
			i += list(o, l + i, n - i);
		}
		sb_adds(o, "</li>\n");
	}
	sb_adds(o, "</ul>\n");
	return i;
}

/* The lines under a heading: a table when they line up in columns, else a
 * list. */
static void body(struct sb *o, const struct rline *l, size_t n)
{
	size_t start[12], ncols = 1;
	bool flat = true;
	for (size_t i = 1; i < n; i++)
		flat &= l[i].indent == l[0].indent;
	if (flat) {
		struct rline *d = xmalloc(n * sizeof *d);
		/* Columns are found on the lines less their margin. */
		for (size_t i = 0; i < n; i++) {
			d[i] = l[i];
			d[i].off += l[0].indent;
			d[i].ncp -= l[0].indent;
			d[i].indent = 0;
		}
		ncols = columns(d, n, start, ARRAY_SIZE(start));
		if (ncols > 1)
			table(o, d, n, start, ncols);
		free(d);
	}
	if (ncols == 1)
		list(o, l, n);
}

/* --- the board in characters ----------------------------------------------- */

/* A line of words (a legend under the board) rather than of the board:
 * three words of letters, and no wide gap or frame between them. */
static bool prose(const struct rline *l)
{
	const char *s = l->s + l->indent;
	int words = 0;
	if (strstr(s, "   ") || strchr(s, '|') || strstr(s, "+-"))
		return false;
	for (const char *p = s; *p;) {
		size_t letters = 0;
		while (*p == ' ')
			p++;
		while (*p && *p != ' ')
			letters += (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'), p++;
		words += letters >= 2;
	}
	return words >= 3;
}

/* The board drawn in characters, lines first to last: the picture above
 * shows it too, so it is folded away, in a face small enough that a
 * phone shows a whole line. */
static void art(struct sb *o, const struct rline *l, size_t n)
{
	size_t margin = SIZE_MAX, last = n;
	while (last > 0 && prose(&l[last - 1]))
		last--;
	for (size_t i = 0; i < last; i++)
		if (!blank(&l[i]) && l[i].indent < margin)
			margin = l[i].indent;
	if (last) {
		sb_adds(o, "<details class=\"art\"><summary>The board as text</summary>"
			   "<pre class=\"art\">");
		for (size_t i = 0; i < last; i++) {
			sb_add_escaped(o, blank(&l[i]) ? "" : l[i].s + margin);
			sb_adds(o, "\n");
		}
		sb_adds(o, "</pre></details>\n");
	}
	for (size_t i = last; i < n; i++) {
		sb_adds(o, "<p class=\"note\">");
		add_trimmed(o, &l[i]);
		sb_adds(o, "</p>\n");
	}
}

/* --- the report ------------------------------------------------------------ */

/* A heading as h3, a closing "(...)" or ":" turned into a note under it. */
static void heading(struct sb *o, const struct rline *l)
{
	char *s = xstrndup(l->s + l->indent, l->off[l->ncp] - l->indent), *paren;
	size_t len = strlen(s);
	if (len && s[len - 1] == ':')
		s[--len] = '\0';
	paren = len && s[len - 1] == ')' ? strstr(s, " (") : NULL;
	if (paren)
		*paren = '\0';
	sb_adds(o, "<h3>");
	sb_add_escaped(o, s);
	sb_adds(o, "</h3>\n");
	if (paren) {
		sb_adds(o, "<p class=\"note\">");
		sb_add_escaped(o, paren + 1);
		sb_adds(o, "</p>\n");
	}
	free(s);
}

static bool starts_board(const struct rline *l)
{
	return l->indent == 0 && !strncmp(l->s, "The board", 9);
}

void site_report_html(const char *text, struct sb *o)
{
	struct report r;
	size_t i = 0;

	report_split(&r, text);
	/* "Game: game ID, turn N" and "Public report": the section's title. */
	if (r.n && !blank(&r.l[0])) {
		sb_adds(o, "<h2>");
		add_trimmed(o, &r.l[i++]);
		sb_adds(o, "</h2>\n");
		if (i < r.n && !strcmp(r.l[i].s, "Public report"))
			i++;
	}
	while (i < r.n) {
		size_t j = i + 1;
		if (blank(&r.l[i])) {
			i++;
		} else if (starts_board(&r.l[i])) {
			/* The board runs on over blank lines while what follows
			 * is indented and drawn, not written. */
			while (j < r.n && (!blank(&r.l[j]) ||
					   (j + 1 < r.n && r.l[j + 1].indent > 0 &&
					    !prose(&r.l[j + 1]))))
				j++;
			heading(o, &r.l[i]);
			art(o, r.l + i + 1, j - i - 1);
			i = j;
		} else if (r.l[i].indent == 0 && j < r.n && r.l[j].indent > 0 && !blank(&r.l[j])) {
			while (j < r.n && r.l[j].indent > 0 && !blank(&r.l[j]))
				j++;
			heading(o, &r.l[i]);
			body(o, r.l + i + 1, j - i - 1);
			i = j;
		} else if (r.l[i].indent > 0) {
			/* Indented lines with no heading (a legend): a list. */
			while (j < r.n && r.l[j].indent > 0 && !blank(&r.l[j]))
				j++;
			body(o, r.l + i, j - i);
			i = j;
		} else {
			sb_adds(o, "<p>");
			add_trimmed(o, &r.l[i++]);
			sb_adds(o, "</p>\n");
		}
	}
	report_release(&r);
}
