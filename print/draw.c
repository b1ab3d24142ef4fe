/* draw.c - lines, shapes, colours and the graphics state, in millimetres,
 * and the content-stream writer they use (pdf-int.h: struct pdf_ops).
 *
 * Each call is one complete PDF path: colours and widths are set before a
 * path starts (libharu rejects them inside one, HPDF_PAGE_INVALID_GMODE,
 * and so does ops_begin). */
#include "pdf-int.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Control-point distance that makes four Béziers a good circle. */
#define KAPPA 0.5522847498

static HPDF_REAL R(double v)
{
	return (HPDF_REAL)v;
}

static const char *paint_op(enum print_paint paint)
{
	switch (paint) {
	case PRINT_STROKE: return "S";
	case PRINT_FILL: return "f";
	case PRINT_FILL_STROKE: return "B";
	}
	BUG("paint %d", (int)paint);
}

static void ops_begin_in(struct pdf_ops *o, struct print_doc *d, unsigned gmode)
{
	/* What libharu's own operators would refuse: a path begun inside
	 * text or another path, text state outside text. */
	if (HPDF_Page_GetGMode(pdf_page(d)) != gmode)
		pdf_throw(d, xstrdup("PDF: drawing operator out of place"));
	o->d = d;
	o->n = 0;
}

void ops_begin(struct pdf_ops *o, struct print_doc *d)
{
	ops_begin_in(o, d, HPDF_GMODE_PAGE_DESCRIPTION);
}

void ops_begin_text(struct pdf_ops *o, struct print_doc *d)
{
	ops_begin_in(o, d, HPDF_GMODE_TEXT_OBJECT);
}

static void ops_flush(struct pdf_ops *o)
{
	if (o->n == 0)
		return;
	if (!glue_page_write(pdf_page(o->d), o->buf, o->n))
		pdf_throw(o->d, xstrdup("PDF: cannot write a page's content"));
	o->n = 0;
}

/* The longest thing one call appends: a clamped number ("-32767.xxxxx")
 * and a space, or an operator. */
#define OPS_ROOM 24

/* libharu 2.3 writes a number (HPDF_FToA) as: clamped to +-32767; the
 * whole part, then five decimals, each computed in its float and double
 * arithmetic; trailing zeros and a bare point dropped.  Same arithmetic
 * here, so the bytes are the same (compared with HPDF_FToA for every float
 * of magnitude up to 40,000).  Returns the length written to out. */
static size_t format_real(char *out, float v)
{
	char *p = out, digits[12], frac_digits[5];
	int32_t whole, frac;
	int n = 0, k;

	/* Converting NaN to an integer is undefined; libharu writes garbage
	 * for it, we write 0 (a NaN coordinate is a bug upstream anyway). */
	if (v != v)
		v = 0;
	if (v > 32767)
		v = 32767;
	else if (v < -32767)
		v = -32767;
	if (v < 0) {
		*p++ = '-';
		v = -v;
	}
	whole = (int32_t)((double)v + 0.000005);
	frac = (int32_t)((float)((double)(v - (float)whole) + 0.000005) * 100000.0f);
	do {
		digits[n++] = (char)('0' + whole % 10);
		whole /= 10;
	} while (whole > 0);
	while (n > 0)
		*p++ = digits[--n];
	for (k = 4; k >= 0; k--) {
		frac_digits[k] = (char)((char)(frac % 10) + '0');
		frac /= 10;
	}
	for (k = 5; k > 0 && frac_digits[k - 1] == '0'; k--)
		;
	if (k > 0) {
		*p++ = '.';
		memcpy(p, frac_digits, (size_t)k);
		p += k;
	}
	return (size_t)(p - out);
}

void ops_num(struct pdf_ops *o, double value)
{
	float v = (float)value;
	uint32_t bits;
	struct pdf_num *e;

	if (o->n > sizeof o->buf - OPS_ROOM)
		ops_flush(o);
	memcpy(&bits, &v, sizeof bits);
	e = &o->d->nums[(uint32_t)(bits * 2654435761u) >> 24];
	if (e->len == 0 || e->bits != bits) {
		e->bits = bits;
		e->len = (unsigned char)format_real(e->s, v);
	}
	/* All of s: a fixed size is a few moves, not a call. */
	memcpy(o->buf + o->n, e->s, sizeof e->s);
	o->buf[o->n + e->len] = ' ';
	o->n += e->len + 1u;
}

void ops_op(struct pdf_ops *o, const char *op)
{
	size_t len = strlen(op);

	if (len > OPS_ROOM - 2)
		BUG("operator '%s'", op);
	if (o->n > sizeof o->buf - OPS_ROOM)
		ops_flush(o);
	memcpy(o->buf + o->n, op, len);
	o->buf[o->n + len] = '\012';
	o->n += len + 1;
}

void ops_name(struct pdf_ops *o, const char *name)
{
	size_t len = strlen(name);

	/* libharu's own names (F1, X2, ...) need no escaping; anything else
	 * would, and is not ours to write. */
	if (len == 0 || len > OPS_ROOM - 2)
		BUG("resource name '%s'", name);
	for (size_t i = 0; i < len; i++)
		if (!((name[i] >= 'A' && name[i] <= 'Z') || (name[i] >= 'a' && name[i] <= 'z') ||
		      (name[i] >= '0' && name[i] <= '9')))
			BUG("resource name '%s'", name);
	if (o->n > sizeof o->buf - OPS_ROOM)
		ops_flush(o);
	o->buf[o->n] = '/';
	memcpy(o->buf + o->n + 1, name, len);
	o->buf[o->n + 1 + len] = ' ';
	o->n += len + 2;
}

/* A byte of a literal string: the delimiters and the backslash escaped,
 * and the carriage return, which a reader would read as a line end. */
static void lit_byte(struct pdf_ops *o, unsigned b)
{
	if (b == '(' || b == ')' || b == '\\' || b == '\r') {
		o->buf[o->n++] = '\\';
		b = b == '\r' ? 'r' : b;
	}
	o->buf[o->n++] = (char)b;
}

void ops_codes(struct pdf_ops *o, const uint32_t *cp, size_t n)
{
	if (o->n > sizeof o->buf - OPS_ROOM)
		ops_flush(o);
	o->buf[o->n++] = '(';
	for (size_t i = 0; i < n; i++) {
		if (cp[i] > 0xffff)
			BUG("code U+%04X in a text string", (unsigned)cp[i]);
		if (o->n > sizeof o->buf - OPS_ROOM)
			ops_flush(o);
		lit_byte(o, cp[i] >> 8);
		lit_byte(o, cp[i] & 0xff);
	}
	o->buf[o->n++] = ')';
	o->buf[o->n++] = ' ';
}

void ops_end(struct pdf_ops *o)
{
	ops_flush(o);
}

static void ops_point(struct pdf_ops *o, double x, double y, const char *op)
{
	ops_num(o, x);
	ops_num(o, y);
	ops_op(o, op);
}

void print_save(struct print_doc *d)
{
	struct pdf_guard g;
	PDF_GUARD(d, &g, return);
	HPDF_Page_GSave(pdf_page(d));
	pdf_unguard(d, &g);
	ALLOC_GROW(d->fills, d->nfills + 1, d->fills_alloc);
	memcpy(d->fills[d->nfills++], d->fill, sizeof d->fill);
}

void print_restore(struct print_doc *d)
{
	struct pdf_guard g;
	PDF_GUARD(d, &g, return);
	HPDF_Page_GRestore(pdf_page(d));
	pdf_unguard(d, &g);
	if (d->nfills > 0)
		memcpy(d->fill, d->fills[--d->nfills], sizeof d->fill);
}

static void concat(struct print_doc *d, double a, double b, double c, double dd, double e,
		   double f)
{
	struct pdf_guard g;
	struct pdf_ops o;
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	ops_num(&o, a);
	ops_num(&o, b);
	ops_num(&o, c);
	ops_num(&o, dd);
	ops_num(&o, e);
	ops_num(&o, f);
	ops_op(&o, "cm");
	ops_end(&o);
	pdf_unguard(d, &g);
}

void print_translate(struct print_doc *d, double x, double y)
{
	/* A template's groups are mostly at 0,0: no operator for nothing. */
	if (x != 0.0 || y != 0.0)
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
	struct pdf_ops o;
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	ops_num(&o, x);
	ops_num(&o, y);
	ops_num(&o, w);
	ops_num(&o, h);
	ops_op(&o, "re");
	ops_op(&o, "W");
	ops_op(&o, "n");
	ops_end(&o);
	pdf_unguard(d, &g);
}

static void poly_path(struct pdf_ops *o, const double *xy, size_t n)
{
	if (n < 2)
		BUG("polygon of %zu points", n);
	ops_point(o, xy[0], xy[1], "m");
	for (size_t i = 1; i < n; i++)
		ops_point(o, xy[2 * i], xy[2 * i + 1], "l");
	ops_op(o, "h");
}

void print_clip_poly(struct print_doc *d, const double *xy, size_t n)
{
	struct pdf_guard g;
	struct pdf_ops o;
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	poly_path(&o, xy, n);
	ops_op(&o, "W");
	ops_op(&o, "n");
	ops_end(&o);
	pdf_unguard(d, &g);
}

static void check_rgb(double r, double g, double b)
{
	if (!(r >= 0 && r <= 1 && g >= 0 && g <= 1 && b >= 0 && b <= 1))
		BUG("colour %g %g %g", r, g, b);
}

static void set_rgb(struct print_doc *d, double r, double gr, double b, const char *op)
{
	struct pdf_guard g;
	struct pdf_ops o;
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	ops_num(&o, r);
	ops_num(&o, gr);
	ops_num(&o, b);
	ops_op(&o, op);
	ops_end(&o);
	pdf_unguard(d, &g);
}

void print_fill_rgb(struct print_doc *d, double r, double gr, double b)
{
	check_rgb(r, gr, b);
	set_rgb(d, r, gr, b, "rg");
	d->fill[0] = r, d->fill[1] = gr, d->fill[2] = b;
}

void print_stroke_rgb(struct print_doc *d, double r, double gr, double b)
{
	check_rgb(r, gr, b);
	set_rgb(d, r, gr, b, "RG");
}

void print_line_width(struct print_doc *d, double mm)
{
	struct pdf_guard g;
	struct pdf_ops o;
	if (!(mm >= 0))
		BUG("line width %g", mm);
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	ops_num(&o, mm);
	ops_op(&o, "w");
	ops_end(&o);
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
bool print_dash_ok(double on, double off)
{
	return on >= 0 && off >= 0 && on < 1000 && off < 1000 && (on == 0 || off > 0);
}

void print_dash(struct print_doc *d, double on, double off)
{
	struct pdf_guard g;
	struct sb op = SB_INIT;
	if (!print_dash_ok(on, off))
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
	if (HPDF_Page_GetGMode(pdf_page(d)) != HPDF_GMODE_PAGE_DESCRIPTION)
		BUG("dash set inside a path or text");
	if (!glue_page_write(pdf_page(d), op.buf, op.len))
		pdf_fail(d, xstrdup("PDF: cannot write a dash pattern"));
	pdf_unguard(d, &g);
out:
	sb_release(&op);
}

void print_line(struct print_doc *d, double x1, double y1, double x2, double y2)
{
	struct pdf_guard g;
	struct pdf_ops o;
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	ops_point(&o, x1, y1, "m");
	ops_point(&o, x2, y2, "l");
	ops_op(&o, "S");
	ops_end(&o);
	pdf_unguard(d, &g);
}

static void curve(struct pdf_ops *o, double x1, double y1, double x2, double y2, double x3,
		  double y3)
{
	ops_num(o, x1);
	ops_num(o, y1);
	ops_num(o, x2);
	ops_num(o, y2);
	ops_point(o, x3, y3, "c");
}

/* Kept out of print_rect so that nothing it computes lives across the
 * guard's setjmp. */
static void rect_path(struct pdf_ops *o, double x, double y, double w, double h, double r)
{
	double k;

	/* Corners no rounder than the shorter side allows. */
	r = fmin(r, fmin(w, h) / 2);
	k = r * (1 - KAPPA);
	if (r == 0) {
		ops_num(o, x);
		ops_num(o, y);
		ops_num(o, w);
		ops_num(o, h);
		ops_op(o, "re");
		return;
	}
	ops_point(o, x + r, y, "m");
	ops_point(o, x + w - r, y, "l");
	curve(o, x + w - k, y, x + w, y + k, x + w, y + r);
	ops_point(o, x + w, y + h - r, "l");
	curve(o, x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
	ops_point(o, x + r, y + h, "l");
	curve(o, x + k, y + h, x, y + h - k, x, y + h - r);
	ops_point(o, x, y + r, "l");
	curve(o, x, y + k, x + k, y, x + r, y);
	ops_op(o, "h");
}

void print_rect(struct print_doc *d, double x, double y, double w, double h, double r,
		enum print_paint paint)
{
	struct pdf_guard g;
	struct pdf_ops o;

	if (!(w >= 0 && h >= 0 && r >= 0))
		BUG("rectangle %g x %g r %g", w, h, r);
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	rect_path(&o, x, y, w, h, r);
	ops_op(&o, paint_op(paint));
	ops_end(&o);
	pdf_unguard(d, &g);
}

/* The path HPDF_Page_Circle writes, the same bytes: four Béziers from
 * the leftmost point anticlockwise, with libharu 2.3's control-point
 * factor and its float arithmetic (check-print compares the two over a
 * range of circles).  libharu's call clears and formats into a buffer of
 * its own a byte at a time, which made circles, the tokens of a turn
 * report's board, cost as much as a paragraph of text. */
static void circle_path(struct pdf_ops *o, float x, float y, float r)
{
	const float k = 0.552f;
	/* Each quarter's two control points and end, in radii from the
	 * centre: left to top, top to right, right to bottom, back left. */
	const float q[4][6] = { { -1, k, -k, 1, 0, 1 },
				{ k, 1, 1, k, 1, 0 },
				{ 1, -k, k, -1, 0, -1 },
				{ -k, -1, -1, -k, -1, 0 } };

	ops_point(o, x - r, y, "m");
	for (int i = 0; i < 4; i++) {
		ops_num(o, x + r * q[i][0]);
		ops_num(o, y + r * q[i][1]);
		ops_num(o, x + r * q[i][2]);
		ops_num(o, y + r * q[i][3]);
		ops_point(o, x + r * q[i][4], y + r * q[i][5], "c");
	}
}

void print_circle(struct print_doc *d, double cx, double cy, double r, enum print_paint paint)
{
	struct pdf_guard g;
	struct pdf_ops o;

	if (!(r > 0))
		BUG("circle radius %g", r);
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	circle_path(&o, R(cx), R(cy), R(r));
	ops_op(&o, paint_op(paint));
	ops_end(&o);
	pdf_unguard(d, &g);
}

void print_poly(struct print_doc *d, const double *xy, size_t n, enum print_paint paint)
{
	struct pdf_guard g;
	struct pdf_ops o;
	PDF_GUARD(d, &g, return);
	ops_begin(&o, d);
	poly_path(&o, xy, n);
	ops_op(&o, paint_op(paint));
	ops_end(&o);
	pdf_unguard(d, &g);
}
