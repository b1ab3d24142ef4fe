/* cog-int.h - City of Glass, shared by the files of its engine (not an
 * interface for the rest of the program: that is city_of_glass_engine).
 *
 *   city-of-glass.c  the options, setup, load and save, invariants, the
 *                    engine table
 *   cog-orders.c     reading orders, checking them with forecasts, whose
 *                    turn it is, legal orders, the no-orders rule
 *   cog-play.c       cards, roles, sight between models, placing, playing a
 *                    turn, a player leaving
 *   cog-view.c       the text report, the picture of the table, the
 *                    scramble
 *   cog-geom.c       exact geometry: sight, paths, distances (cog-geom.h)
 *   cog-table.c      the book piles: drawn or given, and checked (cog-table.h)
 *
 * The state is one flat struct without pointers, so check() simulates a
 * mail's orders on a plain copy.  The rules as played, with every choice
 * made where the rulebook is silent: docs/rules/city-of-glass.md.
 */
#ifndef WP_COG_INT_H
#define WP_COG_INT_H

#include <stdbool.h>

#include "cog-geom.h"
#include "cog-table.h"
#include "engine.h"

#define COG_MAXP 4
#define COG_MODELS 4
#define COG_NCARDS 54   /* 52 and two jokers */
#define COG_JOKER 52    /* 52 and 53 */
#define COG_HAND 3
#define COG_BASE_R 0.5  /* a base 1 inch across */
#define COG_REACH 2.0   /* a private exchange: bases at most this far apart */
#define COG_MAX_WAY 16  /* waypoints in one move */
#define NO_CARD (-1)

/* Suits in the order the roles are listed: spades, hearts, diamonds, clubs. */
enum cog_suit { SU_SPADES, SU_HEARTS, SU_DIAMONDS, SU_CLUBS };

enum cog_phase { PH_PLACE, PH_PLAY, PH_OVER };

struct cog_model {
	bool placed;  /* on the table (A from the start, B-D once placed) */
	bool out;     /* removed from play by a private exchange */
	struct cog_xy at;
	int role;     /* a card, or NO_CARD */
};

/* What the last turn did, for the report's picture. */
struct cog_last {
	int model;    /* the model placed or activated, -1: none */
	int nway;     /* the path it moved: from, then nway - 1 waypoints */
	struct cog_xy way[COG_MAX_WAY + 1];
};

struct cog_state {
	int n;                      /* players */
	enum cog_phase phase;
	int current;                /* whose turn it is */
	int placing;                /* PH_PLACE: the model being placed (1-3) */
	int npiles;
	struct cog_pile piles[COG_MAX_PILES];
	double height, book;        /* the options, read once */
	struct cog_model m[COG_MODELS];
	int hand[COG_MAXP][COG_HAND];
	int nhand[COG_MAXP];
	bool dropped[COG_MAXP];
	int deck[COG_NCARDS], ndeck;       /* deck[ndeck - 1] is the top */
	int discard[COG_NCARDS], ndiscard; /* discard[ndiscard - 1] is the top */
	int decks;                  /* times the deck has been made: 1 at the start */
	bool final;                 /* solo: an ace was discarded this activation */
	int winner;                 /* -1: none (yet, or nobody won) */
	struct cog_last last;
};

/* One order, parsed. */
enum cog_verb { V_PLACE, V_PLAY, V_JOKER, V_DISCARD, V_MOVE, V_EXCHANGE, V_SWAP };
struct cog_order {
	enum cog_verb verb;
	int card;                   /* V_PLAY, V_DISCARD (a joker: COG_JOKER) */
	int model;                  /* V_PLAY, V_EXCHANGE, V_SWAP */
	int nway;                   /* V_PLACE (1), V_MOVE */
	struct cog_xy way[COG_MAX_WAY];
};

static inline struct cog_state *COG(const struct game *g)
{
	return g->state;
}

/* A run of the rules: the state, its generator and where events go.
 * check() runs with ev NULL and a generator of its own. */
struct cog_run {
	const struct game *g;
	struct cog_state *s;
	struct rng *rng;
	struct events *ev;
};

/* --- cog-play.c ---------------------------------------------------------- */

extern const char *const cog_role_names[4];
extern const char cog_model_names[COG_MODELS];

int cog_rank(int card);      /* 1 (ace) to 13; 0 for a joker */
int cog_suit(int card);      /* enum cog_suit; -1 for a joker */
void cog_card_name(int card, char buf[8]); /* "10H", "QS", "joker" */
int cog_card_parse(const char *word);      /* a card, COG_JOKER, or -1 */
int cog_model_parse(const char *word);     /* 0-3, or -1 */
bool cog_solo(const struct cog_state *s);
/* "12.5,20": a point as orders and reports write it (to 1/100 inch). */
void cog_xy_text(char *buf, size_t len, struct cog_xy p);

/* The table's piles as boxes; returns how many. */
size_t cog_boxes(const struct cog_state *s, struct cog_box *out);
/* The eye height of a model. */
double cog_eye(const struct cog_state *s);
/* Does model a, standing at pa, see model b at pb? */
bool cog_model_sees(const struct cog_state *s, const struct cog_box *boxes, size_t nb,
		    struct cog_xy pa, struct cog_xy pb, double *hidden, size_t *by);
/* Models on the table and in play. */
bool cog_in_play(const struct cog_state *s, int m);
int cog_models_left(const struct cog_state *s);

/* Why a base may not be placed at p (NULL: it may), naming the pile or
 * model it touches or the model that would see it; malloc'd. */
char *cog_place_refusal(const struct cog_state *s, struct cog_xy p);
/* May player p play card on model m?  And if not, why (NULL: may), with
 * a code. */
bool cog_may_play(const struct cog_state *s, int p, int card, int m);
char *cog_play_refusal(const struct cog_state *s, int p, int card, int m, const char **code);
/* The role value model m moves by when card is played on it. */
int cog_move_allowance(const struct cog_state *s, int card, int m);
/* Why model a may not make an exchange with b now (NULL: may). */
char *cog_exchange_refusal(const struct cog_state *s, int a, int b, const char **code);
/* The chance in 36 that the actor's roll wins an exchange of a against b. */
int cog_exchange_chance(const struct cog_state *s, int a, int b);
/* Does the hand of p hold card (a joker: either)?  Index or -1. */
int cog_hand_find(const struct cog_state *s, int p, int card);

void cog_say(const struct cog_run *run, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Send card to the discard pile (solo: top or bottom by the timer rule). */
void cog_discard(struct cog_run *run, int card);
/* Player p draws back up to three. */
void cog_draw_up(struct cog_run *run, int p);
/* Apply one player's orders for the turn (already checked); orders that
 * are no longer possible are skipped with an event. */
void cog_play_turn(struct cog_run *run, int p, const struct cog_order *o, size_t n);
/* Place the model being placed at a random legal spot (or, when none is
 * out of sight, any spot not touching). */
void cog_place_random(struct cog_run *run, struct cog_xy *at);
/* The legal placement spots of the half-inch grid, out of sight or not
 * (out may be NULL); returns how many there are, filling up to max. */
size_t cog_place_spots(const struct cog_state *s, struct cog_xy *out, size_t max,
		       bool hidden_only);
/* Up to max legal spots spread over the table, for `help` and play-outs. */
size_t cog_place_sample(const struct cog_state *s, struct cog_xy *out, size_t max);
/* Pass the turn to the next seat still playing; ends the game when none. */
void cog_next_turn(struct cog_run *run);
int cog_advance(struct game *g, const struct turn_orders *orders,
		const struct engine_ctx *ctx, struct events *ev, char **err);
void cog_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev);
bool cog_over(const struct game *g);

/* --- cog-orders.c -------------------------------------------------------- */

bool cog_parse(const char *text, struct cog_order *o, const char **code, char **reason);
char *cog_format(const struct cog_order *o);
void cog_check(const struct game *g, int p, struct order_line *lines, size_t n,
	       const struct engine_ctx *ctx);
void cog_legal(const struct game *g, int p, const struct engine_ctx *ctx,
	       struct strlist *out);
void cog_awaited(const struct game *g, bool *awaited);
void cog_nmr(const struct game *g, int p, struct strlist *orders);
char *cog_incomplete(const struct game *g, int p, const struct strlist *orders,
		     const struct engine_ctx *ctx);

/* --- cog-view.c ---------------------------------------------------------- */

void cog_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out);
void cog_board(const struct game *g, int p, struct view *v);
/* Hidden from keep: the deck's order and the other hands. */
void cog_scramble(struct game *g, int keep, struct rng *r);

#endif
