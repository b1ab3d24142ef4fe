/* cog-geom.c - City of Glass geometry, exact (see cog-geom.h). */
#include <math.h>

#include "cog-geom.h"

bool cog_clip(struct cog_xy a, struct cog_xy b, const struct cog_box *box, double grow,
	      double *s0, double *s1)
{
	const double lo[2] = { box->x0 - grow, box->y0 - grow };
	const double hi[2] = { box->x1 + grow, box->y1 + grow };
	const double p[2] = { a.x, a.y }, d[2] = { b.x - a.x, b.y - a.y };
	double in = 0, out = 1;

	for (int k = 0; k < 2; k++) {
		if (d[k] == 0) {
			if (p[k] < lo[k] || p[k] > hi[k])
				return false;
			continue;
		}
		double t1 = (lo[k] - p[k]) / d[k], t2 = (hi[k] - p[k]) / d[k];
		if (t1 > t2) {
			double t = t1;
			t1 = t2, t2 = t;
		}
		in = fmax(in, t1);
		out = fmin(out, t2);
		if (in > out)
			return false;
	}
	*s0 = in, *s1 = out;
	return true;
}

/* The line from the eye (height ez) to the axis point at height z runs at
 * height ez + s (z - ez) where its footprint is at s.  Inside the box's
 * footprint, s in [s0, s1], its lowest point is at s0 when z >= ez and at
 * s1 when z < ez; that lowest height grows with z (its slope is s0 or s1,
 * never negative) and never drops below 0, so the heights z it keeps at or
 * under the box's top H are exactly the interval [0, hi]. */
bool cog_box_hides(const struct cog_box *box, struct cog_xy eye, double eye_z,
		   struct cog_xy at, double *hi)
{
	const double H = box->h + COG_EPS;
	double s0, s1;

	if (!cog_clip(eye, at, box, COG_EPS, &s0, &s1))
		return false;
	if (eye_z <= H) {
		/* Every axis point at or below the eye is hidden; above it, the
		 * line leaves the footprint at s0 below H while z <= hi. */
		*hi = s0 > 0 ? eye_z + (H - eye_z) / s0 : INFINITY;
		return true;
	}
	/* The eye is above the box: only a line that dives steeply enough
	 * reaches the box before the far side of its footprint (s1). */
	if (s1 <= 0)
		return false;
	*hi = eye_z - (eye_z - H) / s1;
	return *hi >= 0;
}

bool cog_sees(const struct cog_box *piles, size_t n, struct cog_xy eye, double eye_z,
	      struct cog_xy at, double top, double *hidden, size_t *by)
{
	double most = 0, hi;
	size_t who = n;
	for (size_t i = 0; i < n; i++) {
		if (cog_box_hides(&piles[i], eye, eye_z, at, &hi) && (who == n || hi > most))
			most = hi, who = i;
	}
	if (hidden)
		*hidden = most;
	if (by)
		*by = who;
	return who == n || most < top;
}

double cog_dist_box(struct cog_xy p, const struct cog_box *box)
{
	double dx = fmax(fmax(box->x0 - p.x, 0), p.x - box->x1);
	double dy = fmax(fmax(box->y0 - p.y, 0), p.y - box->y1);
	return hypot(dx, dy);
}

double cog_dist_boxes(const struct cog_box *a, const struct cog_box *b)
{
	double dx = fmax(fmax(a->x0 - b->x1, b->x0 - a->x1), 0);
	double dy = fmax(fmax(a->y0 - b->y1, b->y0 - a->y1), 0);
	return hypot(dx, dy);
}

double cog_first_near_point(struct cog_xy a, struct cog_xy b, struct cog_xy c, double r)
{
	double dx = b.x - a.x, dy = b.y - a.y, fx = a.x - c.x, fy = a.y - c.y;
	double A = dx * dx + dy * dy, B = 2 * (dx * fx + dy * fy), C = fx * fx + fy * fy - r * r;
	double disc, s;

	if (C <= 0)
		return 0; /* within r from the start */
	if (A == 0)
		return -1;
	disc = B * B - 4 * A * C;
	if (disc < 0)
		return -1;
	s = (-B - sqrt(disc)) / (2 * A);
	return s >= 0 && s <= 1 ? s : -1;
}

/* The points within r of a footprint form a rounded rectangle: the
 * footprint grown by r across, grown by r along, and a disc of radius r at
 * each corner.  All six are convex, so the segment first meets the union
 * where it first meets any of them. */
double cog_first_near_box(struct cog_xy a, struct cog_xy b, const struct cog_box *box, double r)
{
	const struct cog_box wide = { box->x0 - r, box->y0, box->x1 + r, box->y1, box->h };
	const struct cog_box tall = { box->x0, box->y0 - r, box->x1, box->y1 + r, box->h };
	const struct cog_xy corner[4] = {
		{ box->x0, box->y0 }, { box->x1, box->y0 }, { box->x0, box->y1 }, { box->x1, box->y1 },
	};
	double first = -1, s0, s1, s;

	if (cog_clip(a, b, &wide, 0, &s0, &s1))
		first = s0;
	if (cog_clip(a, b, &tall, 0, &s0, &s1) && (first < 0 || s0 < first))
		first = s0;
	for (int k = 0; k < 4; k++) {
		s = cog_first_near_point(a, b, corner[k], r);
		if (s >= 0 && (first < 0 || s < first))
			first = s;
	}
	return first;
}

bool cog_on_table(const struct cog_table *t, struct cog_xy p, double r)
{
	return p.x >= r - COG_EPS && p.x <= t->w - r + COG_EPS && p.y >= r - COG_EPS &&
	       p.y <= t->h - r + COG_EPS;
}

double cog_base_gap(struct cog_xy a, double ra, struct cog_xy b, double rb)
{
	return hypot(a.x - b.x, a.y - b.y) - ra - rb;
}

static struct cog_xy point_at(struct cog_xy a, struct cog_xy b, double s)
{
	return (struct cog_xy){ a.x + s * (b.x - a.x), a.y + s * (b.y - a.y) };
}

/* The first obstacle the base crosses on the leg a->b: its kind, index and
 * where the base first touches it (which may be before it crosses). */
static bool leg_crosses(const struct cog_table *t, struct cog_xy a, struct cog_xy b, double r,
			const struct cog_xy *others, size_t nothers, double others_r,
			struct cog_path_verdict *v)
{
	double best = 2, s;
	for (size_t i = 0; i < t->npiles; i++) {
		if (cog_first_near_box(a, b, &t->piles[i], r - COG_EPS) < 0)
			continue;
		s = cog_first_near_box(a, b, &t->piles[i], r);
		if (s < best)
			best = s, v->what = COG_PILE, v->index = i;
	}
	for (size_t i = 0; i < nothers; i++) {
		if (cog_first_near_point(a, b, others[i], r + others_r - COG_EPS) < 0)
			continue;
		s = cog_first_near_point(a, b, others[i], r + others_r);
		if (s < best)
			best = s, v->what = COG_BASE, v->index = i;
	}
	if (best > 1)
		return false;
	v->at = point_at(a, b, best);
	return true;
}

bool cog_path(const struct cog_table *t, struct cog_xy from, const struct cog_xy *way, size_t n,
	      double r, const struct cog_xy *others, size_t nothers, double others_r,
	      struct cog_path_verdict *v)
{
	struct cog_xy a = from;
	*v = (struct cog_path_verdict){ .what = COG_CLEAR };
	for (size_t k = 0; k < n; k++)
		v->length += hypot(way[k].x - (k ? way[k - 1].x : from.x),
				   way[k].y - (k ? way[k - 1].y : from.y));
	for (size_t k = 0; k < n; a = way[k++]) {
		v->leg = k;
		if (leg_crosses(t, a, way[k], r, others, nothers, others_r, v))
			return false;
		if (!cog_on_table(t, way[k], r)) {
			v->what = COG_OFF_TABLE;
			v->at = way[k];
			return false;
		}
	}
	return true;
}
