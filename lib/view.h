/* view.h - an engine's board described as data, for pictures in reports.
 *
 * Engines never draw: they fill a struct view of one of a few kinds, and the
 * print layer draws every kind the same way for every game.
 *
 *   VIEW_GRID    cols x rows squares, each with a label, a caption and a
 *                number of counters (Burglar's 3 x 3 board)
 *   VIEW_HEXES   a hex map: cells by column and row, terrain, pieces, lines
 *   VIEW_MAP     labelled boxes and circles at positions, joined by lines
 *   VIEW_TRACKS  named tracks from min to max with a marker at a value
 *
 * Ownership: a view owns every string in it; view_release frees them.
 */
#ifndef WP_VIEW_H
#define WP_VIEW_H

#include <stddef.h>

enum view_kind { VIEW_GRID, VIEW_HEXES, VIEW_MAP, VIEW_TRACKS };

/* A square, hex, box or circle. */
struct view_cell {
	int col, row;      /* GRID (0, 0 top left) and HEXES (odd rows shifted) */
	double x, y, w, h; /* MAP: position and size in the view's units;
			      HEXES: x, y may hold the hex's own coordinates
			      (Dragon Pants: axial q, r) for templates */
	char *label;       /* big, e.g. "7" */
	char *caption;     /* small, e.g. "Dragon's Hoard" */
	char *fill;        /* a colour name (see print/view.c), NULL: plain */
	int counters;      /* tokens on it; shown as a number and dots */
	int round;         /* MAP: a circle rather than a box */
};

/* A piece standing on a cell (a dragon on a hex, a marker on a box). */
struct view_piece {
	int cell;     /* index into cells */
	char *label;
	char *fill;
};

/* A line between two cells (a line of sight, a path). */
struct view_line {
	int from, to; /* indexes into cells */
	int dashed;
};

/* A track from min to max with its marker at value (a trait, a timer). */
struct view_track {
	char *name;
	char *symbol; /* shown beside the name, e.g. a suit symbol */
	int min, max, value;
};

/* A card in the reader's hand: shown face up, for their eyes only (the
 * engine adds only the reader's own). */
struct view_card {
	char *rank;  /* "K", "10" */
	char *suit;  /* "spades", "hearts", "diamonds", "clubs", or NULL */
};

struct view {
	enum view_kind kind;
	char *title;
	int cols, rows;   /* GRID, HEXES */
	double w, h;      /* MAP: the extent of the units */
	char *unit;       /* MAP: the units' name ("in"): a map to scale, drawn
			     with a scale bar and a north arrow; NULL: none */
	struct view_cell *cells;
	size_t ncells, cells_alloc;
	struct view_piece *pieces;
	size_t npieces, pieces_alloc;
	struct view_line *lines;
	size_t nlines, lines_alloc;
	struct view_track *tracks;
	size_t ntracks, tracks_alloc;
	struct view_card *cards;
	size_t ncards, cards_alloc;
};

void view_init(struct view *v, enum view_kind kind, const char *title);
/* Add a cell and return it (zeroed but for what is given). */
struct view_cell *view_add_cell(struct view *v, int col, int row, const char *label,
				const char *caption);
void view_add_piece(struct view *v, int cell, const char *label, const char *fill);
void view_add_line(struct view *v, int from, int to, int dashed);
void view_add_track(struct view *v, const char *name, const char *symbol, int min,
		    int max, int value);
void view_add_card(struct view *v, const char *rank, const char *suit);
void view_release(struct view *v);

#endif
