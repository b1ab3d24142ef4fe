/* hex.c - hexagon geometry, hex tiles packed in a honeycomb for cutting,
 * and boards of hexes for posters.
 *
 * A hex is given by its flat-to-flat and point-to-point sizes, so a tile
 * printed a little off regular (83 x 95 mm where regular would be 83 x 95.8)
 * is drawn as asked.  The corners are those of a regular hex stretched to
 * that box, which still tiles the plane: rows (pointy) or columns (flat)
 * are 3/4 of the point-to-point size apart and every other one is shifted
 * by half a hex. */
#include "pdf-int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS 1e-9

static void hex_check(const struct print_hex *h)
{
	if (!(h->flat > 0 && h->flat < 2000 && h->point >= 0 && h->point < 2000) ||
	    (unsigned)h->orient > PRINT_HEX_FLAT)
		BUG("hex %g x %g", h->flat, h->point);
}

static double hex_point(const struct print_hex *h)
{
	return h->point > 0 ? h->point : 2 * h->flat / sqrt(3.0);
}

void print_hex_box(const struct print_hex *h, double *w, double *hh)
{
	hex_check(h);
	if (h->orient == PRINT_HEX_POINTY)
		*w = h->flat, *hh = hex_point(h);
	else
		*w = hex_point(h), *hh = h->flat;
}

void print_hex_corners(const struct print_hex *h, double xy[12])
{
	double w, hh;

	print_hex_box(h, &w, &hh);
	if (h->orient == PRINT_HEX_POINTY) {
		const double c[12] = { w / 2, hh,    0, 3 * hh / 4, 0, hh / 4,
				       w / 2, 0,     w, hh / 4,     w, 3 * hh / 4 };
		memcpy(xy, c, sizeof c);
	} else {
		const double c[12] = { w,         hh / 2, 3 * w / 4, hh, w / 4,     hh,
				       0,         hh / 2, w / 4,     0,  3 * w / 4, 0 };
		memcpy(xy, c, sizeof c);
	}
}

void print_hex_pos(const struct print_hex *h, int col, int row, double *x, double *y)
{
	double w, hh;

	print_hex_box(h, &w, &hh);
	if (h->orient == PRINT_HEX_POINTY) {
		*x = col * w + ((row & 1) ? w / 2 : 0);
		*y = row * 3 * hh / 4;
	} else {
		*x = col * 3 * w / 4;
		*y = row * hh + ((col & 1) ? hh / 2 : 0);
	}
}

void print_hex_grid_size(const struct print_hex *h, int cols, int rows, double *w, double *hh)
{
	double bw, bh;

	print_hex_box(h, &bw, &bh);
	if (cols < 1 || rows < 1)
		BUG("hex grid %d x %d", cols, rows);
	if (h->orient == PRINT_HEX_POINTY) {
		*w = cols * bw + (rows > 1 ? bw / 2 : 0);
		*hh = bh + (rows - 1) * 3 * bh / 4;
	} else {
		*w = bw + (cols - 1) * 3 * bw / 4;
		*hh = rows * bh + (cols > 1 ? bh / 2 : 0);
	}
}

/* Where the tiles of a page go.  Without folding the honeycomb fills the
 * upright page.  Folding, the fronts fill one half of the page and their
 * backs the other, each back the mirror image of its front across the
 * fold line: the left half against the right, or (the fold running
 * across) the top half against the bottom, the backs then turned half
 * round as folded cards are, so that both ways a back lands on its front.
 * A hex is symmetric about both axes, so a mirrored outline is the
 * front's own. */
struct slots {
	double pw, ph;   /* the page, upright or turned */
	double *xy;      /* lower-left of each front's box, on the page */
	size_t n;
	int cols, rows;
	bool fold, across; /* across: the fold line runs across the page */
};

/* The cells of the honeycomb that fit in the region rx, ry, rw x rh less
 * the margin, in reading order (top row first), as positions of their
 * boxes; the box of them all is centred in the region.  Rows may be
 * ragged: a shifted row can hold one hex fewer. */
static void region_slots(const struct print_tiles_opts *o, double rx, double ry, double rw,
			 double rh, struct slots *s)
{
	double w, hh, m = o->margin > 0 ? o->margin : 5.0;
	double aw, ah, minx = INFINITY, maxx = -INFINITY, miny = INFINITY, maxy = -INFINITY;
	size_t alloc = 0;

	print_hex_box(&o->hex, &w, &hh);
	aw = rw - 2 * m;
	ah = rh - 2 * m;
	s->xy = NULL;
	s->n = 0;
	s->cols = s->rows = 0;
	/* Enough rows and columns to cover the area whatever the shape. */
	for (int r = (int)(ah / (hh / 4)) + 1; r >= 0; r--) {
		for (int c = 0; c <= (int)(aw / (w / 4)) + 1; c++) {
			double x, y;
			print_hex_pos(&o->hex, c, r, &x, &y);
			if (x + w > aw + EPS || y + hh > ah + EPS)
				continue;
			ALLOC_GROW(s->xy, 2 * (s->n + 1), alloc);
			s->xy[2 * s->n] = x;
			s->xy[2 * s->n + 1] = y;
			s->n++;
			minx = fmin(minx, x), maxx = fmax(maxx, x + w);
			miny = fmin(miny, y), maxy = fmax(maxy, y + hh);
			s->cols = c + 1 > s->cols ? c + 1 : s->cols;
			s->rows = r + 1 > s->rows ? r + 1 : s->rows;
		}
	}
	for (size_t i = 0; i < s->n; i++) {
		s->xy[2 * i] += rx + (rw - (maxx - minx)) / 2 - minx;
		s->xy[2 * i + 1] += ry + (rh - (maxy - miny)) / 2 - miny;
	}
}

/* Folding: try the page upright and turned, the fold down the middle and
 * across it, and keep the first that holds the most tiles. */
static void tile_slots(const struct print_doc *d, const struct print_tiles_opts *o,
		       struct slots *s)
{
	double pw, ph;

	print_paper_size(print_doc_paper(d), &pw, &ph);
	memset(s, 0, sizeof *s);
	if (o->backs != PRINT_BACKS_FOLD) {
		region_slots(o, 0, 0, pw, ph, s);
		s->pw = pw;
		s->ph = ph;
		return;
	}
	for (int k = 0; k < 4; k++) {
		struct slots t;
		double w = k < 2 ? pw : ph, h = k < 2 ? ph : pw;
		bool across = k % 2 == 0;
		memset(&t, 0, sizeof t);
		/* Fronts above the fold or left of it, so they read first. */
		if (across)
			region_slots(o, 0, h / 2, w, h / 2, &t);
		else
			region_slots(o, 0, 0, w / 2, h, &t);
		if (t.n <= s->n) {
			free(t.xy);
			continue;
		}
		free(s->xy);
		*s = t;
		s->pw = w;
		s->ph = h;
		s->fold = true;
		s->across = across;
	}
}

size_t print_tiles_per_page(const struct print_doc *d, const struct print_tiles_opts *o,
			    int *cols, int *rows)
{
	struct slots s;
	tile_slots(d, o, &s);
	free(s.xy);
	if (cols)
		*cols = s.cols;
	if (rows)
		*rows = s.rows;
	return s.n;
}

/* Cut lines: the outline of every hex, on top of the art so that a cut a
 * hair inside still takes the whole line off. */
static void outlines(struct print_doc *d, const struct print_hex *h, const double *xy, size_t n)
{
	double c[12], p[12];

	print_hex_corners(h, c);
	marks_pen(d);
	for (size_t i = 0; i < n; i++) {
		for (int k = 0; k < 6; k++) {
			p[2 * k] = c[2 * k] + xy[2 * i];
			p[2 * k + 1] = c[2 * k + 1] + xy[2 * i + 1];
		}
		print_poly(d, p, 6, PRINT_STROKE);
	}
}

/* The fronts, or the backs, of tiles first .. first + s->n - 1 on the
 * current page; how many were drawn in *drawn. */
static int tiles_side(struct print_doc *d, const struct print_tiles_opts *o,
		      const struct slots *s, size_t first, size_t n, bool back,
		      print_piece_fn *draw, void *ctx, size_t *drawn, char **err)
{
	double w, hh, clip[12];
	size_t k;

	print_hex_box(&o->hex, &w, &hh);
	print_hex_corners(&o->hex, clip);
	for (k = 0; k < s->n && first + k < n; k++) {
		struct print_piece p = { .index = first + k, .back = back, .w = w, .h = hh };
		double x = s->xy[2 * k], y = s->xy[2 * k + 1];
		if (back && !s->fold) /* long-edge flip */
			x = s->pw - x - w + o->offset_x, y += o->offset_y;
		else if (back && s->across)
			y = s->ph - y - hh;
		else if (back)
			x = s->pw - x - w;
		if (piece_draw(d, draw, ctx, &p, x, y, back && s->fold && s->across, clip, 6,
			       err))
			return -1;
	}
	*drawn = k;
	return 0;
}

/* One sheet: a page of fronts with their cut lines, and their backs on a
 * page of their own (duplex) or beyond the fold line of the same page. */
static int tiles_sheet(struct print_doc *d, const struct print_tiles_opts *o,
		       const struct slots *s, size_t first, size_t n, print_piece_fn *draw,
		       void *ctx, char **err)
{
	size_t k;

	print_page_new(d, s->pw, s->ph);
	if (tiles_side(d, o, s, first, n, false, draw, ctx, &k, err))
		return -1;
	outlines(d, &o->hex, s->xy, k);
	if (o->backs == PRINT_BACKS_NONE)
		return 0;
	if (s->fold) {
		if (s->across)
			marks_fold(d, 0, s->ph / 2, s->pw, s->ph / 2);
		else
			marks_fold(d, s->pw / 2, 0, s->pw / 2, s->ph);
	} else {
		print_page_new(d, s->pw, s->ph);
	}
	return tiles_side(d, o, s, first, n, true, draw, ctx, &k, err);
}

int print_tiles(struct print_doc *d, const struct print_tiles_opts *o, size_t n,
		print_piece_fn *draw, void *ctx, char **err)
{
	struct slots s;
	int rc = 0;

	if (pdf_status(d, err))
		return -1;
	if ((unsigned)o->backs > PRINT_BACKS_FOLD)
		BUG("backs %d", (int)o->backs);
	if (!(fabs(o->offset_x) <= 20 && fabs(o->offset_y) <= 20)) {
		*err = xstrdup("printer offset must be within 20 mm");
		return -1;
	}
	tile_slots(d, o, &s);
	if (s.n == 0) {
		*err = xasprintf("a %g mm hex tile does not fit on the paper%s", o->hex.flat,
				 o->backs == PRINT_BACKS_FOLD ? " folded in half" : "");
		free(s.xy);
		return -1;
	}
	for (size_t first = 0; first < n && rc == 0; first += s.n)
		rc = tiles_sheet(d, o, &s, first, n, draw, ctx, err);
	free(s.xy);
	return rc ? -1 : pdf_status(d, err);
}

/* --- boards of hexes ------------------------------------------------------- */

static void hexboard_bounds(const struct print_hexboard *hb, double *x0, double *y0,
			    double *x1, double *y1)
{
	double w, hh;

	print_hex_box(&hb->hex, &w, &hh);
	*x0 = *y0 = INFINITY;
	*x1 = *y1 = -INFINITY;
	for (size_t i = 0; i < hb->n; i++) {
		double x, y;
		print_hex_pos(&hb->hex, hb->cells[2 * i], hb->cells[2 * i + 1], &x, &y);
		*x0 = fmin(*x0, x), *y0 = fmin(*y0, y);
		*x1 = fmax(*x1, x + w), *y1 = fmax(*y1, y + hh);
	}
}

static int hexboard_draw(struct print_doc *d, void *ctx, char **err)
{
	const struct print_hexboard *hb = ctx;
	double x0, y0, x1, y1, w, hh, clip[12];
	double *xy = xmalloc(2 * hb->n * sizeof *xy);
	int rc = 0;

	hexboard_bounds(hb, &x0, &y0, &x1, &y1);
	print_hex_box(&hb->hex, &w, &hh);
	print_hex_corners(&hb->hex, clip);
	for (size_t i = 0; i < hb->n; i++) {
		print_hex_pos(&hb->hex, hb->cells[2 * i], hb->cells[2 * i + 1], &xy[2 * i],
			      &xy[2 * i + 1]);
		xy[2 * i] -= x0;
		xy[2 * i + 1] -= y0;
	}
	for (size_t i = 0; i < hb->n && rc == 0 && hb->draw; i++) {
		struct print_piece p = { .index = i, .w = w, .h = hh };
		rc = piece_draw(d, hb->draw, hb->ctx, &p, xy[2 * i], xy[2 * i + 1], false, clip,
				6, err);
	}
	if (rc == 0)
		outlines(d, &hb->hex, xy, hb->n);
	free(xy);
	return rc;
}

void print_hexboard(const struct print_hexboard *hb, struct print_board *b)
{
	double x0, y0, x1, y1;

	if (hb->n == 0)
		BUG("empty hex board");
	hexboard_bounds(hb, &x0, &y0, &x1, &y1);
	b->w = x1 - x0;
	b->h = y1 - y0;
	b->draw = hexboard_draw;
	/* The board callback takes a plain pointer; it only reads hb. */
	b->ctx = (void *)hb;
}
