/* game.h - one stored game as the application keeps it: game.xml read and
 * written, the core options every game has, and the struct engine_ctx the
 * core hands the game's engine.
 *
 * struct game itself, and what engines may ask of it, is the games' layer's
 * (src/games/game-state.h): this file adds what only the application does.
 */
#ifndef WP_GAME_H
#define WP_GAME_H

#include <stdbool.h>
#include <libxml/tree.h>

#include "engine.h"
#include "game-format.h"
#include "game-state.h"
#include "options.h"

/* The last turn a game may reach: turns/, orders/ and reports/ are named
 * by four-digit turn numbers, which sort as numbers only up to here. */
#define GAME_TURN_MAX 9999

const char *game_status_name(enum game_status s);

/* Load a game from an XML document already validated against the schema.
 * Returns 0, or -1 with a message in *err (caller frees). */
int game_from_xml(struct game *g, xmlDoc *doc, char **err);
/* The game as a new XML document (caller frees with xmlFreeDoc). */
xmlDoc *game_to_xml(const struct game *g);
/* Serialise to a string (caller frees): the game itself, the same for the
 * same game whatever program wrote it (rule cases compare it). */
char *game_to_string(const struct game *g, size_t *len);
/* The text of game.xml on disk: the same with written_by ("wyrmpost
 * VERSION") beside the format, so that a release that cannot read the
 * file can say which one wrote it (game-format.h). */
char *game_to_file_text(const struct game *g, const char *written_by, size_t *len);

/* Read and validate a game file; on error *err names the file and line.
 * Never fetches anything and never expands external entities.  A file of
 * an earlier format is brought to today's as it is read (g->format says
 * which it was); one of a later format is refused (game-format.h). */
int game_load_file(struct game *g, const char *path, char **err);
/* Parse a game from memory (same checks); name is used in messages. */
int game_load_buffer(struct game *g, const char *buf, size_t len,
		     const char *name, char **err);

/* What the core tells g's engine about a check, a turn or a view at now
 * (seconds since the epoch): the game's time zone, option tz, and the
 * clock functions behind it, which lib/schedule.h answers.  The zone is
 * borrowed from g, which must outlive the result. */
struct engine_ctx game_ctx(const struct game *g, long long now);
/* The same in a zone named outright, such as "UTC" (borrowed). */
struct engine_ctx engine_ctx_make(long long now, const char *tz);

/* Core options every game has (deadline, time zone, NMR limit, ...). */
extern const struct option_spec core_options[];

#endif
