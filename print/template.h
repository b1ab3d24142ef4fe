/* template.h - layout templates: printable kits described as data.
 *
 * A kit (templates/GAME/kit.xml) lists parts; each part is a template file
 * beside it (cards, a full-page sheet, hex tiles or a poster) holding its
 * data items and the drawing of a piece's front and back, with fields bound
 * by XPath.  One renderer draws every template into a print_doc; the
 * language is described in docs/templates.md and schema/template.rng.
 *
 * Like the rest of print/, nothing here prints or exits: functions return a
 * tpl_rc and, on failure, a message in *err (caller frees) that names the
 * template file and line.  Template files are parsed with xml_parse (no DTD,
 * no entities, no network) and validated against the built-in schema.
 *
 * Ownership: a struct kit or struct tpl belongs to its loader's caller and
 * is released with kit_free / tpl_free.  The state document given to a
 * render call is borrowed and must outlive the call only.
 */
#ifndef WP_TEMPLATE_H
#define WP_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <libxml/tree.h>

#include "print.h"

enum tpl_rc {
	TPL_OK = 0,
	TPL_ERR_NOTFOUND, /* no such kit or template file */
	TPL_ERR_DATA,     /* a template is malformed, or its XPath fails */
	TPL_ERR_IO,       /* reading a file, or libharu, failed */
};

/* What the command line chooses; zeroes are the defaults. */
struct tpl_opts {
	double bleed;              /* mm around each card */
	enum print_backs backs;    /* for templates that have a <back> */
	double offset_x, offset_y; /* mm, duplex back pages */
	/* Boards (posters): TPL_BOARDS_BOTH prints what the template asks,
	 * true size across pages and then on one page; the others print only
	 * the one or the other. */
	enum { TPL_BOARDS_BOTH, TPL_BOARDS_POSTER, TPL_BOARDS_PAGE } boards;
};

struct tpl;
struct kit;

/* Load one template from a file or from memory (name is used in messages). */
int tpl_load_file(struct tpl **out, const char *path, char **err);
int tpl_load_buffer(struct tpl **out, const char *buf, size_t len, const char *name,
		    char **err);
/* Draw the template into d.  state is the context document of its XPath
 * (a stored game's game.xml), or NULL for a blank kit (a document whose
 * root is <blank/>). */
int tpl_render(const struct tpl *t, struct print_doc *d, xmlDoc *state,
	       const struct tpl_opts *o, char **err);
void tpl_free(struct tpl *t);
/* Whether a report template asks its text pages to carry the section of
 * the engine's text view headed heading (a <flow section> of the sheet). */
bool tpl_flows(const struct tpl *t, const char *heading);

/* Load dir/game/kit.xml and the templates of the parts printed for a blank
 * kit (stored = false) or for a stored game (stored = true).  A missing
 * kit.xml or template is TPL_ERR_NOTFOUND with the path in *err. */
int kit_load(struct kit **out, const char *dir, const char *game, bool stored, char **err);
/* Render every loaded part, in order, into d. */
int kit_render(const struct kit *k, struct print_doc *d, xmlDoc *state,
	       const struct tpl_opts *o, char **err);
/* The kit's title (<kit title>), or its game's name. */
const char *kit_title(const struct kit *k);
/* How many parts were loaded. */
size_t kit_parts(const struct kit *k);
void kit_free(struct kit *k);

/* The whole job of `wyrmpost print`: load the kit of game from dir, render
 * it on a new document and return the PDF's bytes in *pdf (caller frees). */
struct kit_job {
	const char *dir;  /* the templates directory */
	const char *game; /* rules name: the kit's folder */
	xmlDoc *state;    /* a stored game's state, or NULL for the blank kit */
	enum print_paper paper;
	bool small;       /* the standard 14 fonts, nothing embedded */
	/* The PDF's title and subject; NULL: the kit's title and "print and
	 * play kit". */
	const char *title, *subject;
	struct tpl_opts opts;
};
int kit_print(const struct kit_job *job, char **pdf, size_t *len, char **err);

#endif
