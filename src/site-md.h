/* site-md.h - the Markdown of docs/ (the rules as played, the player
 * guides, the order guide) as the web archive's HTML: the little of
 * Markdown those pages use. */
#ifndef WP_SITE_MD_H
#define WP_SITE_MD_H

#include "util.h"

/* md as HTML, appended to out.  from is md's folder under docs/ ("" or
 * "rules"); pages names the Markdown files of docs/ that are pages of the
 * site, without ".md" ("orders", "rules/burglar"): a link to one of them
 * goes to its page, a link to any other is plain text. */
void site_markdown(const char *md, const char *from, const struct strlist *pages,
		   struct sb *out);

#endif
