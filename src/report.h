/* report.h - the texts players and game masters read: turn reports, order
 * confirmations, welcome mails.  Pure functions of the game and events. */
#ifndef WP_REPORT_H
#define WP_REPORT_H

#include "engine.h"
#include "events.h"
#include "game.h"
#include "orders.h"

#include <stddef.h>

/* What the text, XML and PDF forms of one reader's turn report share:
 * the engine's text view and board for player p (or the public, p < 0)
 * and the orders help.  A run writes all three forms of each report, so
 * it makes these once (report_parts_make) and hands them to each; a
 * caller that writes one form passes NULL and the form makes its own. */
struct report_parts {
	struct sb details; /* engine->view */
	struct sb orders;  /* report_orders_help */
	struct view board; /* engine->board, when has_board */
	bool has_board;
	struct strlist messages; /* the press the reader got ("from X to you:
				    TEXT", press.h), filled by the caller */
};
void report_parts_make(const struct game *g, int p, struct report_parts *rp);
void report_parts_release(struct report_parts *rp);

/* The report of turn `turn` (just processed; g is the state after it) for
 * player p, or the public report when p < 0; rp as above, or NULL.
 * Caller frees. */
char *report_turn(const struct game *g, int turn, const struct events *ev, int p,
		  const struct report_parts *rp);
/* The lines a newcomer mails to take over seat (a player's name, or
 * "SEAT" for any open one) of g, and how the confirmation code comes
 * back; every report with an open seat has them, and so has the seat's
 * announcement (seat.c). */
void report_how_to_take_over(const struct game *g, const char *seat, struct sb *out);
/* How many lines "You may send one of" lists: enough for every line of a
 * turn in every game, few enough for a mail. */
#define REPORT_HELP_LINES 40

/* What player p may send now, as the text mail, the PDF and the XML view
 * all show it: the engine's legal lines with their notes, those that
 * differ only in their last word and share a note joined ("reroll
 * white|red|none"), those that would fail now left out and summed up by
 * their reasons. */
struct orders_entry {
	char *line;
	char *note; /* NULL: none */
};
struct orders_list {
	char *needs;             /* what a whole turn needs from p (NULL: nothing) */
	struct orders_entry *v;
	size_t n, alloc;
	size_t more;             /* past REPORT_HELP_LINES, not shown */
	size_t nfailing;         /* left out: they would fail now */
	struct strlist failing;  /* their reasons, each once */
	size_t nlegal;           /* every legal line, shown or not */
};
void report_orders_list(const struct game *g, int p, struct orders_list *ol);
void report_orders_list_release(struct orders_list *ol);
/* What player p may send now, and how (the orders template). */
void report_orders_help(const struct game *g, int p, struct sb *out);
/* Where a player stands after a mail: does the turn wait for them, what
 * holds them back (pending.h), what the engine still misses. */
struct report_readiness {
	bool awaited;
	bool refused; /* a line of the latest mail was refused */
	bool waiting; /* they sent `wait` */
	char *incomplete;
};
/* The reply to a submission: whether the player is ready (first, with
 * every refused line, what to send and what the deadline does), every
 * line's verdict and the pending orders. */
char *report_confirmation(const struct game *g, int p, const struct submission *s,
			  const struct strlist *pending, bool stored,
			  const struct report_readiness *rd);
/* How a welcome mail gives the password: the rest of its line. */
#define REPORT_PASSWORD_LINE "Your password for this game is: "

char *report_welcome(const struct game *g, int p, const char *password);
char *report_held(const struct game *g, const bool *missing);
/* To player p, whose orders the held turn waits for or does not. */
char *report_held_player(const struct game *g, int p, const bool *missing);
/* To player p, awaited, who has sent no orders and the deadline nears. */
char *report_reminder(const struct game *g, int p);

/* The same report as a PDF in memory (*pdf to free): the board as a
 * picture, the events, the details and the orders; author is the PDF's
 * author, the campaign's sender name; the game's report template is
 * looked for in tpl_dir (the folder of kits, as for `wyrmpost print`;
 * NULL: the installed one).  WP_OK, or with *err WP_ERR_DATA when the
 * report template is broken, WP_ERR_IO when the system failed. */
int report_turn_pdf(const struct game *g, int turn, const struct events *ev, int p,
		    const struct report_parts *rp, const char *author, const char *tpl_dir,
		    char **pdf, size_t *len, char **err);

#endif
