/* xmlutil.h - safe XML parsing, schema validation and attribute helpers.
 *
 * Parsing never loads external entities, DTDs or anything from the network:
 * every parse goes through xml_parse(), which sets XML_PARSE_NONET and no
 * entity substitution, and an entity loader that refuses all loads.
 */
#ifndef WP_XMLUTIL_H
#define WP_XMLUTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <libxml/tree.h>

/* Install the refusing entity loader; idempotent, called by xml_parse(). */
void xml_init(void);
/* Parse buf; on error return NULL with "NAME:LINE: message" in *err. */
xmlDoc *xml_parse(const char *buf, size_t len, const char *name, char **err);
/* Validate doc (or the subtree at root when not NULL) against a RelaxNG
 * grammar given as text; 0, or -1 with "NAME:LINE: message" in *err. */
int xml_validate(xmlDoc *doc, const char *rng_text, const char *name, char **err);
/* Serialise doc, indented, UTF-8, with XML declaration (caller frees). */
char *xml_to_string(xmlDoc *doc, size_t *len);
/* The same through libxml2's own writer, which xml_to_string must match
 * byte for byte (and falls back on for what it does not write itself). */
char *xml_to_string_libxml2(xmlDoc *doc, size_t *len);

/* Attribute helpers.  The getters return false when the attribute is
 * missing or malformed and leave *out alone. */
char *xml_attr(const xmlNode *n, const char *name); /* malloc'd or NULL */
bool xml_attr_int(const xmlNode *n, const char *name, long long *out);
bool xml_attr_u64(const xmlNode *n, const char *name, uint64_t *out);
bool xml_attr_bool(const xmlNode *n, const char *name, bool *out);
void xml_set(xmlNode *n, const char *name, const char *value);
void xml_set_int(xmlNode *n, const char *name, long long v);
void xml_set_bool(xmlNode *n, const char *name, bool v);
/* New child element (with optional text content). */
xmlNode *xml_child(xmlNode *parent, const char *name, const char *text);
/* Is n an element called name? */
bool xml_is(const xmlNode *n, const char *name);
/* First child element called name, or NULL. */
xmlNode *xml_first(const xmlNode *parent, const char *name);
/* Text content of n (malloc'd, never NULL). */
char *xml_text(const xmlNode *n);

#endif
