/* poster.c - a board at true scale across several pages, and the same board
 * scaled to one page.
 *
 * Each page prints a window of the board, margin in from the paper edge.
 * Neighbouring windows share overlap mm of board.  To assemble, trim a page
 * along its window edge where it overlaps the page before it, lay it over
 * that page and line up the targets printed in the margins: each target sits
 * at the same board position on both pages, in the middle of the overlap.
 * Nothing but crop marks, targets and a label is printed outside the window,
 * and nothing at all is printed over the board. */
#include "pdf-int.h"

#include <math.h>
#include <stdlib.h>

#define EPS 1e-9

static int pages_for(double board, double win, double overlap)
{
	if (board <= win + EPS)
		return 1;
	return (int)ceil((board - overlap) / (win - overlap) - EPS);
}

static void plan_for(double pw, double ph, double m, double overlap, const struct print_board *b,
		     struct print_poster_plan *p)
{
	p->win_w = pw - 2 * m;
	p->win_h = ph - 2 * m;
	p->step_x = p->win_w - overlap;
	p->step_y = p->win_h - overlap;
	p->cols = pages_for(b->w, p->win_w, overlap);
	p->rows = pages_for(b->h, p->win_h, overlap);
	/* Centre the board in what the pages cover together. */
	p->off_x = -((p->cols - 1) * p->step_x + p->win_w - b->w) / 2;
	p->off_y = -((p->rows - 1) * p->step_y + p->win_h - b->h) / 2;
}

static void opts_get(const struct print_poster_opts *o, double *m, double *overlap)
{
	*m = o->margin > 0 ? o->margin : 10.0;
	*overlap = o->overlap > 0 ? o->overlap : 10.0;
}

/* Portrait unless landscape takes fewer pages. */
static bool plan_landscape(const struct print_doc *d, const struct print_poster_opts *o,
			   const struct print_board *b, struct print_poster_plan *plan)
{
	struct print_poster_plan land;
	double pw, ph, m, overlap;

	if (!(b->w > 0 && b->h > 0 && b->w < 100000 && b->h < 100000))
		BUG("board %g x %g", b->w, b->h);
	opts_get(o, &m, &overlap);
	print_paper_size(print_doc_paper(d), &pw, &ph);
	if (!(m >= 5 && m < pw / 4 && overlap < (pw - 2 * m) / 2))
		BUG("poster margin %g overlap %g", m, overlap);
	plan_for(pw, ph, m, overlap, b, plan);
	plan_for(ph, pw, m, overlap, b, &land);
	if (land.cols * land.rows < plan->cols * plan->rows) {
		*plan = land;
		return true;
	}
	return false;
}

void print_poster_plan(const struct print_doc *d, const struct print_poster_opts *o,
		       const struct print_board *b, struct print_poster_plan *plan)
{
	plan_landscape(d, o, b, plan);
}

/* Margins, crop marks at the window's corners, targets where the window
 * overlaps a neighbour, and a label naming the page. */
static void poster_marks(struct print_doc *d, const struct print_poster_plan *p, double m,
			 double overlap, int col, int row, const char *title)
{
	double x1 = m + p->win_w, y1 = m + p->win_h;
	double pw = x1 + m, ph = y1 + m;
	const double xs[2] = { m, x1 }, ys[2] = { m, y1 };
	struct marks mk = { .xs = xs, .ys = ys, .nx = 2, .ny = 2, .gx0 = m, .gy0 = m,
			    .gx1 = x1, .gy1 = y1, .rx1 = pw, .ry1 = ph, .len = m / 2 };
	/* Targets sit in the margin, clear of the crop marks. */
	double t = m - 4;
	char *label;

	marks_crop(d, &mk);
	if (col > 0) {
		marks_target(d, m + overlap / 2, t);
		marks_target(d, m + overlap / 2, ph - t);
	}
	if (col < p->cols - 1) {
		marks_target(d, x1 - overlap / 2, t);
		marks_target(d, x1 - overlap / 2, ph - t);
	}
	if (row > 0) {
		marks_target(d, t, y1 - overlap / 2);
		marks_target(d, pw - t, y1 - overlap / 2);
	}
	if (row < p->rows - 1) {
		marks_target(d, t, m + overlap / 2);
		marks_target(d, pw - t, m + overlap / 2);
	}
	label = xasprintf("%s%spage %d of %d: row %d, column %d", title ? title : "",
			  title ? " \xe2\x80\x94 " : "", row * p->cols + col + 1,
			  p->cols * p->rows, row + 1, col + 1);
	print_fill_rgb(d, 0, 0, 0);
	print_text(d, PRINT_SANS, 7, pw / 2, m - 5, PRINT_CENTER, label);
	free(label);
}

int print_poster(struct print_doc *d, const struct print_poster_opts *o,
		 const struct print_board *b, char **err)
{
	struct print_poster_plan p;
	double m, overlap;
	bool land;

	if (pdf_status(d, err))
		return -1;
	land = plan_landscape(d, o, b, &p);
	opts_get(o, &m, &overlap);
	for (int row = 0; row < p.rows; row++) {
		for (int col = 0; col < p.cols; col++) {
			/* Board position at the window's lower-left; rows
			 * count from the top, the board's y from the bottom. */
			double bx = p.off_x + col * p.step_x;
			double by = p.off_y + (p.rows - 1 - row) * p.step_y;
			int rc;
			print_page_paper(d, land);
			print_save(d);
			print_clip_rect(d, m, m, p.win_w, p.win_h);
			print_translate(d, m - bx, m - by);
			*err = NULL;
			rc = b->draw(d, b->ctx, err);
			print_restore(d);
			if (pdf_drawn(d, rc, err, "drawing the board failed"))
				return -1;
			poster_marks(d, &p, m, overlap, col, row, b->title);
		}
	}
	return pdf_status(d, err);
}

/* The poster's rows and columns named round its outlines on the overview,
 * as each page's label names them ("row 2, column 3"), with the pages of
 * each row at its end and how to lay them out under them: outside the
 * board, so that no number covers what is drawn on it.  x0, y0: the
 * outlines' lower left corner on the paper. */
static void overview_labels(struct print_doc *d, const struct print_poster_plan *p,
			    double x0, double y0, double s)
{
	double top = y0 + ((p->rows - 1) * p->step_y + p->win_h) * s;
	double right = x0 + ((p->cols - 1) * p->step_x + p->win_w) * s;

	print_fill_rgb(d, 0.2, 0.4, 0.9);
	for (int col = 0; col < p->cols; col++) {
		char *t = xasprintf("column %d", col + 1);
		print_text(d, PRINT_SANS_BOLD, 8, x0 + (col * p->step_x + p->win_w / 2) * s,
			   top + 2, PRINT_CENTER, t);
		free(t);
	}
	for (int row = 0; row < p->rows; row++) {
		double cy = y0 + ((p->rows - 1 - row) * p->step_y + p->win_h / 2) * s - 1.2;
		char *t = xasprintf("row %d", row + 1);
		char *pages = p->cols > 1 ? xasprintf("pages %d\xe2\x80\x93%d", row * p->cols + 1,
						      (row + 1) * p->cols)
					  : xasprintf("page %d", row + 1);
		print_text(d, PRINT_SANS_BOLD, 8, x0 - 2, cy, PRINT_RIGHT, t);
		print_text(d, PRINT_SANS, 8, right + 2, cy, PRINT_LEFT, pages);
		free(t);
		free(pages);
	}
	print_fill_rgb(d, 0, 0, 0);
	print_text(d, PRINT_SANS, 8, (x0 + right) / 2, y0 - 6, PRINT_CENTER,
		   "Each page names its row and column at its foot: row 1 goes at the top, "
		   "column 1 at the left.");
}

int print_overview(struct print_doc *d, const struct print_poster_opts *o,
		   const struct print_board *b, char **err)
{
	struct print_poster_plan p;
	double pw, ph, m, overlap, s, aw, ah, ox, oy, cx0, cy0, cw, ch, west, east;
	bool land;
	int rc;

	if (pdf_status(d, err))
		return -1;
	land = plan_landscape(d, o, b, &p);
	opts_get(o, &m, &overlap);
	print_paper_size(print_doc_paper(d), &pw, &ph);
	/* The same orientation as the poster, so the outlines read alike. */
	if (land) {
		double t = pw;
		pw = ph, ph = t;
	}
	/* Fit what the poster's pages cover, not only the board, so that
	 * their outlines stay on the paper too. */
	cx0 = p.cols > 1 ? p.off_x : 0;
	cy0 = p.rows > 1 ? p.off_y : 0;
	cw = p.cols > 1 ? (p.cols - 1) * p.step_x + p.win_w : b->w;
	ch = p.rows > 1 ? (p.rows - 1) * p.step_y + p.win_h : b->h;
	/* Room for the title, and round a poster's outlines for the names
	 * of its rows (west), pages (east) and columns (north). */
	west = p.cols > 1 || p.rows > 1 ? 12 : 0;
	east = west ? 20 : 0;
	aw = pw - 2 * m - west - east;
	ah = ph - 2 * m - 10 - (west ? 12 : 0);
	s = fmin(aw / cw, ah / ch);
	ox = m + west + (aw - cw * s) / 2 - cx0 * s;
	oy = m + (west ? 6 : 0) + (ah - ch * s) / 2 - cy0 * s;
	print_page_paper(d, land);
	print_fill_rgb(d, 0, 0, 0);
	if (b->title)
		print_text(d, PRINT_SANS_BOLD, 14, pw / 2, ph - m - 6, PRINT_CENTER, b->title);
	print_save(d);
	print_translate(d, ox, oy);
	print_scale(d, s, s);
	print_save(d);
	print_clip_rect(d, 0, 0, b->w, b->h);
	*err = NULL;
	rc = b->draw(d, b->ctx, err);
	print_restore(d);
	if (rc == 0 && (p.cols > 1 || p.rows > 1)) {
		/* Where the poster's pages fall, as light dashed windows. */
		print_stroke_rgb(d, 0.2, 0.4, 0.9);
		print_line_width(d, 0.3 / s);
		print_dash(d, 3 / s, 2 / s);
		for (int row = 0; row < p.rows; row++)
			for (int col = 0; col < p.cols; col++)
				print_rect(d, p.off_x + col * p.step_x,
					   p.off_y + (p.rows - 1 - row) * p.step_y, p.win_w, p.win_h,
					   0, PRINT_STROKE);
	}
	print_restore(d);
	if (rc == 0 && (p.cols > 1 || p.rows > 1))
		overview_labels(d, &p, ox + p.off_x * s, oy + p.off_y * s, s);
	if (pdf_drawn(d, rc, err, "drawing the board failed"))
		return -1;
	return pdf_status(d, err);
}
