/* tpl-load.c - reading templates and kits: parse safely, validate against
 * the built-in schema, then compile every XPath so a typo is reported with
 * its line before anything is drawn, and keep it compiled for drawing. */
#include "tpl-int.h"

#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "util.h"
#include "xmlutil.h"

/* schema/template.rng, built into print/template-rng.c by build-aux/embed.sh. */
extern const char schema_template_rng[];

struct kit {
	char *game, *title;
	struct tpl **parts;
	size_t n;
};

/* --- the load-time XPath check --------------------------------------------- */

struct xcheck {
	struct tpl_run run; /* for its XPath context and messages */
	const xmlNode *el;
};

static int compile_one(void *arg, const char *expr)
{
	struct xcheck *x = arg;
	xmlXPathCompExpr *comp;

	if (!expr) {
		tpl_fail(&x->run, x->el, "'{' without '}'");
		return -1;
	}
	free(x->run.xperr);
	x->run.xperr = NULL;
	comp = xmlXPathCtxtCompile(x->run.xp, BAD_CAST expr);
	if (!comp) {
		tpl_fail(&x->run, x->el, "XPath '%s': %s", expr,
			 x->run.xperr ? x->run.xperr : "does not compile");
		return -1;
	}
	xmlXPathFreeCompExpr(comp);
	return 0;
}

char *tpl_image_path(const struct tpl *t, const char *src, const char **why)
{
	const char *p = src;

	*why = NULL;
	if (!*src)
		*why = "src is empty";
	else if (*src == '/')
		*why = "src must be relative to the template's directory";
	/* Kits stay self-contained, and a name bound from a game's state
	 * cannot reach files outside the kit. */
	while (!*why && p) {
		const char *e = strchr(p, '/');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n == 2 && p[0] == '.' && p[1] == '.')
			*why = "src may not climb out with '..'";
		p = e ? e + 1 : NULL;
	}
	if (*why)
		return NULL;
	return xasprintf("%s/%s", t->dir, src);
}

/* A picture named literally must exist, found now rather than at the
 * first piece that draws it (or never, if only a back shows it). */
static int check_image(struct xcheck *x, const xmlNode *el)
{
	char *src = xml_attr(el, "src"), *path;
	const char *why;
	int rc = 0;

	if (!src || strchr(src, '{') || strchr(src, '}')) {
		free(src);
		return 0;
	}
	path = tpl_image_path(x->run.t, src, &why);
	if (!path) {
		tpl_fail(&x->run, el, "image '%s': %s", src, why);
		rc = -1;
	} else if (!fs_exists(path)) {
		tpl_fail(&x->run, el, "image '%s': %s: no such file", src, path);
		rc = -1;
	}
	free(path);
	free(src);
	return rc;
}

static int check_tree(struct xcheck *x, const xmlNode *parent)
{
	for (const xmlNode *c = parent->children; c; c = c->next) {
		if (c->type == XML_TEXT_NODE && xml_is(parent, "text")) {
			x->el = parent;
			if (tpl_each_expr((const char *)c->content, compile_one, x))
				return -1;
		}
		if (c->type != XML_ELEMENT_NODE)
			continue;
		x->el = c;
		if (xml_is(c, "image") && check_image(x, c))
			return -1;
		for (const xmlAttr *a = c->properties; a; a = a->next) {
			char *v = xml_attr(c, (const char *)a->name);
			bool whole = !strcmp((const char *)a->name, "test") ||
				     !strcmp((const char *)a->name, "select");
			int rc = whole ? compile_one(x, v) : tpl_each_expr(v, compile_one, x);
			free(v);
			if (rc)
				return -1;
		}
		if (check_tree(x, c))
			return -1;
	}
	return 0;
}

static int check_xpath(struct tpl *t, char **err)
{
	struct xcheck x;
	int rc;

	memset(&x, 0, sizeof x);
	x.run.t = t;
	x.run.xp = xmlXPathNewContext(t->doc);
	if (!x.run.xp)
		BUG("xmlXPathNewContext failed");
	tpl_xpath_errors(x.run.xp, &x.run);
	/* Only the drawing and the selection: items are data, braces and all. */
	rc = 0;
	if (t->select) {
		char *sel = xml_attr(t->select, "select");
		x.el = t->select;
		rc = compile_one(&x, sel);
		free(sel);
	}
	if (!rc && t->front)
		rc = check_tree(&x, t->front);
	if (!rc && t->back)
		rc = check_tree(&x, t->back);
	if (!rc) {
		tpl_compile(t, x.run.xp);
		t->memo = tpl_num_memo_new();
	}
	xmlXPathFreeContext(x.run.xp);
	free(x.run.xperr);
	if (rc)
		*err = x.run.err;
	return rc;
}

/* --- templates ------------------------------------------------------------- */

static double num_attr(const xmlNode *n, const char *name, double def)
{
	char *v = xml_attr(n, name);
	double x = def;
	if (v)
		x = strtod(v, NULL); /* the schema has checked it is a decimal */
	free(v);
	return x;
}

static bool yes_attr(const xmlNode *n, const char *name, bool def)
{
	bool b = def;
	xml_attr_bool(n, name, &b);
	return b;
}

static void read_kind(struct tpl *t, const xmlNode *root)
{
	char *kind = xml_attr(root, "kind"), *orient;

	t->title = xml_attr(root, "title");
	t->front = xml_first(root, "front");
	t->back = xml_first(root, "back");
	t->select = xml_first(root, "items");
	if (!strcmp(kind, "cards")) {
		t->kind = TPL_CARDS;
		t->w = num_attr(root, "width", 63);
		t->h = num_attr(root, "height", 88);
		t->gap = num_attr(root, "gap", 0);
	} else if (!strcmp(kind, "sheet")) {
		t->kind = TPL_SHEET;
		t->w = num_attr(root, "width", 190);
		t->h = num_attr(root, "height", 260);
		t->landscape = yes_attr(root, "landscape", false);
	} else if (!strcmp(kind, "tiles")) {
		t->kind = TPL_TILES;
		t->hex.flat = num_attr(root, "flat", 0);
		t->hex.point = num_attr(root, "point", 0);
		orient = xml_attr(root, "orient");
		t->hex.orient = orient && !strcmp(orient, "flat") ? PRINT_HEX_FLAT
								   : PRINT_HEX_POINTY;
		free(orient);
		print_hex_box(&t->hex, &t->w, &t->h);
	} else {
		t->kind = TPL_POSTER;
		t->w = num_attr(root, "width", 0);
		t->h = num_attr(root, "height", 0);
		t->poster = yes_attr(root, "poster", true);
		t->overview = yes_attr(root, "overview", true);
	}
	free(kind);
}

/* The directory part of a file name, "." for none. */
static char *dir_of(const char *name)
{
	const char *slash = strrchr(name, '/');
	if (!slash)
		return xstrdup(".");
	if (slash == name)
		return xstrdup("/");
	return xstrndup(name, (size_t)(slash - name));
}

int tpl_load_buffer(struct tpl **out, const char *buf, size_t len, const char *name,
		    char **err)
{
	struct tpl *t;
	xmlDoc *doc;
	xmlNode *root;

	doc = xml_parse(buf, len, name, err);
	if (!doc)
		return TPL_ERR_DATA;
	if (xml_validate(doc, schema_template_rng, name, err)) {
		xmlFreeDoc(doc);
		return TPL_ERR_DATA;
	}
	root = xmlDocGetRootElement(doc);
	if (!xml_is(root, "template")) {
		*err = xasprintf("%s:%ld: a <template> was expected, not <%s>", name,
				 xmlGetLineNo(root), (const char *)root->name);
		xmlFreeDoc(doc);
		return TPL_ERR_DATA;
	}
	t = xcalloc(1, sizeof *t);
	t->name = xstrdup(name);
	t->dir = dir_of(name);
	t->doc = doc;
	read_kind(t, root);
	if (t->hex.point > 0 && t->hex.point < t->hex.flat) {
		*err = xasprintf("%s:%ld: point-to-point must be at least flat-to-flat", name,
				 xmlGetLineNo(root));
		tpl_free(t);
		return TPL_ERR_DATA;
	}
	if (check_xpath(t, err)) {
		tpl_free(t);
		return TPL_ERR_DATA;
	}
	*out = t;
	return TPL_OK;
}

static int read_whole(const char *path, char **buf, size_t *len, char **err)
{
	if (!fs_exists(path)) {
		*err = xasprintf("%s: no such file", path);
		return TPL_ERR_NOTFOUND;
	}
	return fs_read_file(path, buf, len, err) ? TPL_ERR_IO : TPL_OK;
}

int tpl_load_file(struct tpl **out, const char *path, char **err)
{
	char *buf;
	size_t len;
	int rc = read_whole(path, &buf, &len, err);
	if (rc)
		return rc;
	rc = tpl_load_buffer(out, buf, len, path, err);
	free(buf);
	return rc;
}

void tpl_free(struct tpl *t)
{
	if (!t)
		return;
	tpl_uncompile(t);
	free(t->memo);
	xmlFreeDoc(t->doc);
	free(t->name);
	free(t->dir);
	free(t->title);
	free(t);
}

bool tpl_flows(const struct tpl *t, const char *heading)
{
	for (const xmlNode *n = xmlDocGetRootElement(t->doc)->children; n; n = n->next) {
		bool same;
		char *s;
		if (!xml_is(n, "flow"))
			continue;
		s = xml_attr(n, "section");
		same = s && !strcmp(s, heading);
		free(s);
		if (same)
			return true;
	}
	return false;
}

/* --- kits ------------------------------------------------------------------ */

static bool part_wanted(const xmlNode *part, bool stored)
{
	char *f = xml_attr(part, "for");
	bool want = f && !strcmp(f, "both") ? true
		    : f && !strcmp(f, "game") ? stored
					       : !stored;
	free(f);
	return want;
}

int kit_load(struct kit **out, const char *dir, const char *game, bool stored, char **err)
{
	char *path, *buf, *attr;
	size_t len;
	xmlDoc *doc;
	xmlNode *root;
	struct kit *k;
	int rc;

	if (!ident_ok(game) || strchr(game, '.')) {
		*err = xasprintf("'%s' is not a game name", game);
		return TPL_ERR_NOTFOUND;
	}
	path = xasprintf("%s/%s/kit.xml", dir, game);
	rc = read_whole(path, &buf, &len, err);
	if (rc) {
		if (rc == TPL_ERR_NOTFOUND) {
			free(*err);
			*err = xasprintf("no kit for '%s': %s does not exist", game, path);
		}
		free(path);
		return rc;
	}
	doc = xml_parse(buf, len, path, err);
	free(buf);
	if (!doc || xml_validate(doc, schema_template_rng, path, err)) {
		xmlFreeDoc(doc);
		free(path);
		return TPL_ERR_DATA;
	}
	root = xmlDocGetRootElement(doc);
	attr = xml_attr(root, "game");
	if (!xml_is(root, "kit") || strcmp(attr, game)) {
		*err = xasprintf("%s:%ld: a <kit game=\"%s\"> was expected", path,
				 xmlGetLineNo(root), game);
		free(attr);
		xmlFreeDoc(doc);
		free(path);
		return TPL_ERR_DATA;
	}
	free(attr);
	k = xcalloc(1, sizeof *k);
	k->game = xstrdup(game);
	k->title = xml_attr(root, "title");
	for (xmlNode *p = root->children; p; p = p->next) {
		char *file, *tpath;
		if (p->type != XML_ELEMENT_NODE || !part_wanted(p, stored))
			continue;
		file = xml_attr(p, "template");
		tpath = xasprintf("%s/%s/%s", dir, game, file);
		free(file);
		k->parts = xrealloc(k->parts, (k->n + 1) * sizeof *k->parts);
		rc = tpl_load_file(&k->parts[k->n], tpath, err);
		free(tpath);
		if (rc) {
			if (rc == TPL_ERR_NOTFOUND) {
				char *m = xasprintf("kit '%s' (%s:%ld) lists a template that does "
						    "not exist: %s", game, path,
						    xmlGetLineNo(p), *err);
				free(*err);
				*err = m;
			}
			break;
		}
		k->n++;
	}
	if (!rc && !k->n) {
		*err = xasprintf("kit '%s' has no parts for %s", game,
				 stored ? "a stored game" : "printing blank");
		rc = TPL_ERR_NOTFOUND;
	}
	xmlFreeDoc(doc);
	free(path);
	if (rc) {
		kit_free(k);
		return rc;
	}
	*out = k;
	return TPL_OK;
}

int kit_render(const struct kit *k, struct print_doc *d, xmlDoc *state,
	       const struct tpl_opts *o, char **err)
{
	for (size_t i = 0; i < k->n; i++) {
		int rc = tpl_render(k->parts[i], d, state, o, err);
		if (rc)
			return rc;
	}
	return TPL_OK;
}

const char *kit_title(const struct kit *k)
{
	return k->title ? k->title : k->game;
}

size_t kit_parts(const struct kit *k)
{
	return k->n;
}

void kit_free(struct kit *k)
{
	if (!k)
		return;
	for (size_t i = 0; i < k->n; i++)
		tpl_free(k->parts[i]);
	free(k->parts);
	free(k->game);
	free(k->title);
	free(k);
}
