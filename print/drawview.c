/* drawview.c - drawing views: grids, hex maps, box maps, tracks.
 * See report-pdf.h.  Every kind is drawn the same way for every game, by
 * the walk of lib/view.h in the order the picture stacks (VIEW_STACKED):
 * one back end a kind, whose functions draw one element each. */
#include "report-pdf.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

static void fill_named(struct print_doc *d, const struct view *v, const char *name)
{
	double c[3];
	view_colour(v, name, c);
	print_fill_rgb(d, c[0], c[1], c[2]);
}

/* Counters as a number and up to ten dots under it. */
static void draw_counters(struct print_doc *d, int n, double cx, double y, double size)
{
	char num[16];
	int dots = n < 10 ? n : 10;
	double r = size * 0.05, step = r * 2.6;
	if (n <= 0)
		return;
	print_fill_rgb(d, 0.55, 0.40, 0.05);
	for (int i = 0; i < dots; i++)
		print_circle(d, cx - (dots - 1) * step / 2 + i * step, y, r, PRINT_FILL);
	print_fill_rgb(d, 0, 0, 0);
	snprintf(num, sizeof num, "%d", n);
	print_text(d, PRINT_SANS_BOLD, size * 0.9, cx, y + r * 2.5, PRINT_CENTER, num);
}

/* A view being drawn: the box it is given, and the layout of its kind. */
struct drawing {
	struct print_doc *d;
	const struct view *v;
	double x, y, w, h; /* the box, less the title's line once it is drawn */
	double top;        /* the top of the board, under the title */
	double used;       /* the height used from the top of the box */
	bool title;
	/* GRID: a cell's side and the grid's left edge. */
	double cell, gx;
	/* HEXES: the hexes scaled to fit and their corners. */
	struct print_hex hx;
	double corners[12];
	/* HEXES and MAP: the board's origin; MAP: its scale, mm a unit. */
	double ox, oy, s;
	/* The tracks, under the board: the top of them, and of the next. */
	double ttop, ty;
};

static bool grid_layout(struct drawing *dr, const struct view *v)
{
	if (v->cols <= 0 || v->rows <= 0)
		return false;
	dr->cell = fmin(dr->w / v->cols, dr->h / v->rows);
	dr->gx = dr->x + (dr->w - dr->cell * v->cols) / 2;
	dr->used += dr->cell * v->rows;
	return true;
}

/* Flat-topped hexes in columns, north up (view.h): row 0 at the top, so a
 * hex's box is measured down from the board's top, dr->oy. */
static bool hexes_layout(struct drawing *dr, const struct view *v)
{
	struct print_hex unit = { PRINT_HEX_FLAT, 10, 0 };
	double gw, gh, s;
	if (v->cols <= 0 || v->rows <= 0)
		return false;
	print_hex_grid_size(&unit, v->cols, v->rows, &gw, &gh);
	s = fmin(dr->w / gw, dr->h / gh);
	dr->hx = unit;
	dr->hx.flat *= s;
	print_hex_grid_size(&dr->hx, v->cols, v->rows, &gw, &gh);
	dr->ox = dr->x + (dr->w - gw) / 2;
	dr->oy = dr->top;
	print_hex_corners(&dr->hx, dr->corners);
	dr->used += gh;
	return true;
}

/* Under a map to scale: a bar of a round number of units, and an arrow
 * pointing north (up) beside it. */
static void draw_scale(struct print_doc *d, const struct view *v, double ox, double y, double s)
{
	static const double steps[] = { 1, 2, 5, 10, 20, 50, 100 };
	double len = steps[0];
	char text[48];
	for (size_t i = 0; i < ARRAY_SIZE(steps) && steps[i] * s <= v->w * s / 4; i++)
		len = steps[i];
	print_stroke_rgb(d, 0, 0, 0);
	print_line_width(d, 0.8);
	print_line(d, ox, y, ox + len * s, y);
	print_line(d, ox, y - 2, ox, y + 2);
	print_line(d, ox + len * s, y - 2, ox + len * s, y + 2);
	print_fill_rgb(d, 0, 0, 0);
	snprintf(text, sizeof text, "%g %s", len, v->unit);
	print_text(d, PRINT_SANS, 7, ox + len * s + 4, y - 2.5, PRINT_LEFT, text);
	print_line(d, ox + v->w * s - 6, y - 4, ox + v->w * s - 6, y + 4);
	print_line(d, ox + v->w * s - 8.5, y + 1.5, ox + v->w * s - 6, y + 4);
	print_line(d, ox + v->w * s - 3.5, y + 1.5, ox + v->w * s - 6, y + 4);
	print_text(d, PRINT_SANS_BOLD, 8, ox + v->w * s - 14, y - 3, PRINT_CENTER, "N");
}

/* A map to scale: a light line every minor unit across it, darker every
 * major, and ticks out from its south and west edges with a number every
 * major unit beside them, outside the map so that they cover nothing on
 * it (view_map_marks). */
static void draw_marks(struct print_doc *d, const struct view *v, double ox, double oy,
		       double s)
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
		double at = i * minor * s, tick = big ? 1.8 : 1;
		char num[32];
		print_line_width(d, big ? 0.3 : 0.15);
		if (big)
			print_stroke_rgb(d, 0.81, 0.77, 0.66);
		else
			print_stroke_rgb(d, 0.91, 0.89, 0.82);
		if (i > 0 && i < nx)
			print_line(d, ox + at, oy, ox + at, oy + v->h * s);
		if (i > 0 && i < ny)
			print_line(d, ox, oy + at, ox + v->w * s, oy + at);
		print_stroke_rgb(d, 0.2, 0.2, 0.2);
		print_line_width(d, 0.25);
		if (i <= nx)
			print_line(d, ox + at, oy, ox + at, oy - tick);
		if (i <= ny)
			print_line(d, ox, oy + at, ox - tick, oy + at);
		if (!big)
			continue;
		snprintf(num, sizeof num, "%g", i * minor);
		print_fill_rgb(d, 0.2, 0.2, 0.2);
		if (i <= nx)
			print_text(d, PRINT_SANS, 6.5, ox + at, oy - 4.2, PRINT_CENTER, num);
		if (i > 0 && i <= ny)
			print_text(d, PRINT_SANS, 6.5, ox - 2.2, oy + at - 0.8, PRINT_RIGHT, num);
	}
}

/* A map to scale has its marks, its frame, and its scale under it, with
 * room west of it and under it for the marks' numbers. */
static bool map_layout(struct drawing *dr, const struct view *v)
{
	struct print_doc *d = dr->d;
	double west = v->unit ? 6 : 0, south = v->unit ? 5 : 0, under = v->unit ? 14 : 0;
	double vw = v->w > 0 ? v->w : 1, vh = v->h > 0 ? v->h : 1;
	double s = fmin((dr->w - west) / vw, (dr->h - south - under) / vh);
	dr->s = s;
	dr->ox = dr->x + west + (dr->w - west - v->w * s) / 2;
	dr->oy = dr->top - v->h * s;
	if (v->unit) {
		draw_marks(d, v, dr->ox, dr->oy, s);
		print_stroke_rgb(d, 0.2, 0.2, 0.2);
		print_line_width(d, 0.6);
		print_rect(d, dr->ox, dr->oy, v->w * s, v->h * s, 1, PRINT_STROKE);
		draw_scale(d, v, dr->ox, dr->oy - south - 8, s);
	}
	dr->used += v->h * s + south + under;
	return true;
}

/* Every kind: the title, the board's layout (false: no board to draw),
 * and where the tracks go, under it. */
static bool begin(void *ctx, const struct view *v)
{
	struct drawing *dr = ctx;
	bool board = false;

	dr->top = dr->y + dr->h;
	dr->title = v->title != NULL;
	if (v->title) {
		print_fill_rgb(dr->d, 0, 0, 0);
		print_text(dr->d, PRINT_SANS_BOLD, 11, dr->x, dr->top - 4, PRINT_LEFT, v->title);
		dr->top -= 7;
		dr->used += 7;
		dr->h -= 7;
	}
	if (v->kind == VIEW_GRID)
		board = grid_layout(dr, v);
	else if (v->kind == VIEW_HEXES)
		board = hexes_layout(dr, v);
	else if (v->kind == VIEW_MAP)
		board = map_layout(dr, v);
	dr->ttop = dr->ty = dr->y + dr->h - dr->used + (dr->title ? 7 : 0);
	return board;
}

static void grid_part(void *ctx, enum view_part part)
{
	struct drawing *dr = ctx;
	if (part == VIEW_PART_CELLS)
		print_line_width(dr->d, 0.4);
}

static void grid_cell(void *ctx, size_t i, const struct view_cell *c)
{
	struct drawing *dr = ctx;
	struct print_doc *d = dr->d;
	double cell = dr->cell, cx = dr->gx + c->col * cell, cy = dr->top - (c->row + 1) * cell;
	(void)i;
	print_stroke_rgb(d, 0.25, 0.2, 0.15);
	fill_named(d, dr->v, c->fill);
	print_rect(d, cx + 1, cy + 1, cell - 2, cell - 2, cell * 0.08, PRINT_FILL_STROKE);
	print_fill_rgb(d, 0, 0, 0);
	if (c->label)
		print_text(d, PRINT_SANS_BOLD, cell * 0.9, cx + cell / 2, cy + cell * 0.62,
			   PRINT_CENTER, c->label);
	if (c->caption)
		print_text(d, PRINT_SANS, cell * 0.28, cx + cell / 2, cy + cell * 0.48,
			   PRINT_CENTER, c->caption);
	draw_counters(d, c->counters, cx + cell / 2, cy + cell * 0.18, cell * 0.35);
}

/* The lower-left corner of the box of c's hex. */
static void hex_box_at(const struct drawing *dr, const struct view_cell *c, double *x,
		       double *y)
{
	double bw, bh, px, py;
	print_hex_box(&dr->hx, &bw, &bh);
	print_hex_pos(&dr->hx, c->col, c->row, &px, &py);
	*x = dr->ox + px;
	*y = dr->oy - py - bh;
}

static void hex_centre(const struct drawing *dr, const struct view_cell *c, double *x,
		       double *y)
{
	double bw, bh;
	print_hex_box(&dr->hx, &bw, &bh);
	hex_box_at(dr, c, x, y);
	*x += bw / 2;
	*y += bh / 2;
}

/* The hexes, the lines over them, then the pieces on top. */
static void hexes_part(void *ctx, enum view_part part)
{
	struct drawing *dr = ctx;
	if (part == VIEW_PART_CELLS)
		print_line_width(dr->d, 0.3);
	else if (part == VIEW_PART_LINES)
		print_line_width(dr->d, 0.5);
	else if (part == VIEW_PART_PIECES)
		print_dash(dr->d, 0, 0);
}

static void hexes_cell(void *ctx, size_t i, const struct view_cell *c)
{
	struct drawing *dr = ctx;
	struct print_doc *d = dr->d;
	double bx, by, xy[12], cx, cy;
	(void)i;
	hex_box_at(dr, c, &bx, &by);
	for (int k = 0; k < 6; k++) {
		xy[2 * k] = bx + dr->corners[2 * k];
		xy[2 * k + 1] = by + dr->corners[2 * k + 1];
	}
	fill_named(d, dr->v, c->fill);
	print_stroke_rgb(d, 0.3, 0.3, 0.3);
	print_poly(d, xy, 6, PRINT_FILL_STROKE);
	hex_centre(dr, c, &cx, &cy);
	print_fill_rgb(d, 0, 0, 0);
	if (c->label)
		print_text(d, PRINT_SANS, dr->hx.flat * 0.9, cx, cy - dr->hx.flat * 0.35,
			   PRINT_CENTER, c->label);
}

static void hexes_line(void *ctx, const struct view_line *l, const struct view_cell *from,
		       const struct view_cell *to)
{
	struct drawing *dr = ctx;
	double x1, y1, x2, y2;
	hex_centre(dr, from, &x1, &y1);
	hex_centre(dr, to, &x2, &y2);
	print_stroke_rgb(dr->d, 0.8, 0.1, 0.1);
	print_dash(dr->d, l->dashed ? 1.2 : 0, 0.8);
	print_line(dr->d, x1, y1, x2, y2);
}

static void hexes_piece(void *ctx, const struct view_piece *p, const struct view_cell *on)
{
	struct drawing *dr = ctx;
	struct print_doc *d = dr->d;
	double cx, cy, flat = dr->hx.flat;
	hex_centre(dr, on, &cx, &cy);
	fill_named(d, dr->v, p->fill ? p->fill : "grey");
	print_stroke_rgb(d, 0, 0, 0);
	print_circle(d, cx, cy + flat * 0.08, flat * 0.28, PRINT_FILL_STROKE);
	print_fill_rgb(d, 0, 0, 0);
	if (p->label)
		print_text(d, PRINT_SANS_BOLD, flat * 0.9, cx, cy, PRINT_CENTER, p->label);
}

/* The lines first, under the boxes and circles they join. */
static void map_part(void *ctx, enum view_part part)
{
	struct drawing *dr = ctx;
	if (part == VIEW_PART_LINES) {
		print_line_width(dr->d, 0.3);
		print_stroke_rgb(dr->d, 0.4, 0.4, 0.4);
	} else if (part == VIEW_PART_CELLS) {
		print_dash(dr->d, 0, 0);
	}
}

static void map_line(void *ctx, const struct view_line *l, const struct view_cell *a,
		     const struct view_cell *b)
{
	struct drawing *dr = ctx;
	double s = dr->s;
	print_dash(dr->d, l->dashed ? 1.2 : 0, 0.8);
	print_line(dr->d, dr->ox + (a->x + a->w / 2) * s, dr->oy + (a->y + a->h / 2) * s,
		   dr->ox + (b->x + b->w / 2) * s, dr->oy + (b->y + b->h / 2) * s);
}

static void map_cell(void *ctx, size_t i, const struct view_cell *c)
{
	struct drawing *dr = ctx;
	struct print_doc *d = dr->d;
	double s = dr->s, cx = dr->ox + (c->x + c->w / 2) * s, cy = dr->oy + (c->y + c->h / 2) * s;
	(void)i;
	fill_named(d, dr->v, c->fill);
	print_stroke_rgb(d, 0.2, 0.2, 0.2);
	if (c->round)
		print_circle(d, cx, cy, fmin(c->w, c->h) * s / 2, PRINT_FILL_STROKE);
	else
		print_rect(d, dr->ox + c->x * s, dr->oy + c->y * s, c->w * s, c->h * s, 1,
			   PRINT_FILL_STROKE);
	print_fill_rgb(d, 0, 0, 0);
	if (c->label)
		print_text(d, PRINT_SANS_BOLD, 9, cx, cy, PRINT_CENTER, c->label);
	if (c->caption)
		print_text(d, PRINT_SANS, 6.5, cx, cy - 3.2, PRINT_CENTER, c->caption);
	draw_counters(d, c->counters, cx, cy - 6, 6);
}

/* Every kind: a track as its name and a row of numbered boxes, the
 * marker's gold.  As many boxes as fit at 6 points or more; a track that
 * does not fit on one row goes on in rows of 20, up to 100 boxes. */
static void track(void *ctx, const struct view_track *t)
{
	struct drawing *dr = ctx;
	struct print_doc *d = dr->d;
	double namew = 38, x = dr->x, w = dr->w, y = dr->ty -= 9;
	long long span = (long long)t->max - t->min + 1;
	int fit = (int)fmax(1, (w - namew) / 6), n = span < 1 ? 1 : span > 100 ? 100 : (int)span;
	int per = n <= fit ? n : fit < 20 ? fit : 20;
	double box = fmin(8, fmax(1.6, (w - namew) / per));
	char label[96];

	snprintf(label, sizeof label, "%s %s", t->symbol ? t->symbol : "", t->name);
	print_fill_rgb(d, 0, 0, 0);
	print_text(d, PRINT_SANS_BOLD, 10, x, y + 2.5, PRINT_LEFT, label);
	for (int k = 0; k < n; k++) {
		char num[24];
		double bx = x + namew + (k % per) * box;
		long long shown = view_track_shown(t, k, n);
		bool on = shown == t->value;
		if (k && k % per == 0)
			y = dr->ty -= 9;
		fill_named(d, dr->v, on ? "gold" : NULL);
		print_stroke_rgb(d, 0.3, 0.3, 0.3);
		print_rect(d, bx, y, box - 0.8, 7, 0.8, PRINT_FILL_STROKE);
		print_fill_rgb(d, 0, 0, 0);
		snprintf(num, sizeof num, "%lld", shown);
		print_text(d, on ? PRINT_SANS_BOLD : PRINT_SANS, 8, bx + (box - 0.8) / 2, y + 2.2,
			   PRINT_CENTER, num);
	}
}

/* Every kind: the legend, under the tracks, a swatch and its words a
 * line. */
static void key(void *ctx, const struct view_key *k)
{
	struct drawing *dr = ctx;
	struct print_doc *d = dr->d;
	double y = dr->ty -= 5.5;
	if (k->fill) {
		fill_named(d, dr->v, k->fill);
		print_stroke_rgb(d, 0.3, 0.3, 0.3);
		print_rect(d, dr->x, y, 4, 4, 0.5, PRINT_FILL_STROKE);
	}
	print_fill_rgb(d, 0, 0, 0);
	print_text(d, PRINT_SANS, 8, dr->x + (k->fill ? 6 : 0), y + 1.1, PRINT_LEFT,
		   k->text ? k->text : "");
}

static void end(void *ctx)
{
	struct drawing *dr = ctx;
	dr->used += dr->ttop - dr->ty;
}

double print_view(struct print_doc *d, const struct view *v, double x, double y, double w,
		  double h)
{
	static const struct view_walker grid = {
		.begin = begin, .part = grid_part, .cell = grid_cell, .track = track, .key = key,
		.end = end,
	};
	static const struct view_walker hexes = {
		.begin = begin, .part = hexes_part, .cell = hexes_cell, .line = hexes_line,
		.piece = hexes_piece, .track = track, .key = key, .end = end,
	};
	static const struct view_walker map = {
		.begin = begin, .part = map_part, .cell = map_cell, .line = map_line,
		.track = track, .key = key, .end = end,
	};
	static const struct view_walker tracks = { .begin = begin, .track = track, .key = key,
						   .end = end };
	struct drawing dr = { .d = d, .v = v, .x = x, .y = y, .w = w, .h = h };

	view_walk(v, VIEW_STACKED,
		  v->kind == VIEW_GRID	  ? &grid
		  : v->kind == VIEW_HEXES ? &hexes
		  : v->kind == VIEW_MAP	  ? &map
					  : &tracks,
		  &dr);
	return dr.used;
}
