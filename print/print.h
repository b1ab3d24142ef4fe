/* print.h - the PDF layer: documents, drawing in millimetres, text that
 * wraps and shrinks to fit, card sheets, hex tiles and posters.
 *
 * Everything here is built on libharu 2.3 but callers never see it.  The
 * layer never prints to the terminal and never exits.
 *
 * Units: lengths are millimetres, font sizes are points (as on a printed
 * card), colours are RGB in 0..1.  The y axis points up, as in PDF: the
 * origin is the lower-left corner of the page, or of the piece being drawn
 * inside a card or tile callback.
 *
 * Errors.  Functions that return int return 0 on success or -1 with a
 * message in *err that the caller frees.  The drawing calls return nothing:
 * a libharu failure inside one of them is kept in the document (the first
 * one wins), every later drawing call does nothing, and the next function
 * that returns int (the layout functions, print_doc_save) reports it.  So a
 * callback can draw without checking each call, like cairo's status.
 * Passing nonsense (a negative size, drawing with no page) is a BUG().
 *
 * Ownership: a struct print_doc belongs to whoever called print_doc_new and
 * is released with print_doc_free; strings passed in are borrowed.
 */
#ifndef WP_PRINT_H
#define WP_PRINT_H

#include <stdbool.h>
#include <stddef.h>

enum print_paper {
	PRINT_A4,     /* 210 x 297 mm */
	PRINT_LETTER, /* 8.5 x 11 in = 215.9 x 279.4 mm */
};

/* The faces a document can use.  They are loaded, and embedded, only when
 * first used: each embedded DejaVu face is a subset (font.c) of some 20 KB,
 * plus about 60 KB for a face that also draws text beyond that subset. */
enum print_font {
	PRINT_SANS,      /* DejaVu Sans, or Helvetica in small mode */
	PRINT_SANS_BOLD, /* DejaVu Sans Bold, or Helvetica-Bold */
	PRINT_MONO,      /* DejaVu Sans Mono, or Courier */
	PRINT_SERIF,     /* DejaVu Serif, or Times-Roman */
	PRINT_NFONTS
};

struct print_doc_opts {
	enum print_paper paper;
	/* The standard 14 fonts instead of embedded DejaVu: files of about
	 * 10 KB for mail.  Text is then limited to Windows-1252 plus the four
	 * suits (drawn with Symbol); other letters lose their accents, Greek
	 * and Cyrillic are spelled in Latin letters (translit.h). */
	bool small;
	/* Where the DejaVu TTF files are; NULL means the Debian location,
	 * /usr/share/fonts/truetype/dejavu. */
	const char *fontdir;
	/* What a reader shows as the document's title, author and subject
	 * (UTF-8; NULL for none).  The creator is always wyrmpost.  No dates
	 * go in: the same drawing gives the same bytes. */
	const char *title, *author, *subject;
	/* With embedded DejaVu, one face only, DejaVu Sans, for files that go
	 * out every turn (turn reports): bold is Sans filled and outlined in
	 * the text's colour, monospaced text is Sans with its columns kept
	 * (text.c).  Each face embedded costs 4 to 5 KB however few glyphs it
	 * draws. */
	bool one_face;
	/* Pages compressed for speed (libdeflate's level 1), for files drawn
	 * by the thousand (turn reports), rather than for size (level 6: the
	 * pages of a card sheet 15 % smaller, compressed in twice the time). */
	bool quick;
};

struct print_doc;

/* A new empty document.  Fails only if libharu cannot start. */
int print_doc_new(struct print_doc **out, const struct print_doc_opts *o, char **err);
/* Write the document.  The output depends only on what was drawn: no
 * dates, no IDs, so the same input gives the same bytes. */
int print_doc_save(struct print_doc *d, const char *path, char **err);
/* The same bytes in memory (*buf to free), e.g. to attach to a mail. */
int print_doc_save_mem(struct print_doc *d, char **buf, size_t *len, char **err);
/* The first failure kept by the document, or 0; *err as above. */
int print_doc_status(const struct print_doc *d, char **err);
void print_doc_free(struct print_doc *d);

enum print_paper print_doc_paper(const struct print_doc *d);
bool print_doc_small(const struct print_doc *d);
/* Size of a paper in mm, portrait. */
void print_paper_size(enum print_paper p, double *w, double *h);

/* Start a new page of w x h mm (the paper's size, turned if landscape);
 * drawing calls go to it until the next page. */
void print_page_new(struct print_doc *d, double w, double h);
void print_page_paper(struct print_doc *d, bool landscape);
/* Number of pages so far. */
size_t print_page_count(const struct print_doc *d);
/* Record the TrimBox and BleedBox of the current page for print shops
 * (rectangles in mm from the page's lower-left corner). */
void print_page_boxes(struct print_doc *d, double tx, double ty, double tw, double th,
		      double bx, double by, double bw, double bh);

/* --- drawing on the current page ---------------------------------------- */

enum print_paint {
	PRINT_STROKE = 1,
	PRINT_FILL = 2,
	PRINT_FILL_STROKE = 3,
};

/* Graphics state; print_save/print_restore nest like PDF's q/Q. */
void print_save(struct print_doc *d);
void print_restore(struct print_doc *d);
void print_translate(struct print_doc *d, double x, double y);
void print_rotate(struct print_doc *d, double degrees); /* anticlockwise */
void print_scale(struct print_doc *d, double sx, double sy);
/* Clip what follows (until print_restore) to a rectangle or polygon. */
void print_clip_rect(struct print_doc *d, double x, double y, double w, double h);
void print_clip_poly(struct print_doc *d, const double *xy, size_t n);

void print_fill_rgb(struct print_doc *d, double r, double g, double b);
void print_stroke_rgb(struct print_doc *d, double r, double g, double b);
void print_line_width(struct print_doc *d, double mm);
/* Dashes of on mm drawn, off mm blank; on = 0 for solid lines.  Both
 * below 1000 mm, off above 0 when on is: print_dash_ok() says whether a
 * pair is one print_dash() takes. */
void print_dash(struct print_doc *d, double on, double off);
bool print_dash_ok(double on, double off);

void print_line(struct print_doc *d, double x1, double y1, double x2, double y2);
/* Rectangle with corners rounded to radius r (0 for square corners). */
void print_rect(struct print_doc *d, double x, double y, double w, double h, double r,
		enum print_paint paint);
void print_circle(struct print_doc *d, double cx, double cy, double r, enum print_paint paint);
/* Closed polygon through n points given as x0, y0, x1, y1, ... */
void print_poly(struct print_doc *d, const double *xy, size_t n, enum print_paint paint);

/* --- text (text.c) -------------------------------------------------------- */

enum print_align { PRINT_LEFT, PRINT_CENTER, PRINT_RIGHT };
enum print_valign { PRINT_TOP, PRINT_MIDDLE, PRINT_BOTTOM };
/* Every font size the text functions take is more than 0 and less than
 * this many points (a page of A4 is 842 points tall). */
#define PRINT_MAX_PT 1000.0

/* Width in mm of one line of UTF-8 text. */
double print_text_width(struct print_doc *d, enum print_font f, double size_pt,
			const char *utf8);
/* One line of text in the fill colour, its baseline at y, x being its left
 * end, centre or right end as align says.  No wrapping. */
void print_text(struct print_doc *d, enum print_font f, double size_pt, double x, double y,
		enum print_align align, const char *utf8);

struct print_textbox {
	enum print_font font;
	double size;     /* points: the size wanted */
	double min_size; /* points: shrink down to this to fit; 0 = no shrinking */
	double leading;  /* line distance as a multiple of size; 0 = 1.2 */
	enum print_align align;
	enum print_valign valign;
};

/* What a text box came to. */
struct print_textfit {
	double size;     /* points used */
	size_t lines;    /* lines drawn */
	double height;   /* mm the lines take */
	bool overflow;   /* did not fit even at min_size: cut, with an ellipsis */
};

/* Lay out UTF-8 text in the box x, y, w, h: paragraphs at '\n', wrapped at
 * spaces (a word wider than the box is broken between characters), shrunk
 * in steps of a quarter point from size to min_size until it fits.  If it
 * still does not fit, the last line that fits ends in an ellipsis.
 * print_text_box draws; print_text_measure only fills *fit. */
void print_text_box(struct print_doc *d, const struct print_textbox *tb, double x, double y,
		    double w, double h, const char *utf8, struct print_textfit *fit);
void print_text_measure(struct print_doc *d, const struct print_textbox *tb, double w,
			double h, const char *utf8, struct print_textfit *fit);

/* --- pictures (image.c) ---------------------------------------------------- */

/* A PNG or JPEG embedded in a document once, to be drawn as often as
 * wanted.  PNG transparency is kept as a separate soft mask, compressed
 * like the picture (libharu's own PNG loader would store it raw). */
struct print_image;

/* Read the file at path (PNG or JPEG, told apart by their first bytes) and
 * embed it in d.  A missing, unreadable, broken or oversized file is -1
 * with a message that starts with the path.  *out is freed with
 * print_image_free; the picture itself belongs to the document. */
int print_image_load(struct print_doc *d, const char *path, struct print_image **out,
		     char **err);
/* Size in pixels. */
void print_image_size(const struct print_image *im, unsigned *w, unsigned *h);
/* Whether the picture has a soft mask (a PNG with some transparency). */
bool print_image_masked(const struct print_image *im);
/* Draw im stretched to the box x, y, w, h (mm) on the current page; to
 * keep its proportions the caller chooses the box. */
void print_image_draw(struct print_doc *d, const struct print_image *im, double x, double y,
		      double w, double h);
void print_image_free(struct print_image *im);

/* --- pieces: cards and tiles ------------------------------------------------ */

/* What a piece callback is asked to draw.  The coordinate system is the
 * piece's own: (0, 0) is the lower-left corner of the trimmed piece (of the
 * hexagon's bounding box for a hex tile), w x h mm.  With bleed, draw art
 * out to -bleed .. w + bleed; everything is clipped to that area (to the
 * hexagon for tiles), so nothing spills onto a neighbour. */
struct print_piece {
	size_t index;  /* 0 .. n-1, in the caller's order */
	bool back;     /* the back of piece index */
	double w, h;   /* mm */
	double bleed;  /* mm */
};

/* Draw one piece; return 0, or -1 with a message in *err to stop. */
typedef int print_piece_fn(struct print_doc *d, void *ctx, const struct print_piece *p,
			   char **err);

enum print_backs {
	PRINT_BACKS_NONE,
	/* A page of backs after each page of fronts, columns mirrored for
	 * long-edge flip, shifted by the printer offset. */
	PRINT_BACKS_DUPLEX,
	/* Fronts and backs on the same side of the page, mirrored about a
	 * fold line: fold, then cut through both layers. */
	PRINT_BACKS_FOLD,
};

/* --- card sheets (sheet.c) ---------------------------------------------- */

struct print_sheet_opts {
	double card_w, card_h; /* mm; 0, 0 = poker, 63 x 88 */
	double bleed;          /* mm on every side; 0 = none */
	double gap;            /* mm between trimmed cards; raised to 2 * bleed */
	double margin;         /* mm the trimmed cards keep from the paper edge;
				  0 = 5 */
	double mark_len;       /* mm of crop mark; 0 = 5 */
	enum print_backs backs;
	double offset_x, offset_y; /* mm added to every back page (duplex) */
	/* One card per page, the page being the card plus bleed, with
	 * TrimBox and BleedBox: what print shops ask for.  Ignores paper,
	 * margin, marks and backs other than duplex (a back page per card). */
	bool one_per_page;
};

/* How cards fall on pages: filled by print_sheet_plan. */
struct print_sheet_plan {
	double page_w, page_h; /* mm; landscape only when that holds more cards */
	size_t cols, rows;     /* cards per page side (per half when folding) */
	size_t per_page;
	bool fold_horizontal;  /* fold: the fold line runs across the page */
	double x0, y0;         /* lower-left of the first card trimmed, mm */
};

/* Work out the layout of cards on the document's paper; -1 if not even one
 * card fits. */
int print_sheet_plan(const struct print_doc *d, const struct print_sheet_opts *o,
		     struct print_sheet_plan *plan, char **err);
/* Lay out n cards, calling draw for every front (and back unless backs is
 * NONE), N-up, centred, crop marks in the margins only.  Duplex back pages
 * carry no marks: cutting is done from the fronts.  With bleed, each page
 * gets a TrimBox around the trimmed cards and a BleedBox around their
 * bleed. */
int print_sheet(struct print_doc *d, const struct print_sheet_opts *o, size_t n,
		print_piece_fn *draw, void *ctx, char **err);

/* Card positions on a page, for tests and for later layers: where the
 * trimmed card slot k (0 .. per_page-1) of a front or back page lies. */
void print_sheet_slot(const struct print_sheet_opts *o, const struct print_sheet_plan *plan,
		      size_t k, bool back, double *x, double *y);

/* --- hexes (hex.c) -------------------------------------------------------- */

enum print_hex_orient {
	PRINT_HEX_POINTY, /* points up and down: flat-to-flat is the width */
	PRINT_HEX_FLAT,   /* flat top and bottom: flat-to-flat is the height */
};

struct print_hex {
	enum print_hex_orient orient;
	double flat;  /* mm, flat to flat */
	double point; /* mm, point to point; 0 = regular, 2 * flat / sqrt 3 */
};

/* Bounding box of one hexagon, and its six corners (x, y pairs) in that
 * box, anticlockwise from the rightmost or top corner. */
void print_hex_box(const struct print_hex *h, double *w, double *hh);
void print_hex_corners(const struct print_hex *h, double xy[12]);
/* Lower-left of the bounding box of the hex at column col, row row of a
 * grid whose hex (0, 0) has its box at (0, 0): odd rows (pointy) or odd
 * columns (flat) are shifted by half a hex. */
void print_hex_pos(const struct print_hex *h, int col, int row, double *x, double *y);
/* Size of the bounding box of every hex of a grid of cols x rows. */
void print_hex_grid_size(const struct print_hex *h, int cols, int rows, double *w, double *hh);

struct print_tiles_opts {
	struct print_hex hex;
	double margin;   /* mm from the paper edge; 0 = 5 */
	enum print_backs backs;
	double offset_x, offset_y; /* mm added to every back page (duplex) */
};

/* Pack n hex tiles on pages in a honeycomb, so that neighbours share their
 * cut lines, drawn along every hex edge of the fronts.  Duplex backs go on
 * a page of their own, long-edge flipped.  Folded, the fronts fill one
 * half of the page (the left, or the top when the fold runs across) and
 * the backs the other, mirrored across a dashed fold line: the page
 * upright or turned, folded down or across, whichever holds the most.
 * Returns -1 if no tile fits. */
int print_tiles(struct print_doc *d, const struct print_tiles_opts *o, size_t n,
		print_piece_fn *draw, void *ctx, char **err);
/* How many tiles go on one page, and the grid they use. */
size_t print_tiles_per_page(const struct print_doc *d, const struct print_tiles_opts *o,
			    int *cols, int *rows);

/* --- boards and posters (poster.c) ------------------------------------------ */

/* Draw the whole board in board mm, origin at its lower-left corner. */
typedef int print_board_fn(struct print_doc *d, void *ctx, char **err);

struct print_board {
	double w, h; /* mm at true scale */
	print_board_fn *draw;
	void *ctx;
	const char *title; /* printed in the margins; may be NULL */
};

struct print_poster_opts {
	double margin;  /* mm from the paper edge to the printed window; 0 = 10 */
	double overlap; /* mm of board on both of two neighbouring pages; 0 = 10 */
};

struct print_poster_plan {
	int cols, rows;    /* pages across and up */
	double win_w, win_h; /* mm of board on each page */
	double step_x, step_y;
	double off_x, off_y; /* board x, y at the lower-left of page (0, 0) */
};

void print_poster_plan(const struct print_doc *d, const struct print_poster_opts *o,
		       const struct print_board *b, struct print_poster_plan *plan);
/* The board at true scale across cols x rows pages, row by row from the
 * top left; on each page crop marks at the corners of the window and
 * alignment marks in the margins where neighbours overlap. */
int print_poster(struct print_doc *d, const struct print_poster_opts *o,
		 const struct print_board *b, char **err);
/* The board scaled to fit one page, with the poster's pages outlined. */
int print_overview(struct print_doc *d, const struct print_poster_opts *o,
		   const struct print_board *b, char **err);

/* A board of hexes for print_poster: cells given by column and row in the
 * grid of print_hex_pos; draw is called for each with index = its place
 * in cells and w, h the hex box.  Cut or outline lines are drawn along the
 * edges of every hex. */
struct print_hexboard {
	struct print_hex hex;
	const int *cells; /* col, row pairs */
	size_t n;
	print_piece_fn *draw;
	void *ctx;
};
/* Fill b so that print_poster/print_overview draw the hex board hb; hb
 * must outlive b's use. */
void print_hexboard(const struct print_hexboard *hb, struct print_board *b);

#endif
