/* tpl-int.h - what the template loader, evaluator and drawer share.
 * A template is kept as its parsed, validated XML tree and walked at render
 * time: the tree is the program, so there is nothing to translate. */
#ifndef WP_TPL_INT_H
#define WP_TPL_INT_H

#include <libxml/xpath.h>

#include "template.h"

enum tpl_kind { TPL_CARDS, TPL_SHEET, TPL_TILES, TPL_POSTER };

struct tpl {
	char *name;      /* the file, for messages */
	char *dir;       /* its directory: pictures are found from here */
	xmlDoc *doc;
	xmlNode *front, *back;
	xmlNode *select; /* <items select>, or NULL */
	enum tpl_kind kind;
	char *title;
	double w, h, gap;
	bool landscape, poster, overview;
	struct print_hex hex;
};

/* A picture embedded in the document, kept so that a deck with the same
 * emblem on every back holds it once. */
struct tpl_image {
	char *path;
	struct print_image *im;
};

/* One render: the XPath context and where we are. */
struct tpl_run {
	const struct tpl *t;
	struct print_doc *d;
	xmlXPathContext *xp;
	xmlNode **items; /* one per piece, copies repeated */
	size_t nitems;
	double each_i, each_n;
	struct tpl_image *images; /* pictures embedded so far, by path */
	size_t nimages;
	char *err;       /* the first failure; drawing stops once set */
	char *xperr;     /* the last message from libxml2's XPath */
};

/* tpl-eval.c */
void tpl_xpath_errors(xmlXPathContext *xp, struct tpl_run *r);
/* Set the message of r from element el: "FILE:LINE: ..." (first one wins). */
void tpl_fail(struct tpl_run *r, const xmlNode *el, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tpl_setvar(struct tpl_run *r, const char *name, double v);
/* Evaluate expr at node; NULL on failure (r->err set). */
xmlXPathObject *tpl_eval(struct tpl_run *r, const xmlNode *el, xmlNode *node,
			 const char *expr);
/* Expand the {XPath} in s; NULL on failure. */
char *tpl_expand(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *s);
/* Attribute name of el, expanded; NULL when absent or on failure. */
char *tpl_attr(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name);
/* Numbers: def when absent; -1 on failure. */
int tpl_num(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name, double def,
	    double *out);
/* Colours: *set false for none; def ("none" etc.) when absent. */
int tpl_colour(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name,
	       const char *def, double rgb[3], bool *set);
/* Every {...} in s, each passed to fn; for the load-time compile check. */
int tpl_each_expr(const char *s, int (*fn)(void *arg, const char *expr), void *arg);

/* The file an <image src> names, from the template's directory, or NULL
 * with *why set when src is empty, absolute or climbs out with "..". */
char *tpl_image_path(const struct tpl *t, const char *src, const char **why);

/* tpl-draw.c */
/* Draw the children of parent with node as the XPath context node;
 * -1 once r->err is set. */
int tpl_draw(struct tpl_run *r, const xmlNode *parent, xmlNode *node);
/* Forget the pictures of a run (they stay in the document). */
void tpl_images_release(struct tpl_run *r);

#endif
