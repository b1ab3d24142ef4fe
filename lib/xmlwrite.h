/* xmlwrite.h - XML written as it is made, with no tree: the form libxml2's
 * indented writer gives (xmlDocDumpFormatMemoryEnc), byte for byte, for
 * documents of elements, attributes and text in which an element holds
 * either elements or one text.
 *
 *   struct xw w;
 *   xw_begin(&w);                      <?xml version="1.0" encoding="UTF-8"?>
 *   xw_open(&w, "report");             <report format="1">
 *   xw_attr(&w, "format", "1");          <event private="yes">text</event>
 *   xw_open(&w, "event");                <empty/>
 *   xw_attr(&w, "private", "yes");     </report>
 *   xw_text(&w, "text");
 *   xw_close(&w);
 *   xw_open(&w, "empty");
 *   xw_close(&w);
 *   xw_close(&w);
 *   char *xml = xw_end(&w, &len);
 *
 * Names are kept by pointer until their element is closed. */
#ifndef WP_XMLWRITE_H
#define WP_XMLWRITE_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

#define XW_DEPTH 64

struct xw {
	struct sb out;
	const char *names[XW_DEPTH]; /* the elements open, outermost first */
	int depth;
	bool in_tag;  /* the last start tag is not yet ended: attributes go on */
	bool in_text; /* the element opened last holds text */
};

void xw_begin(struct xw *w);
void xw_open(struct xw *w, const char *name);
void xw_attr(struct xw *w, const char *name, const char *value);
void xw_attr_int(struct xw *w, const char *name, long long value);
void xw_attr_bool(struct xw *w, const char *name, bool value);
/* The text of the element opened last, which then holds nothing else;
 * none if text is empty or NULL (the element is written <name/>, as
 * libxml2 writes an element given no content).  An attribute's value may
 * be NULL too: written name="", as xmlSetProp does. */
void xw_text(struct xw *w, const char *text);
void xw_close(struct xw *w);
/* An element holding text: xw_open, xw_text, xw_close. */
void xw_leaf(struct xw *w, const char *name, const char *text);
/* The document (caller frees); every element must be closed. */
char *xw_end(struct xw *w, size_t *len);

/* s escaped as libxml2 escapes text (& < > and CR) or, with attr, an
 * attribute's value (also the quote, LF and tab), added to o.  A
 * character XML 1.0 cannot hold (a C0 control, U+FFFE, U+FFFF) is
 * written as U+FFFD: what is written can always be read back. */
void xml_escape_into(struct sb *o, const char *s, bool attr);
/* The indent of an element level deep: two spaces a level, at most 30. */
void xml_indent_into(struct sb *o, int level);

#endif
