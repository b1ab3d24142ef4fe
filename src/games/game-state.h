/* game-state.h - one game as the engines see it: the core's part of its
 * state (players, options, RNG, turn) and the engine's, behind `state`.
 *
 * Part of the games' layer: engines build against this, engine.h and lib/
 * only.  Reading and writing game.xml belong to the application
 * (src/game.h), which fills a struct game and hands it to its engine.
 *
 * Ownership: a struct game owns every string and array in it, and the
 * engine's state behind `state` (released through engine->release).
 */
#ifndef WP_GAME_STATE_H
#define WP_GAME_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "options.h"
#include "rng.h"
#include "util.h"

struct engine;

/* Days a player is away, both included, as days since 1970-01-01 in the
 * game's zone (see src/absence.h); reason may be NULL. */
struct absence {
	int from, to;
	char *reason;
};

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
	/* Announced absences, earliest first (the core's; engines need not
	 * look: an absent player's seat is played by their NMR rule). */
	struct absence *absences;
	size_t nabsences, absences_alloc;
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
	/* The format of the game.xml it was read from (an earlier one was
	 * brought to today's in memory; the file is kept under turns/ when
	 * the game is next saved: src/game-format.h); 0 for a new game. */
	int format;
	/* During engine setup() only: the text of `new --setup FILE` and the
	 * file's name, for messages (borrowed); NULL when none was given. */
	const char *setup_text, *setup_name;
};

/* Free everything g owns, the engine's state too, and zero it. */
void game_release(struct game *g);

/* Index of the player called name (ASCII case-insensitive), or -1. */
int game_player_index(const struct game *g, const char *name);

#endif
