/* game-format.c - reading a game.xml of another release: newer refused,
 * older migrated step by step; see game-format.h. */
#include "game-format.h"

#include <config.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "xmlutil.h"

/* One change of format: turns a document of format from into one of
 * format from + 1, in place (the format attribute is set by the caller).
 * A step is kept for as long as states of its format may be read: every
 * snapshot in turns/ is one, and a rollback brings it back. */
struct format_step {
	int from;
	int (*apply)(xmlNode *root, char **err);
};

/* Oldest first, ended by an empty entry.  None yet: 0.1.0 wrote format
 * 1, and so does this program. */
static const struct format_step steps[] = {
	{ 0, NULL },
};

static const struct format_step *step_from(int format)
{
	for (const struct format_step *s = steps; s->apply; s++)
		if (s->from == format)
			return s;
	return NULL;
}

/* The written-by of a file, for a message: only a plain version text
 * ("wyrmpost 0.2.0"), since the file is not validated yet. */
static char *written_by(const xmlNode *root)
{
	char *v = xml_attr(root, "written-by");
	if (v && (!*v || strlen(v) > 64 ||
		  v[strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			       "0123456789 .+~_-")])) {
		free(v);
		v = NULL;
	}
	return v;
}

static int refuse_newer(const xmlNode *root, const char *name, long long format, char **err)
{
	char *by = written_by(root);
	*err = xasprintf("%s: written by %s in state format %lld, which this wyrmpost "
			 "(%s, format %d) cannot read: play it with that release or a "
			 "later one", name, by ? by : "a later wyrmpost", format,
			 PACKAGE_VERSION, GAME_FORMAT);
	free(by);
	return -1;
}

int game_format_upgrade(xmlDoc *doc, const char *name, int *was, char **err)
{
	xmlNode *root = xmlDocGetRootElement(doc);
	long long format;

	*was = 0;
	if (!root || !xml_attr_int(root, "format", &format) || format < 1)
		return 0;
	if (format > GAME_FORMAT)
		return refuse_newer(root, name, format, err);
	*was = (int)format;
	for (int f = (int)format; f < GAME_FORMAT; f++) {
		const struct format_step *s = step_from(f);
		char *e = NULL;
		if (!s)
			BUG("no step from state format %d", f);
		if (s->apply(root, &e)) {
			*err = xasprintf("%s: cannot bring state format %d to %d: %s", name, f,
					 f + 1, e);
			free(e);
			return -1;
		}
		xml_set_int(root, "format", f + 1);
	}
	return 0;
}
