/* site-md.c - the rules as played (docs/rules/NAME.md) as HTML, for the web
 * archive; see site-md.h.
 *
 * Only the Markdown those pages use: headings, paragraphs, lists (with
 * indented continuation lines), block quotes, fenced code, tables, and
 * inline `code`, **strong**, *emphasis* and [links](https://...).  A link
 * to another Markdown file of docs/ becomes a link to its page on the site
 * (docs/rules/NAME.md is rules/NAME.html, docs/NAME.md guide/NAME.html),
 * or plain text when the site has no such page: a reader of the site
 * never meets a path of the source tree.  Everything is escaped, so no
 * input makes markup.
 */
#include <stdlib.h>
#include <string.h>

#include "site-md.h"
#include "util.h"

/* The text between open and close starting at s, or NULL. */
static const char *span_end(const char *s, const char *close)
{
	const char *e = strstr(s, close);
	return e && e > s ? e : NULL;
}

static void add_escaped_n(struct sb *out, const char *s, size_t n)
{
	char *t = xstrndup(s, n);
	sb_add_escaped(out, t);
	free(t);
}

/* What the page is written from: its folder in docs/ and the pages the
 * site has. */
struct md_ctx {
	const char *from;
	const struct strlist *pages;
};

static void inline_md(const struct md_ctx *x, struct sb *out, const char *s, size_t n);

/* The site's page for a link to target.md, written in docs/FROM/ (a
 * relative path, "../" and "./" understood), or NULL: none.  Every page
 * made from Markdown is one folder down, so "../rules/NAME.html" and
 * "../guide/NAME.html" reach them all. */
static char *md_target(const struct md_ctx *x, const char *target, size_t n)
{
	struct sb path = SB_INIT;
	char *name, *href = NULL;
	if (n < 4 || memcmp(target + n - 3, ".md", 3) || memchr(target, ':', n) ||
	    memchr(target, '#', n) || *target == '/')
		return NULL;
	sb_adds(&path, x->from);
	while (n) {
		size_t k = strcspn(target, "/");
		k = k < n ? k : n;
		if (k == 2 && !memcmp(target, "..", 2)) {
			char *slash = strrchr(sb_str(&path), '/');
			size_t keep = slash ? (size_t)(slash - sb_str(&path)) : 0;
			path.len = keep;
			path.buf[keep] = '\0';
		} else if (k && !(k == 1 && *target == '.')) {
			sb_adds(&path, path.len ? "/" : "");
			sb_add(&path, target, k);
		}
		target += k + (k < n);
		n -= k + (k < n);
	}
	path.len -= 3; /* the .md */
	path.buf[path.len] = '\0';
	name = sb_detach(&path);
	if (strlist_has(x->pages, name))
		href = !strncmp(name, "rules/", 6) ? xasprintf("../%s.html", name)
						   : xasprintf("../guide/%s.html", name);
	free(name);
	return href;
}

static bool try_link(const struct md_ctx *x, struct sb *out, const char **sp, const char *end)
{
	const char *s = *sp, *close = memchr(s, ']', (size_t)(end - s)), *urlend;
	char *page;
	if (!close || close + 1 >= end || close[1] != '(')
		return false;
	urlend = memchr(close + 2, ')', (size_t)(end - close - 2));
	if (!urlend)
		return false;
	if (!strncmp(close + 2, "https://", 8) || !strncmp(close + 2, "http://", 7)) {
		sb_adds(out, "<a href=\"");
		add_escaped_n(out, close + 2, (size_t)(urlend - close - 2));
		sb_adds(out, "\">");
		inline_md(x, out, s + 1, (size_t)(close - s - 1));
		sb_adds(out, "</a>");
	} else if ((page = md_target(x, close + 2, (size_t)(urlend - close - 2)))) {
		sb_adds(out, "<a href=\"");
		sb_add_escaped(out, page);
		sb_adds(out, "\">");
		inline_md(x, out, s + 1, (size_t)(close - s - 1));
		sb_adds(out, "</a>");
		free(page);
	} else {
		inline_md(x, out, s + 1, (size_t)(close - s - 1));
	}
	*sp = urlend + 1;
	return true;
}

static void inline_md(const struct md_ctx *x, struct sb *out, const char *s, size_t n)
{
	char *buf = xstrndup(s, n);
	const char *p = buf, *end = buf + n, *e;
	while (p < end) {
		if (*p == '`' && (e = span_end(p + 1, "`"))) {
			sb_adds(out, "<code>");
			add_escaped_n(out, p + 1, (size_t)(e - p - 1));
			sb_adds(out, "</code>");
			p = e + 1;
		} else if (!strncmp(p, "**", 2) && (e = span_end(p + 2, "**"))) {
			sb_adds(out, "<strong>");
			inline_md(x, out, p + 2, (size_t)(e - p - 2));
			sb_adds(out, "</strong>");
			p = e + 2;
		} else if (*p == '*' && p[1] != ' ' && (e = span_end(p + 1, "*"))) {
			sb_adds(out, "<em>");
			inline_md(x, out, p + 1, (size_t)(e - p - 1));
			sb_adds(out, "</em>");
			p = e + 1;
		} else if (*p == '[' && try_link(x, out, &p, end)) {
			continue;
		} else {
			add_escaped_n(out, p, 1);
			p++;
		}
	}
	free(buf);
}

enum block { B_NONE, B_P, B_UL, B_OL, B_QUOTE, B_TABLE };

static const char *const block_close[] = { "", "</p>\n", "</li></ul>\n", "</li></ol>\n",
					   "</p></blockquote>\n", "</tbody></table></div>\n" };

static void table_row(const struct md_ctx *x, struct sb *out, const char *line, size_t len, bool head)
{
	const char *p = line + 1, *end = line + len;
	sb_adds(out, "<tr>");
	while (p < end) {
		const char *bar = memchr(p, '|', (size_t)(end - p));
		const char *cell_end = bar ? bar : end;
		while (p < cell_end && *p == ' ')
			p++;
		const char *ce = cell_end;
		while (ce > p && ce[-1] == ' ')
			ce--;
		if (bar || ce > p) {
			sb_adds(out, head ? "<th>" : "<td>");
			inline_md(x, out, p, (size_t)(ce - p));
			sb_adds(out, head ? "</th>" : "</td>");
		}
		if (!bar)
			break;
		p = bar + 1;
	}
	sb_adds(out, "</tr>\n");
}

void site_markdown(const char *md, const char *from, const struct strlist *pages,
		   struct sb *out)
{
	const struct md_ctx ctx = { from, pages }, *x = &ctx;
	enum block open = B_NONE;
	bool fence = false, head_row = false;
	const char *line = md;

	while (*line) {
		size_t len = strcspn(line, "\n"), ind = strspn(line, " ");
		const char *t = line + ind, *next = line + len + (line[len] == '\n');
		size_t tl = len - ind;
		int level = (int)strspn(t, "#");

		if (!strncmp(t, "```", 3)) {
			sb_adds(out, block_close[open]);
			open = B_NONE;
			sb_adds(out, fence ? "</pre>\n" : "<pre>");
			fence = !fence;
		} else if (fence) {
			/* A line's last blank kept as a character reference: the
			 * "-- " of a mail's signature is content, and a raw
			 * trailing blank is what HTML checkers take for an error. */
			size_t body = len;
			while (body && line[body - 1] == ' ')
				body--;
			add_escaped_n(out, line, body);
			for (size_t k = body; k < len; k++)
				sb_adds(out, "&#32;");
			sb_addc(out, '\n');
		} else if (!tl) {
			sb_adds(out, block_close[open]);
			open = B_NONE;
		} else if (level >= 1 && level <= 6 && t[level] == ' ') {
			sb_adds(out, block_close[open]);
			open = B_NONE;
			/* The page's own title is the only h1. */
			sb_addf(out, "<h%d>", level < 2 ? 2 : level);
			inline_md(x, out, t + level + 1, tl - (size_t)level - 1);
			sb_addf(out, "</h%d>\n", level < 2 ? 2 : level);
		} else if (*t == '|') {
			if (open != B_TABLE) {
				sb_adds(out, block_close[open]);
				sb_adds(out, "<div class=\"scroll\"><table><tbody>\n");
				open = B_TABLE;
				head_row = true;
			}
			if (strspn(t, "|-: ") != tl)
				table_row(x, out, t, tl, head_row);
			head_row = false;
		} else if ((t[0] == '-' || t[0] == '*') && t[1] == ' ' && ind < 2) {
			sb_adds(out, open == B_UL ? "</li>\n<li>" : block_close[open]);
			if (open != B_UL)
				sb_adds(out, "<ul>\n<li>");
			open = B_UL;
			inline_md(x, out, t + 2, tl - 2);
		} else if (t[0] >= '0' && t[0] <= '9' && ind < 2 && strspn(t, "0123456789") < tl &&
			   t[strspn(t, "0123456789")] == '.' && t[strspn(t, "0123456789") + 1] == ' ') {
			size_t skip = strspn(t, "0123456789") + 2;
			sb_adds(out, open == B_OL ? "</li>\n<li>" : block_close[open]);
			if (open != B_OL)
				sb_adds(out, "<ol>\n<li>");
			open = B_OL;
			inline_md(x, out, t + skip, tl - skip);
		} else if (*t == '>') {
			size_t skip = t[1] == ' ' ? 2 : 1;
			if (open != B_QUOTE) {
				sb_adds(out, block_close[open]);
				sb_adds(out, "<blockquote><p>");
				open = B_QUOTE;
			} else {
				sb_addc(out, '\n');
			}
			inline_md(x, out, t + skip, tl - skip);
		} else {
			if (open == B_NONE || open == B_TABLE) {
				sb_adds(out, block_close[open]);
				sb_adds(out, "<p>");
				open = B_P;
			} else {
				sb_addc(out, '\n'); /* a continuation line */
			}
			inline_md(x, out, t, tl);
		}
		line = next;
	}
	if (fence)
		sb_adds(out, "</pre>\n");
	sb_adds(out, block_close[open]);
}
