/* tpl-fast.c - the commoner shapes of template XPath answered without
 * libxml2.
 *
 * The map templates colour each hex with a table lookup written in XPath,
 *   substring-before(substring-after('|grass=#bcdc8f|...|', concat('|', @fill, '=')), '|')
 * and place it with arithmetic such as 58 + 10.3923 * @x - 3.5.  Each is a
 * pure function of the node's attributes, yet libxml2 spends thousands of
 * cycles on it (a parser context, objects for every value, a node-set for
 * every @).  This reads exactly these subsets at load:
 *
 *   num  := mul (('+' | '-') mul)*        mul := neg (('*' | 'div' | 'mod') neg)*
 *   neg  := '-'* prim
 *   prim := NUMBER | '@' NAME | '$' NAME | path '/@' NAME (path: tpl-path.c)
 *         | '(' num ')' | 'floor' '(' num ')' | '(' q ')' (a tpl_q test: 1 or 0)
 *         | 'string-length' '(' sarg ')'
 *   test := num ('<' | '<=' | '>' | '>=' | '=' | '!=') num   (test= only)
 *         | path '/@' NAME | 'not(' path '/@' NAME ')'   (the latter test= only)
 *   str  := ('substring-before' | 'substring-after') '(' sarg ',' sarg ')'
 *         | 'concat' '(' sarg (',' sarg)+ ')' | 'substring' '(' sarg ',' num (',' num)? ')'
 *   sarg := str | LITERAL | '@' NAME | '.'
 *
 * and answers them as libxml2 does, to the bit: numbers are doubles
 * combined in the same order (each result stored, so that no compiler
 * fuses a multiply and an add into one rounding), a literal's value is the
 * one libxml2's compiler gives it, an attribute's value is read by
 * libxml2's own xmlXPathStringEvalNumber, and strings are searched bytewise
 * as xmlStrstr does (the empty string is found at the start).  Some are
 * answered only where XPath has no edge case to get wrong: substring()
 * when its numbers are whole (no rounding), '.' at an element of one text
 * or none, mod of finite numbers by one not 0 (fmod, as libxml2), $name
 * when it is a number registered in the context, comparisons when
 * neither side is a path/@name (any of its nodes may match) nor, for =
 * and !=, a lone @name (an empty node-set differs from nothing).  Anything else, and an attribute that is not one plain text,
 * goes to libxml2. */
#include "tpl-int.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/hash.h>
#include <libxml/xpathInternals.h>

#include "util.h"

struct fparse {
	const char *s;
	xmlXPathContext *xp; /* reads the values of number literals */
	bool bad;
};

static void f_space(struct fparse *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
		p->s++;
}

static struct tpl_fx *fx_new(int op)
{
	struct tpl_fx *f = xcalloc(1, sizeof *f);
	f->op = op;
	return f;
}

void tpl_fx_free(struct tpl_fx *f)
{
	if (!f)
		return;
	tpl_fx_free(f->a);
	tpl_fx_free(f->b);
	tpl_q_free(f->q);
	tpl_path_free(f->path);
	for (size_t i = 0; i < f->nargs; i++)
		tpl_fx_free(f->args[i]);
	free(f->args);
	free(f->s);
	free(f);
}

static struct tpl_fx *bad(struct fparse *p, struct tpl_fx *f)
{
	tpl_fx_free(f);
	p->bad = true;
	return NULL;
}

/* '@' NAME at p: an unprefixed attribute name that starts as an NCName. */
static struct tpl_fx *f_attr(struct fparse *p)
{
	const char *start = p->s + 1;
	struct tpl_fx *f;

	if (!tpl_name_char(*start) || (*start >= '0' && *start <= '9') || *start == '-' ||
	    *start == '.')
		return bad(p, NULL);
	p->s = start;
	while (tpl_name_char(*p->s))
		p->s++;
	if (*p->s == ':' || *p->s == '(' || (unsigned char)*p->s >= 0x80)
		return bad(p, NULL);
	f = fx_new(TPL_FX_ATTR);
	f->s = xstrndup(start, (size_t)(p->s - start));
	f_space(p);
	return f;
}

/* A number literal, its value as libxml2's compiler reads it. */
static struct tpl_fx *f_number(struct fparse *p)
{
	const char *start = p->s;
	xmlXPathCompExpr *comp;
	xmlXPathObject *obj;
	struct tpl_fx *f;
	char *lit;

	while (*p->s >= '0' && *p->s <= '9')
		p->s++;
	if (*p->s == '.') {
		p->s++;
		while (*p->s >= '0' && *p->s <= '9')
			p->s++;
	}
	/* no exponents (libxml2 reads them, XPath does not), nothing glued on */
	if (tpl_name_char(*p->s) || *p->s == ':' || (unsigned char)*p->s >= 0x80)
		if (*p->s != '-')
			return bad(p, NULL);
	lit = xstrndup(start, (size_t)(p->s - start));
	comp = xmlXPathCtxtCompile(p->xp, BAD_CAST lit);
	free(lit);
	obj = comp ? xmlXPathCompiledEval(comp, p->xp) : NULL;
	xmlXPathFreeCompExpr(comp);
	if (!obj || obj->type != XPATH_NUMBER) {
		xmlXPathFreeObject(obj);
		return bad(p, NULL);
	}
	f = fx_new(TPL_FX_NUM);
	f->num = obj->floatval;
	xmlXPathFreeObject(obj);
	f_space(p);
	return f;
}

static struct tpl_fx *f_add(struct fparse *p);
static struct tpl_fx *f_sarg(struct fparse *p);

/* The ')' that closes the '(' before s, outside literals; NULL if none. */
static const char *close_paren(const char *s)
{
	int depth = 1;
	while ((s = tpl_unquoted(s, "()")) != NULL) {
		if (*s == ')' && --depth == 0)
			return s;
		if (*s == '(')
			depth++;
		s++;
	}
	return NULL;
}

/* '(' q ')' at p, a test (not a lone @name, which is a node-set): as a
 * number, 1 or 0; NULL (p unmoved) when it is not one. */
static struct tpl_fx *f_test(struct fparse *p)
{
	const char *e = close_paren(p->s + 1);
	struct tpl_fx *f;
	struct tpl_q *q;
	char *text;

	if (!e)
		return NULL;
	text = xstrndup(p->s + 1, (size_t)(e - p->s - 1));
	q = tpl_q_parse(text);
	free(text);
	if (!q || q->op == TPL_Q_ATTR) {
		tpl_q_free(q);
		return NULL;
	}
	f = fx_new(TPL_FX_BOOL);
	f->q = q;
	p->s = e + 1;
	f_space(p);
	return f;
}

/* path '/@' NAME at p, the path one that tpl_path reads (no predicates). */
static struct tpl_fx *f_pattr(struct fparse *p)
{
	const char *start = p->s;
	struct tpl_path *path;
	struct tpl_fx *f;
	char *text;

	while (tpl_name_char(*p->s) || *p->s == '/')
		p->s++;
	if (p->s - start < 2 || p->s[-1] != '/' || *p->s != '@')
		return bad(p, NULL);
	text = xstrndup(start, (size_t)(p->s - 1 - start));
	path = tpl_path_parse(text);
	free(text);
	if (!path || (f = f_attr(p)) == NULL) {
		tpl_path_free(path);
		return bad(p, NULL);
	}
	f->op = TPL_FX_PATTR;
	f->path = path;
	return f;
}

static struct tpl_fx *f_prim(struct fparse *p)
{
	struct tpl_fx *f;

	if (*p->s == '@')
		return f_attr(p);
	if ((*p->s >= '0' && *p->s <= '9') || (p->s[0] == '.' && p->s[1] >= '0' && p->s[1] <= '9'))
		return f_number(p);
	if (*p->s == '/')
		return f_pattr(p);
	if (*p->s == '$') {
		f = f_attr(p); /* the same NAME */
		if (f)
			f->op = TPL_FX_VAR;
		return f;
	}
	if (!strncmp(p->s, "string-length(", 14)) {
		p->s += 14;
		f_space(p);
		f = fx_new(TPL_FX_STRLEN);
		f->args = xcalloc(1, sizeof *f->args);
		f->args[0] = f_sarg(p);
		f->nargs = 1;
		if (p->bad || *p->s != ')')
			return bad(p, f);
		p->s++;
		f_space(p);
		return f;
	}
	if (!strncmp(p->s, "floor(", 6)) {
		p->s += 6;
		f_space(p);
		f = fx_new(TPL_FX_FLOOR);
		f->a = f_add(p);
		if (p->bad || *p->s != ')')
			return bad(p, f);
		p->s++;
		f_space(p);
		return f;
	}
	if (*p->s != '(')
		return bad(p, NULL);
	if ((f = f_test(p)))
		return f;
	p->s++;
	f_space(p);
	f = f_add(p);
	if (p->bad || *p->s != ')')
		return bad(p, f);
	p->s++;
	f_space(p);
	return f;
}

/* libxml2 flips the sign for an odd number of '-', and for an even one
 * still casts to a number. */
static struct tpl_fx *f_neg(struct fparse *p)
{
	int minus = 0;
	bool found = false;
	struct tpl_fx *f, *u;

	while (*p->s == '-') {
		minus ^= 1;
		found = true;
		p->s++;
		f_space(p);
	}
	f = f_prim(p);
	if (p->bad || !found)
		return f;
	u = fx_new(minus ? TPL_FX_NEG : TPL_FX_POS);
	u->a = f;
	return u;
}

/* The operator word w at p, not the start of a longer name. */
static bool f_word(struct fparse *p, const char *w)
{
	size_t n = strlen(w);
	if (strncmp(p->s, w, n) || tpl_name_char(p->s[n]) || p->s[n] == ':' ||
	    (unsigned char)p->s[n] >= 0x80)
		return false;
	p->s += n;
	f_space(p);
	return true;
}

static struct tpl_fx *f_mul(struct fparse *p)
{
	struct tpl_fx *f = f_neg(p);

	while (!p->bad) {
		struct tpl_fx *o;
		if (*p->s == '*') {
			p->s++;
			f_space(p);
			o = fx_new(TPL_FX_MUL);
		} else if (f_word(p, "div")) {
			o = fx_new(TPL_FX_DIV);
		} else if (f_word(p, "mod")) {
			o = fx_new(TPL_FX_MOD);
		} else {
			break;
		}
		o->a = f;
		o->b = f_neg(p);
		f = o;
	}
	return f;
}

static struct tpl_fx *f_add(struct fparse *p)
{
	struct tpl_fx *f = f_mul(p);

	while (!p->bad && (*p->s == '+' || *p->s == '-')) {
		struct tpl_fx *o = fx_new(*p->s == '+' ? TPL_FX_ADD : TPL_FX_SUB);
		p->s++;
		f_space(p);
		o->a = f;
		o->b = f_mul(p);
		f = o;
	}
	return f;
}

static struct tpl_fx *f_str(struct fparse *p);

static struct tpl_fx *f_sarg(struct fparse *p)
{
	char quote = *p->s;
	const char *end;
	struct tpl_fx *f;

	if (*p->s == '@')
		return f_attr(p);
	if (*p->s == '.' && !tpl_name_char(p->s[1]) && p->s[1] != '/' && p->s[1] != ':' &&
	    p->s[1] != '[' && p->s[1] != '(' && (unsigned char)p->s[1] < 0x80) {
		p->s++;
		f_space(p);
		return fx_new(TPL_FX_SELF);
	}
	if (quote != '\'' && quote != '"')
		return f_str(p);
	if (!(end = strchr(p->s + 1, quote)))
		return bad(p, NULL);
	f = fx_new(TPL_FX_STR);
	f->s = xstrndup(p->s + 1, (size_t)(end - p->s - 1));
	p->s = end + 1;
	f_space(p);
	return f;
}

static struct tpl_fx *f_str(struct fparse *p)
{
	static const struct {
		const char *name;
		int op;
	} fns[] = {
		{ "substring-before(", TPL_FX_BEFORE },
		{ "substring-after(", TPL_FX_AFTER },
		{ "concat(", TPL_FX_CONCAT },
		{ "substring(", TPL_FX_SUBSTR },
	};
	struct tpl_fx *f = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(fns); i++)
		if (!strncmp(p->s, fns[i].name, strlen(fns[i].name))) {
			p->s += strlen(fns[i].name);
			f = fx_new(fns[i].op);
			break;
		}
	if (!f)
		return bad(p, NULL);
	f_space(p);
	for (;;) {
		/* substring's start and length are numbers */
		struct tpl_fx *a = f->op == TPL_FX_SUBSTR && f->nargs ? f_add(p) : f_sarg(p);
		if (p->bad) {
			tpl_fx_free(a); /* what f_add had read */
			return bad(p, f);
		}
		f->args = xrealloc(f->args, (f->nargs + 1) * sizeof *f->args);
		f->args[f->nargs++] = a;
		if (*p->s != ',')
			break;
		p->s++;
		f_space(p);
	}
	if (*p->s != ')' || (f->op == TPL_FX_CONCAT ? f->nargs < 2 :
			     f->op == TPL_FX_SUBSTR ? f->nargs < 2 || f->nargs > 3 : f->nargs != 2))
		return bad(p, f);
	for (size_t i = 1; f->op == TPL_FX_SUBSTR && i < f->nargs; i++)
		if (f->args[i]->op == TPL_FX_ATTR) /* number(@name): keep it simple */
			return bad(p, f);
	p->s++;
	f_space(p);
	return f;
}

static size_t utf8_len(const char *s);

struct tpl_fx *tpl_fx_parse(xmlXPathContext *xp, const char *expr)
{
	struct fparse p = { expr, xp, false };
	struct tpl_fx *f;

	f_space(&p);
	if (!strncmp(p.s, "not(", 4)) {
		p.s += 4;
		f_space(&p);
		f = fx_new(TPL_FX_NONODES);
		if (*p.s != '/' || !(f->a = f_pattr(&p)) || *p.s != ')')
			p.bad = true;
		else
			p.s++;
		f_space(&p);
		goto done;
	}
	if ((*p.s == 's' && strncmp(p.s, "string-length(", 14)) || *p.s == 'c' ||
	    (*p.s == '.' && !(p.s[1] >= '0' && p.s[1] <= '9')))
		f = f_sarg(&p);
	else
		f = f_add(&p);
	if (!p.bad && (*p.s == '<' || *p.s == '>' || *p.s == '=' || (p.s[0] == '!' && p.s[1] == '=')) &&
	    tpl_fx_is_num(f)) {
		struct tpl_fx *c = fx_new(TPL_FX_CMP);
		size_t n = p.s[0] != '=' && p.s[1] == '=' ? 2 : 1;
		memcpy(c->cmp, p.s, n);
		p.s += n;
		f_space(&p);
		c->a = f;
		c->b = f_add(&p);
		f = c;
		/* a boolean is compared as one; a lone @name is a node-set of
		 * one or none, path/@name one of many, any of which may match */
		if (!p.bad && (c->a->op == TPL_FX_BOOL || c->b->op == TPL_FX_BOOL ||
			       c->a->op == TPL_FX_PATTR || c->b->op == TPL_FX_PATTR ||
			       ((c->cmp[0] == '=' || c->cmp[0] == '!') &&
				(c->a->op == TPL_FX_ATTR || c->b->op == TPL_FX_ATTR))))
			p.bad = true;
	}
	if (!p.bad && f->op == TPL_FX_PATTR) { /* a node-set, not its number */
		struct tpl_fx *w = fx_new(TPL_FX_NODES);
		w->a = f;
		f = w;
	}
done:
	/* A lone @name is a node-set, not a number: tpl_q reads that one; a
	 * lone test is a boolean, a lone literal is left as it was. */
	if (p.bad || *p.s || f->op == TPL_FX_ATTR || f->op == TPL_FX_PATTR || f->op == TPL_FX_STR ||
	    f->op == TPL_FX_BOOL) {
		tpl_fx_free(f);
		return NULL;
	}
	return f;
}

bool tpl_fx_is_num(const struct tpl_fx *f)
{
	return f->op != TPL_FX_BEFORE && f->op != TPL_FX_AFTER && f->op != TPL_FX_CONCAT &&
	       f->op != TPL_FX_STR && f->op != TPL_FX_SELF && f->op != TPL_FX_SUBSTR &&
	       f->op != TPL_FX_CMP && f->op != TPL_FX_NODES && f->op != TPL_FX_NONODES;
	/* STRLEN is a number */
}

/* path/@name at node: 1 with the first one's value in *v (document
 * order: that of the first element that has it), 0 when there is none,
 * -1 when libxml2 must answer. */
static int pattr(const struct tpl_fx *f, const xmlNode *node, const char **v)
{
	xmlNode **el = NULL;
	size_t n = 0, alloc = 0;
	int rc = tpl_path_eval(f->path, (xmlNode *)node, &el, &n, &alloc);

	for (size_t i = 0; rc == 0 && i < n; i++)
		if ((rc = tpl_q_attr(el[i], f->s, v)) != 0)
			break;
	free(el);
	return rc;
}

int tpl_fx_num(const struct tpl_fx *f, xmlXPathContext *xp, const xmlNode *node, double *out)
{
	const char *s;
	double a, b;
	volatile double x; /* one rounding per operation, as in libxml2 */
	int rc;

	switch (f->op) {
	case TPL_FX_NUM:
		*out = f->num;
		return 0;
	case TPL_FX_ATTR:
		if ((rc = tpl_q_attr(node, f->s, &s)) < 0)
			return -1;
		*out = xmlXPathStringEvalNumber(BAD_CAST(rc ? s : ""));
		return 0;
	case TPL_FX_BOOL:
		if ((rc = tpl_q_test(f->q, node)) < 0)
			return -1;
		*out = rc ? 1.0 : 0.0;
		return 0;
	case TPL_FX_PATTR:
		if ((rc = pattr(f, node, &s)) < 0)
			return -1;
		*out = xmlXPathStringEvalNumber(BAD_CAST(rc ? s : ""));
		return 0;
	case TPL_FX_STRLEN: {
		struct sb str = SB_INIT;
		long n = 0;
		if (tpl_fx_str(f->args[0], xp, node, &str)) {
			sb_release(&str);
			return -1;
		}
		/* characters, as xmlUTF8Strlen counts them in valid UTF-8 */
		for (const char *c = sb_str(&str); *c; c += utf8_len(c))
			n++;
		sb_release(&str);
		*out = (double)n;
		return 0;
	}
	case TPL_FX_VAR: {
		const xmlXPathObject *o = xp && xp->varHash && !xp->varLookupFunc ?
			xmlHashLookup(xp->varHash, BAD_CAST f->s) : NULL;
		if (!o || o->type != XPATH_NUMBER)
			return -1;
		*out = o->floatval;
		return 0;
	}
	case TPL_FX_NEG:
	case TPL_FX_POS:
	case TPL_FX_FLOOR:
		if (tpl_fx_num(f->a, xp, node, &a))
			return -1;
		x = f->op == TPL_FX_NEG ? -a : f->op == TPL_FX_FLOOR ? floor(a) : a;
		*out = x;
		return 0;
	case TPL_FX_ADD:
	case TPL_FX_SUB:
	case TPL_FX_MUL:
	case TPL_FX_DIV:
	case TPL_FX_MOD:
		if (tpl_fx_num(f->a, xp, node, &a) || tpl_fx_num(f->b, xp, node, &b))
			return -1;
		if (f->op == TPL_FX_MOD && (!isfinite(a) || !isfinite(b) || b == 0))
			return -1; /* libxml2's own NaN, or fmod's edge cases */
		switch (f->op) {
		case TPL_FX_ADD: x = a + b; break;
		case TPL_FX_SUB: x = a - b; break;
		case TPL_FX_MUL: x = a * b; break;
		case TPL_FX_MOD: x = fmod(a, b); break;
		default: x = a / b; break;
		}
		*out = x;
		return 0;
	default:
		return -1;
	}
}

int tpl_fx_test(const struct tpl_fx *f, xmlXPathContext *xp, const xmlNode *node)
{
	double a, b;

	const char *v;
	int rc;

	if (f->op == TPL_FX_NODES || f->op == TPL_FX_NONODES) {
		if ((rc = pattr(f->a, node, &v)) < 0)
			return -1;
		return f->op == TPL_FX_NODES ? rc : !rc;
	}
	if (f->op != TPL_FX_CMP || tpl_fx_num(f->a, xp, node, &a) || tpl_fx_num(f->b, xp, node, &b))
		return -1;
	switch (f->cmp[0]) {
	case '<': return f->cmp[1] ? a <= b : a < b;
	case '>': return f->cmp[1] ? a >= b : a > b;
	case '=': return a == b;
	default: return a != b;
	}
}

/* A UTF-8 character's length from its first byte. */
static size_t utf8_len(const char *s)
{
	size_t n = 1;
	while (s[n] && ((unsigned char)s[n] & 0xC0) == 0x80)
		n++;
	return n;
}

/* substring(s, start, length) with whole numbers: the characters at
 * positions start .. start + length - 1 (counted from 1) that s has. */
static int substr(const struct tpl_fx *f, xmlXPathContext *xp, const xmlNode *node,
		  struct sb *out)
{
	size_t start = out->len;
	const char *c, *from = NULL;
	double x, n;
	long first, end, pos = 1;

	n = 0; /* substring(s, start): to the end */
	if (tpl_fx_num(f->args[1], xp, node, &x) ||
	    (f->nargs == 3 && tpl_fx_num(f->args[2], xp, node, &n)) ||
	    !(x >= -1e6 && x <= 1e6 && n >= -1e6 && n <= 1e6) || x != (double)(long)x ||
	    n != (double)(long)n || tpl_fx_str(f->args[0], xp, node, out))
		return -1;
	first = (long)x;
	end = f->nargs == 3 ? first + (long)n : LONG_MAX; /* the first position not taken */
	sb_adds(out, "");
	for (c = out->buf + start; *c && pos < end; c += utf8_len(c), pos++)
		if (pos == first || (!from && first < 1))
			from = c;
	if (!from)
		from = c;
	memmove(out->buf + start, from, (size_t)(c - from));
	out->len = start + (size_t)(c - from);
	out->buf[out->len] = '\0';
	return 0;
}

/* f's string appended to out; -1 (out as it was) when libxml2 must answer. */
int tpl_fx_str(const struct tpl_fx *f, xmlXPathContext *xp, const xmlNode *node, struct sb *out)
{
	size_t start = out->len;
	const char *v, *hay, *at;
	struct sb find = SB_INIT;
	int rc;

	switch (f->op) {
	case TPL_FX_STR:
		sb_adds(out, f->s);
		return 0;
	case TPL_FX_ATTR:
		if ((rc = tpl_q_attr(node, f->s, &v)) < 0)
			return -1;
		sb_adds(out, rc ? v : "");
		return 0;
	case TPL_FX_SELF:
		if (!node || node->type != XML_ELEMENT_NODE)
			return -1;
		if (!node->children)
			return 0;
		if (node->children->next || node->children->type != XML_TEXT_NODE)
			return -1;
		if (node->children->content)
			sb_adds(out, (const char *)node->children->content);
		return 0;
	case TPL_FX_SUBSTR:
		return substr(f, xp, node, out);
	case TPL_FX_NODES:
		if ((rc = pattr(f->a, node, &v)) < 0)
			return -1;
		sb_adds(out, rc ? v : "");
		return 0;
	case TPL_FX_CONCAT:
		for (size_t i = 0; i < f->nargs; i++)
			if (tpl_fx_str(f->args[i], xp, node, out))
				goto fallback;
		return 0;
	case TPL_FX_BEFORE:
	case TPL_FX_AFTER:
		/* the haystack into out, the needle beside it */
		if (tpl_fx_str(f->args[0], xp, node, out) || tpl_fx_str(f->args[1], xp, node, &find))
			goto fallback;
		sb_adds(out, ""); /* a buffer even when both are empty */
		hay = out->buf + start;
		at = strstr(hay, sb_str(&find));
		if (!at)
			out->len = start;
		else if (f->op == TPL_FX_BEFORE)
			out->len = start + (size_t)(at - hay);
		else {
			size_t skip = (size_t)(at - hay) + find.len;
			memmove(out->buf + start, hay + skip, out->len - start - skip);
			out->len -= skip;
		}
		out->buf[out->len] = '\0';
		sb_release(&find);
		return 0;
	default:
		return -1;
	}
fallback:
	sb_release(&find);
	if (out->buf) {
		out->len = start;
		out->buf[start] = '\0';
	}
	return -1;
}
