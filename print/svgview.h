/* svgview.h - a view (lib/view.h) as SVG, the picture the report PDFs draw
 * (drawview.c), for web pages.  Plain data in, text out: no campaign, no
 * game. */
#ifndef WP_SVGVIEW_H
#define WP_SVGVIEW_H

#include "util.h"
#include "view.h"

/* Append v as one <svg> element, sized by its viewBox so that it scales
 * to the width of whatever holds it.  Its title is the view's. */
void print_view_svg(const struct view *v, struct sb *out);

#endif
