/* burglar-view.c - Burglar reports: the board, the seats, who is away with
 * what, the tokens in all, and where the reader stands; and the board as a
 * picture.  Nothing is hidden (see burglar-int.h). */
#include <stdio.h>
#include <stdlib.h>

#include "burglar-int.h"

static void board_row(const struct burglar *b, struct sb *out, int first)
{
	sb_adds(out, "  +--------+--------+--------+\n  |");
	for (int c = first; c < first + 3; c++)
		sb_addf(out, "  %2d%s |", c, c == 7 ? " H " : "   ");
	sb_adds(out, "\n  |");
	for (int c = first; c < first + 3; c++) {
		int t = c == 7 ? b->hoard : b->coffer[c];
		if (t)
			sb_addf(out, " %4d   |", t);
		else
			sb_adds(out, "    .   |");
	}
	sb_addc(out, '\n');
}

/* Every seat with its player and tokens; returns the tokens held. */
static int seats_view(const struct game *g, struct sb *out)
{
	const struct burglar *b = B(g);
	int held = 0;

	sb_adds(out, "Seats\n");
	for (int s = 0; s < burglar_seats(g); s++) {
		int q = b->seat[s];
		if (q == NO_SEAT) {
			sb_addf(out, "  %d  (empty)\n", s + 1);
			continue;
		}
		held += b->tokens[q];
		sb_addf(out, "  %d  %-16s %4d token%s%s\n", s + 1, burglar_name(g, q), b->tokens[q],
			b->tokens[q] == 1 ? " " : "s",
			b->winner == q ? "  winner"
			: !b->over && b->started && s == burglar_seat_from(g, b->next)
			? "  rolls first next turn" : "");
	}
	return held;
}

/* Everyone who has left the table and what they carried off (someone who
 * went broke carried off nothing but is away all the same); returns the
 * tokens carried off. */
static int away_view(const struct game *g, struct sb *out)
{
	const struct burglar *b = B(g);
	int carried = 0;
	bool header = false;

	for (size_t q = 0; q < g->nplayers; q++) {
		bool away = b->rejoin[q] && burglar_seat_of(b, (int)q) == NO_SEAT;
		if (!b->carried[q] && !away)
			continue;
		if (!header)
			sb_adds(out, "Away from the table\n");
		header = true;
		carried += b->carried[q];
		sb_addf(out, "  %-19s carried off %d token%s%s\n", burglar_name(g, (int)q), b->carried[q],
			b->carried[q] == 1 ? "" : "s",
			g->players[q].dropped ? " (out of the game)" : "");
	}
	return carried;
}

/* The lines only player p sees: where they stand. */
static void own_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out)
{
	const struct burglar *b = B(g);
	int me = burglar_seat_of(b, p);

	if (me != NO_SEAT) {
		sb_addf(out, "You sit in seat %d with %d token%s.\n", me + 1, b->tokens[p],
			b->tokens[p] == 1 ? "" : "s");
	} else if (g->players[p].dropped) {
		sb_adds(out, "You are out of the game.\n");
	} else if (b->rejoin[p] && b->rejoin[p] > g->last_run) {
		/* The last turn's time stands for "now": a report shows
		 * the table as that turn left it. */
		char *when = ctx->local_text(ctx, b->rejoin[p]);
		sb_addf(out, "You have no seat; you may join again after %s.\n", when);
		free(when);
	} else {
		sb_adds(out, "You have no seat; send 'join' to take a free one.\n");
	}
}

void burglar_view(const struct game *g, int p, const struct engine_ctx *ctx,
		  struct sb *out)
{
	const struct burglar *b = B(g);
	int held, carried;

	sb_adds(out, "The board (a coffer holds at most one token; H, 7, is the Dragon's Hoard)\n");
	board_row(b, out, 3);
	board_row(b, out, 6);
	board_row(b, out, 9);
	sb_adds(out, "  +--------+--------+--------+\n\n");
	held = seats_view(g, out);
	carried = away_view(g, out);
	sb_addf(out, "Tokens: %d held, %d on the board, %d carried off, %lld brought to the "
		     "table in all.\n", held, burglar_on_board(b), carried, b->supplied);
	if (p >= 0 && !b->over)
		own_view(g, p, ctx, out);
}

void burglar_board(const struct game *g, int p, struct view *v)
{
	const struct burglar *b = B(g);
	(void)p;
	v->kind = VIEW_GRID;
	v->cols = v->rows = 3;
	for (int n = 3; n <= 11; n++) {
		struct view_cell *c;
		char label[4];
		snprintf(label, sizeof label, "%d", n);
		c = view_add_cell(v, (n - 3) % 3, (n - 3) / 3, label,
				  n == 7 ? "Dragon's Hoard" : "coffer");
		c->counters = n == 7 ? b->hoard : b->coffer[n];
		if (n == 7)
			c->fill = xstrdup("gold");
	}
	/* as the report PDF's legend (templates/burglar/report.xml) */
	view_add_key(v, "gold", "the Dragon's Hoard (7)");
	view_add_key(v, NULL, "a number over dots: tokens on a square: a coffer holds at "
			      "most one, the Dragon's Hoard (7) any number");
}
