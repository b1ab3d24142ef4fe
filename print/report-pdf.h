/* report-pdf.h - drawing an engine's struct view (lib/view.h) and the turn
 * report PDF built around it.  Knows nothing of any one game. */
#ifndef WP_REPORT_PDF_H
#define WP_REPORT_PDF_H

#include <stddef.h>

#include "print.h"
#include "view.h"

/* Draw v scaled to fit the box x, y, w, h (mm), centred; returns the height
 * in mm actually used (from the top of the box). */
double print_view(struct print_doc *d, const struct view *v, double x, double y, double w,
		  double h);

/* Everything a turn report PDF shows, as text and a view. */
struct report_pdf {
	const char *title;     /* "Burglar & the Dragon: game tavern, turn 4" */
	const char *subtitle;  /* "Report for ann" */
	const char *deadline;  /* "Turn 5 runs at ..." */
	const char *const *events; /* what happened, one line each */
	size_t nevents;
	const char *const *messages; /* the press the reader got, one each */
	size_t nmessages;
	const struct view *board;  /* NULL: no picture */
	const char *details;   /* the engine's text view: seats, hands, counts */
	const char *orders;    /* what to send next, ready to copy */
	/* For a report drawn from templates/RULES/report.xml (report-tpl.c):
	 * without tpl_dir or that file, the report is drawn as plain flowing
	 * text around the picture. */
	const char *tpl_dir;   /* the templates directory */
	const char *rules;     /* the engine's name: the kit's folder */
	const char *game_title; /* "Burglar & the Dragon" */
	const char *game;      /* the game's id */
	int turn;
	const char *player;    /* NULL: the public report */
	int seat;              /* the player's index, -1 public */
	/* Per event: 0 for everyone, 1 names the player, 2 for the player's
	 * eyes only; NULL: all 0. */
	const int *event_mine;
};

/* The report as a PDF in memory (*buf to free); same input, same bytes.
 * Drawn with o's options and one_face: a report goes out every turn, so
 * embedded DejaVu means DejaVu Sans alone.  TPL_OK, or a TPL_ERR_ code
 * (template.h) with *err: TPL_ERR_DATA when the report template is at
 * fault, TPL_ERR_IO when reading it or libharu failed. */
int report_pdf_render(const struct report_pdf *r, const struct print_doc_opts *o,
		      char **buf, size_t *len, char **err);

struct tpl;
/* The template dir/rules/report.xml, loaded once a process, into *t;
 * *t NULL where there is none.  TPL_ERR_IO (*err set) when it cannot be
 * read, TPL_ERR_DATA when it is not a valid template. */
int report_tpl_find(const char *dir, const char *rules, const struct tpl **t, char **err);
/* The report drawn from template t; same input, same bytes; TPL_ codes
 * as report_pdf_render. */
int report_tpl_render(const struct report_pdf *r, const struct tpl *t,
		      const struct print_doc_opts *o, char **buf, size_t *len, char **err);

#endif
