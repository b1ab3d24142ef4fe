/* dp-int.h - Dragon Pants, shared by the engine's files (not an interface for
 * the rest of the program: that is dragon_pants_engine in engine.h).
 *
 *   dragon-pants.c  the options, setup, load and save, the invariants, the
 *                   engine table
 *   dp-orders.c     reading orders, checking them by simulation, whose turn
 *                   it is, the legal orders, the NMR orders
 *   dp-play.c       the rules of each action, playing a turn, the end of a
 *                   turn, a player leaving
 *   dp-view.c       the report's text, the board's picture, the scramble
 *   dp-board.c      the hex board, dens, directions, lines of sight, the map
 *   dp-cards.c      the power cards, hands, the decks, every card's effect and
 *                   the reactions answered from standing orders
 *
 * The whole state is one flat struct with no pointers, so check() can
 * simulate a mail's orders on a plain copy.  See docs/rules/dragon-pants.md
 * for the rules as played here.
 */
#ifndef WP_DP_H
#define WP_DP_H

#include <stdbool.h>

#include "engine.h"

#define DP_MAXP 6
#define DP_HAND 3            /* the hand limit */
#define DP_HOLD (DP_HAND + 1) /* a hand may hold one more for a moment */
#define DP_POWER 19
#define DP_DESTINY 29
#define DP_NREACT 5

enum dp_card {
	C_PANTS, C_FIREBALL, C_SHOCK, C_SHIELD, C_FREEZE, C_BOOST, C_POISON, C_AMULET,
	C_TONGUE, C_BANISH, C_STORM, C_TELEPORT, C_DUCKY, C_MIRROR,
	C_NCARDS,
	C_UNKNOWN = C_NCARDS, /* check() only: a card drawn face down */
};

/* What a reaction answers: a card played at you, or a bite. */
#define TRIG_BITE C_NCARDS

struct dp_hex {
	int q, r;
};

enum dp_terrain { T_OFF, T_LAND, T_MOUNTAIN, T_WATER, T_POWER, T_DEN };

struct dp_hand {
	int n;
	int card[DP_HOLD];
	bool spent[DP_HOLD];
	/* Spent during its holder's own turn: it survives the end of that
	 * turn and is ready again at the end of the next one. */
	bool fresh[DP_HOLD];
};

struct dp_player {
	struct dp_hex at;
	int den;              /* index into dp_dens */
	struct dp_hand hand;
	bool frozen;          /* skips their next turn */
	bool out;             /* resigned or dropped */
	int react[DP_NREACT]; /* reactions to use, in order of preference */
	int nreact;
	int lose[C_NCARDS];   /* cards to give up first; the rest by default */
	int nlose;
};

struct dp_state {
	int n;           /* players */
	struct dp_player pl[DP_MAXP];
	int deck[DP_POWER], ndeck;       /* deck[ndeck - 1] is the top */
	int discard[DP_POWER], ndiscard; /* discard[ndiscard - 1] is the top */
	int destiny[DP_DESTINY], ndestiny; /* face down; the top is last */
	int drawn[DP_DESTINY], ndrawn;     /* face up, in the order drawn */
	int length;      /* the game length the time started at */
	int time;
	int current;     /* whose turn it is */
	bool over;
	int winner;      /* -1 until the game is over */
};

static inline struct dp_state *DP(const struct game *g)
{
	return g->state;
}

/* One run of rules: the state it works on and how.  check() runs with
 * sim set: cards drawn from the deck are unknown, other players neither
 * react nor follow their secret standing orders, and choices left to
 * chance use a generator of their own. */
struct dp_run {
	const struct game *g; /* names and options */
	struct dp_state *s;
	struct rng *rng;
	struct events *ev;    /* NULL: say nothing */
	bool sim;
	int discard_pick;     /* the actor's `discard` for this action, or -1 */
	int discarded;        /* what the actor's hand limit made them discard
				 in this action, or -1 */
};

/* --- dp-board.c ---------------------------------------------------------- */

enum dp_sight { SIGHT_NONE, SIGHT_FLAT, SIGHT_DIAG };

extern const struct dp_hex dp_dens[6];
extern const char *const dp_den_names[6];
extern const char *const dp_dir_names[6];
extern const struct dp_hex dp_dirs[6];

enum dp_terrain dp_terrain(struct dp_hex h);
bool dp_same(struct dp_hex a, struct dp_hex b);
struct dp_hex dp_step(struct dp_hex h, int dir);
int dp_dir_parse(const char *word); /* -1 if not a direction */
/* The den player seat i of n starts in (index into dp_dens). */
int dp_seat_den(int n, int seat);
/* The board hex a den opens onto, and the direction from the den. */
int dp_den_exit_dir(int den);
int dp_den_at(struct dp_hex h); /* index, or -1 */
/* A hex's name for players: "D4", or "the N den". */
void dp_hex_name(struct dp_hex h, char *buf, size_t len);
/* The player standing on h (the lowest seat when a den holds several),
 * or -1. */
int dp_dragon_at(const struct dp_state *s, struct dp_hex h);
/* How player a's dragon sees player b's: *kind is the line a lies on
 * (flat, diagonal, or none) and the result whether it is clear; when a
 * hex in between blocks it, *block is that hex. */
bool dp_sight(const struct dp_state *s, int a, int b, enum dp_sight *kind,
	      struct dp_hex *block);
/* The text map and the picture. */
void dp_map_text(const struct game *g, const struct dp_state *s, struct sb *out);
void dp_board_view(const struct game *g, const struct dp_state *s, int p, struct view *v);

/* --- dp-cards.c ---------------------------------------------------------- */

extern const int dp_card_count[C_NCARDS];
extern const int dp_default_react[DP_NREACT];
const char *dp_card_word(int c);  /* "fireball" */
const char *dp_card_title(int c); /* "Fireball" */
int dp_card_parse(const char *word); /* -1 if not a card */
/* The standard, volatile and long Deck of Destiny: values and counts. */
int dp_destiny_mix(const char *name, int *cards); /* returns the count */

int dp_hand_find(const struct dp_hand *h, int card, bool ready_only);
void dp_hand_add(struct dp_hand *h, int card);
int dp_hand_remove(struct dp_hand *h, int i); /* returns the card */
bool dp_holds_pants(const struct dp_player *pl);

/* Fisher-Yates with rng_range, so rule cases can force every swap. */
void dp_shuffle(struct rng *r, int *v, int n);

const char *dp_name(const struct dp_run *run, int p);
void dp_say(const struct dp_run *run, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Player p gives up a card of their choice (standing orders), or the one
 * the actor named with `discard`; it goes to the discard pile. */
void dp_lose_card(struct dp_run *run, int p, const char *why);
/* Player p gains card c; over the hand limit they discard at once. */
void dp_gain(struct dp_run *run, int p, int c);
void dp_send_home(struct dp_run *run, int p);

/* Why player p may not play card c at target t now (NULL: they may),
 * with a code; reason is malloc'd. */
const char *dp_play_refusal(const struct dp_state *s, const struct game *g, int p, int c,
			    int t, char **reason);
/* Play card c (held ready by p) at t (-1 when the card has no target),
 * with take the card named for Tongue (-1: the default). */
void dp_play(struct dp_run *run, int p, int c, int t, int take);
/* Player p moves onto another dragon's hex and bites it. */
void dp_bite(struct dp_run *run, int p, int t, struct dp_hex to, int take);
/* The deck, reshuffled from the discards when it is empty. */
bool dp_draw_deck(struct dp_run *run, int p);

/* --- dragon-pants.c ------------------------------------------------------ */

int dp_destiny_sum(const int *v, int n);

/* --- dp-orders.c --------------------------------------------------------- */

enum dp_verb { O_MOVE, O_DRAW, O_PLAY, O_DISCARD, O_PASS, O_REACT, O_LOSE };

struct dp_order {
	enum dp_verb verb;
	int dir;           /* O_MOVE */
	bool from_discard; /* O_DRAW */
	int card;          /* O_PLAY, O_DISCARD */
	int target;        /* O_PLAY: player, or -1 */
	int take;          /* O_MOVE (a bite), O_PLAY tongue: card, or -1 */
	int list[C_NCARDS];/* O_REACT, O_LOSE */
	int nlist;
};

static inline bool dp_is_action(const struct dp_order *o)
{
	return o->verb == O_MOVE || o->verb == O_DRAW || o->verb == O_PLAY || o->verb == O_PASS;
}

static inline bool dp_is_standing(const struct dp_order *o)
{
	return o->verb == O_REACT || o->verb == O_LOSE;
}

/* Read one order line; false with a code and reason when it is no order
 * or a wrong one. */
bool dp_order_parse(const struct game *g, const char *line, struct dp_order *o,
		    const char **code, char **reason);
/* Standing orders as text, e.g. for the reader's report. */
void dp_standing_text(const struct dp_player *pl, struct sb *out);
void dp_apply_standing(struct dp_player *pl, const struct dp_order *o);
/* The `discard` line that belongs to action line i: the next order line
 * that is not a standing order, when it is a discard (else -1). */
int dp_discard_after(const struct dp_order *o, const bool *ok, size_t n, size_t i);
void dp_check(const struct game *g, int p, struct order_line *lines, size_t n,
	      const struct engine_ctx *ctx);
void dp_awaited(const struct game *g, bool *awaited);
void dp_legal(const struct game *g, int p, const struct engine_ctx *ctx,
	      struct strlist *out);
void dp_nmr(const struct game *g, int p, struct strlist *orders);
char *dp_incomplete(const struct game *g, int p, const struct strlist *orders,
		    const struct engine_ctx *ctx);

/* --- dp-play.c ----------------------------------------------------------- */

/* Where a turn stands while its actions run. */
struct dp_turn {
	int used, allowed;
	bool must_leave; /* began the turn on a den and has not moved yet */
	bool passed;
};

void dp_turn_begin(const struct dp_state *s, struct dp_turn *ts);
/* Why player p may not move dir now; else the hex reached and the dragon
 * bitten there (-1: none). */
const char *dp_move_refusal(const struct dp_state *s, const struct game *g, int p,
			    int dir, struct dp_hex *to, int *victim, char **reason);
bool dp_on_power(const struct dp_state *s, int p);
/* Carry out one action of the current player, or say why not (nothing is
 * changed then). */
const char *dp_run_action(struct dp_run *run, struct dp_turn *ts, const struct dp_order *o,
			  char **reason);
int dp_advance(struct game *g, const struct turn_orders *orders,
	       const struct engine_ctx *ctx, struct events *ev, char **err);
void dp_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev);
bool dp_over(const struct game *g);

/* --- dp-view.c ----------------------------------------------------------- */

void dp_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out);
void dp_board(const struct game *g, int p, struct view *v);
/* Everything is public except the order of the two decks and the other
 * players' standing orders. */
void dp_scramble(struct game *g, int keep, struct rng *r);

#endif
