/* turn-reports.h - a played turn's reports: each reader's text, PDF and
 * XML filed under games/ID/reports/NNNN/ (NAME.txt, NAME.pdf, NAME.xml;
 * public.* for the public report) and mailed to the players and the
 * observers; and a filed one read back. */
#ifndef WP_TURN_REPORTS_H
#define WP_TURN_REPORTS_H

#include "campaign.h"
#include "events.h"
#include "game.h"

/* Every report of turn `turn`, just played (g is the state after it),
 * filed and put in the outbox; a turn played again after a rollback says
 * so, in new mails. */
int turn_reports_write(struct campaign *c, const struct game *g, int turn,
		       const struct events *ev, char **err);

/* The filed report of turn (0: the latest) for player (NULL: public). */
int campaign_report(const struct campaign *c, const char *id, int turn,
		    const char *player, char **text, char **err);

#endif
