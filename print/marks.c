/* marks.c - crop marks, registration targets, fold lines, and calling a
 * piece callback in its own clipped coordinate system.  Shared by card
 * sheets, hex tiles and posters. */
#include "pdf-int.h"

/* Thin enough not to show on a piece cut a hair off the line, thick enough
 * for every printer to print (what print-and-play users ask for). */
#define MARK_WIDTH 0.15
/* Marks start this far from the pieces' bleed and stop this far from the
 * edge of their region, so they never touch either. */
#define MARK_CLEAR 1.0

void marks_pen(struct print_doc *d)
{
	print_stroke_rgb(d, 0, 0, 0);
	print_line_width(d, MARK_WIDTH);
	print_dash(d, 0, 0);
}

static void mark(struct print_doc *d, double x1, double y1, double x2, double y2)
{
	/* Skip a mark with no room left: better none than a dot. */
	double len = x2 - x1 + y2 - y1;
	if (len < 0)
		len = -len;
	if (len >= 1.0)
		print_line(d, x1, y1, x2, y2);
}

static double min2(double a, double b)
{
	return a < b ? a : b;
}

static double max2(double a, double b)
{
	return a > b ? a : b;
}

void marks_crop(struct print_doc *d, const struct marks *m)
{
	const double c = MARK_CLEAR;

	marks_pen(d);
	for (size_t i = 0; i < m->nx; i++) {
		double x = m->xs[i];
		if (m->gy1 + c < m->ry1 - c)
			mark(d, x, m->gy1 + c, x, min2(m->gy1 + c + m->len, m->ry1 - c));
		if (m->gy0 - c > m->ry0 + c)
			mark(d, x, m->gy0 - c, x, max2(m->gy0 - c - m->len, m->ry0 + c));
	}
	for (size_t i = 0; i < m->ny; i++) {
		double y = m->ys[i];
		if (m->gx1 + c < m->rx1 - c)
			mark(d, m->gx1 + c, y, min2(m->gx1 + c + m->len, m->rx1 - c), y);
		if (m->gx0 - c > m->rx0 + c)
			mark(d, m->gx0 - c, y, max2(m->gx0 - c - m->len, m->rx0 + c), y);
	}
}

void marks_target(struct print_doc *d, double x, double y)
{
	marks_pen(d);
	print_circle(d, x, y, 1.5, PRINT_STROKE);
	print_line(d, x - 2, y, x + 2, y);
	print_line(d, x, y - 2, x, y + 2);
}

void marks_fold(struct print_doc *d, double x1, double y1, double x2, double y2)
{
	print_stroke_rgb(d, 0.4, 0.4, 0.4);
	print_line_width(d, MARK_WIDTH);
	print_dash(d, 2, 2);
	print_line(d, x1, y1, x2, y2);
	print_dash(d, 0, 0);
}

int piece_draw(struct print_doc *d, print_piece_fn *draw, void *ctx,
	       const struct print_piece *p, double x, double y, bool rotate180,
	       const double *clip, size_t nclip, char **err)
{
	int rc;

	print_save(d);
	/* A half turn about the piece's centre: fold backs are read upside
	 * down once the sheet is folded over a horizontal line. */
	if (rotate180) {
		print_translate(d, x + p->w, y + p->h);
		print_rotate(d, 180);
	} else {
		print_translate(d, x, y);
	}
	print_clip_poly(d, clip, nclip);
	print_fill_rgb(d, 0, 0, 0);
	*err = NULL;
	rc = draw(d, ctx, p, err);
	print_restore(d);
	if (pdf_drawn(d, rc, err, "drawing piece %zu failed", p->index))
		return -1;
	return pdf_status(d, err);
}
