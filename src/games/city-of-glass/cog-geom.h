/* cog-geom.h - City of Glass geometry, exact: sight through book piles in
 * three dimensions, paths of a round base among piles and other bases, and
 * the distances the rules name (docs/rules/city-of-glass.md, City of Glass).
 *
 * Units are inches; (0,0) is the table's south-west corner, z is up from
 * the table.  A pile is a closed axis-aligned box standing on the table.
 * Everything within COG_EPS counts as touching: a sight line that grazes a
 * pile is blocked, a base that grazes a pile touches it (allowed when
 * moving, not when placing).  Nothing here samples: each answer is a
 * closed-form computation on the boxes and discs given.
 */
#ifndef WP_COG_GEOM_H
#define WP_COG_GEOM_H

#include <stdbool.h>
#include <stddef.h>

#define COG_EPS 1e-9

struct cog_xy {
	double x, y;
};

/* A pile: its footprint [x0,x1] x [y0,y1] and its height h (z in [0,h]). */
struct cog_box {
	double x0, y0, x1, y1, h;
};

/* The part [*s0, *s1] of the segment a->b (s = 0 at a, 1 at b) that lies in
 * the closed footprint of box grown by grow on every side; false when the
 * segment misses it. */
bool cog_clip(struct cog_xy a, struct cog_xy b, const struct cog_box *box, double grow,
	      double *s0, double *s1);

/* The heights of the vertical axis at `at` that box hides from an eye at
 * (eye, eye_z): always an interval [0, *hi] (a lower point is seen along a
 * steeper line, so it is hidden whenever a higher one is), or false when
 * the box hides no height.  *hi may exceed any model's top.  The box is
 * grown by COG_EPS, so a line that touches it is hidden. */
bool cog_box_hides(const struct cog_box *box, struct cog_xy eye, double eye_z,
		   struct cog_xy at, double *hi);

/* Does an eye at (eye, eye_z) see some point of the vertical axis at `at`
 * from the table up to top?  The union of the piles' hidden intervals is
 * [0, max hi]; sight exists when that leaves a gap below top.  *hidden,
 * when not NULL, gets max hi (0 when nothing hides anything) and *by the
 * index of the pile that hides most (or n when none does). */
bool cog_sees(const struct cog_box *piles, size_t n, struct cog_xy eye, double eye_z,
	      struct cog_xy at, double top, double *hidden, size_t *by);

/* The distance from p to the closed footprint of box (0 inside it), and
 * between two footprints (0 when they meet). */
double cog_dist_box(struct cog_xy p, const struct cog_box *box);
double cog_dist_boxes(const struct cog_box *a, const struct cog_box *b);

/* The first s in [0, 1] at which the point a + s (b - a) is within r of the
 * footprint of box, or of the point c for cog_first_near_point; -1 when
 * none is.  Exact: a rounded rectangle and a disc against a line. */
double cog_first_near_box(struct cog_xy a, struct cog_xy b, const struct cog_box *box, double r);
double cog_first_near_point(struct cog_xy a, struct cog_xy b, struct cog_xy c, double r);

/* A base of radius r moving along from -> way[0] -> ... -> way[n-1]. */
enum cog_obstacle {
	COG_CLEAR,     /* legal */
	COG_OFF_TABLE, /* a waypoint puts part of the base off the table */
	COG_PILE,      /* the base would cross pile `index` */
	COG_BASE,      /* the base would cross the base `index` of others[] */
};
struct cog_path_verdict {
	enum cog_obstacle what;
	size_t index;       /* which pile or base */
	size_t leg;         /* which leg (0: from -> way[0]) */
	struct cog_xy at;   /* where the base's centre is when it first touches */
	double length;      /* the whole path's length */
};
struct cog_table {
	double w, h;                 /* 36 x 36 by the rules */
	const struct cog_box *piles;
	size_t npiles;
};
/* Check a path: every waypoint keeps the whole base on the table, and the
 * swept base may touch but never cross a pile or another base (others[],
 * each of radius others_r).  Fills *v; returns v->what == COG_CLEAR. */
bool cog_path(const struct cog_table *t, struct cog_xy from, const struct cog_xy *way, size_t n,
	      double r, const struct cog_xy *others, size_t nothers, double others_r,
	      struct cog_path_verdict *v);

/* Is a base of radius r at p wholly on the table? */
bool cog_on_table(const struct cog_table *t, struct cog_xy p, double r);

/* The edge-to-edge distance of two bases (negative when they overlap). */
double cog_base_gap(struct cog_xy a, double ra, struct cog_xy b, double rb);

#endif
