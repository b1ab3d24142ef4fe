/* engine.h - the interface every rules engine implements, and the registry.
 *
 * The games' layer (src/games/): engines build against this header,
 * game-state.h and lib/ only, and link without the application.
 *
 * One table of functions per game (the OpenSpiel idea): the core owns the
 * campaign, the schedule, orders, mail and reports; an engine owns only the
 * rules.  Engines never print, exit, read the clock, the environment, a
 * time zone or rand(): the time and the game's clock arrive in struct
 * engine_ctx, randomness from g->rng (tests/sh/layers.sh checks the calls).
 *
 * A turn waits for the players the engine marks as awaited (one, several, or
 * nobody).  Orders are lines of text in the game's own verbs; check() gives
 * each line a verdict without applying anything; advance() applies a whole
 * turn.  Everything that happens is an event with an audience, so each
 * report shows a player exactly what that player may know.
 */
#ifndef WP_ENGINE_H
#define WP_ENGINE_H

#include <stdbool.h>
#include <libxml/tree.h>

#include "events.h"
#include "game-state.h"
#include "options.h"
#include "util.h"
#include "view.h"

/* What the core tells an engine about the moment of a check, a turn or a
 * view, and what it answers about the game's clock.  The core fills it
 * (game_ctx() in src/game.h); an engine only reads it and calls its
 * functions, passing the ctx itself. */
struct engine_ctx {
	long long now; /* time of processing (advance) or of the deadline the
			  orders are for (check, legal, view); seconds since
			  the epoch */
	const char *tz; /* the game's time zone, e.g. "Europe/Berlin": for the
			   core's functions below, not for the engine */
	/* The first moment strictly after `after` at which the game's clock
	 * shows minute_of_day minutes after midnight (6 * 60: 06:00). */
	long long (*next_local)(const struct engine_ctx *ctx, long long after,
				int minute_of_day);
	/* t for people, in the game's time zone: "2026-11-22 06:00 CET"
	 * (caller frees). */
	char *(*local_text)(const struct engine_ctx *ctx, long long t);
};

/* One order line and its verdict.  The core fills lineno and text; check()
 * sets canon (accepted, canonical form, malloc'd) or code and reason
 * (rejected; code is a stable static string such as "not-seated", reason a
 * malloc'd sentence). */
struct order_line {
	int lineno;
	char *text;
	char *canon;
	const char *code;
	char *reason;
	bool command; /* for the core: a command such as `help`, not an order */
	/* Optional, for an accepted line: what it will do, as far as that is
	 * certain now (a path's length, who would see the model, the odds of
	 * a roll), shown under the verdict in the confirmation and never
	 * stored; malloc'd, may run over several lines. */
	char *note;
};

/* The orders for one turn: for each player, the accepted canonical lines,
 * or has[p] == false when nothing was received (the NMR rule then applies). */
struct turn_orders {
	size_t nplayers;
	bool *has;
	struct strlist *lines;
};

/* One order of a game, for `help ORDER` by mail: its verb, its form
 * (words in capitals are what the player fills in) and what it does.  A
 * verb may have several rows (forms, or phases of the game).  The example
 * `help` shows is the player's own: the first line of legal() with that
 * verb, and its note. */
struct order_doc {
	const char *verb;
	const char *form;
	const char *text;
};

struct engine {
	const char *name;   /* as in `wyrmpost new ID RULES` and game.xml */
	const char *title;  /* for people */
	int min_players, max_players;
	/* Players may be added while the game runs (a newcomer's `join` by
	 * mail, when the game's option open=yes): the engine's state must
	 * take a new player index with nothing. */
	bool late_players;
	const struct option_spec *options; /* terminated by a NULL name */
	/* RelaxNG grammar (XML text) for this engine's <engine> element. */
	const char *schema;
	/* NULL when the game takes no setup file; else what one holds, for
	 * `wyrmpost new ID RULES --setup FILE` (setup() finds its text in
	 * g->setup_text). */
	const char *setup_file;

	/* Create the state for g: players, options and rng are set.  0, or -1
	 * with *err (e.g. too many players for the seats). */
	int (*setup)(struct game *g, char **err);
	/* Read state from the <engine> element (already schema-valid). */
	int (*load)(struct game *g, const xmlNode *node, char **err);
	/* Write state as children and attributes of the <engine> element. */
	void (*save)(const struct game *g, xmlNode *node);
	void (*release)(struct game *g);

	/* Give each of n lines of player p a verdict, in order, as if they ran
	 * at ctx->now; nothing is applied. */
	void (*check)(const struct game *g, int p, struct order_line *lines,
		      size_t n, const struct engine_ctx *ctx);
	/* Mark awaited[p] for every player whose orders the turn waits for. */
	void (*awaited)(const struct game *g, bool *awaited);
	/* Optional (NULL: nobody): mark wanted[p] for players whose orders the
	 * turn would like but does not require (votes, say).  They never hold
	 * a turn: it runs once every awaited player is ready, or at the
	 * deadline, and they do not count as missing. */
	void (*wanted)(const struct game *g, bool *wanted);
	/* Is the set of accepted orders player p has pending for this turn
	 * (canonical lines, as stored) all the turn needs from p now?  NULL
	 * when it is; else what is still missing, as a phrase the player can
	 * act on ("'frame TEXT': the scene you set"), malloc'd.  The core
	 * lets a turn run before its deadline only when every awaited player
	 * is ready: all lines of their latest mail accepted, and complete by
	 * this.  Asked for awaited players only. */
	char *(*incomplete)(const struct game *g, int p, const struct strlist *orders,
			    const struct engine_ctx *ctx);
	/* The orders a player who sent none by the deadline is taken to have
	 * given (may be none); the core counts the missed turn. */
	void (*nmr)(const struct game *g, int p, struct strlist *orders);
	/* Remove player p from play (dropped by the NMR limit, or resigned)
	 * at the start of the turn processed at ctx->now. */
	void (*drop)(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev);
	/* Play one turn.  0, or -1 with *err for a system failure (never for a
	 * player's mistake: an order that became impossible is an event). */
	int (*advance)(struct game *g, const struct turn_orders *orders,
		       const struct engine_ctx *ctx, struct events *ev, char **err);
	bool (*over)(const struct game *g);
	/* Optional (NULL: nobody is ranked): where each player stands, for
	 * the web archive's standings.  place[p] is 1 for the first (players
	 * who tie share a place), 0 for a player not ranked now; note[p] a
	 * short phrase for people, malloc'd, or NULL (e.g. "14 tokens").  Once
	 * the game is over the players placed 1 are its winners; none placed
	 * 1: nobody won.  Both arrays hold g->nplayers, zeroed by the caller. */
	void (*standings)(const struct game *g, int *place, char **note);
	/* Optional (NULL: the rules have one way to play): the way this game
	 * plays them, for people, e.g. "the dragon game, easy"; malloc'd. */
	char *(*variant)(const struct game *g);

	/* The board and counts as text for player p's report (p < 0: public);
	 * ctx->now is the deadline of the turn waiting for orders. */
	void (*view)(const struct game *g, int p, const struct engine_ctx *ctx,
		     struct sb *out);
	/* The board as a picture for player p's report PDF (p < 0: public):
	 * fill v, already initialised by the caller with view_init.  Optional
	 * (NULL: the PDF shows the text view only). */
	void (*board)(const struct game *g, int p, struct view *v);
	/* Every order of the game, terminated by a NULL verb (for `help ORDER`
	 * and "did you mean"); and the words its orders take beyond those
	 * legal() gives now (cards, colours, directions), NULL-terminated, or
	 * NULL.  Every verb of legal() has a row (check-engines). */
	const struct order_doc *orders;
	const char *const *words;
	/* Every order line player p could give now (for `help` and play-outs). */
	void (*legal)(const struct game *g, int p, const struct engine_ctx *ctx,
		      struct strlist *out);
	/* Check the game's invariants: NULL when they hold, else a message
	 * (caller frees).  Run after every turn of the generic play-outs. */
	char *(*invariant)(const struct game *g);
	/* Optional (NULL when the game hides nothing): re-randomise everything
	 * player keep may not see, consistently with what keep may see. */
	void (*scramble)(struct game *g, int keep, struct rng *r);
};

/* The registry (src/games/registry.c): every engine in the program.  A game
 * is built in by its folder src/games/NAME/, defining `const struct engine
 * NAME_engine` (hyphens made underscores) and its grammar NAME.rng, and by
 * its name in WP_GAMES in configure.ac; nothing else names it.
 * Every folder holds the same files by role: README.md beside this file.
 */
const struct engine *engine_find(const char *name);
const struct engine *const *engine_list(void); /* NULL-terminated */
/* Add an engine at run time (the test suites add their test game); the
 * registry keeps the pointer. */
void engine_register(const struct engine *e);

#endif
