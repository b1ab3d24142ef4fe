/* tpl-eval.c - XPath for templates: evaluation at a node, {XPath}
 * substitution in attributes and text, numbers and colours. */
#include "tpl-int.h"

#include <math.h>
#include <stdarg.h>
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

void tpl_setvar(struct tpl_run *r, const char *name, double v)
{
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

/* The end of the expression that starts at s (just after '{'): the next
 * '}' outside a quoted XPath literal, or NULL. */
static const char *expr_end(const char *s)
{
	char q = 0;
	for (; *s; s++) {
		if (q) {
			if (*s == q)
				q = 0;
		} else if (*s == '"' || *s == '\'') {
			q = *s;
		} else if (*s == '}') {
			return s;
		}
	}
	return NULL;
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
		e = expr_end(s + 1);
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
		e = expr_end(s + 1);
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

char *tpl_attr(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name)
{
	char *raw = xml_attr(el, name), *v;
	if (!raw)
		return NULL;
	v = tpl_expand(r, el, node, raw);
	free(raw);
	return v;
}

int tpl_num(struct tpl_run *r, const xmlNode *el, xmlNode *node, const char *name, double def,
	    double *out)
{
	char *v, *end;
	double x;

	if (r->err)
		return -1;
	if (!xmlHasProp(el, BAD_CAST name)) {
		*out = def;
		return 0;
	}
	v = tpl_attr(r, el, node, name);
	if (!v)
		return -1;
	x = strtod(v, &end);
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	if (end == v || *end || !isfinite(x) || fabs(x) > 1e6) {
		tpl_fail(r, el, "%s='%s' is not a number", name, v);
		free(v);
		return -1;
	}
	free(v);
	*out = x;
	return 0;
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

static int hexdigit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool parse_colour(const char *s, double rgb[3], bool *set)
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
		int hi = hexdigit(s[1 + 2 * k]), lo = hexdigit(s[2 + 2 * k]);
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
	char *v;
	bool ok;

	if (r->err)
		return -1;
	v = xmlHasProp(el, BAD_CAST name) ? tpl_attr(r, el, node, name) : xstrdup(def);
	if (!v)
		return -1;
	ok = parse_colour(v, rgb, set);
	if (!ok)
		tpl_fail(r, el, "%s='%s' is not a colour (#rrggbb, black, white, grey, red, none)",
			 name, v);
	free(v);
	return ok ? 0 : -1;
}
