/* tpl-eval.c - XPath for templates: evaluation at a node, {XPath}
 * substitution in attributes and text, numbers and colours. */
#include "tpl-int.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xpathInternals.h>

#include "util.h"
#include "xmlutil.h"

/* libxml2 reports XPath errors through the context's handler; keep the
 * message so the failure can name the template line instead. */
static void keep_xpath_error(void *data, xmlErrorPtr e)
{
	struct tpl_run *r = data;
	if (!e || r->xperr)
		return;
	r->xperr = xstrdup(e->message ? e->message : "error");
	str_trim(r->xperr);
}

void tpl_xpath_errors(xmlXPathContext *xp, struct tpl_run *r)
{
	xp->error = keep_xpath_error;
	xp->userData = r;
}

void tpl_fail(struct tpl_run *r, const xmlNode *el, const char *fmt, ...)
{
	va_list ap;
	char *msg;
	if (r->err)
		return;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	r->err = xasprintf("%s:%ld: %s", r->t->name, el ? xmlGetLineNo(el) : 0L, msg);
	free(msg);
}

/* $i and $n change at every step of an <each>: the number registered
 * before is changed in place, for libxml2 hands out copies of it
 * (xmlXPathVariableLookup), never the object itself. */
void tpl_setvar(struct tpl_run *r, const char *name, double v)
{
	xmlXPathObject *old = r->xp->varHash ? xmlHashLookup(r->xp->varHash, BAD_CAST name) : NULL;

	if (old && old->type == XPATH_NUMBER) {
		old->floatval = v;
		return;
	}
	xmlXPathRegisterVariable(r->xp, BAD_CAST name, xmlXPathNewFloat(v));
}

xmlXPathObject *tpl_eval(struct tpl_run *r, const xmlNode *el, xmlNode *node,
			 const char *expr)
{
	xmlXPathCompExpr *comp;
	xmlXPathObject *obj = NULL;

	if (r->err)
		return NULL;
	free(r->xperr);
	r->xperr = NULL;
	r->xp->node = node;
	comp = xmlXPathCtxtCompile(r->xp, BAD_CAST expr);
	if (comp) {
		obj = xmlXPathCompiledEval(comp, r->xp);
		xmlXPathFreeCompExpr(comp);
	}
	if (!obj)
		tpl_fail(r, el, "XPath '%s': %s", expr, r->xperr ? r->xperr : "cannot evaluate");
	return obj;
}

/* tpl_eval of an expression compiled at load (expr is its source, for the
 * message). */
static xmlXPathObject *eval_part(struct tpl_run *r, const xmlNode *el, xmlNode *node,
				 const struct tpl_part *p)
{
	xmlXPathObject *obj;

	if (r->err)
		return NULL;
	free(r->xperr);
	r->xperr = NULL;
	r->xp->node = node;
	obj = xmlXPathCompiledEval(p->comp, r->xp);
	if (!obj)
		tpl_fail(r, el, "XPath '%s': %s", p->text, r->xperr ? r->xperr : "cannot evaluate");
	return obj;
}

/* -1 for entity references in a parsed document, say. */
int tpl_q_attr(const xmlNode *node, const char *name, const char **v)
{
	if (!node || node->type != XML_ELEMENT_NODE)
		return 0; /* no attribute axis */
	for (const xmlAttr *a = node->properties; a; a = a->next) {
		if (a->ns || a->name[0] != (xmlChar)name[0] || strcmp((const char *)a->name, name))
			continue;
		if (!a->children) {
			*v = "";
			return 1;
		}
		if (a->children->type != XML_TEXT_NODE || a->children->next)
			return -1;
		*v = a->children->content ? (const char *)a->children->content : "";
		return 1;
	}
	return 0;
}

int tpl_q_test(const struct tpl_q *q, const xmlNode *node)
{
	const char *v;
	int a, b;

	switch (q->op) {
	case TPL_Q_ATTR: /* a node-set: true when not empty */
		return tpl_q_attr(node, q->name, &v);
	case TPL_Q_EQ:
	case TPL_Q_NE:
		if ((a = tpl_q_attr(node, q->name, &v)) <= 0)
			return a; /* an empty node-set equals nothing, nor differs */
		return (strcmp(v, q->lit) == 0) == (q->op == TPL_Q_EQ);
	case TPL_Q_NOT:
		a = tpl_q_test(q->a, node);
		return a < 0 ? -1 : !a;
	case TPL_Q_AND:
	case TPL_Q_OR:
		if ((a = tpl_q_test(q->a, node)) < 0)
			return -1;
		if (a == (q->op == TPL_Q_OR))
			return a;
		b = tpl_q_test(q->b, node);
		return b;
	}
	return -1;
}

int tpl_test_attr(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name)
{
	bool present;
	const struct tpl_str *s = tpl_str_of(el, name, &present);
	xmlXPathObject *obj;
	int yes;

	if (r->err)
		return -1;
	if (s && s->n == 1 && s->parts[0].q && (yes = tpl_q_test(s->parts[0].q, node)) >= 0)
		return yes;
	if (s && s->n == 1 && s->parts[0].fx &&
	    (yes = tpl_fx_test(s->parts[0].fx, r->xp, node)) >= 0)
		return yes;
	if (!(obj = tpl_eval_attr(r, el, node, name)))
		return -1;
	yes = xmlXPathCastToBoolean(obj);
	xmlXPathFreeObject(obj);
	return yes;
}

xmlXPathObject *tpl_eval_attr(struct tpl_run *r, const xmlNode *el, xmlNode *node,
			      const char *name)
{
	bool present;
	const struct tpl_str *s = tpl_str_of(el, name, &present);
	xmlXPathObject *obj;
	char *v;

	if (s && s->n == 1 && s->parts[0].comp)
		return eval_part(r, el, node, &s->parts[0]);
	v = xml_attr(el, name);
	obj = tpl_eval(r, el, node, v);
	free(v);
	return obj;
}

const char *tpl_unquoted(const char *s, const char *stops)
{
	char q = 0;
	for (; *s; s++) {
		if (q) {
			if (*s == q)
				q = 0;
		} else if (*s == '"' || *s == '\'') {
			q = *s;
		} else if (strchr(stops, *s)) {
			return s;
		}
	}
	return NULL;
}

bool tpl_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-' || c == '.';
}

int tpl_each_expr(const char *s, int (*fn)(void *arg, const char *expr), void *arg)
{
	while (*s) {
		const char *e;
		char *expr;
		int rc;
		if ((s[0] == '{' && s[1] == '{') || (s[0] == '}' && s[1] == '}')) {
			s += 2;
			continue;
		}
		if (*s != '{') {
			s++;
			continue;
		}
		e = tpl_unquoted(s + 1, "}");
		if (!e)
			return fn(arg, NULL);
		expr = xstrndup(s + 1, (size_t)(e - s - 1));
		rc = fn(arg, expr);
		free(expr);
		if (rc)
			return rc;
		s = e + 1;
	}
	return 0;
}

char *tpl_expand(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *s)
{
	struct sb out = SB_INIT;

	if (!strchr(s, '{') && !strchr(s, '}'))
		return xstrdup(s);
	while (*s) {
		const char *e;
		char *expr;
		xmlXPathObject *obj;
		xmlChar *str;

		if ((s[0] == '{' && s[1] == '{') || (s[0] == '}' && s[1] == '}')) {
			sb_addc(&out, s[0]);
			s += 2;
			continue;
		}
		if (*s != '{') {
			sb_addc(&out, *s++);
			continue;
		}
		e = tpl_unquoted(s + 1, "}");
		if (!e) {
			tpl_fail(r, el, "'{' without '}' in '%s'", s);
			sb_release(&out);
			return NULL;
		}
		expr = xstrndup(s + 1, (size_t)(e - s - 1));
		obj = tpl_eval(r, el, node, expr);
		free(expr);
		if (!obj) {
			sb_release(&out);
			return NULL;
		}
		str = xmlXPathCastToString(obj);
		sb_adds(&out, (const char *)str);
		xmlFree(str);
		xmlXPathFreeObject(obj);
		s = e + 1;
	}
	return sb_detach(&out);
}

/* The string value of obj added to out, as xmlXPathCastToString gives it
 * but without its copy when obj is a string already. */
static void add_value(struct sb *out, xmlXPathObject *obj)
{
	xmlChar *str;
	if (obj->type == XPATH_STRING && obj->stringval) {
		sb_adds(out, (const char *)obj->stringval);
		return;
	}
	str = xmlXPathCastToString(obj);
	sb_adds(out, (const char *)str);
	xmlFree(str);
}

/* The value of a tpl_fx expression at node added to out, as add_value
 * would add libxml2's; -1 (out unchanged) when libxml2 must answer. */
static int add_fx(struct sb *out, const struct tpl_fx *f, xmlXPathContext *xp,
		  const xmlNode *node)
{
	xmlChar *str;
	double x;

	if (!tpl_fx_is_num(f))
		return tpl_fx_str(f, xp, node, out);
	if (tpl_fx_num(f, xp, node, &x))
		return -1;
	str = xmlXPathCastNumberToString(x);
	sb_adds(out, (const char *)str);
	xmlFree(str);
	return 0;
}

char *tpl_expand_str(struct tpl_run *r, const xmlNode *el, xmlNode *node,
		     const struct tpl_str *s)
{
	struct sb out = SB_INIT;

	if (s->lit)
		return xstrdup(s->lit);
	for (size_t i = 0; i < s->n; i++) {
		const struct tpl_part *p = &s->parts[i];
		xmlXPathObject *obj;
		const char *v;
		if (!p->comp) {
			sb_add(&out, p->text, p->len);
			continue;
		}
		if (p->q && p->q->op == TPL_Q_ATTR && !r->err) {
			int found = tpl_q_attr(node, p->q->name, &v);
			if (found >= 0) {
				sb_adds(&out, found ? v : "");
				continue;
			}
		}
		if (p->fx && !r->err && add_fx(&out, p->fx, r->xp, node) == 0)
			continue;
		if (!(obj = eval_part(r, el, node, p))) {
			sb_release(&out);
			return NULL;
		}
		add_value(&out, obj);
		xmlXPathFreeObject(obj);
	}
	return sb_detach(&out);
}

char *tpl_attr(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name)
{
	bool present;
	const struct tpl_str *s = tpl_str_of(el, name, &present);
	char *raw, *v;

	if (!present)
		return NULL;
	if (s)
		return tpl_expand_str(r, el, node, s);
	if (!(raw = xml_attr(el, name)))
		return NULL;
	v = tpl_expand(r, el, node, raw);
	free(raw);
	return v;
}

/* A numeric attribute that is one {XPath} giving a number v is read from
 * v's XPath string, as libxml2 writes it: "12.5", "1e-07", "NaN".  Writing
 * and reading it back costs more than the evaluation, and the same numbers
 * come back at every piece and every report, so the outcome is kept per
 * template, by v's bits: the same value, to the bit, as reading it. */
#define MEMO_BITS 10

struct tpl_num_memo {
	struct {
		uint64_t bits;
		double x;
		bool used, ok;
	} e[1 << MEMO_BITS];
};

struct tpl_num_memo *tpl_num_memo_new(void)
{
	return xcalloc(1, sizeof(struct tpl_num_memo));
}

/* v as tpl_num would read its XPath string; false when that is not a
 * number it takes (the caller then says why, from the string). */
static bool memo_num(struct tpl_num_memo *m, double v, double *out)
{
	uint64_t bits;
	size_t h;
	xmlChar *str;

	memcpy(&bits, &v, sizeof bits);
	h = (size_t)((bits * 0x9E3779B97F4A7C15ULL) >> (64 - MEMO_BITS));
	if (!m->e[h].used || m->e[h].bits != bits) {
		str = xmlXPathCastNumberToString(v);
		m->e[h].ok = tpl_parse_num((const char *)str, &m->e[h].x);
		xmlFree(str);
		m->e[h].bits = bits;
		m->e[h].used = true;
	}
	*out = m->e[h].x;
	return m->e[h].ok;
}

/* v as a number of attribute name, or -1 with a message. */
static int read_num(struct tpl_run *r, const xmlNode *el, const char *name, const char *v,
		    double *out)
{
	if (tpl_parse_num(v, out))
		return 0;
	tpl_fail(r, el, "%s='%s' is not a number", name, v);
	return -1;
}

/* tpl_num of an attribute that is one compiled {XPath}. */
static int num_of_expr(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name,
		       const struct tpl_part *p, double *out)
{
	xmlXPathObject *obj;
	const char *v;
	xmlChar *str;
	double x;
	int rc;

	if (p->q && p->q->op == TPL_Q_ATTR && (rc = tpl_q_attr(node, p->q->name, &v)) >= 0)
		return read_num(r, el, name, rc ? v : "", out);
	if (p->fx && tpl_fx_is_num(p->fx) && tpl_fx_num(p->fx, r->xp, node, &x) == 0) {
		if (memo_num(r->t->memo, x, out))
			return 0;
		str = xmlXPathCastNumberToString(x);
		rc = read_num(r, el, name, (const char *)str, out);
		xmlFree(str);
		return rc;
	}
	if (p->fx && !tpl_fx_is_num(p->fx)) {
		struct sb sv = SB_INIT;
		if (tpl_fx_str(p->fx, r->xp, node, &sv) == 0) {
			rc = read_num(r, el, name, sb_str(&sv), out);
			sb_release(&sv);
			return rc;
		}
		sb_release(&sv); /* a fallback may leave a buffer behind */
	}
	if (!(obj = eval_part(r, el, node, p)))
		return -1;
	if (obj->type == XPATH_NUMBER && memo_num(r->t->memo, obj->floatval, out)) {
		xmlXPathFreeObject(obj);
		return 0;
	}
	str = xmlXPathCastToString(obj);
	xmlXPathFreeObject(obj);
	rc = read_num(r, el, name, (const char *)str, out);
	xmlFree(str);
	return rc;
}

int tpl_num(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name, double def,
	    double *out)
{
	const struct tpl_str *s;
	bool present;
	char *v;
	int rc;

	if (r->err)
		return -1;
	s = tpl_str_of(el, name, &present);
	if (!present) {
		*out = def;
		return 0;
	}
	if (s && s->lit && s->num_ok) {
		*out = s->num;
		return 0;
	}
	if (s && s->n == 1 && s->parts[0].comp && r->t->memo)
		return num_of_expr(r, el, node, name, &s->parts[0], out);
	v = tpl_attr(r, el, node, name);
	if (!v)
		return -1;
	rc = read_num(r, el, name, v, out);
	free(v);
	return rc;
}

static const struct {
	const char *name;
	double rgb[3];
} named[] = {
	{ "black", { 0, 0, 0 } },
	{ "white", { 1, 1, 1 } },
	{ "grey", { 0.5, 0.5, 0.5 } },
	{ "gray", { 0.5, 0.5, 0.5 } },
	{ "red", { 0.8, 0, 0 } }, /* the red of the suits */
};

bool tpl_parse_colour(const char *s, double rgb[3], bool *set)
{
	*set = false;
	if (!strcmp(s, "none"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(named); i++)
		if (!strcmp(s, named[i].name)) {
			memcpy(rgb, named[i].rgb, sizeof named[i].rgb);
			*set = true;
			return true;
		}
	if (s[0] != '#' || strlen(s) != 7)
		return false;
	for (int k = 0; k < 3; k++) {
		int hi = hex_digit(s[1 + 2 * k]), lo = hex_digit(s[2 + 2 * k]);
		if (hi < 0 || lo < 0)
			return false;
		rgb[k] = (hi * 16 + lo) / 255.0;
	}
	*set = true;
	return true;
}

int tpl_colour(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name,
	       const char *def, double rgb[3], bool *set)
{
	const struct tpl_str *s;
	bool ok, present;
	char *v;

	if (r->err)
		return -1;
	s = tpl_str_of(el, name, &present);
	if (s && s->lit && s->colour_ok) {
		*set = s->colour_set;
		if (*set)
			memcpy(rgb, s->rgb, sizeof s->rgb);
		return 0;
	}
	v = present ? tpl_attr(r, el, node, name) : xstrdup(def);
	if (!v)
		return -1;
	ok = tpl_parse_colour(v, rgb, set);
	if (!ok)
		tpl_fail(r, el, "%s='%s' is not a colour (#rrggbb, black, white, grey, red, none)",
			 name, v);
	free(v);
	return ok ? 0 : -1;
}
