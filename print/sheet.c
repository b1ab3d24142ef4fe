/* sheet.c - cards N-up on a page: centred grid, crop marks in the margins
 * only, bleed, and backs by duplex or by folding.
 *
 * Geometry, all in mm: cards are laid out by their trimmed size, gap apart
 * (at least twice the bleed, so bleeds never overlap), and the trimmed grid
 * keeps margin from the paper edge; the outer bleed may run into the
 * margin, where a printer may or may not reach, which does not matter. */
#include "pdf-int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS 1e-9

struct geom {
	double cw, ch, bleed, gap, margin, mark;
};

static int geom_get(const struct print_sheet_opts *o, struct geom *g, char **err)
{
	g->cw = o->card_w > 0 ? o->card_w : 63.0;
	g->ch = o->card_h > 0 ? o->card_h : 88.0;
	g->bleed = o->bleed;
	g->gap = o->gap > 2 * o->bleed ? o->gap : 2 * o->bleed;
	g->margin = o->margin > 0 ? o->margin : 5.0;
	g->mark = o->mark_len > 0 ? o->mark_len : 5.0;
	if (!(g->cw <= 1000 && g->ch <= 1000)) {
		*err = xasprintf("card size %g x %g mm is too large", g->cw, g->ch);
		return -1;
	}
	if (!(o->bleed >= 0 && o->bleed <= 20)) {
		*err = xasprintf("bleed %g mm: must be 0 to 20 mm", o->bleed);
		return -1;
	}
	if (!(o->gap >= 0 && o->gap <= 100) || !(o->margin >= 0 && o->margin <= 100) ||
	    !(o->mark_len >= 0 && o->mark_len <= 50)) {
		*err = xstrdup("card gap, margin or mark length out of range");
		return -1;
	}
	if (!(fabs(o->offset_x) <= 20 && fabs(o->offset_y) <= 20)) {
		*err = xasprintf("printer offset %g,%g mm: must be within 20 mm", o->offset_x,
				 o->offset_y);
		return -1;
	}
	if ((unsigned)o->backs > PRINT_BACKS_FOLD)
		BUG("backs %d", (int)o->backs);
	return 0;
}

/* How many pieces of size s, gap apart, fit in avail. */
static size_t fit(double avail, double s, double gap)
{
	if (avail + EPS < s)
		return 0;
	return (size_t)floor((avail + gap + EPS) / (s + gap));
}

static double span(size_t n, double s, double gap)
{
	return n * s + (n - 1) * gap;
}

/* Try one page orientation (and fold direction): keep it if it holds more
 * cards than the best so far. */
static void try_layout(const struct geom *g, enum print_backs backs, double pw, double ph,
		       bool horizontal, struct print_sheet_plan *best)
{
	double rw = pw, rh = ph; /* the region the fronts go in */
	size_t cols, rows;

	if (backs == PRINT_BACKS_FOLD) {
		if (horizontal)
			rh = ph / 2;
		else
			rw = pw / 2;
	}
	cols = fit(rw - 2 * g->margin, g->cw, g->gap);
	rows = fit(rh - 2 * g->margin, g->ch, g->gap);
	if (cols * rows <= best->per_page)
		return;
	best->page_w = pw;
	best->page_h = ph;
	best->cols = cols;
	best->rows = rows;
	best->per_page = cols * rows;
	best->fold_horizontal = horizontal;
	best->x0 = (rw - span(cols, g->cw, g->gap)) / 2;
	best->y0 = (rh - span(rows, g->ch, g->gap)) / 2;
	/* Fronts go in the top half, so they read first. */
	if (backs == PRINT_BACKS_FOLD && horizontal)
		best->y0 += ph / 2;
}

int print_sheet_plan(const struct print_doc *d, const struct print_sheet_opts *o,
		     struct print_sheet_plan *plan, char **err)
{
	struct geom g;
	double pw, ph;

	if (geom_get(o, &g, err))
		return -1;
	memset(plan, 0, sizeof *plan);
	if (o->one_per_page) {
		plan->page_w = g.cw + 2 * g.bleed;
		plan->page_h = g.ch + 2 * g.bleed;
		plan->cols = plan->rows = plan->per_page = 1;
		plan->x0 = plan->y0 = g.bleed;
		return 0;
	}
	print_paper_size(print_doc_paper(d), &pw, &ph);
	/* Portrait first: landscape only when it holds strictly more. */
	try_layout(&g, o->backs, pw, ph, true, plan);
	if (o->backs == PRINT_BACKS_FOLD)
		try_layout(&g, o->backs, pw, ph, false, plan);
	try_layout(&g, o->backs, ph, pw, true, plan);
	if (o->backs == PRINT_BACKS_FOLD)
		try_layout(&g, o->backs, ph, pw, false, plan);
	if (plan->per_page == 0) {
		*err = xasprintf("a %g x %g mm card does not fit on the paper with %g mm margins",
				 g.cw, g.ch, g.margin);
		return -1;
	}
	return 0;
}

void print_sheet_slot(const struct print_sheet_opts *o, const struct print_sheet_plan *plan,
		      size_t k, bool back, double *x, double *y)
{
	struct geom g;
	char *err = NULL;
	size_t col, row;

	if (geom_get(o, &g, &err))
		BUG("%s", err);
	if (k >= plan->per_page)
		BUG("slot %zu of %zu", k, plan->per_page);
	/* Slots read like text: left to right, top to bottom. */
	col = k % plan->cols;
	row = k / plan->cols;
	*x = plan->x0 + col * (g.cw + g.gap);
	*y = plan->y0 + (plan->rows - 1 - row) * (g.ch + g.gap);
	if (!back || o->one_per_page)
		return;
	switch (o->backs) {
	case PRINT_BACKS_DUPLEX:
		/* Long-edge flip: the back of the left column is behind the
		 * right one. */
		*x = plan->page_w - *x - g.cw + o->offset_x;
		*y += o->offset_y;
		break;
	case PRINT_BACKS_FOLD:
		if (plan->fold_horizontal)
			*y = plan->page_h - *y - g.ch;
		else
			*x = plan->page_w - *x - g.cw;
		break;
	case PRINT_BACKS_NONE:
		BUG("no backs to place");
	}
}

/* Cut positions of a grid whose first trimmed card is at x0, y0. */
static void grid_marks(struct print_doc *d, const struct geom *g,
		       const struct print_sheet_plan *plan, double x0, double y0, double rx0,
		       double ry0, double rx1, double ry1)
{
	double *xs = xmalloc(2 * plan->cols * sizeof *xs);
	double *ys = xmalloc(2 * plan->rows * sizeof *ys);
	struct marks m = { .xs = xs, .ys = ys, .len = g->mark,
			   .rx0 = rx0, .ry0 = ry0, .rx1 = rx1, .ry1 = ry1 };

	/* With no gap neighbours share a cut: one mark for both. */
	for (size_t i = 0; i < plan->cols; i++) {
		double a = x0 + i * (g->cw + g->gap);
		if (m.nx == 0 || fabs(xs[m.nx - 1] - a) > 1e-6)
			xs[m.nx++] = a;
		xs[m.nx++] = a + g->cw;
	}
	for (size_t i = 0; i < plan->rows; i++) {
		double a = y0 + i * (g->ch + g->gap);
		if (m.ny == 0 || fabs(ys[m.ny - 1] - a) > 1e-6)
			ys[m.ny++] = a;
		ys[m.ny++] = a + g->ch;
	}
	m.gx0 = x0 - g->bleed;
	m.gy0 = y0 - g->bleed;
	m.gx1 = x0 + span(plan->cols, g->cw, g->gap) + g->bleed;
	m.gy1 = y0 + span(plan->rows, g->ch, g->gap) + g->bleed;
	marks_crop(d, &m);
	free(xs);
	free(ys);
}

static void page_marks(struct print_doc *d, const struct print_sheet_opts *o,
		       const struct geom *g, const struct print_sheet_plan *plan)
{
	double pw = plan->page_w, ph = plan->page_h;
	double gw = span(plan->cols, g->cw, g->gap), gh = span(plan->rows, g->ch, g->gap);
	double tx0 = plan->x0, ty0 = plan->y0, tx1 = tx0 + gw, ty1 = ty0 + gh;

	if (o->backs != PRINT_BACKS_FOLD) {
		grid_marks(d, g, plan, plan->x0, plan->y0, 0, 0, pw, ph);
	} else if (plan->fold_horizontal) {
		double by = ph - plan->y0 - gh;
		grid_marks(d, g, plan, plan->x0, plan->y0, 0, ph / 2, pw, ph);
		grid_marks(d, g, plan, plan->x0, by, 0, 0, pw, ph / 2);
		marks_fold(d, 0, ph / 2, pw, ph / 2);
		ty0 = by;
	} else {
		double bx = pw - plan->x0 - gw;
		grid_marks(d, g, plan, plan->x0, plan->y0, 0, 0, pw / 2, ph);
		grid_marks(d, g, plan, bx, plan->y0, pw / 2, 0, pw, ph);
		marks_fold(d, pw / 2, 0, pw / 2, ph);
		tx1 = bx + gw;
	}
	if (g->bleed > 0)
		print_page_boxes(d, tx0, ty0, tx1 - tx0, ty1 - ty0, tx0 - g->bleed,
				 ty0 - g->bleed, tx1 - tx0 + 2 * g->bleed,
				 ty1 - ty0 + 2 * g->bleed);
}

static int draw_side(struct print_doc *d, const struct print_sheet_opts *o,
		     const struct geom *g, const struct print_sheet_plan *plan, size_t first,
		     size_t n, bool back, print_piece_fn *draw, void *ctx, char **err)
{
	double b = g->bleed;
	const double clip[8] = { -b, -b, g->cw + b, -b, g->cw + b, g->ch + b, -b, g->ch + b };
	bool turn = back && o->backs == PRINT_BACKS_FOLD && plan->fold_horizontal;

	for (size_t k = 0; k < plan->per_page && first + k < n; k++) {
		struct print_piece p = { .index = first + k, .back = back, .w = g->cw,
					 .h = g->ch, .bleed = b };
		double x, y;
		print_sheet_slot(o, plan, k, back, &x, &y);
		if (piece_draw(d, draw, ctx, &p, x, y, turn, clip, 4, err))
			return -1;
	}
	return 0;
}

int print_sheet(struct print_doc *d, const struct print_sheet_opts *o, size_t n,
		print_piece_fn *draw, void *ctx, char **err)
{
	struct print_sheet_plan plan;
	struct geom g;

	if (pdf_status(d, err) || print_sheet_plan(d, o, &plan, err) || geom_get(o, &g, err))
		return -1;
	for (size_t first = 0; first < n; first += plan.per_page) {
		print_page_new(d, plan.page_w, plan.page_h);
		if (o->one_per_page) {
			if (g.bleed > 0)
				print_page_boxes(d, g.bleed, g.bleed, g.cw, g.ch, 0, 0,
						 plan.page_w, plan.page_h);
		} else {
			page_marks(d, o, &g, &plan);
		}
		if (draw_side(d, o, &g, &plan, first, n, false, draw, ctx, err))
			return -1;
		if (o->backs == PRINT_BACKS_NONE)
			continue;
		if (o->backs == PRINT_BACKS_DUPLEX || o->one_per_page) {
			print_page_new(d, plan.page_w, plan.page_h);
			if (o->one_per_page && g.bleed > 0)
				print_page_boxes(d, g.bleed, g.bleed, g.cw, g.ch, 0, 0,
						 plan.page_w, plan.page_h);
		}
		if (draw_side(d, o, &g, &plan, first, n, true, draw, ctx, err))
			return -1;
	}
	return pdf_status(d, err);
}
