/* site-report.h - a turn's public report, as the engines write it for
 * mail, read back into HTML for the web archive: sections, lists, tables,
 * and the board in characters folded away under its picture. */
#ifndef WP_SITE_REPORT_H
#define WP_SITE_REPORT_H

#include "util.h"

/* The report text as HTML (an <h2> for its title, <h3> for its parts),
 * appended to out. */
void site_report_html(const char *text, struct sb *out);

#endif
