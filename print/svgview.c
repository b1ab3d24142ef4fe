/* svgview.c - views as SVG, for the web archive; see svgview.h.
 *
 * The same picture drawview.c draws into the report PDFs, kind by kind and
 * in the same colours and hex geometry, by the same walk (lib/view.h, in
 * the order the picture stacks), written as SVG text: y runs down here
 * where PDF's runs up, so every y is turned over once, where it is
 * computed.  The picture scales to its container (a viewBox, no fixed
 * size), so a phone shows it whole.
 */
#include "svgview.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "print.h"
#include "util.h"

#define SVG_W 480.0 /* the width maps and tracks are laid out to */

static void fill_attr(struct sb *out, const struct view *v, const char *name)
{
	double c[3];
	view_colour(v, name, c);
	sb_addf(out, " fill=\"#%02x%02x%02x\"", (int)lround(c[0] * 255), (int)lround(c[1] * 255),
		(int)lround(c[2] * 255));
}

static void text(struct sb *out, double x, double y, double size, bool bold,
		 const char *anchor, const char *s)
{
	sb_addf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\"%s text-anchor=\"%s\">", x,
		y, size, bold ? " font-weight=\"bold\"" : "", anchor);
	sb_add_escaped(out, s);
	sb_adds(out, "</text>\n");
}

/* Counters as a number over up to ten dots (drawview.c's draw_counters,
 * with dots big enough to see on a screen). */
static void counters(struct sb *out, int n, double cx, double y, double size)
{
	char num[16];
	int dots = n < 10 ? n : 10;
	double r = size * 0.1, step = r * 2.6;
	if (n <= 0)
		return;
	for (int i = 0; i < dots; i++)
		sb_addf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#8c660d\"/>\n",
			cx - (dots - 1) * step / 2 + i * step, y, r);
	snprintf(num, sizeof num, "%d", n);
	text(out, cx, y - r * 2, size * 0.9, true, "middle", num);
}

/* A view being written: the picture so far and the layout of its kind. */
struct svg {
	const struct view *v;
	struct sb body;
	double w, h; /* the picture's size */
	/* HEXES: the hexes, their box and corners, the grid's height. */
	struct print_hex hx;
	double bw, bh, corners[12], gh;
	/* MAP: the scale, and the map's height (its y runs up, as in the PDF);
	 * a map to scale: the room west of it for its marks' numbers, and
	 * round it for the halves of those at its corners. */
	double s, H, west, rim;
	/* The tracks, under the board: the top of them, and of the next. */
	double ttop, ty;
};

static void grid_cell(void *ctx, size_t i, const struct view_cell *c)
{
	struct svg *g = ctx;
	struct sb *out = &g->body;
	double cell = 80, x = c->col * cell, y = c->row * cell;
	(void)i;
	sb_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\"",
		x + 1, y + 1, cell - 2, cell - 2, cell * 0.08);
	fill_attr(out, g->v, c->fill);
	sb_adds(out, " stroke=\"#40332a\"/>\n");
	if (c->label)
		text(out, x + cell / 2, y + cell * 0.38, cell * 0.3, true, "middle", c->label);
	if (c->caption)
		text(out, x + cell / 2, y + cell * 0.56, cell * 0.13, false, "middle", c->caption);
	counters(out, c->counters, x + cell / 2, y + cell * 0.84, cell * 0.2);
}

/* The centre of a hex: flat-topped hexes in columns, row 0 at the top
 * (north up, view.h), as in the PDF. */
static void hex_centre(const struct svg *g, const struct view_cell *c, double *x, double *y)
{
	double px, py;
	print_hex_pos(&g->hx, c->col, c->row, &px, &py);
	*x = px + g->bw / 2;
	*y = py + g->bh / 2;
}

static void hexes_cell(void *ctx, size_t i, const struct view_cell *c)
{
	struct svg *g = ctx;
	struct sb *out = &g->body;
	double cx, cy;
	(void)i;
	hex_centre(g, c, &cx, &cy);
	sb_adds(out, "<polygon points=\"");
	for (int k = 0; k < 6; k++)
		sb_addf(out, "%s%.1f,%.1f", k ? " " : "", cx - g->bw / 2 + g->corners[2 * k],
			cy + g->bh / 2 - g->corners[2 * k + 1]);
	sb_adds(out, "\"");
	fill_attr(out, g->v, c->fill);
	sb_adds(out, " stroke=\"#4d4d4d\"/>\n");
	if (c->label)
		text(out, cx, cy + g->hx.flat * 0.4, g->hx.flat * 0.2, false, "middle", c->label);
}

static void hexes_line(void *ctx, const struct view_line *l, const struct view_cell *from,
		       const struct view_cell *to)
{
	struct svg *g = ctx;
	double x1, y1, x2, y2;
	hex_centre(g, from, &x1, &y1);
	hex_centre(g, to, &x2, &y2);
	sb_addf(&g->body, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#cc1a1a\""
			  " stroke-width=\"1.5\"%s/>\n", x1, y1, x2, y2,
		l->dashed ? " stroke-dasharray=\"4 3\"" : "");
}

static void hexes_piece(void *ctx, const struct view_piece *p, const struct view_cell *on)
{
	struct svg *g = ctx;
	struct sb *out = &g->body;
	double cx, cy;
	hex_centre(g, on, &cx, &cy);
	sb_addf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"", cx, cy - g->hx.flat * 0.08,
		g->hx.flat * 0.28);
	fill_attr(out, g->v, p->fill ? p->fill : "grey");
	sb_adds(out, " stroke=\"#000\"/>\n");
	if (p->label)
		text(out, cx, cy, g->hx.flat * 0.2, true, "middle", p->label);
}

/* Under a map to scale: a bar of a round number of units, and an arrow
 * pointing north (up) beside it (drawview.c's draw_scale). */
static void scale_bar(const struct view *v, struct sb *out, double y, double s)
{
	static const double steps[] = { 1, 2, 5, 10, 20, 50, 100 };
	double len = steps[0], e = v->w * s;
	char label[48];
	for (size_t i = 0; i < ARRAY_SIZE(steps) && steps[i] <= v->w / 4; i++)
		len = steps[i];
	sb_addf(out, "<path d=\"M0 %.1f h%.1f M0 %.1f v8 M%.1f %.1f v8 M%.1f %.1f v-16 "
		     "m-5 5 l5 -5 l5 5\" stroke=\"#000\" stroke-width=\"1.2\" fill=\"none\"/>\n",
		y, len * s, y - 4, len * s, y - 4, e - 8, y + 8);
	snprintf(label, sizeof label, "%g %s", len, v->unit);
	text(out, len * s + 6, y + 4, 11, false, "start", label);
	text(out, e - 22, y + 6, 12, true, "middle", "N");
}

/* A map to scale: a light line every minor unit across it, darker every
 * major, ticks out from its south and west edges and a number every major
 * unit beside them, outside the map (drawview.c's draw_marks). */
static void map_marks(const struct view *v, struct sb *out, double s, double H)
{
	double minor, major;
	int nx, ny, every;

	if (!view_map_marks(v, &minor, &major))
		return;
	nx = (int)(v->w / minor + 1e-9);
	ny = (int)(v->h / minor + 1e-9);
	every = (int)(major / minor + 0.5);
	for (int i = 0; i <= nx || i <= ny; i++) {
		bool big = i % every == 0;
		double at = i * minor * s, tick = big ? 7 : 4;
		char num[32];
		const char *line = big ? " stroke=\"#cfc4a8\"" : " stroke=\"#e9e2d0\" stroke-width=\"0.5\"";
		if (i > 0 && i < nx)
			sb_addf(out, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%.1f\"%s/>\n", at, at,
				H, line);
		if (i > 0 && i < ny)
			sb_addf(out, "<line x1=\"0\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"%s/>\n", H - at,
				v->w * s, H - at, line);
		if (i <= nx)
			sb_addf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				     "stroke=\"#333\"/>\n", at, H, at, H + tick);
		if (i <= ny)
			sb_addf(out, "<line x1=\"0\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				     "stroke=\"#333\"/>\n", H - at, -tick, H - at);
		if (!big)
			continue;
		snprintf(num, sizeof num, "%g", i * minor);
		if (i <= nx)
			text(out, at, H + 18, 10, false, "middle", num);
		if (i > 0 && i <= ny)
			text(out, -9, H - at + 3.5, 10, false, "end", num);
	}
}

static void map_line(void *ctx, const struct view_line *l, const struct view_cell *a,
		     const struct view_cell *b)
{
	struct svg *g = ctx;
	double s = g->s, H = g->H;
	sb_addf(&g->body, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#666\"%s/>\n",
		(a->x + a->w / 2) * s, H - (a->y + a->h / 2) * s, (b->x + b->w / 2) * s,
		H - (b->y + b->h / 2) * s, l->dashed ? " stroke-dasharray=\"4 3\"" : "");
}

static void map_cell(void *ctx, size_t i, const struct view_cell *c)
{
	struct svg *g = ctx;
	struct sb *out = &g->body;
	double s = g->s, H = g->H;
	double cx = (c->x + c->w / 2) * s, cy = H - (c->y + c->h / 2) * s;
	double size = fmin(13, fmax(7, fmin(c->w, c->h) * s / 3));
	(void)i;
	if (c->round)
		sb_addf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"", cx, cy,
			fmin(c->w, c->h) * s / 2);
	else
		sb_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"1\"",
			c->x * s, H - (c->y + c->h) * s, c->w * s, c->h * s);
	fill_attr(out, g->v, c->fill);
	sb_adds(out, " stroke=\"#333\"/>\n");
	if (c->label)
		text(out, cx, cy, size, true, "middle", c->label);
	if (c->caption)
		text(out, cx, cy + size, size * 0.72, false, "middle", c->caption);
	counters(out, c->counters, cx, cy + size * 2, size);
}

/* Every kind: the board's layout (false: no board to draw), and where
 * the tracks go, under it. */
static bool begin(void *ctx, const struct view *v)
{
	struct svg *g = ctx;
	bool board = v->cols > 0 && v->rows > 0;

	if (v->kind == VIEW_GRID && board) {
		g->h = 80.0 * v->rows;
		g->w = 80.0 * v->cols;
	} else if (v->kind == VIEW_HEXES && board) {
		double gw;
		/* cols flat-topped hexes, each 3/4 of a box from the last,
		 * fill the width; flat to flat is sqrt 3 / 2 of a box */
		double box = SVG_W / (1 + 0.75 * (v->cols - 1));
		g->hx = (struct print_hex){ PRINT_HEX_FLAT, box * sqrt(3.0) / 2, 0 };
		print_hex_grid_size(&g->hx, v->cols, v->rows, &gw, &g->gh);
		print_hex_corners(&g->hx, g->corners);
		print_hex_box(&g->hx, &g->bw, &g->bh);
		g->h = g->gh;
	} else if (v->kind == VIEW_MAP) {
		double vw = v->w > 0 ? v->w : 1, vh = v->h > 0 ? v->h : 1;
		double south = v->unit ? 22 : 0;
		g->west = v->unit ? 24 : 0;
		g->rim = v->unit ? 6 : 0;
		g->s = (SVG_W - g->west) / vw;
		g->H = vh * g->s;
		if (v->unit) {
			map_marks(v, &g->body, g->s, g->H);
			sb_addf(&g->body, "<rect x=\"0.5\" y=\"0.5\" width=\"%.1f\" height=\"%.1f\" "
					  "fill=\"none\" stroke=\"#333\"/>\n", vw * g->s - 1, g->H - 1);
			scale_bar(v, &g->body, g->H + south + 14, g->s);
		}
		g->w = SVG_W - g->west;
		g->h = g->H + (v->unit ? south + 28 : 0);
		board = true;
	} else {
		board = false;
	}
	g->ttop = g->ty = g->h ? g->h + 10 : 0;
	return board;
}

/* Every kind: a track as its name over a row of boxes, the marker's box
 * gold: the name on its own line, so no name runs under the boxes.  A
 * track of more than 30 boxes (up to 100) goes on in rows of 20. */
static void track(void *ctx, const struct view_track *t)
{
	struct svg *g = ctx;
	struct sb *out = &g->body;
	long long span = (long long)t->max - t->min + 1;
	int n = span < 1 ? 1 : span > 100 ? 100 : (int)span, per = n > 30 ? 20 : n;
	double box = fmin(32, SVG_W / per), y = g->ty;
	char label[160];

	snprintf(label, sizeof label, "%s%s%s", t->symbol ? t->symbol : "", t->symbol ? " " : "",
		 t->name ? t->name : "");
	text(out, 0, y + 13, 13, true, "start", label);
	y += 18;
	for (int k = 0; k < n; k++) {
		char num[24];
		long long shown = view_track_shown(t, k, n);
		bool on = shown == t->value;
		double x = (k % per) * box, top = y + (k / per) * 24;
		sb_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"20\" rx=\"2\"",
			x + 0.5, top, box - 2);
		fill_attr(out, g->v, on ? "gold" : NULL);
		sb_adds(out, " stroke=\"#4d4d4d\"/>\n");
		snprintf(num, sizeof num, "%lld", shown);
		text(out, x + box / 2, top + 14.5, 11, on, "middle", num);
	}
	g->ty = y + (n + per - 1) / per * 24 + 4;
}

/* Every kind: the legend, under the tracks, a swatch and its words a
 * line.  The words are sized to the picture's width (a small grid is
 * shown larger) and wrapped so that none runs past its edge. */
static void key(void *ctx, const struct view_key *k)
{
	struct svg *g = ctx;
	struct sb *out = &g->body;
	const char *p = k->text ? k->text : "";
	double size = g->w / 32, x = k->fill ? size * 1.6 : 0, y = g->ty;
	/* a character of DejaVu Sans is about 0.56 of its size */
	size_t chars = (size_t)fmax(12, (g->w - x) / (size * 0.56));

	if (k->fill) {
		sb_addf(out, "<rect x=\"0.5\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\"",
			y + 0.5, size * 1.07, size * 1.07);
		fill_attr(out, g->v, k->fill);
		sb_adds(out, " stroke=\"#4d4d4d\"/>\n");
	}
	do {
		size_t n = strlen(p), cut = n;
		char *line;
		if (n > chars) {
			cut = chars;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (!cut)
				cut = chars;
		}
		line = xstrndup(p, cut);
		text(out, x, y + size * 0.9, size, false, "start", line);
		free(line);
		p += cut;
		p += strspn(p, " ");
		y += size * 1.27;
	} while (*p);
	g->ty = y + size * 0.2;
}

void print_view_svg(const struct view *v, struct sb *out)
{
	static const struct view_walker grid = { .begin = begin, .cell = grid_cell,
						 .track = track, .key = key };
	static const struct view_walker hexes = {
		.begin = begin, .cell = hexes_cell, .line = hexes_line, .piece = hexes_piece,
		.track = track, .key = key,
	};
	static const struct view_walker map = { .begin = begin, .cell = map_cell,
						.line = map_line, .track = track, .key = key };
	static const struct view_walker tracks = { .begin = begin, .track = track, .key = key };
	struct svg g = { .v = v, .body = SB_INIT, .w = SVG_W };

	view_walk(v, VIEW_STACKED,
		  v->kind == VIEW_GRID	  ? &grid
		  : v->kind == VIEW_HEXES ? &hexes
		  : v->kind == VIEW_MAP	  ? &map
					  : &tracks,
		  &g);
	if (v->ntracks || v->nkeys)
		g.h += (g.h ? 10 : 0) + (g.ty - g.ttop);
	sb_addf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"%g %g %.1f %.1f\" "
		     "role=\"img\" font-family=\"DejaVu Sans, Verdana, sans-serif\" "
		     "class=\"board board-%s\">\n<title>",
		-2 - g.west, -2 - g.rim, g.w + g.west + g.rim + 4, g.h + g.rim + 4,
		v->kind == VIEW_GRID ? "grid" : v->kind == VIEW_HEXES ? "hexes"
		: v->kind == VIEW_MAP ? "map" : "tracks");
	sb_add_escaped(out, v->title ? v->title : "The board");
	sb_adds(out, "</title>\n");
	sb_add(out, sb_str(&g.body), g.body.len);
	sb_adds(out, "</svg>\n");
	sb_release(&g.body);
}
