/* xmlwrite.c - XML written as it is made; see xmlwrite.h.
 *
 * A report's XML used to be built as a libxml2 tree, written out and
 * freed: some 250,000 instructions for 3 KB, a quarter of a pdf=none
 * run.  Written straight, it is the same bytes for a tenth of that.
 * check-store holds this writer and xml_to_string to libxml2's output. */
#include "xmlwrite.h"

#include <stdio.h>

/* U+FFFD, written for a character XML cannot hold. */
#define XML_REPLACEMENT "\xEF\xBF\xBD"

void xml_escape_into(struct sb *o, const char *s, bool attr)
{
	const char *run = s;
	for (; *s; s++) {
		const char *e;
		size_t skip = 0;
		switch (*s) {
		case '&': e = "&amp;"; break;
		case '<': e = "&lt;"; break;
		case '>': e = "&gt;"; break;
		case '\r': e = "&#13;"; break;
		case '"': e = attr ? "&quot;" : NULL; break;
		case '\n': e = attr ? "&#10;" : NULL; break;
		case '\t': e = attr ? "&#9;" : NULL; break;
		case '\xEF': /* U+FFFE and U+FFFF, which XML 1.0 cannot hold */
			e = s[1] == '\xBF' && (s[2] == '\xBE' || s[2] == '\xBF')
				? XML_REPLACEMENT : NULL;
			skip = e ? 2 : 0;
			break;
		default: /* the other C0 controls, which it cannot hold either */
			e = (unsigned char)*s < 0x20 ? XML_REPLACEMENT : NULL;
			break;
		}
		if (!e)
			continue;
		sb_add(o, run, (size_t)(s - run));
		sb_adds(o, e);
		s += skip;
		run = s + 1;
	}
	sb_add(o, run, (size_t)(s - run));
}

void xml_indent_into(struct sb *o, int level)
{
	static const char spaces[] = "                                                            ";
	sb_add(o, spaces, 2 * (size_t)(level < 30 ? level : 30));
}

void xw_begin(struct xw *w)
{
	*w = (struct xw){ SB_INIT, { NULL }, 0, false, false };
	sb_adds(&w->out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
}

void xw_open(struct xw *w, const char *name)
{
	if (w->in_text)
		BUG("<%s> inside <%s>, which holds text", name, w->names[w->depth - 1]);
	if (w->depth == XW_DEPTH)
		BUG("XML nested deeper than %d", XW_DEPTH);
	if (w->in_tag)
		sb_add(&w->out, ">\n", 2);
	xml_indent_into(&w->out, w->depth);
	sb_addc(&w->out, '<');
	sb_adds(&w->out, name);
	w->names[w->depth++] = name;
	w->in_tag = true;
}

void xw_attr(struct xw *w, const char *name, const char *value)
{
	if (!w->in_tag)
		BUG("attribute %s outside a start tag", name);
	sb_addc(&w->out, ' ');
	sb_adds(&w->out, name);
	sb_add(&w->out, "=\"", 2);
	if (value) /* none: name="", as xmlSetProp writes it */
		xml_escape_into(&w->out, value, true);
	sb_addc(&w->out, '"');
}

void xw_attr_int(struct xw *w, const char *name, long long value)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%lld", value);
	xw_attr(w, name, buf);
}

void xw_attr_bool(struct xw *w, const char *name, bool value)
{
	xw_attr(w, name, value ? "yes" : "no");
}

void xw_text(struct xw *w, const char *text)
{
	if (!w->in_tag)
		BUG("text outside an element just opened");
	if (!text || !*text)
		return; /* no text node, as libxml2 adds none: <name/> */
	sb_addc(&w->out, '>');
	xml_escape_into(&w->out, text, false);
	w->in_tag = false;
	w->in_text = true;
}

void xw_close(struct xw *w)
{
	const char *name;
	if (w->depth == 0)
		BUG("no element to close");
	name = w->names[--w->depth];
	if (w->in_tag) {
		sb_add(&w->out, "/>\n", 3);
	} else {
		if (!w->in_text)
			xml_indent_into(&w->out, w->depth);
		sb_add(&w->out, "</", 2);
		sb_adds(&w->out, name);
		sb_add(&w->out, ">\n", 2);
	}
	w->in_tag = false;
	w->in_text = false;
}

void xw_leaf(struct xw *w, const char *name, const char *text)
{
	xw_open(w, name);
	xw_text(w, text);
	xw_close(w);
}

char *xw_end(struct xw *w, size_t *len)
{
	if (w->depth)
		BUG("<%s> left open", w->names[w->depth - 1]);
	if (len)
		*len = w->out.len;
	return sb_detach(&w->out);
}
