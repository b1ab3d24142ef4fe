/* xmlutil.c - safe parsing, RelaxNG validation, attribute helpers.
 *
 * Game files come from disk we own, but a campaign directory can be edited by
 * hand or damaged, so they are treated as untrusted: no DTD, no external
 * entity, no network, and any DOCTYPE is refused outright (which also rules
 * out entity-expansion bombs).
 */
#include "xmlutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "util.h"
#include "xmlwrite.h"

static xmlParserInputPtr refuse_loader(const char *url, const char *id,
				       xmlParserCtxtPtr ctxt)
{
	(void)url;
	(void)id;
	(void)ctxt;
	return NULL;
}

static void quiet_errors(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

void xml_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	xmlInitParser();
	xmlSetExternalEntityLoader(refuse_loader);
	/* Errors are collected per call and returned, never printed. */
	xmlSetGenericErrorFunc(NULL, quiet_errors);
}

/* The attributes of the element an error is about, as written: libxml2's
 * RelaxNG says only that an element "failed to validate attributes", so
 * the reader at least sees the ones to look at. */
static void add_attributes(struct sb *out, const xmlError *e)
{
	const xmlNode *n = e->node;
	if (!n || n->type != XML_ELEMENT_NODE || !n->properties)
		return;
	sb_adds(out, " (its attributes:");
	for (const xmlAttr *a = n->properties; a; a = a->next) {
		xmlChar *v = xmlNodeGetContent((const xmlNode *)a);
		sb_addf(out, " %s=\"%s\"", (const char *)a->name, v ? (const char *)v : "");
		xmlFree(v);
	}
	sb_adds(out, ")");
}

static char *error_text(const xmlError *e, const char *name)
{
	struct sb out = SB_INIT;
	char *msg;
	if (!e)
		return xasprintf("%s: cannot parse", name);
	msg = xstrdup(e->message ? e->message : "error");
	str_trim(msg);
	/* Line 0 is libxml2's "unknown": say nothing rather than a wrong line. */
	if (e->line > 0)
		sb_addf(&out, "%s:%d: %s", name, e->line, msg);
	else
		sb_addf(&out, "%s: %s", name, msg);
	if (strstr(msg, "failed to validate attributes"))
		add_attributes(&out, e);
	free(msg);
	return sb_detach(&out);
}

static int doctype_line(const char *buf, size_t len)
{
	int line = 1;
	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\n')
			line++;
		else if (buf[i] == '<' && len - i > 9 && !memcmp(buf + i, "<!DOCTYPE", 9))
			return line;
	}
	return 1;
}

struct first_error {
	char *msg;
	const char *name;
};

/* Keep the first error of a parse or validation: later ones are usually
 * consequences of it ("premature end of data" after a bad tag). */
static void keep_first(void *data, xmlErrorPtr e)
{
	struct first_error *fe = data;
	if (fe->msg || !e || e->level < XML_ERR_ERROR)
		return;
	if (e->node && e->line == 0)
		e->line = xmlGetLineNo((xmlNodePtr)e->node);
	fe->msg = error_text(e, fe->name);
}

xmlDoc *xml_parse(const char *buf, size_t len, const char *name, char **err)
{
	struct first_error fe = { NULL, name };
	xmlParserCtxtPtr ctxt;
	xmlDoc *doc;

	xml_init();
	if (len > (size_t)1 << 30) {
		*err = xasprintf("%s: file too large", name);
		return NULL;
	}
	ctxt = xmlNewParserCtxt();
	if (!ctxt)
		BUG("xmlNewParserCtxt failed");
	xmlSetStructuredErrorFunc(&fe, keep_first);
	doc = xmlCtxtReadMemory(ctxt, buf, (int)len, name, "UTF-8",
				XML_PARSE_NONET | XML_PARSE_NOBLANKS |
				XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (!doc || !ctxt->wellFormed) {
		*err = fe.msg ? fe.msg : error_text(xmlCtxtGetLastError(ctxt), name);
		if (doc)
			xmlFreeDoc(doc);
		xmlFreeParserCtxt(ctxt);
		return NULL;
	}
	free(fe.msg);
	xmlFreeParserCtxt(ctxt);
	if (doc->intSubset || doc->extSubset) {
		*err = xasprintf("%s:%d: a DOCTYPE is not allowed", name,
				 doctype_line(buf, len));
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

/* Parsed grammars are kept for the life of the process: a run over a
 * thousand games validates a thousand files against the same few. */
struct cached_schema {
	const char *text;
	xmlRelaxNGPtr schema;
};
static struct cached_schema cache[16];

static xmlRelaxNGPtr schema_for(const char *text)
{
	size_t i;
	xmlRelaxNGParserCtxtPtr pc;
	xmlRelaxNGPtr s;

	for (i = 0; i < ARRAY_SIZE(cache) && cache[i].text; i++)
		if (cache[i].text == text)
			return cache[i].schema;
	pc = xmlRelaxNGNewMemParserCtxt(text, (int)strlen(text));
	xmlRelaxNGSetParserStructuredErrors(pc, NULL, NULL);
	s = xmlRelaxNGParse(pc);
	xmlRelaxNGFreeParserCtxt(pc);
	if (!s)
		BUG("built-in schema does not parse");
	if (i < ARRAY_SIZE(cache)) {
		cache[i].text = text;
		cache[i].schema = s;
	}
	return s;
}

int xml_validate(xmlDoc *doc, const char *rng_text, const char *name, char **err)
{
	xmlRelaxNGPtr schema = schema_for(rng_text);
	xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(schema);
	struct first_error fe = { NULL, name };
	int rc;

	xmlRelaxNGSetValidStructuredErrors(vc, keep_first, &fe);
	rc = xmlRelaxNGValidateDoc(vc, doc);
	xmlRelaxNGFreeValidCtxt(vc);
	if (rc == 0) {
		free(fe.msg);
		return 0;
	}
	*err = fe.msg ? fe.msg : xasprintf("%s: does not match the schema", name);
	return -1;
}

char *xml_to_string_libxml2(xmlDoc *doc, size_t *len)
{
	xmlChar *mem = NULL;
	int size = 0;
	char *out;
	xmlDocDumpFormatMemoryEnc(doc, &mem, &size, "UTF-8", 1);
	if (!mem)
		BUG("cannot serialise XML");
	out = xstrndup((const char *)mem, (size_t)size);
	xmlFree(mem);
	if (len)
		*len = (size_t)size;
	return out;
}

/* Can dump_node write n and everything under it?  Elements without
 * namespaces, their attributes and text: what wyrmpost's own documents
 * hold.  Anything else (a comment, a namespace, an entity) is left to
 * libxml2. */
static bool plain_tree(const xmlNode *n)
{
	for (; n; n = n->next) {
		if (n->type == XML_TEXT_NODE) {
			/* "textnoenc": text libxml2 writes unescaped. */
			if (n->name && !strcmp((const char *)n->name, "textnoenc"))
				return false;
			continue;
		}
		if (n->type != XML_ELEMENT_NODE || n->ns || n->nsDef)
			return false;
		for (const xmlAttr *a = n->properties; a; a = a->next)
			if (a->ns || (a->children && (a->children->type != XML_TEXT_NODE ||
						      a->children->next)))
				return false;
		if (!plain_tree(n->children))
			return false;
	}
	return true;
}

/* n as xmlDocDumpFormatMemoryEnc writes it: two spaces a level, each
 * element on a line of its own, except inside one that holds text, whose
 * content is written as it is. */
static void dump_node(struct sb *o, const xmlNode *n, int level, bool format)
{
	if (n->type == XML_TEXT_NODE) {
		if (n->content)
			xml_escape_into(o, (const char *)n->content, false);
		return;
	}
	if (format)
		xml_indent_into(o, level);
	sb_addc(o, '<');
	sb_adds(o, (const char *)n->name);
	for (const xmlAttr *a = n->properties; a; a = a->next) {
		sb_addc(o, ' ');
		sb_adds(o, (const char *)a->name);
		sb_add(o, "=\"", 2);
		if (a->children && a->children->content)
			xml_escape_into(o, (const char *)a->children->content, true);
		sb_addc(o, '"');
	}
	if (!n->children) {
		sb_add(o, "/>", 2);
		return;
	}
	bool inner = format;
	for (const xmlNode *c = n->children; c && inner; c = c->next)
		inner = c->type != XML_TEXT_NODE;
	sb_addc(o, '>');
	if (inner)
		sb_addc(o, '\n');
	for (const xmlNode *c = n->children; c; c = c->next) {
		dump_node(o, c, level + 1, inner);
		if (inner)
			sb_addc(o, '\n');
	}
	if (inner)
		xml_indent_into(o, level);
	sb_add(o, "</", 2);
	sb_adds(o, (const char *)n->name);
	sb_addc(o, '>');
}

/* Written here rather than by xmlDocDumpFormatMemoryEnc, which takes some
 * fifty instructions a byte (every name, quote and value through its
 * output buffer and a UTF-8 to UTF-8 encoder): the reports' XML and the
 * game states were a sixth of a pdf=none run's instructions.  The same
 * bytes, which check-store compares on documents of every kind; a
 * document holding anything else goes to libxml2. */
char *xml_to_string(xmlDoc *doc, size_t *len)
{
	struct sb o = SB_INIT;
	const xmlNode *root = xmlDocGetRootElement(doc);

	if (!root || doc->children != root || root->next || !plain_tree(root))
		return xml_to_string_libxml2(doc, len);
	sb_adds(&o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	dump_node(&o, root, 0, true);
	sb_addc(&o, '\n');
	if (len)
		*len = o.len;
	return sb_detach(&o);
}

char *xml_attr(const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
	char *out;
	if (!v)
		return NULL;
	out = xstrdup((const char *)v);
	xmlFree(v);
	return out;
}

bool xml_attr_int(const xmlNode *n, const char *name, long long *out)
{
	char *v = xml_attr(n, name);
	bool ok = v && parse_int(v, -(1LL << 62), 1LL << 62, out);
	free(v);
	return ok;
}

bool xml_attr_u64(const xmlNode *n, const char *name, uint64_t *out)
{
	char *v = xml_attr(n, name);
	bool ok = v && parse_u64(v, out);
	free(v);
	return ok;
}

bool xml_attr_bool(const xmlNode *n, const char *name, bool *out)
{
	char *v = xml_attr(n, name);
	bool ok = v && (!strcmp(v, "yes") || !strcmp(v, "no"));
	if (ok)
		*out = !strcmp(v, "yes");
	free(v);
	return ok;
}

void xml_set(xmlNode *n, const char *name, const char *value)
{
	xmlSetProp(n, (const xmlChar *)name, (const xmlChar *)value);
}

void xml_set_int(xmlNode *n, const char *name, long long v)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%lld", v);
	xml_set(n, name, buf);
}

void xml_set_bool(xmlNode *n, const char *name, bool v)
{
	xml_set(n, name, v ? "yes" : "no");
}

xmlNode *xml_child(xmlNode *parent, const char *name, const char *text)
{
	xmlNode *c = xmlNewChild(parent, NULL, (const xmlChar *)name, NULL);
	if (text)
		xmlNodeAddContent(c, (const xmlChar *)text);
	return c;
}

bool xml_is(const xmlNode *n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

xmlNode *xml_first(const xmlNode *parent, const char *name)
{
	for (xmlNode *c = parent->children; c; c = c->next)
		if (xml_is(c, name))
			return c;
	return NULL;
}

char *xml_text(const xmlNode *n)
{
	xmlChar *t = xmlNodeGetContent(n);
	char *out = xstrdup(t ? (const char *)t : "");
	xmlFree(t);
	return out;
}
