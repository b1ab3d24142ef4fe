/* tpl-expr.c - a template's strings compiled once, when it is loaded.
 *
 * A template is drawn hundreds of times (a turn report per reader, a card
 * per item), and every attribute and text of its drawing is a string that
 * may hold {XPath}.  Taking such a string apart and compiling its XPath at
 * every use cost more than evaluating it, so the loader does it once: each
 * attribute of a drawing element and the content of each <text> gets a
 * struct tpl_str on the node's _private pointer (the application's field
 * in libxml2's nodes; nothing else in wyrmpost uses it).  A string whose
 * value has no XPath also keeps its value read as a number and as a colour.
 *
 * A string that cannot be compiled here (the load-time check lets through
 * only what compiles, but a <text> is checked node by node and drawn from
 * its normalised content) gets nothing, and is drawn as before: from its
 * source, with the same messages. */
#include "tpl-int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "xmlutil.h"

char *tpl_text_source(const xmlNode *el)
{
	struct sb raw = SB_INIT;
	bool space = false;

	for (const xmlNode *c = el->children; c; c = c->next) {
		if (c->type == XML_ELEMENT_NODE) { /* <br/>, the only one allowed */
			sb_addc(&raw, '\n');
			space = false;
			continue;
		}
		if (c->type != XML_TEXT_NODE && c->type != XML_CDATA_SECTION_NODE)
			continue;
		for (const xmlChar *s = c->content; s && *s; s++) {
			if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
				space = raw.len > 0 && raw.buf[raw.len - 1] != '\n';
				continue;
			}
			if (space)
				sb_addc(&raw, ' ');
			space = false;
			sb_addc(&raw, (char)*s);
		}
	}
	return sb_detach(&raw);
}

bool tpl_parse_num(const char *v, double *out)
{
	char *end;
	double x = strtod(v, &end);
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	if (end == v || *end || !isfinite(x) || fabs(x) > 1e6)
		return false;
	*out = x;
	return true;
}

/* --- simple expressions ------------------------------------------------------
 * Most tests of a template are "@kind = 'event' and @mine = 'yes'", and
 * most values "@label"; libxml2 spends more on setting up an evaluation
 * than such a test needs.  This reads exactly that subset of XPath 1.0:
 *
 *   or   := and ('or' and)*         and := prim ('and' prim)*
 *   prim := '(' or ')' | 'not' '(' or ')' | '@' NAME (('=' | '!=') LITERAL)?
 *
 * with XPath's whitespace and literals ('...' or "...", no escapes).  A
 * NAME here is ASCII letters, digits, '_', '-' and '.' (no prefix); anything
 * else, and anything after a complete expression, is not simple. */

struct qparse {
	const char *s;
	bool bad;
};

static void q_space(struct qparse *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
		p->s++;
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-' || c == '.';
}

/* The word w at p, as a whole NAME, skipped; false if it is not there. */
static bool q_word(struct qparse *p, const char *w)
{
	size_t n = strlen(w);
	if (strncmp(p->s, w, n) || name_char(p->s[n]) || p->s[n] == ':')
		return false;
	p->s += n;
	q_space(p);
	return true;
}

static struct tpl_q *q_new(int op, struct tpl_q *a, struct tpl_q *b)
{
	struct tpl_q *q = xcalloc(1, sizeof *q);
	q->op = op;
	q->a = a;
	q->b = b;
	return q;
}

static struct tpl_q *q_or(struct qparse *p);

static struct tpl_q *q_prim(struct qparse *p)
{
	struct tpl_q *q;
	const char *start;
	char quote;

	if (*p->s == '(' || (!strncmp(p->s, "not", 3) && !name_char(p->s[3]))) {
		bool neg = *p->s != '(';
		if (neg) {
			p->s += 3;
			q_space(p);
			if (*p->s != '(') /* a child element called "not" */
				goto bad;
		}
		p->s++;
		q_space(p);
		q = q_or(p);
		if (p->bad || *p->s != ')') {
			tpl_q_free(q);
			goto bad;
		}
		p->s++;
		q_space(p);
		return neg ? q_new(TPL_Q_NOT, q, NULL) : q;
	}
	if (*p->s != '@' || !(name_char(p->s[1]) && !(p->s[1] >= '0' && p->s[1] <= '9') &&
			      p->s[1] != '-' && p->s[1] != '.'))
		goto bad;
	start = ++p->s;
	while (name_char(*p->s))
		p->s++;
	if (*p->s == ':' || *p->s == '(')
		goto bad;
	q = q_new(TPL_Q_ATTR, NULL, NULL);
	q->name = xstrndup(start, (size_t)(p->s - start));
	q_space(p);
	if (*p->s == '=' || (p->s[0] == '!' && p->s[1] == '=')) {
		q->op = *p->s == '=' ? TPL_Q_EQ : TPL_Q_NE;
		p->s += q->op == TPL_Q_EQ ? 1 : 2;
		q_space(p);
		quote = *p->s;
		if ((quote != '\'' && quote != '"') || !(start = strchr(p->s + 1, quote))) {
			tpl_q_free(q);
			goto bad;
		}
		q->lit = xstrndup(p->s + 1, (size_t)(start - p->s - 1));
		p->s = start + 1;
		q_space(p);
	}
	return q;
bad:
	p->bad = true;
	return NULL;
}

static struct tpl_q *q_and(struct qparse *p)
{
	struct tpl_q *q = q_prim(p);
	while (!p->bad && q_word(p, "and")) {
		struct tpl_q *b = q_prim(p);
		q = q_new(TPL_Q_AND, q, b);
	}
	return q;
}

static struct tpl_q *q_or(struct qparse *p)
{
	struct tpl_q *q = q_and(p);
	while (!p->bad && q_word(p, "or")) {
		struct tpl_q *b = q_and(p);
		q = q_new(TPL_Q_OR, q, b);
	}
	return q;
}

struct tpl_q *tpl_q_parse(const char *expr)
{
	struct qparse p = { expr, false };
	struct tpl_q *q;

	q_space(&p);
	q = q_or(&p);
	if (p.bad || *p.s) {
		tpl_q_free(q);
		return NULL;
	}
	return q;
}

void tpl_q_free(struct tpl_q *q)
{
	if (!q)
		return;
	tpl_q_free(q->a);
	tpl_q_free(q->b);
	free(q->name);
	free(q->lit);
	free(q);
}

void tpl_str_free(struct tpl_str *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->parts[i].text);
		xmlXPathFreeCompExpr(s->parts[i].comp);
		tpl_q_free(s->parts[i].q);
		tpl_fx_free(s->parts[i].fx);
		tpl_path_free(s->parts[i].path);
	}
	free(s->parts);
	free(s->lit);
	free(s);
}

static void add_part(struct tpl_str *s, char *text, size_t len, xmlXPathCompExpr *comp)
{
	s->parts = xrealloc(s->parts, (s->n + 1) * sizeof *s->parts);
	s->parts[s->n].text = text;
	s->parts[s->n].len = len;
	s->parts[s->n].comp = comp;
	s->parts[s->n].q = NULL;
	s->parts[s->n].fx = NULL;
	s->parts[s->n].path = NULL;
	s->n++;
}

/* Compile expr into s; false when it does not compile. */
static bool add_expr(struct tpl_str *s, xmlXPathContext *xp, char *expr)
{
	xmlXPathCompExpr *comp = xmlXPathCtxtCompile(xp, BAD_CAST expr);
	if (!comp) {
		free(expr);
		return false;
	}
	add_part(s, expr, strlen(expr), comp);
	s->parts[s->n - 1].q = tpl_q_parse(expr);
	if (!s->parts[s->n - 1].q)
		s->parts[s->n - 1].fx = tpl_fx_parse(xp, expr);
	if (!s->parts[s->n - 1].q && !s->parts[s->n - 1].fx)
		s->parts[s->n - 1].path = tpl_path_parse(expr);
	return true;
}

/* The literal run of src: "{{" and "}}" are braces, a lone "}" itself, as
 * tpl_expand reads them.  Returns where it stopped: at a lone '{' or the end. */
static const char *add_literal(struct tpl_str *s, const char *src)
{
	struct sb lit = SB_INIT;
	size_t len;

	while (*src) {
		if ((src[0] == '{' && src[1] == '{') || (src[0] == '}' && src[1] == '}')) {
			sb_addc(&lit, src[0]);
			src += 2;
			continue;
		}
		if (*src == '{')
			break;
		sb_addc(&lit, *src++);
	}
	len = lit.len;
	if (len)
		add_part(s, sb_detach(&lit), len, NULL);
	else
		sb_release(&lit);
	return src;
}

/* src compiled: a whole XPath expression (test, select), or a string with
 * {XPath} in it; NULL when tpl_expand would fail on it, or it does not
 * compile. */
static struct tpl_str *compile_str(xmlXPathContext *xp, const char *src, bool whole)
{
	struct tpl_str *s = xcalloc(1, sizeof *s);

	if (whole) {
		if (!add_expr(s, xp, xstrdup(src)))
			goto fail;
		return s;
	}
	while (*(src = add_literal(s, src))) {
		const char *e = tpl_unquoted(src + 1, "}");
		if (!e || !add_expr(s, xp, xstrndup(src + 1, (size_t)(e - src - 1))))
			goto fail;
		src = e + 1;
	}
	if (s->n == 0 || (s->n == 1 && !s->parts[0].comp)) {
		/* No XPath: the value is the same at every use. */
		s->lit = s->n ? xstrdup(s->parts[0].text) : xstrdup("");
		s->num_ok = tpl_parse_num(s->lit, &s->num);
		s->colour_ok = tpl_parse_colour(s->lit, s->rgb, &s->colour_set);
	}
	return s;
fail:
	tpl_str_free(s);
	return NULL;
}

/* The attributes of el: test and select are whole expressions, the rest
 * strings with {XPath} in them. */
static void compile_attrs(xmlXPathContext *xp, xmlNode *el)
{
	for (xmlAttr *a = el->properties; a; a = a->next) {
		char *v;
		bool whole;
		if (a->ns)
			continue;
		v = xml_attr(el, (const char *)a->name);
		whole = !strcmp((const char *)a->name, "test") ||
			!strcmp((const char *)a->name, "select");
		a->_private = v ? compile_str(xp, v, whole) : NULL;
		free(v);
	}
}

static void compile_tree(xmlXPathContext *xp, xmlNode *parent)
{
	for (xmlNode *c = parent->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		compile_attrs(xp, c);
		if (xml_is(c, "text")) {
			char *src = tpl_text_source(c);
			c->_private = compile_str(xp, src, false);
			free(src);
		} else {
			compile_tree(xp, c);
		}
	}
}

static void free_attrs(xmlNode *el)
{
	for (xmlAttr *a = el->properties; a; a = a->next) {
		tpl_str_free(a->_private);
		a->_private = NULL;
	}
}

static void free_tree(xmlNode *parent)
{
	for (xmlNode *c = parent->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		free_attrs(c);
		tpl_str_free(c->_private);
		c->_private = NULL;
		free_tree(c);
	}
}

/* Only the drawing and the selection: items are data, braces and all. */
void tpl_compile(struct tpl *t, xmlXPathContext *xp)
{
	if (t->select)
		compile_attrs(xp, t->select);
	if (t->front)
		compile_tree(xp, t->front);
	if (t->back)
		compile_tree(xp, t->back);
}

void tpl_uncompile(struct tpl *t)
{
	if (t->select)
		free_attrs(t->select);
	if (t->front)
		free_tree(t->front);
	if (t->back)
		free_tree(t->back);
}

const struct tpl_str *tpl_str_of(const xmlNode *el, const char *name, bool *present)
{
	for (const xmlAttr *a = el->properties; a; a = a->next)
		if (a->name[0] == (xmlChar)name[0] && !a->ns && !strcmp((const char *)a->name, name)) {
			*present = true;
			return a->_private;
		}
	*present = false;
	return NULL;
}
