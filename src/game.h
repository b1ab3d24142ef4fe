/* game.h - one stored game: the core's part of its state and the engine's.
 *
 * Ownership: a struct game owns every string and array in it, and the
 * engine's state behind `state` (released through engine->release).
 * game_load() and game_save() convert to and from game.xml.
 */
#ifndef WP_GAME_H
#define WP_GAME_H

#include <stdbool.h>
#include <libxml/tree.h>

#include "options.h"
#include "rng.h"
#include "util.h"

#define GAME_FORMAT 1

struct engine;
struct engine_ctx;

struct player {
	char *name;
	char *email;
	char *hash;      /* password hash, see password.h */
	int nmr;         /* turns missed in a row */
	bool dropped;    /* removed by the NMR limit */
	/* An open seat (see seat.h): nobody plays it, the NMR rule does, and
	 * anyone may ask to take it over.  req_* is the one request waiting
	 * for the game master (NULL when none). */
	bool open;
	char *req_name, *req_email, *req_hash;
};

enum game_status {
	GAME_ACTIVE,
	GAME_HELD,   /* too many players missed the deadline; waits for --force */
	GAME_OVER,
	GAME_PAUSED, /* by the game master: no turn, no deadline, until resumed */
};

struct game {
	char *id;
	const struct engine *engine;
	int turn;               /* the turn now waiting for orders; first is 1 */
	enum game_status status;
	uint64_t seed;
	struct rng rng;
	long long created;      /* seconds since the epoch, UTC */
	long long deadline;     /* when the current turn runs at the latest */
	long long last_run;     /* when the previous turn was processed; 0 before */
	struct option_set opts; /* core and engine options, validated */
	struct player *players;
	size_t nplayers, players_alloc;
	struct strlist observers; /* addresses that get the public reports */
	void *state;            /* engine-owned */
	/* During engine setup() only: the text of `new --setup FILE` and the
	 * file's name, for messages (borrowed); NULL when none was given. */
	const char *setup_text, *setup_name;
};

void game_release(struct game *g);

/* Index of the player called name (ASCII case-insensitive), or -1. */
int game_player_index(const struct game *g, const char *name);

const char *game_status_name(enum game_status s);

/* Load a game from an XML document already validated against the schema.
 * Returns 0, or -1 with a message in *err (caller frees). */
int game_from_xml(struct game *g, xmlDoc *doc, char **err);
/* The game as a new XML document (caller frees with xmlFreeDoc). */
xmlDoc *game_to_xml(const struct game *g);
/* Serialise to a string exactly as stored on disk (caller frees). */
char *game_to_string(const struct game *g, size_t *len);

/* Read and validate a game file; on error *err names the file and line.
 * Never fetches anything and never expands external entities. */
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
