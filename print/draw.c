/* draw.c - lines, shapes, colours and the graphics state, in millimetres.
 *
 * Each call is one complete PDF path: colours and widths are set before a
 * path starts (libharu rejects them inside one, HPDF_PAGE_INVALID_GMODE). */
#include "pdf_int.h"

#include <math.h>

#include <hpdf_pages.h>
#include <hpdf_streams.h>

/* Control-point distance that makes four Béziers a good circle. */
#define KAPPA 0.5522847498

static void paint_path(HPDF_Page p, enum print_paint paint)
{
	switch (paint) {
	case PRINT_STROKE:
		HPDF_Page_Stroke(p);
		return;
	case PRINT_FILL:
		HPDF_Page_Fill(p);
		return;
	case PRINT_FILL_STROKE:
		HPDF_Page_FillStroke(p);
		return;
	}
	BUG("paint %d", (int)paint);
}

static HPDF_REAL R(double v)
{
	return (HPDF_REAL)v;
}

void print_save(struct print_doc *d)
{
	struct pdf_guard g;
	PDF_GUARD(d, &g, return);
	HPDF_Page_GSave(pdf_page(d));
	pdf_unguard(d, &g);
}

void print_restore(struct print_doc *d)
{
	struct pdf_guard g;
	PDF_GUARD(d, &g, return);
	HPDF_Page_GRestore(pdf_page(d));
	pdf_unguard(d, &g);
}

static void concat(struct print_doc *d, double a, double b, double c, double dd, double e,
		   double f)
{
	struct pdf_guard g;
	PDF_GUARD(d, &g, return);
	HPDF_Page_Concat(pdf_page(d), R(a), R(b), R(c), R(dd), R(e), R(f));
	pdf_unguard(d, &g);
}

void print_translate(struct print_doc *d, double x, double y)
{
	concat(d, 1, 0, 0, 1, x, y);
}

void print_rotate(struct print_doc *d, double degrees)
{
	double r = degrees * M_PI / 180.0;
	double c = cos(r), s = sin(r);

	/* Exact values for the quarter turns, so that the content stream
	 * says 0 and -1 rather than 6.1e-17. */
	if (fmod(degrees, 90.0) == 0.0) {
		c = round(c);
		s = round(s);
	}
	concat(d, c, s, -s, c, 0, 0);
}

void print_scale(struct print_doc *d, double sx, double sy)
{
	concat(d, sx, 0, 0, sy, 0, 0);
}

void print_clip_rect(struct print_doc *d, double x, double y, double w, double h)
{
	struct pdf_guard g;
	HPDF_Page p;
	PDF_GUARD(d, &g, return);
	p = pdf_page(d);
	HPDF_Page_Rectangle(p, R(x), R(y), R(w), R(h));
	HPDF_Page_Clip(p);
	HPDF_Page_EndPath(p);
	pdf_unguard(d, &g);
}

static void poly_path(HPDF_Page p, const double *xy, size_t n)
{
	if (n < 2)
		BUG("polygon of %zu points", n);
	HPDF_Page_MoveTo(p, R(xy[0]), R(xy[1]));
	for (size_t i = 1; i < n; i++)
		HPDF_Page_LineTo(p, R(xy[2 * i]), R(xy[2 * i + 1]));
	HPDF_Page_ClosePath(p);
}

void print_clip_poly(struct print_doc *d, const double *xy, size_t n)
{
	struct pdf_guard g;
	HPDF_Page p;
	PDF_GUARD(d, &g, return);
	p = pdf_page(d);
	poly_path(p, xy, n);
	HPDF_Page_Clip(p);
	HPDF_Page_EndPath(p);
	pdf_unguard(d, &g);
}

static void check_rgb(double r, double g, double b)
{
	if (!(r >= 0 && r <= 1 && g >= 0 && g <= 1 && b >= 0 && b <= 1))
		BUG("colour %g %g %g", r, g, b);
}

void print_fill_rgb(struct print_doc *d, double r, double gr, double b)
{
	struct pdf_guard g;
	check_rgb(r, gr, b);
	PDF_GUARD(d, &g, return);
	HPDF_Page_SetRGBFill(pdf_page(d), R(r), R(gr), R(b));
	pdf_unguard(d, &g);
}

void print_stroke_rgb(struct print_doc *d, double r, double gr, double b)
{
	struct pdf_guard g;
	check_rgb(r, gr, b);
	PDF_GUARD(d, &g, return);
	HPDF_Page_SetRGBStroke(pdf_page(d), R(r), R(gr), R(b));
	pdf_unguard(d, &g);
}

void print_line_width(struct print_doc *d, double mm)
{
	struct pdf_guard g;
	if (!(mm >= 0))
		BUG("line width %g", mm);
	PDF_GUARD(d, &g, return);
	HPDF_Page_SetLineWidth(pdf_page(d), R(mm));
	pdf_unguard(d, &g);
}

/* A length in mm as the content stream wants it, to the micrometre, with
 * no help from printf's %f: its decimal point follows the locale. */
static void put_mm(struct sb *sb, double v)
{
	long um = lround(v * 1000);
	sb_addf(sb, "%ld.%03ld", um / 1000, um % 1000);
}

/* libharu 2.3 takes dash lengths only as whole units of user space, here
 * millimetres, so the d operator goes into the page's stream directly (the
 * same low-level route as the page boxes). */
void print_dash(struct print_doc *d, double on, double off)
{
	struct pdf_guard g;
	struct sb op = SB_INIT;
	HPDF_PageAttr attr;

	if (!(on >= 0 && off >= 0 && on < 1000 && off < 1000) || (on > 0 && off <= 0))
		BUG("dash %g %g", on, off);
	if (on > 0) {
		sb_adds(&op, "[");
		put_mm(&op, on);
		sb_adds(&op, " ");
		put_mm(&op, off);
		sb_adds(&op, "] 0 d\012");
	} else {
		sb_adds(&op, "[] 0 d\012");
	}
	PDF_GUARD(d, &g, goto out);
	attr = (HPDF_PageAttr)pdf_page(d)->attr;
	if (attr->gmode != HPDF_GMODE_PAGE_DESCRIPTION)
		BUG("dash set inside a path or text");
	if (HPDF_Stream_WriteStr(attr->stream, sb_str(&op)) != HPDF_OK)
		pdf_fail(d, xstrdup("PDF: cannot write a dash pattern"));
	pdf_unguard(d, &g);
out:
	sb_release(&op);
}

void print_line(struct print_doc *d, double x1, double y1, double x2, double y2)
{
	struct pdf_guard g;
	HPDF_Page p;
	PDF_GUARD(d, &g, return);
	p = pdf_page(d);
	HPDF_Page_MoveTo(p, R(x1), R(y1));
	HPDF_Page_LineTo(p, R(x2), R(y2));
	HPDF_Page_Stroke(p);
	pdf_unguard(d, &g);
}

/* Kept out of print_rect so that nothing it computes lives across the
 * guard's setjmp. */
static void rect_path(HPDF_Page p, double x, double y, double w, double h, double r)
{
	double k;

	/* Corners no rounder than the shorter side allows. */
	r = fmin(r, fmin(w, h) / 2);
	k = r * (1 - KAPPA);
	if (r == 0) {
		HPDF_Page_Rectangle(p, R(x), R(y), R(w), R(h));
		return;
	}
	HPDF_Page_MoveTo(p, R(x + r), R(y));
	HPDF_Page_LineTo(p, R(x + w - r), R(y));
	HPDF_Page_CurveTo(p, R(x + w - k), R(y), R(x + w), R(y + k), R(x + w), R(y + r));
	HPDF_Page_LineTo(p, R(x + w), R(y + h - r));
	HPDF_Page_CurveTo(p, R(x + w), R(y + h - k), R(x + w - k), R(y + h), R(x + w - r),
			  R(y + h));
	HPDF_Page_LineTo(p, R(x + r), R(y + h));
	HPDF_Page_CurveTo(p, R(x + k), R(y + h), R(x), R(y + h - k), R(x), R(y + h - r));
	HPDF_Page_LineTo(p, R(x), R(y + r));
	HPDF_Page_CurveTo(p, R(x), R(y + k), R(x + k), R(y), R(x + r), R(y));
	HPDF_Page_ClosePath(p);
}

void print_rect(struct print_doc *d, double x, double y, double w, double h, double r,
		enum print_paint paint)
{
	struct pdf_guard g;
	HPDF_Page p;

	if (!(w >= 0 && h >= 0 && r >= 0))
		BUG("rectangle %g x %g r %g", w, h, r);
	PDF_GUARD(d, &g, return);
	p = pdf_page(d);
	rect_path(p, x, y, w, h, r);
	paint_path(p, paint);
	pdf_unguard(d, &g);
}

void print_circle(struct print_doc *d, double cx, double cy, double r, enum print_paint paint)
{
	struct pdf_guard g;
	HPDF_Page p;
	if (!(r > 0))
		BUG("circle radius %g", r);
	PDF_GUARD(d, &g, return);
	p = pdf_page(d);
	HPDF_Page_Circle(p, R(cx), R(cy), R(r));
	paint_path(p, paint);
	pdf_unguard(d, &g);
}

void print_poly(struct print_doc *d, const double *xy, size_t n, enum print_paint paint)
{
	struct pdf_guard g;
	HPDF_Page p;
	PDF_GUARD(d, &g, return);
	p = pdf_page(d);
	poly_path(p, xy, n);
	paint_path(p, paint);
	pdf_unguard(d, &g);
}
