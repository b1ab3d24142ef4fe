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
	/* Numbers that {XPath} of a numeric attribute gave, read as tpl_num
	 * reads them (tpl-eval.c); filled while drawing, so not const. */
	struct tpl_num_memo *memo;
};

/* A picture embedded in the document, kept so that a deck with the same
 * emblem on every back holds it once. */
struct tpl_image {
	char *path;
	struct print_image *im;
};

/* A string of the template compiled by tpl-expr.c: literal runs and
 * {XPath} expressions, in order, hung on the _private pointer of the
 * attribute (or of the <text> element, for its content) it came from. */
struct tpl_part {
	char *text;              /* the literal, or the expression as written */
	size_t len;
	xmlXPathCompExpr *comp;  /* NULL for a literal */
	struct tpl_q *q;         /* the expression, when it is a simple one */
	struct tpl_fx *fx;       /* or arithmetic or a string lookup (tpl-fast.c) */
	struct tpl_path *path;   /* or a path of child steps (tpl-path.c) */
};

/* A path of child steps by name, each with an optional simple predicate. */
struct tpl_path {
	bool abs;
	size_t n;
	struct {
		char *name;
		struct tpl_q *pred; /* or NULL */
	} *steps;
};

/* Arithmetic of numbers and @attributes, and substring-before/-after and
 * concat of literals and @attributes, read without libxml2 (tpl-fast.c). */
struct tpl_fx {
	enum { TPL_FX_NUM, TPL_FX_ATTR, TPL_FX_NEG, TPL_FX_POS, TPL_FX_ADD, TPL_FX_SUB,
	       TPL_FX_MUL, TPL_FX_DIV, TPL_FX_STR, TPL_FX_CONCAT, TPL_FX_BEFORE,
	       TPL_FX_AFTER, TPL_FX_BOOL, TPL_FX_SELF, TPL_FX_SUBSTR, TPL_FX_VAR,
	       TPL_FX_MOD, TPL_FX_FLOOR, TPL_FX_PATTR, TPL_FX_CMP, TPL_FX_NODES,
	       TPL_FX_NONODES, TPL_FX_STRLEN } op;
	double num;            /* NUM */
	struct tpl_q *q;       /* BOOL: a test, as a number 1 or 0 */
	struct tpl_path *path; /* PATTR: the elements whose attribute s it is */
	/* NODES (a PATTR): it as a string, or a test (not empty); NONODES the
	 * test not(it).  Only as a whole expression. */
	char cmp[3];           /* CMP (a, b): "<", "<=", ">", ">=", "=", "!=" */
	char *s;               /* ATTR, VAR: the name; STR: the literal */
	struct tpl_fx *a, *b;  /* NEG, POS, FLOOR (a), ADD, SUB, MUL, DIV, MOD */
	struct tpl_fx **args;  /* CONCAT, BEFORE, AFTER, SUBSTR (string, start[, length]),
	                          STRLEN (string) */
	size_t nargs;
};

/* The simplest XPath of templates, read without libxml2: @name, its tests
 * against a literal (=, !=), not(), and, or, brackets.  An expression that
 * is anything more has no tpl_q and goes to libxml2. */
struct tpl_q {
	enum { TPL_Q_ATTR, TPL_Q_EQ, TPL_Q_NE, TPL_Q_NOT, TPL_Q_AND, TPL_Q_OR } op;
	char *name;           /* the attribute: ATTR, EQ, NE */
	char *lit;            /* EQ, NE */
	struct tpl_q *a, *b;  /* NOT (a), AND, OR */
};

struct tpl_str {
	struct tpl_part *parts;
	size_t n;
	/* Without XPath: the value (never NULL), and it read as a number and
	 * as a colour, each as tpl_num and tpl_colour would. */
	char *lit;
	bool num_ok, colour_ok, colour_set;
	double num, rgb[3];
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

/* tpl-expr.c */
/* Compile every string of t's drawing and selection (xp is for the
 * compiler's messages, which are dropped: a string that does not compile
 * stays uncompiled); tpl_uncompile frees them again. */
void tpl_compile(struct tpl *t, xmlXPathContext *xp);
void tpl_uncompile(struct tpl *t);
void tpl_str_free(struct tpl_str *s);
/* The compiled string of attribute name of el (NULL if it has none);
 * *present says whether el has that attribute at all. */
const struct tpl_str *tpl_str_of(const xmlNode *el, const char *name, bool *present);
/* The content of a <text> as it is expanded: whitespace of the template
 * one space, <br/> a line break.  Caller frees. */
char *tpl_text_source(const xmlNode *el);
/* Parse expr as a struct tpl_q; NULL when it is not that simple. */
struct tpl_q *tpl_q_parse(const char *expr);
void tpl_q_free(struct tpl_q *q);
/* v as a number of an attribute (decimal, finite, at most 1e6 either way). */
bool tpl_parse_num(const char *v, double *out);

/* tpl-fast.c */
/* expr as a struct tpl_fx (xp reads its number literals); NULL when it is
 * not of that shape. */
struct tpl_fx *tpl_fx_parse(xmlXPathContext *xp, const char *expr);
void tpl_fx_free(struct tpl_fx *f);
/* Whether f gives a number (else a string). */
bool tpl_fx_is_num(const struct tpl_fx *f);
/* f's value at node, its $variables those of xp; -1 when libxml2 must
 * answer (an attribute that is not one plain text, say).  tpl_fx_str appends to out, and leaves it as it was on -1. */
int tpl_fx_num(const struct tpl_fx *f, xmlXPathContext *xp, const xmlNode *node, double *out);
struct sb;
int tpl_fx_str(const struct tpl_fx *f, xmlXPathContext *xp, const xmlNode *node,
	       struct sb *out);
/* A comparison f (op CMP, NODES, NONODES) at node: 1, 0, or -1 when
 * libxml2 must answer. */
int tpl_fx_test(const struct tpl_fx *f, xmlXPathContext *xp, const xmlNode *node);
/* tpl-path.c */
/* expr as a struct tpl_path, or NULL. */
struct tpl_path *tpl_path_parse(const char *expr);
void tpl_path_free(struct tpl_path *p);
/* The nodes p selects at node, in document order, into *v (*n of them;
 * *v grows, *alloc its size); -1 when libxml2 must answer. */
int tpl_path_eval(const struct tpl_path *p, xmlNode *node, xmlNode ***v, size_t *n,
		  size_t *alloc);

/* tpl-eval.c */
struct tpl_num_memo *tpl_num_memo_new(void);
/* @name at node as XPath reads it: 1 with its value in *v, 0 when node has
 * no such attribute, -1 when it is not one plain text (libxml2 reads it). */
int tpl_q_attr(const xmlNode *node, const char *name, const char **v);
/* A simple expression's boolean at node: 1, 0, or -1 to ask libxml2. */
int tpl_q_test(const struct tpl_q *q, const xmlNode *node);
/* The first byte of s that is one of stops, outside quoted XPath literals;
 * NULL if none.  tpl_unquoted(s, "}") ends an expression that starts at s
 * (just after its '{'). */
const char *tpl_unquoted(const char *s, const char *stops);
/* c may go on an XML name as template XPath writes them (no ':'). */
bool tpl_name_char(char c);
/* s as a colour: false if it is none of ours; *set false for "none". */
bool tpl_parse_colour(const char *s, double rgb[3], bool *set);
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
/* Expand a compiled string; NULL on failure. */
char *tpl_expand_str(struct tpl_run *r, const xmlNode *el, xmlNode *node,
		     const struct tpl_str *s);
/* Attribute name of el (test) as a boolean: 1, 0, or -1 on failure. */
int tpl_test_attr(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name);
/* Evaluate attribute name of el (test, select) as one expression. */
xmlXPathObject *tpl_eval_attr(struct tpl_run *r, const xmlNode *el, xmlNode *node,
			      const char *name);
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
