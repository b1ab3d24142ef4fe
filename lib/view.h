/* view.h - an engine's board described as data, for pictures in reports.
 *
 * Engines never draw: they fill a struct view of one of a few kinds, and the
 * print layer draws every kind the same way for every game.
 *
 *   VIEW_GRID    cols x rows squares, each with a label, a caption and a
 *                number of counters (Burglar's 3 x 3 board)
 *   VIEW_HEXES   a hex map: flat-topped hexes in columns, north up: column 0
 *                at the west, row 0 at the north, each odd column half a
 *                hex further south; terrain, pieces, lines
 *   VIEW_MAP     labelled boxes and circles at positions, joined by lines
 *   VIEW_TRACKS  named tracks from min to max with a marker at a value
 *
 * Ownership: a view owns every string in it; view_release frees them.
 */
#ifndef WP_VIEW_H
#define WP_VIEW_H

#include <stdbool.h>
#include <stddef.h>

enum view_kind { VIEW_GRID, VIEW_HEXES, VIEW_MAP, VIEW_TRACKS };

/* A square, hex, box or circle. */
struct view_cell {
	int col, row;      /* GRID and HEXES: (0, 0) top left (HEXES: odd
			      columns shifted half a hex down) */
	double x, y, w, h; /* MAP: position and size in the view's units;
			      HEXES: x, y may hold the hex's own coordinates
			      (Dragon Pants: axial q, r) for templates */
	char *label;       /* big, e.g. "7" */
	char *caption;     /* small, e.g. "Dragon's Hoard" */
	char *fill;        /* a colour name (see view_colour), NULL: plain */
	int counters;      /* tokens on it; shown as a number and dots */
	int round;         /* MAP: a circle rather than a box */
};

/* A colour a fill may name: red, green and blue, each from 0 to 1. */
struct view_colour {
	const char *name;
	double rgb[3];
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

/* A line of the picture's legend: a swatch of fill (NULL: none) and what
 * it stands for, e.g. ("gold", "the value now"). */
struct view_key {
	char *fill;
	char *text;
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
	struct view_key *keys; /* the legend, in the order it reads */
	size_t nkeys, keys_alloc;
	/* The colours of the engine's own names (its terrain, its heights),
	 * ended by a NULL name: a static table of the engine's, neither
	 * copied nor freed.  NULL: only the common names. */
	const struct view_colour *palette;
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
void view_add_key(struct view *v, const char *fill, const char *text);
void view_release(struct view *v);

/* The colour fill names in v, into rgb: v's palette, else a common name
 * (gold, red, blue, green, yellow, purple, black, grey); white for NULL or
 * a name neither knows. */
void view_colour(const struct view *v, const char *fill, double rgb[3]);

/* The number that box k of a picture's n boxes for track t shows: min + k,
 * or the track's value in the end box it lies beyond, so that a marker
 * shows whatever its value. */
long long view_track_shown(const struct view_track *t, int k, int n);

/* The marks of a map to scale (unit set), so that a position reads off its
 * picture: a light line across it every *minor units, and a numbered tick
 * on its edges every *major (a whole number of minors; 1 and 6 on City of
 * Glass's 36-inch table).  False, with neither set, for a map that is not
 * to scale. */
bool view_map_marks(const struct view *v, double *minor, double *major);

/* --- walking a view --------------------------------------------------------
 * Every output of a view (the report PDF's picture, the web archive's SVG,
 * the report template's context, the report XML) is one walk over it with
 * its own back end: the walk visits the board's parts, then the tracks,
 * then the cards, then the legend's keys, each list in its order, and calls the back end's
 * function for each element; a NULL function is skipped.  The board's
 * parts come in one of two orders:
 *   VIEW_LISTED   cells, pieces, lines: the order a document lists them in
 *   VIEW_STACKED  the order a picture paints them in, bottom to top: a
 *                 map's lines under the boxes they join, then its cells;
 *                 elsewhere the cells, the lines over them, the pieces on
 *                 top of both
 * A piece's cell and a line's two ends are handed over with it: the walk
 * checks that they are cells of the view (BUG() when not). */
enum view_order { VIEW_LISTED, VIEW_STACKED };
enum view_part {
	VIEW_PART_CELLS, VIEW_PART_PIECES, VIEW_PART_LINES, VIEW_PART_TRACKS, VIEW_PART_CARDS,
	VIEW_PART_KEYS,
};

struct view_walker {
	/* First, with the whole view: false leaves out the board's parts
	 * (cells, pieces, lines), e.g. a grid of no columns to draw. */
	bool (*begin)(void *ctx, const struct view *v);
	/* Before each part's elements, even when it has none. */
	void (*part)(void *ctx, enum view_part part);
	void (*cell)(void *ctx, size_t i, const struct view_cell *c);
	void (*piece)(void *ctx, const struct view_piece *p, const struct view_cell *on);
	void (*line)(void *ctx, const struct view_line *l, const struct view_cell *from,
		     const struct view_cell *to);
	void (*track)(void *ctx, const struct view_track *t);
	void (*card)(void *ctx, const struct view_card *c);
	void (*key)(void *ctx, const struct view_key *k);
	/* Last. */
	void (*end)(void *ctx);
};

void view_walk(const struct view *v, enum view_order order, const struct view_walker *w,
	       void *ctx);

#endif
