/* site-md.h - the Markdown of the rules pages (docs/rules/NAME.md) as the
 * web archive's HTML: the little of Markdown those pages use. */
#ifndef WP_SITE_MD_H
#define WP_SITE_MD_H

#include "util.h"

/* md as HTML, appended to out. */
void site_markdown(const char *md, struct sb *out);

#endif
