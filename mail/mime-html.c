/* mime-html.c - HTML mail reduced to plain text with libxml2's HTML parser,
 * which copes with the tag soup mail clients write far better than any tag
 * stripping could, and decodes entities for us. */
#include "mime-int.h"

#include <limits.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "utf8.h"

struct html_out {
	struct sb *sb;
	int quote;  /* <blockquote> depth: those lines get "> " like a quote */
	int pre;    /* inside <pre>: white space is kept */
	bool bol;   /* at the beginning of an output line */
	bool space; /* white space seen since the last character */
};

static void newline(struct html_out *o)
{
	sb_addc(o->sb, '\n');
	o->bol = true;
	o->space = false;
}

/* A block boundary: end the current line, but never make blank lines. */
static void block(struct html_out *o)
{
	if (!o->bol)
		newline(o);
}

static void put_char(struct html_out *o, const char *c, size_t n)
{
	if (o->bol) {
		for (int i = 0; i < o->quote; i++)
			sb_addc(o->sb, '>');
		if (o->quote)
			sb_addc(o->sb, ' ');
	} else if (o->space) {
		sb_addc(o->sb, ' ');
	}
	sb_add(o->sb, c, n);
	o->bol = o->space = false;
}

static void text(struct html_out *o, const char *s)
{
	while (*s) {
		size_t n = 1;
		unsigned char c = (unsigned char)*s;
		if (c == '\n' && o->pre) {
			newline(o);
		} else if ((c == ' ' || c == '\t') && o->pre) {
			put_char(o, s, 1);
		} else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
			o->space = !o->bol;
		} else if (c == 0xc2 && (unsigned char)s[1] == 0xa0) {
			/* &nbsp; separates words like a space does */
			o->space = !o->bol;
			n = 2;
		} else {
			while (utf8_continues(s[n])) /* the whole UTF-8 sequence */
				n++;
			put_char(o, s, n);
		}
		s += n;
	}
}

static bool name_in(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, list[i]))
			return true;
	return false;
}

static void walk(struct html_out *o, xmlNode *node, int depth)
{
	static const char *const skip[] = { "head", "script", "style", "title", "template" };
	static const char *const blocks[] = {
		"address", "article", "aside", "blockquote", "body", "caption", "center",
		"dd", "details", "div", "dl", "dt", "fieldset", "figure", "footer", "form",
		"h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li", "main",
		"nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "tfoot",
		"thead", "tr", "ul",
	};
	/* libxml2 stops at 256 levels already; this only bounds our stack. */
	if (depth > 300)
		return;
	for (xmlNode *n = node; n; n = n->next) {
		const char *name = (const char *)n->name;
		bool is_block, is_quote;
		if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
			if (n->content)
				text(o, (const char *)n->content);
			continue;
		}
		if (n->type != XML_ELEMENT_NODE || !name)
			continue;
		if (name_in(name, skip, ARRAY_SIZE(skip)))
			continue;
		if (!strcmp(name, "br")) {
			newline(o);
			continue;
		}
		if (!strcmp(name, "td") || !strcmp(name, "th"))
			o->space = !o->bol;
		is_block = name_in(name, blocks, ARRAY_SIZE(blocks));
		is_quote = !strcmp(name, "blockquote");
		if (is_block)
			block(o);
		o->quote += is_quote;
		o->pre += !strcmp(name, "pre");
		walk(o, n->children, depth + 1);
		o->pre -= !strcmp(name, "pre");
		o->quote -= is_quote;
		if (is_block)
			block(o);
	}
}

void mime_html_to_text(const char *html, size_t n, struct sb *out)
{
	struct html_out o = { out, 0, 0, true, false };
	htmlDocPtr doc;
	if (n > INT_MAX)
		return;
	/* The text is UTF-8 by now: naming the encoding keeps a <meta
	 * charset> from reinterpreting it.  No network, no noise on stderr. */
	doc = htmlReadMemory(html, (int)n, NULL, "UTF-8",
			     HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
				     HTML_PARSE_RECOVER | HTML_PARSE_NOIMPLIED);
	if (!doc)
		return;
	walk(&o, xmlDocGetRootElement(doc) ? doc->children : NULL, 0);
	block(&o);
	xmlFreeDoc(doc);
}
