/* tpl-path.c - the simple <each select> paths of templates walked
 * without libxml2.
 *
 * <each select="/report/view/cell"> and select="entry": child steps by
 * name, each with at most one predicate that tpl_q reads (a boolean, never
 * a position):
 *
 *   path := '/'? step ('/' step)*       step := NAME ('[' q ']')?
 *
 * with no whitespace outside the predicate.  libxml2 builds, sorts and
 * copies a node-set for these; walking the children in order gives the
 * same nodes in the same (document) order, with no duplicates. */
#include "tpl-int.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void tpl_path_free(struct tpl_path *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++) {
		free(p->steps[i].name);
		tpl_q_free(p->steps[i].pred);
	}
	free(p->steps);
	free(p);
}

/* The ']' that ends the predicate starting at s, outside literals; NULL if
 * there is none or a '[' comes first (nested: not simple). */
static const char *pred_end(const char *s)
{
	s = tpl_unquoted(s, "[]");
	return s && *s == ']' ? s : NULL;
}

struct tpl_path *tpl_path_parse(const char *expr)
{
	struct tpl_path *p = xcalloc(1, sizeof *p);
	const char *s = expr;

	if (*s == '/') {
		p->abs = true;
		s++;
	}
	for (;;) {
		const char *start = s, *end;
		struct tpl_q *pred = NULL;
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
			goto bad;
		while (tpl_name_char(*s))
			s++;
		if (*s == ':' || *s == '(' || (unsigned char)*s >= 0x80)
			goto bad;
		end = s;
		if (*s == '[') {
			const char *e = pred_end(s + 1);
			char *text;
			if (!e)
				goto bad;
			text = xstrndup(s + 1, (size_t)(e - s - 1));
			pred = tpl_q_parse(text);
			free(text);
			if (!pred)
				goto bad;
			s = e + 1;
		}
		p->steps = xrealloc(p->steps, (p->n + 1) * sizeof *p->steps);
		p->steps[p->n].name = xstrndup(start, (size_t)(end - start));
		p->steps[p->n].pred = pred;
		p->n++;
		if (*s != '/')
			break;
		s++;
	}
	if (*s)
		goto bad;
	return p;
bad:
	tpl_path_free(p);
	return NULL;
}

/* The children of node that step k takes, and theirs for the steps after. */
static int path_walk(const struct tpl_path *p, size_t k, const xmlNode *node, xmlNode ***v,
		     size_t *n, size_t *alloc)
{
	const char *name = p->steps[k].name;

	for (xmlNode *c = node->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || c->ns || c->name[0] != (xmlChar)name[0] ||
		    strcmp((const char *)c->name, name))
			continue;
		if (p->steps[k].pred) {
			int yes = tpl_q_test(p->steps[k].pred, c);
			if (yes < 0)
				return -1;
			if (!yes)
				continue;
		}
		if (k + 1 < p->n) {
			if (path_walk(p, k + 1, c, v, n, alloc))
				return -1;
			continue;
		}
		ALLOC_GROW(*v, *n + 1, *alloc);
		(*v)[(*n)++] = c;
	}
	return 0;
}

int tpl_path_eval(const struct tpl_path *p, xmlNode *node, xmlNode ***v, size_t *n,
		  size_t *alloc)
{
	const xmlNode *from = node;

	*n = 0;
	if (!node)
		return -1;
	if (p->abs)
		from = (const xmlNode *)node->doc;
	if (!from || (from->type != XML_ELEMENT_NODE && from->type != XML_DOCUMENT_NODE))
		return -1;
	return path_walk(p, 0, from, v, n, alloc);
}
