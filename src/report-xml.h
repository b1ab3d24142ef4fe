/* report-xml.h - a turn report as XML, the form of wyrmpost-view(5). */
#ifndef WP_REPORT_XML_H
#define WP_REPORT_XML_H

#include <stddef.h>

#include "events.h"
#include "game.h"
#include "report.h"

/* The report of report_turn (report.h) as XML (wyrmpost-view(5),
 * schema/view.rng): the events, the board as data, the details and the
 * orders; *len its length.  Caller frees. */
char *report_turn_xml(const struct game *g, int turn, const struct events *ev, int p,
		      const struct report_parts *rp, size_t *len);

#endif
