/* turn-reports.c - a played turn's reports: each reader's text, PDF and
 * XML filed under games/ID/reports/NNNN/ and mailed; and a filed one read
 * back (`wyrmpost report`).  See turn-reports.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "outbox.h"
#include "press.h"
#include "report-xml.h"
#include "report.h"
#include "rollback.h"
#include "turn-reports.h"

/* Name each attachment BASE.pdf or BASE.xml by its type; returns one block
 * holding both names (the caller frees it) and takes base. */
static char *attach_names(struct outpart *parts, size_t n, char *base)
{
	size_t len = strlen(base) + 5;
	char *names = xmalloc(2 * len);
	for (size_t i = 0; i < n; i++) {
		snprintf(names + i * len, len, "%s.%s", base,
			 strcmp(parts[i].content_type, "application/pdf") ? "xml" : "pdf");
		parts[i].filename = names + i * len;
	}
	free(base);
	return names;
}

/* One player's report (p < 0: the public one) as text, PDF and XML, into
 * reports/NNNN/, and into the outbox for the player (for the public one,
 * for each observer) with the PDF attached. */
static int write_report(struct campaign *c, const struct game *g, int turn,
			const struct events *ev, int p, int replay, const char *dir, char **err)
{
	const char *who = p < 0 ? "public" : g->players[p].name;
	struct report_parts rp;
	char *text, *xml, *pdf = NULL;
	char again[40] = "";
	char *path = xasprintf("%s/%s.txt", dir, who);
	size_t pdf_len = 0, xml_len = 0, nparts = 0;
	int rc = WP_OK;
	/* The public report's PDF is only ever the attachment of the
	 * observers' mail: with no observer it would be drawn for nobody (a
	 * fifth of a four-player game's PDF work), so it is not. */
	bool want_pdf = strcmp(option_get(&g->opts, "pdf"), "none") != 0 &&
			(p >= 0 || g->observers.n);
	bool want_xml = option_bool(&g->opts, "report-xml");
	struct outpart parts[2];

	/* The engine's view, board and orders help, once for all three forms. */
	report_parts_make(g, p, &rp);
	/* The press this reader got during the turn (press.h). */
	press_report(c, g, turn, p, &rp.messages);
	text = report_turn(g, turn, ev, p, &rp);
	/* The report as data (wyrmpost-view(5)), always kept beside the text;
	 * mailed only when the game asks for it. */
	xml = report_turn_xml(g, turn, ev, p, &rp, &xml_len);
	if (replay) {
		/* A new message, not the old one again: mail programs drop a
		 * Message-ID they have seen, and players should know why. */
		char *notice = xasprintf("This turn was played again: the game master rolled the "
					 "game back to before it (%d time%s). This report replaces "
					 "the one sent before.\n\n%s", replay,
					 replay == 1 ? "" : "s", text);
		free(text);
		text = notice;
		snprintf(again, sizeof again, "-replay%d", replay);
	}
	if (fs_write_atomic(path, text, strlen(text), err))
		rc = WP_ERR_IO;
	if (!rc && want_pdf)
		rc = report_turn_pdf(g, turn, ev, p, &rp, c->cfg.sender_name, c->templates, &pdf,
				     &pdf_len, err);
	free(path);
	path = xasprintf("%s/%s.pdf", dir, who);
	if (!rc && want_pdf && fs_write_atomic(path, pdf, pdf_len, err))
		rc = WP_ERR_IO;
	/* A turn played again may find the PDF of its first playing, when
	 * the options or the observers have changed since: not as sent. */
	if (!rc && !want_pdf && replay && fs_unlink(path, err))
		rc = WP_ERR_IO;
	free(path);
	path = xasprintf("%s/%s.xml", dir, who);
	if (!rc && fs_write_atomic(path, xml, xml_len, err))
		rc = WP_ERR_IO;
	if (want_pdf)
		parts[nparts++] = (struct outpart){ NULL, "application/pdf", pdf, pdf_len };
	if (want_xml)
		parts[nparts++] = (struct outpart){ NULL, "application/xml", xml, xml_len };
	for (size_t i = 0; !rc && p < 0 && i < g->observers.n; i++) {
		char *name = attach_names(parts, nparts, xasprintf("%s-%04d-public", g->id, turn));
		char *key = xasprintf("%s-%04d-public-%zu%s", g->id, turn, i, again);
		char *subject = xasprintf("[%s] turn %d public report%s", g->id, turn,
					  replay ? " (replayed)" : "");
		rc = campaign_mail_to(c, NULL, g->observers.v[i], key, subject, text, NULL,
				      "auto-generated", nparts ? parts : NULL, nparts, err);
		free(subject);
		free(key);
		free(name);
	}
	if (!rc && p >= 0) {
		char *name = attach_names(parts, nparts, xasprintf("%s-%04d-%s", g->id, turn, who));
		char *key = xasprintf("%s-%04d-report-%s%s", g->id, turn, who, again);
		char *subject = xasprintf("[%s] turn %d report%s%s", g->id, turn,
					  replay ? " (replayed)" : "",
					  g->status == GAME_OVER ? " (game over)" : "");
		rc = campaign_mail_with(c, g, p, key, subject, text, NULL, "auto-generated",
					nparts ? parts : NULL, nparts, err);
		free(subject);
		free(key);
		free(name);
	}
	free(path);
	free(pdf);
	free(xml);
	free(text);
	report_parts_release(&rp);
	return rc;
}

int turn_reports_write(struct campaign *c, const struct game *g, int turn,
		       const struct events *ev, char **err)
{
	char *rest = xasprintf("reports/%04d", turn);
	char *dir = campaign_game_path(c, g->id, rest);
	int rc = fs_mkdirs(dir, err) ? WP_ERR_IO : WP_OK, replay = rollback_replays(c, g->id, turn);

	for (int p = -1; !rc && p < (int)g->nplayers; p++) {
		rc = write_report(c, g, turn, ev, p, replay, dir, err);
		if (p < 0)
			crashpoint("turn-reports");
		if (p == 0)
			crashpoint("turn-first-mail");
	}
	crashpoint("turn-mail");
	free(dir);
	free(rest);
	return rc;
}


int campaign_report(const struct campaign *c, const char *id, int turn, const char *player,
		    char **text, char **err)
{
	struct game g;
	char *rest, *path;
	size_t len;
	int rc = campaign_load_game(c, id, &g, err);
	if (rc)
		return rc;
	if (!turn)
		turn = g.turn - 1;
	if (player && game_player_index(&g, player) < 0) {
		*err = xasprintf("%s: no player '%s'", id, player);
		game_release(&g);
		return WP_ERR_NOTFOUND;
	}
	rest = xasprintf("reports/%04d/%s.txt", turn,
			 player ? g.players[game_player_index(&g, player)].name : "public");
	path = campaign_game_path(c, id, rest);
	if (turn < 1 || !fs_exists(path)) {
		*err = turn < 1 ? xasprintf("%s: no turn has been played yet", id)
				: xasprintf("%s: no report for turn %d", id, turn);
		rc = WP_ERR_NOTFOUND;
	} else if (fs_read_file(path, text, &len, err)) {
		rc = WP_ERR_IO;
	}
	free(path);
	free(rest);
	game_release(&g);
	return rc;
}
