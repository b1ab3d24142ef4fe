/* tpl-draw.c - the drawing elements of a template, walked in order. */
#include "tpl-int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "xmlutil.h"

#define PT_TO_MM (25.4 / 72.0)

/* Fill and stroke of rect, circle, polygon, hexagon: set the colours and
 * the line, say how to paint; 0 = nothing to paint. */
static int paint(struct tpl_run *r, const xmlNode *el, xmlNode *node, enum print_paint *how)
{
	double fill[3], stroke[3], width, on = 0, off = 0;
	bool has_fill, has_stroke;
	char *dash;

	if (tpl_colour(r, el, node, "fill", "none", fill, &has_fill) ||
	    tpl_colour(r, el, node, "stroke", has_fill ? "none" : "black", stroke, &has_stroke) ||
	    tpl_num(r, el, node, "width", 0.3, &width))
		return -1;
	dash = tpl_attr(r, el, node, "dash");
	if (r->err)
		return -1;
	if (dash && sscanf(dash, "%lf,%lf", &on, &off) != 2) {
		tpl_fail(r, el, "dash='%s' is not ON,OFF", dash);
		free(dash);
		return -1;
	}
	/* What print_dash() takes; 0,0 is a solid line. */
	if (dash && !print_dash_ok(on, off)) {
		tpl_fail(r, el, "dash='%s' needs ON and OFF from 0 to 1000 mm, OFF above 0 "
				"when ON is", dash);
		free(dash);
		return -1;
	}
	free(dash);
	if (has_stroke && !(width >= 0)) {
		tpl_fail(r, el, "width must be 0 or more, not %g", width);
		return -1;
	}
	if (has_fill)
		print_fill_rgb(r->d, fill[0], fill[1], fill[2]);
	if (has_stroke) {
		print_stroke_rgb(r->d, stroke[0], stroke[1], stroke[2]);
		print_line_width(r->d, width);
		print_dash(r->d, on, on > 0 ? off : 0);
	}
	*how = (enum print_paint)((has_fill ? PRINT_FILL : 0) | (has_stroke ? PRINT_STROKE : 0));
	return 0;
}

static bool positive(struct tpl_run *r, const xmlNode *el, const char *what, double v)
{
	if (v > 0)
		return true;
	tpl_fail(r, el, "%s must be more than 0, not %g", what, v);
	return false;
}

/* A font size the print layer takes (print.h); a template may ask for any
 * number. */
static bool font_size(struct tpl_run *r, const xmlNode *el, double v)
{
	if (v > 0 && v < PRINT_MAX_PT)
		return true;
	tpl_fail(r, el, "size must be more than 0 and less than %g (points), not %g",
		 PRINT_MAX_PT, v);
	return false;
}

static int draw_rect(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	double x, y, w, h, rad;
	enum print_paint how;
	if (tpl_num(r, el, node, "x", 0, &x) || tpl_num(r, el, node, "y", 0, &y) ||
	    tpl_num(r, el, node, "w", 0, &w) || tpl_num(r, el, node, "h", 0, &h) ||
	    tpl_num(r, el, node, "radius", 0, &rad) || paint(r, el, node, &how))
		return -1;
	if (!positive(r, el, "w", w) || !positive(r, el, "h", h))
		return -1;
	if (rad < 0 || rad > w / 2 || rad > h / 2)
		rad = rad < 0 ? 0 : fmin(w, h) / 2;
	if (how)
		print_rect(r->d, x, y, w, h, rad, how);
	return 0;
}

static int draw_circle(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	double cx, cy, rad;
	enum print_paint how;
	if (tpl_num(r, el, node, "cx", 0, &cx) || tpl_num(r, el, node, "cy", 0, &cy) ||
	    tpl_num(r, el, node, "r", 0, &rad) || paint(r, el, node, &how))
		return -1;
	if (!positive(r, el, "r", rad))
		return -1;
	if (how)
		print_circle(r->d, cx, cy, rad, how);
	return 0;
}

static int draw_line(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	double x1, y1, x2, y2;
	enum print_paint how;
	if (tpl_num(r, el, node, "x1", 0, &x1) || tpl_num(r, el, node, "y1", 0, &y1) ||
	    tpl_num(r, el, node, "x2", 0, &x2) || tpl_num(r, el, node, "y2", 0, &y2) ||
	    paint(r, el, node, &how))
		return -1;
	if (how & PRINT_STROKE)
		print_line(r->d, x1, y1, x2, y2);
	return 0;
}

static int draw_polygon(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	char *pts = tpl_attr(r, el, node, "points"), *p, *end;
	double *xy = NULL;
	size_t n = 0, alloc = 0;
	enum print_paint how;

	if (!pts)
		return -1;
	for (p = pts;;) {
		double v;
		while (*p == ' ' || *p == ',' || *p == '\n' || *p == '\t')
			p++;
		if (!*p)
			break;
		v = strtod(p, &end);
		if (end == p || !isfinite(v)) {
			tpl_fail(r, el, "points='%s' is not a list of x,y", pts);
			break;
		}
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 16;
			xy = xrealloc(xy, alloc * sizeof *xy);
		}
		xy[n++] = v;
		p = end;
	}
	if (!r->err && (n % 2 || n < 6))
		tpl_fail(r, el, "points='%s': need at least three x,y pairs", pts);
	free(pts);
	if (!r->err && !paint(r, el, node, &how) && how)
		print_poly(r->d, xy, n / 2, how);
	free(xy);
	return r->err ? -1 : 0;
}

static int draw_hexagon(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	struct print_hex h = r->t->hex;
	double x, y, xy[12];
	char *orient;
	enum print_paint how;

	if (tpl_num(r, el, node, "x", 0, &x) || tpl_num(r, el, node, "y", 0, &y) ||
	    tpl_num(r, el, node, "flat", h.flat, &h.flat) ||
	    tpl_num(r, el, node, "point", xmlHasProp(el, BAD_CAST "flat") ? 0 : h.point, &h.point))
		return -1;
	orient = xml_attr(el, "orient");
	if (orient)
		h.orient = strcmp(orient, "flat") ? PRINT_HEX_POINTY : PRINT_HEX_FLAT;
	free(orient);
	if (!(h.flat > 0)) {
		tpl_fail(r, el, "a hexagon needs flat= outside a tiles template");
		return -1;
	}
	if (h.point < 0 || (h.point > 0 && h.point < h.flat)) {
		tpl_fail(r, el, "point must be at least flat");
		return -1;
	}
	if (paint(r, el, node, &how))
		return -1;
	print_hex_corners(&h, xy);
	for (int i = 0; i < 6; i++) {
		xy[2 * i] += x;
		xy[2 * i + 1] += y;
	}
	if (how)
		print_poly(r->d, xy, 6, how);
	return 0;
}

static const struct {
	const char *name;
	enum print_font font;
} fonts[] = {
	{ "sans", PRINT_SANS },
	{ "bold", PRINT_SANS_BOLD },
	{ "mono", PRINT_MONO },
	{ "serif", PRINT_SERIF },
};

static int font_attr(struct tpl_run *r, const xmlNode *el, xmlNode *node, enum print_font *f)
{
	char *v = tpl_attr(r, el, node, "font");
	*f = PRINT_SANS;
	if (!v)
		return r->err ? -1 : 0;
	for (size_t i = 0; i < ARRAY_SIZE(fonts); i++)
		if (!strcmp(v, fonts[i].name)) {
			*f = fonts[i].font;
			free(v);
			return 0;
		}
	tpl_fail(r, el, "font='%s': use sans, bold, mono or serif", v);
	free(v);
	return -1;
}

static int text_colour(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *def)
{
	double rgb[3];
	bool set;
	if (tpl_colour(r, el, node, "colour", def, rgb, &set))
		return -1;
	if (set)
		print_fill_rgb(r->d, rgb[0], rgb[1], rgb[2]);
	return 0;
}

/* The content of a <text>: whitespace of the template (indentation, line
 * ends) is one space, <br/> a line break; then the {XPath} are expanded,
 * so a value keeps its own line breaks. */
static char *text_content(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	char *raw, *out;

	if (el->_private)
		return tpl_expand_str(r, el, node, el->_private);
	raw = tpl_text_source(el);
	out = tpl_expand(r, el, node, raw);
	free(raw);
	return out;
}

/* Attribute name of el, which is not expanded, as one of three words.  A
 * value without braces is the string the loader kept, not a new copy. */
static int align_attr(const xmlNode *el, const char *name, const char *const *words, int def)
{
	bool present;
	const struct tpl_str *s = tpl_str_of(el, name, &present);
	char *v = NULL;
	const char *w = s && s->lit && !strchr(s->lit, '{') && !strchr(s->lit, '}') ? s->lit
			: present ? (v = xml_attr(el, name)) : NULL;
	int k = def;
	for (int i = 0; w && i < 3; i++)
		if (!strcmp(w, words[i]))
			k = i;
	free(v);
	return k;
}

static int draw_text(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	static const char *const ha[] = { "left", "center", "right" };
	static const char *const va[] = { "top", "middle", "bottom" };
	struct print_textbox tb;
	struct print_textfit fit;
	double x, y, w, h;
	char *s;

	memset(&tb, 0, sizeof tb);
	if (tpl_num(r, el, node, "x", 0, &x) || tpl_num(r, el, node, "y", 0, &y) ||
	    tpl_num(r, el, node, "w", 0, &w) || tpl_num(r, el, node, "h", 0, &h) ||
	    tpl_num(r, el, node, "size", 10, &tb.size) ||
	    tpl_num(r, el, node, "min-size", 0, &tb.min_size) ||
	    tpl_num(r, el, node, "leading", 0, &tb.leading) || font_attr(r, el, node, &tb.font))
		return -1;
	if (!positive(r, el, "w", w) || !positive(r, el, "h", h) || !font_size(r, el, tb.size))
		return -1;
	if (tb.min_size < 0 || tb.min_size > tb.size)
		tb.min_size = 0;
	tb.align = (enum print_align)align_attr(el, "align", ha, PRINT_LEFT);
	tb.valign = (enum print_valign)align_attr(el, "valign", va, PRINT_TOP);
	if (text_colour(r, el, node, "black"))
		return -1;
	s = text_content(r, el, node);
	if (!s)
		return -1;
	if (*s)
		print_text_box(r->d, &tb, x, y, w, h, s, &fit);
	free(s);
	return 0;
}

/* The suit names, their symbols, and whether they are red. */
static const struct {
	const char *name, *sym;
	bool red;
} suits[] = {
	{ "spades", "\xE2\x99\xA0", false },
	{ "hearts", "\xE2\x99\xA5", true },
	{ "diamonds", "\xE2\x99\xA6", true },
	{ "clubs", "\xE2\x99\xA3", false },
};

static int suit_of(struct tpl_run *r, const xmlNode *el, xmlNode *node, int *k)
{
	char *v = tpl_attr(r, el, node, "suit");
	*k = -1;
	if (!v)
		return r->err ? -1 : 0;
	for (int i = 0; i < (int)ARRAY_SIZE(suits); i++)
		if (!strcmp(v, suits[i].name) || !strcmp(v, suits[i].sym))
			*k = i;
	if (*k < 0 && *v)
		tpl_fail(r, el, "suit='%s': use spades, hearts, diamonds or clubs", v);
	free(v);
	return r->err ? -1 : 0;
}

/* A suit symbol centred on x, y: DejaVu's suits sit on the baseline and
 * are about two thirds of an em high. */
static void suit_at(struct tpl_run *r, int k, double x, double y, double size)
{
	print_text(r->d, PRINT_SANS, size, x, y - 0.33 * size * PT_TO_MM, PRINT_CENTER,
		   suits[k].sym);
}

static int draw_suit(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	double x, y, size;
	int k;
	if (tpl_num(r, el, node, "x", 0, &x) || tpl_num(r, el, node, "y", 0, &y) ||
	    tpl_num(r, el, node, "size", 12, &size) || suit_of(r, el, node, &k))
		return -1;
	if (k < 0 || !font_size(r, el, size))
		return r->err ? -1 : 0; /* an empty suit draws nothing */
	if (text_colour(r, el, node, suits[k].red ? "red" : "black"))
		return -1;
	suit_at(r, k, x, y, size);
	return 0;
}

/* The real value of a track past either end, written in the ring of the
 * end box: bold, as large as the box's numbers or smaller to fit. */
static void track_beyond(struct tpl_run *r, double v, double cx, double cy, double rad,
			 double size)
{
	char num[32];
	double s = fmin(size * 1.2, PRINT_MAX_PT - 1); /* size itself is below it */

	if (v == floor(v))
		snprintf(num, sizeof num, "%.0f", v);
	else
		snprintf(num, sizeof num, "%g", v);
	while (s > 4 && print_text_width(r->d, PRINT_SANS_BOLD, s, num) > 1.6 * rad)
		s -= 0.25;
	print_text(r->d, PRINT_SANS_BOLD, s, cx, cy - 0.35 * s * PT_TO_MM, PRINT_CENTER, num);
}

/* A row of numbered boxes min..max after a label (and suit); the box of
 * value is ringed, so the number stays readable.  A value past either end
 * (a Heart of Glass Dragon's trait can pass 10) rings the end box with the
 * value itself in the ring, and that box's own number goes small into its
 * top left corner: the sheet shows 13, not a 10 that is wrong. */
static int draw_track(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	double x, y, w, h, lo, hi, lw, size, bw, v = NAN;
	char *value = NULL, *label = NULL, num[32];
	int k, n, ring = -1;
	bool beyond = false;

	if (tpl_num(r, el, node, "x", 0, &x) || tpl_num(r, el, node, "y", 0, &y) ||
	    tpl_num(r, el, node, "w", 0, &w) || tpl_num(r, el, node, "h", 0, &h) ||
	    tpl_num(r, el, node, "min", 0, &lo) || tpl_num(r, el, node, "max", 0, &hi) ||
	    tpl_num(r, el, node, "label-width", 30, &lw) ||
	    tpl_num(r, el, node, "size", 8, &size) || suit_of(r, el, node, &k))
		return -1;
	if (!font_size(r, el, size))
		return -1;
	lo = round(lo);
	hi = round(hi);
	n = (int)(hi - lo) + 1;
	if (n < 1 || n > 100 || lw < 0 || !positive(r, el, "w", w - lw) ||
	    !positive(r, el, "h", h)) {
		tpl_fail(r, el, "a track needs min <= max (at most 100 boxes) and room for them");
		return -1;
	}
	value = tpl_attr(r, el, node, "value");
	if (r->err)
		return -1;
	if (value && *value) {
		char *end;
		v = strtod(value, &end);
		if (end == value || *end || !isfinite(v)) {
			tpl_fail(r, el, "value='%s' is not a number", value);
			free(value);
			return -1;
		}
	}
	free(value);
	label = tpl_attr(r, el, node, "label");
	if (r->err)
		return -1;
	if (text_colour(r, el, node, "black")) {
		free(label);
		return -1;
	}
	if (lw > 0) {
		struct print_textbox tb = { PRINT_SANS_BOLD, 11, 6, 0, PRINT_LEFT, PRINT_MIDDLE };
		struct print_textfit fit;
		double tx = x;
		if (k >= 0) {
			double ss = fmin(h / PT_TO_MM * 0.8, 18);
			print_save(r->d);
			print_fill_rgb(r->d, suits[k].red ? 0.8 : 0, 0, 0);
			suit_at(r, k, x + ss * PT_TO_MM * 0.45, y + h / 2, ss);
			print_restore(r->d);
			tx += ss * PT_TO_MM + 1.5;
		}
		if (label && *label && lw - (tx - x) > 2)
			print_text_box(r->d, &tb, tx, y, lw - (tx - x) - 1, h, label, &fit);
	}
	free(label);
	bw = (w - lw) / n;
	if (!isnan(v)) {
		ring = (int)(fmin(fmax(round(v), lo), hi) - lo);
		beyond = round(v) < lo || round(v) > hi;
	}
	print_stroke_rgb(r->d, 0, 0, 0);
	print_line_width(r->d, 0.3);
	print_dash(r->d, 0, 0);
	for (int i = 0; i < n; i++) {
		double bx = x + lw + i * bw;
		print_rect(r->d, bx, y, bw, h, 0, PRINT_STROKE);
		snprintf(num, sizeof num, "%d", (int)lo + i);
		if (beyond && i == ring) {
			double s = size * 0.6;
			print_text(r->d, PRINT_SANS, s, bx + 0.6, y + h - 0.6 - 0.75 * s * PT_TO_MM,
				   PRINT_LEFT, num);
			continue;
		}
		print_text(r->d, PRINT_SANS, size, bx + bw / 2, y + h / 2 - 0.35 * size * PT_TO_MM,
			   PRINT_CENTER, num);
	}
	if (ring >= 0) {
		double cx = x + lw + (ring + 0.5) * bw, rad = fmin(bw, h) * 0.38;
		print_line_width(r->d, 0.7);
		print_circle(r->d, cx, y + h / 2, rad, PRINT_STROKE);
		if (beyond)
			track_beyond(r, v, cx, y + h / 2, rad, size);
	}
	return 0;
}

/* The picture at src, embedded on first use and then reused. */
static struct print_image *image_for(struct tpl_run *r, const xmlNode *el, const char *src)
{
	const char *why;
	char *path = tpl_image_path(r->t, src, &why), *err = NULL;
	struct print_image *im;

	if (!path) {
		tpl_fail(r, el, "image '%s': %s", src, why);
		return NULL;
	}
	for (size_t i = 0; i < r->nimages; i++)
		if (!strcmp(r->images[i].path, path)) {
			free(path);
			return r->images[i].im;
		}
	if (print_image_load(r->d, path, &im, &err)) {
		tpl_fail(r, el, "image '%s': %s", src, err);
		free(err);
		free(path);
		return NULL;
	}
	r->images = xrealloc(r->images, (r->nimages + 1) * sizeof *r->images);
	r->images[r->nimages].path = path;
	r->images[r->nimages].im = im;
	r->nimages++;
	return im;
}

void tpl_images_release(struct tpl_run *r)
{
	for (size_t i = 0; i < r->nimages; i++) {
		free(r->images[i].path);
		print_image_free(r->images[i].im);
	}
	free(r->images);
	r->images = NULL;
	r->nimages = 0;
}

/* A picture in the box x, y, w, h: all of it, centred, proportions kept
 * (contain); the box filled, proportions kept, the overhang clipped
 * (cover); or the box filled exactly (stretch). */
static int draw_image(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	static const char *const fits[] = { "contain", "cover", "stretch" };
	double x, y, w, h, s, dw, dh;
	unsigned pw, ph;
	char *src, *fit;
	struct print_image *im;
	int k = -1;

	if (tpl_num(r, el, node, "x", 0, &x) || tpl_num(r, el, node, "y", 0, &y) ||
	    tpl_num(r, el, node, "w", 0, &w) || tpl_num(r, el, node, "h", 0, &h))
		return -1;
	if (!positive(r, el, "w", w) || !positive(r, el, "h", h))
		return -1;
	fit = tpl_attr(r, el, node, "fit");
	if (r->err)
		return -1;
	for (int i = 0; i < (int)ARRAY_SIZE(fits); i++)
		if (!fit || !strcmp(fit, fits[i])) {
			k = i;
			break;
		}
	if (k < 0) {
		tpl_fail(r, el, "fit='%s': use contain, cover or stretch", fit);
		free(fit);
		return -1;
	}
	free(fit);
	src = tpl_attr(r, el, node, "src");
	if (!src)
		return -1;
	im = image_for(r, el, src);
	free(src);
	if (!im)
		return -1;
	print_image_size(im, &pw, &ph);
	if (k == 2) {
		print_image_draw(r->d, im, x, y, w, h);
		return 0;
	}
	s = k == 0 ? fmin(w / pw, h / ph) : fmax(w / pw, h / ph);
	dw = pw * s;
	dh = ph * s;
	print_save(r->d);
	if (k == 1)
		print_clip_rect(r->d, x, y, w, h);
	print_image_draw(r->d, im, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
	print_restore(r->d);
	return 0;
}

static int draw_group(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	double x, y, rot, sc;
	int rc;
	if (tpl_num(r, el, node, "x", 0, &x) || tpl_num(r, el, node, "y", 0, &y) ||
	    tpl_num(r, el, node, "rotate", 0, &rot) || tpl_num(r, el, node, "scale", 1, &sc))
		return -1;
	if (!positive(r, el, "scale", sc))
		return -1;
	print_save(r->d);
	print_translate(r->d, x, y);
	if (rot != 0)
		print_rotate(r->d, rot);
	if (sc != 1)
		print_scale(r->d, sc, sc);
	rc = tpl_draw(r, el, node);
	print_restore(r->d);
	return rc;
}

static int draw_if(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	int yes = tpl_test_attr(r, el, node, "test");
	if (yes < 0)
		return -1;
	return yes ? tpl_draw(r, el, node) : 0;
}

/* One step of an <each>: $i and $n set, shifted by i times dx, dy. */
static int each_step(struct tpl_run *r, const xmlNode *el, xmlNode *node, size_t i, size_t n,
		     double dx, double dy)
{
	int rc;
	r->each_i = (double)i + 1;
	r->each_n = (double)n;
	tpl_setvar(r, "i", r->each_i);
	tpl_setvar(r, "n", r->each_n);
	print_save(r->d);
	print_translate(r->d, dx * (double)i, dy * (double)i);
	rc = tpl_draw(r, el, node);
	print_restore(r->d);
	return rc;
}

static int draw_each(struct tpl_run *r, const xmlNode *el, xmlNode *node)
{
	double dx, dy, cnt, oi = r->each_i, on = r->each_n;
	const struct tpl_str *s;
	xmlNode **v = NULL; /* the nodes of a simple select */
	size_t nsel = 0, valloc = 0;
	bool sel, fast;
	int rc = 0;

	if (tpl_num(r, el, node, "dx", 0, &dx) || tpl_num(r, el, node, "dy", 0, &dy))
		return -1;
	s = tpl_str_of(el, "select", &sel);
	fast = sel && s && s->n == 1 && s->parts[0].path && !r->err &&
	       tpl_path_eval(s->parts[0].path, node, &v, &nsel, &valloc) == 0;
	if (!fast) {
		free(v);
		v = NULL;
	}
	if (fast) {
		for (size_t i = 0; !rc && i < nsel; i++)
			rc = each_step(r, el, v[i], i, nsel, dx, dy);
	} else if (sel) {
		xmlXPathObject *obj = tpl_eval_attr(r, el, node, "select");
		if (!obj)
			return -1;
		if (obj->type != XPATH_NODESET) {
			tpl_fail(r, el, "select does not give nodes");
			rc = -1;
		}
		for (int i = 0; !rc && obj->nodesetval && i < obj->nodesetval->nodeNr; i++)
			rc = each_step(r, el, obj->nodesetval->nodeTab[i], (size_t)i,
				       (size_t)obj->nodesetval->nodeNr, dx, dy);
		xmlXPathFreeObject(obj);
	} else {
		if (tpl_num(r, el, node, "count", 0, &cnt))
			return -1;
		if (!(cnt >= 0 && cnt <= 10000)) {
			tpl_fail(r, el, "count='%g' is not 0 .. 10000", cnt);
			return -1;
		}
		for (size_t i = 0; !rc && i < (size_t)cnt; i++)
			rc = each_step(r, el, node, i, (size_t)cnt, dx, dy);
	}
	free(v);
	r->each_i = oi;
	r->each_n = on;
	tpl_setvar(r, "i", oi);
	tpl_setvar(r, "n", on);
	return rc;
}

static const struct {
	const char *name;
	int (*fn)(struct tpl_run *r, const xmlNode *el, xmlNode *node);
} elements[] = {
	{ "rect", draw_rect },       { "circle", draw_circle }, { "line", draw_line },
	{ "polygon", draw_polygon }, { "hexagon", draw_hexagon }, { "text", draw_text },
	{ "suit", draw_suit },       { "track", draw_track },   { "group", draw_group },
	{ "if", draw_if },           { "each", draw_each },     { "image", draw_image },
};

int tpl_draw(struct tpl_run *r, const xmlNode *parent, xmlNode *node)
{
	for (const xmlNode *c = parent->children; c; c = c->next) {
		size_t i;
		if (c->type != XML_ELEMENT_NODE)
			continue;
		/* the first letter first: this runs for every element drawn */
		for (i = 0; i < ARRAY_SIZE(elements); i++)
			if (c->name[0] == (xmlChar)elements[i].name[0] &&
			    !strcmp((const char *)c->name, elements[i].name))
				break;
		if (i == ARRAY_SIZE(elements))
			BUG("element '%s' passed the schema", (const char *)c->name);
		if (elements[i].fn(r, c, node) || r->err)
			return -1;
	}
	return 0;
}
