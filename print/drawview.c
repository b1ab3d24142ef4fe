/* drawview.c - drawing views: grids, hex maps, box maps, tracks.
 * See report-pdf.h.  Every kind is drawn the same way for every game. */
#include "report-pdf.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

static const struct {
	const char *name;
	double rgb[3];
} colours[] = {
	{ "gold", { 1.00, 0.89, 0.55 } },  { "water", { 0.70, 0.84, 0.96 } },
	{ "grass", { 0.78, 0.90, 0.68 } }, { "mountain", { 0.75, 0.72, 0.68 } },
	{ "power", { 0.96, 0.80, 0.90 } }, { "den", { 0.94, 0.86, 0.76 } },
	{ "red", { 0.93, 0.35, 0.30 } },   { "blue", { 0.30, 0.50, 0.90 } },
	{ "green", { 0.30, 0.70, 0.35 } }, { "yellow", { 0.95, 0.85, 0.25 } },
	{ "purple", { 0.60, 0.40, 0.80 } }, { "black", { 0.20, 0.20, 0.20 } },
	{ "grey", { 0.85, 0.85, 0.85 } },
	/* Heights, light to dark: a pile of 1 to 6 books. */
	{ "shade1", { 0.90, 0.90, 0.88 } }, { "shade2", { 0.82, 0.82, 0.79 } },
	{ "shade3", { 0.74, 0.74, 0.70 } }, { "shade4", { 0.66, 0.66, 0.61 } },
	{ "shade5", { 0.58, 0.58, 0.52 } }, { "shade6", { 0.50, 0.50, 0.43 } },
};

void print_view_colour(const char *name, double rgb[3])
{
	rgb[0] = rgb[1] = rgb[2] = 1.0;
	for (size_t i = 0; name && i < ARRAY_SIZE(colours); i++)
		if (!strcmp(colours[i].name, name))
			memcpy(rgb, colours[i].rgb, sizeof colours[i].rgb);
}

static void fill_named(struct print_doc *d, const char *name)
{
	double c[3];
	print_view_colour(name, c);
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

static double draw_grid(struct print_doc *d, const struct view *v, double x, double top,
			double w, double h)
{
	double cell = fmin(w / v->cols, h / v->rows), gx = x + (w - cell * v->cols) / 2;
	print_line_width(d, 0.4);
	for (size_t i = 0; i < v->ncells; i++) {
		const struct view_cell *c = &v->cells[i];
		double cx = gx + c->col * cell, cy = top - (c->row + 1) * cell;
		print_stroke_rgb(d, 0.25, 0.2, 0.15);
		fill_named(d, c->fill);
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
	return cell * v->rows;
}

static void hex_centre(const struct print_hex *hx, const struct view_cell *c, double ox,
		       double oy, double *x, double *y)
{
	double bw, bh, px, py;
	print_hex_box(hx, &bw, &bh);
	print_hex_pos(hx, c->col, c->row, &px, &py);
	*x = ox + px + bw / 2;
	*y = oy + py + bh / 2;
}

static double draw_hexes(struct print_doc *d, const struct view *v, double x, double top,
			 double w, double h)
{
	struct print_hex unit = { PRINT_HEX_POINTY, 10, 0 }, hx;
	double gw, gh, s, ox, oy, corners[12];
	print_hex_grid_size(&unit, v->cols, v->rows, &gw, &gh);
	s = fmin(w / gw, h / gh);
	hx = unit;
	hx.flat *= s;
	print_hex_grid_size(&hx, v->cols, v->rows, &gw, &gh);
	ox = x + (w - gw) / 2;
	oy = top - gh;
	print_hex_corners(&hx, corners);
	print_line_width(d, 0.3);
	for (size_t i = 0; i < v->ncells; i++) {
		const struct view_cell *c = &v->cells[i];
		double px, py, xy[12], cx, cy;
		print_hex_pos(&hx, c->col, c->row, &px, &py);
		for (int k = 0; k < 6; k++) {
			xy[2 * k] = ox + px + corners[2 * k];
			xy[2 * k + 1] = oy + py + corners[2 * k + 1];
		}
		fill_named(d, c->fill);
		print_stroke_rgb(d, 0.3, 0.3, 0.3);
		print_poly(d, xy, 6, PRINT_FILL_STROKE);
		hex_centre(&hx, c, ox, oy, &cx, &cy);
		print_fill_rgb(d, 0, 0, 0);
		if (c->label)
			print_text(d, PRINT_SANS, hx.flat * 0.9, cx, cy - hx.flat * 0.35,
				   PRINT_CENTER, c->label);
	}
	print_line_width(d, 0.5);
	for (size_t i = 0; i < v->nlines; i++) {
		double x1, y1, x2, y2;
		hex_centre(&hx, &v->cells[v->lines[i].from], ox, oy, &x1, &y1);
		hex_centre(&hx, &v->cells[v->lines[i].to], ox, oy, &x2, &y2);
		print_stroke_rgb(d, 0.8, 0.1, 0.1);
		print_dash(d, v->lines[i].dashed ? 1.2 : 0, 0.8);
		print_line(d, x1, y1, x2, y2);
	}
	print_dash(d, 0, 0);
	for (size_t i = 0; i < v->npieces; i++) {
		double cx, cy;
		hex_centre(&hx, &v->cells[v->pieces[i].cell], ox, oy, &cx, &cy);
		fill_named(d, v->pieces[i].fill ? v->pieces[i].fill : "grey");
		print_stroke_rgb(d, 0, 0, 0);
		print_circle(d, cx, cy + hx.flat * 0.08, hx.flat * 0.28, PRINT_FILL_STROKE);
		print_fill_rgb(d, 0, 0, 0);
		if (v->pieces[i].label)
			print_text(d, PRINT_SANS_BOLD, hx.flat * 0.9, cx, cy, PRINT_CENTER,
				   v->pieces[i].label);
	}
	return gh;
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

static double draw_map(struct print_doc *d, const struct view *v, double x, double top,
		       double w, double h)
{
	double under = v->unit ? 14 : 0;
	double s = fmin(w / (v->w > 0 ? v->w : 1), (h - under) / (v->h > 0 ? v->h : 1));
	double ox = x + (w - v->w * s) / 2, oy = top - v->h * s;
	if (v->unit) {
		print_stroke_rgb(d, 0.2, 0.2, 0.2);
		print_line_width(d, 0.6);
		print_rect(d, ox, oy, v->w * s, v->h * s, 1, PRINT_STROKE);
		draw_scale(d, v, ox, oy - 8, s);
	}
	print_line_width(d, 0.3);
	print_stroke_rgb(d, 0.4, 0.4, 0.4);
	for (size_t i = 0; i < v->nlines; i++) {
		const struct view_cell *a = &v->cells[v->lines[i].from];
		const struct view_cell *b = &v->cells[v->lines[i].to];
		print_dash(d, v->lines[i].dashed ? 1.2 : 0, 0.8);
		print_line(d, ox + (a->x + a->w / 2) * s, oy + (a->y + a->h / 2) * s,
			   ox + (b->x + b->w / 2) * s, oy + (b->y + b->h / 2) * s);
	}
	print_dash(d, 0, 0);
	for (size_t i = 0; i < v->ncells; i++) {
		const struct view_cell *c = &v->cells[i];
		double cx = ox + (c->x + c->w / 2) * s, cy = oy + (c->y + c->h / 2) * s;
		fill_named(d, c->fill);
		print_stroke_rgb(d, 0.2, 0.2, 0.2);
		if (c->round)
			print_circle(d, cx, cy, fmin(c->w, c->h) * s / 2, PRINT_FILL_STROKE);
		else
			print_rect(d, ox + c->x * s, oy + c->y * s, c->w * s, c->h * s, 1,
				   PRINT_FILL_STROKE);
		print_fill_rgb(d, 0, 0, 0);
		if (c->label)
			print_text(d, PRINT_SANS_BOLD, 9, cx, cy, PRINT_CENTER, c->label);
		if (c->caption)
			print_text(d, PRINT_SANS, 6.5, cx, cy - 3.2, PRINT_CENTER, c->caption);
		draw_counters(d, c->counters, cx, cy - 6, 6);
	}
	return v->h * s + under;
}

static double draw_tracks(struct print_doc *d, const struct view *v, double x, double top,
			  double w)
{
	double row = 9, namew = 38, y = top;
	for (size_t i = 0; i < v->ntracks; i++) {
		const struct view_track *t = &v->tracks[i];
		/* As many boxes as fit at 6 points or more; a value beyond
		 * the boxes drawn shows in the end box it passed, so a state
		 * with any value at all draws. */
		long long span = (long long)t->max - t->min + 1;
		int fit = (int)fmax(1, (w - namew) / 6), n = span < 1 ? 1 : span > fit ? fit : (int)span;
		double box = fmin(8, fmax(1.6, (w - namew) / n));
		long long last = (long long)t->min + n - 1;
		char label[96];
		y -= row;
		snprintf(label, sizeof label, "%s %s", t->symbol ? t->symbol : "", t->name);
		print_fill_rgb(d, 0, 0, 0);
		print_text(d, PRINT_SANS_BOLD, 10, x, y + 2.5, PRINT_LEFT, label);
		for (int k = 0; k < n; k++) {
			char num[24];
			double bx = x + namew + k * box;
			long long shown = (long long)t->min + k;
			if (k == n - 1 && t->value > last)
				shown = t->value;
			else if (k == 0 && t->value < t->min)
				shown = t->value;
			bool on = shown == t->value;
			fill_named(d, on ? "gold" : NULL);
			print_stroke_rgb(d, 0.3, 0.3, 0.3);
			print_rect(d, bx, y, box - 0.8, 7, 0.8, PRINT_FILL_STROKE);
			print_fill_rgb(d, 0, 0, 0);
			snprintf(num, sizeof num, "%lld", shown);
			print_text(d, on ? PRINT_SANS_BOLD : PRINT_SANS, 8, bx + (box - 0.8) / 2,
				   y + 2.2, PRINT_CENTER, num);
		}
	}
	return top - y;
}

double print_view(struct print_doc *d, const struct view *v, double x, double y, double w,
		  double h)
{
	double top = y + h, used = 0;
	if (v->title) {
		print_fill_rgb(d, 0, 0, 0);
		print_text(d, PRINT_SANS_BOLD, 11, x, top - 4, PRINT_LEFT, v->title);
		top -= 7;
		used += 7;
		h -= 7;
	}
	switch (v->kind) {
	case VIEW_GRID:
		if (v->cols > 0 && v->rows > 0)
			used += draw_grid(d, v, x, top, w, h);
		break;
	case VIEW_HEXES:
		if (v->cols > 0 && v->rows > 0)
			used += draw_hexes(d, v, x, top, w, h);
		break;
	case VIEW_MAP:
		used += draw_map(d, v, x, top, w, h);
		break;
	case VIEW_TRACKS:
		break;
	}
	if (v->ntracks)
		used += draw_tracks(d, v, x, y + h - used + (v->title ? 7 : 0), w);
	return used;
}
