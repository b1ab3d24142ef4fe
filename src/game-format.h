/* game-format.h - the format of game.xml across releases: a state written
 * by a later wyrmpost is refused with the version that wrote it, and one
 * written by an earlier release is brought up to today's format as it is
 * read, by one step per format number (docs/hacking.md, "Changing the
 * state's format").
 *
 * Format 1 is what 0.1.0 wrote, and what this program writes: no release
 * has changed it yet (tests/sh/upgrade.sh plays a campaign 0.1.0 wrote).
 */
#ifndef WP_GAME_FORMAT_H
#define WP_GAME_FORMAT_H

#include <libxml/tree.h>

/* The format a game.xml holds today; a change bumps it and adds a step. */
#define GAME_FORMAT 1

/* Bring doc, a game.xml just parsed from the file name (for messages),
 * to GAME_FORMAT in place, and say in *was the format it was written in.
 * A format later than GAME_FORMAT is refused: -1 with *err naming the
 * file, the format and the wyrmpost that wrote it (its written-by).  A
 * missing or malformed format is left for the schema to name: 0, *was 0.
 * 0, or -1 with *err (caller frees). */
int game_format_upgrade(xmlDoc *doc, const char *name, int *was, char **err);

#endif
