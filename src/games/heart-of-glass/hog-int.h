/* hog-int.h - Heart of Glass, shared by the files of its engine (not an
 * interface for the rest of the program: that is heart_of_glass_engine).
 *
 *   heart-of-glass.c  the engine table, cards and traits, setup, load and
 *                     save, the invariants
 *   hog-orders.c      reading and checking orders, whose are awaited or
 *                     wanted, the legal ones, the NMR orders
 *   hog-play.c        a turn: the Minions and the Dragon made, the two
 *                     turns of each scene, every ending
 *   hog-view.c        the report's text, the trait tracks, the scramble
 *
 * The state is sequential: each phase waits for one player (or, during
 * creation and the dragon's +1s, for several at once), and everything a
 * turn decides is applied by advance(), so no order is ever half-applied
 * between turns.  See docs/rules/heart-of-glass.md for the rules as played.
 */
#ifndef WP_HOG_INT_H
#define WP_HOG_INT_H

#include "engine.h"

#define HOG_MAX 6
#define NCARDS 52
#define NTRAITS 4
/* The most a trait can reach by the rules (docs/rules/heart-of-glass.md),
 * so that a track holds every value: a game has at most NCARDS / 2
 * scenes, as each plays two cards for good.  A Minion is made with at
 * most 1 + 3 on a trait, and is the Minion, whose trait moves by 1, in at
 * most every other scene; the Dragon is made with at most the sum of
 * HOG_MAX Minions' 4, its type's 3 and every other player's 1, and its
 * trait moves by 1 every scene. */
#define HOG_SCENES_MOST (NCARDS / 2)
#define HOG_MINION_MOST (1 + 3 + (HOG_SCENES_MOST + 1) / 2)
#define HOG_DRAGON_MOST (HOG_MAX * (1 + 3) + 3 + (HOG_MAX - 1) + HOG_SCENES_MOST)

/* Suits, in the order that breaks ties when drawing (hearts lowest). */
enum hog_suit { S_HEARTS, S_DIAMONDS, S_CLUBS, S_SPADES };
/* Traits; hog_suit_trait[] maps a suit to the trait it names. */
enum hog_trait { T_BODY, T_HEART, T_MIND, T_WEALTH };

enum hog_phase {
	PH_CREATE,   /* every player sends a character */
	PH_TYPE,     /* the high card chooses the dragon's type, name, description */
	PH_RAISE,    /* every other player adds +1 to a dragon trait */
	PH_CONFLICT, /* the Dragon plays a card and frames the scene */
	PH_RESOLVE,  /* the Minion reacts, plays and resolves; the others vote */
	PH_OVER,
};

/* A player's Minion: not made yet (or waiting to be made again when the
 * option respawn is on), alive, or dead and out of the game. */
enum hog_life { L_NEW, L_ALIVE, L_DEAD };

/* Where a card is.  Hands are W_HAND + player, the generation draw
 * W_DRAWN + player. */
enum { W_DECK, W_PLAYED, W_ASIDE, W_HAND = 16, W_DRAWN = 16 + HOG_MAX };

struct hog_minion {
	enum hog_life life;
	char *name, *nature, *desc; /* NULL until made */
	int trait[NTRAITS];
	int pick;                   /* the trait chosen for +3, -1 before */
};

struct hog_vote {
	int player;
	bool stakes;  /* false: for the Conflict */
	bool counted; /* a vote for the voter's opponent's card counts only
			 when somebody else voted the same way */
};

struct hog_scene {
	int number;
	int dragon, minion;   /* players */
	int dcard, mcard;     /* -1 until played */
	char *frame, *react, *resolve;
	struct hog_vote votes[HOG_MAX];
	int nvotes;
	int conflict, stakes; /* with the votes; 0 until resolved */
	int dtrait, ddelta;   /* the effect on the Dragon (delta 0: none yet) */
	int mtrait, mdelta;   /* the effect on the Minion */
};

struct hog {
	enum hog_phase phase;
	int where[NCARDS];
	int deck[NCARDS];     /* top first */
	int ndeck;
	struct hog_minion m[HOG_MAX];
	/* The Dragon. */
	int dtrait[NTRAITS];
	int dtype;            /* -1 until chosen; else the trait it raised */
	char *dname, *ddesc;
	int chooser;          /* -1 until the generation draw */
	int next_dragon;      /* who is the Dragon once the Minions being made
				 again (option respawn) are made; -1: none */
	struct hog_scene *scenes;
	size_t nscenes, scenes_alloc;
	/* The ending: its events, one per line, and the winners. */
	struct strlist ending;
	uint64_t winners;
	/* Not stored: set by drop() when the scene had to start again, so
	 * that the turn processed right after plays nothing. */
	bool skip_turn;
};

static inline struct hog *HOG(const struct game *g)
{
	return g->state;
}

extern const char *const hog_trait_name[NTRAITS];   /* "Body", ... */
extern const char *const hog_trait_word[NTRAITS];   /* "body", ... */
extern const char *const hog_trait_symbol[NTRAITS]; /* "♣", ... */
extern const char *const hog_type_word[NTRAITS];    /* by trait: "fire", ... */
extern const int hog_suit_trait[4];

/* Cards: id = suit * 13 + face - 1. */
static inline int card_suit(int c) { return c / 13; }
static inline int card_face(int c) { return c % 13 + 1; }
static inline int card_trait(int c) { return hog_suit_trait[card_suit(c)]; }
/* Higher is better when drawing for the dragon: face, then suit. */
static inline int card_rank(int c) { return card_face(c) * 4 + card_suit(c); }

/* "10C" (the canonical order form) and "10♣" (for reports); out >= 8. */
void card_code(int c, char *out);
void card_pretty(int c, char *out);
/* Parse `10C`, `10c`, `10♣`, `ten of clubs`, `QH`, `queen of hearts`...;
 * the card, or -1. */
int card_parse(const char *s);
/* Parse a trait word (body/heart/mind/wealth, or its suit); -1 if none. */
int trait_parse(const char *s);

const char *hog_name(const struct game *g, int p);
int hog_hand_count(const struct hog *h, int p);
/* Player p's cards, lowest first; returns the count. */
int hog_hand(const struct hog *h, int p, int *out);
/* The next player after p to the left with a living Minion, or -1. */
int hog_next_alive(const struct game *g, int p);
int hog_alive_count(const struct game *g);
struct hog_scene *hog_scene_now(const struct hog *h); /* NULL before play */
int hog_textmax(const struct game *g);

/* hog-orders.c */
/* The orders of one player, as read back from their canonical lines. */
struct hog_orders {
	char *name, *nature, *desc;
	int pick, tok[2], ntok;
	int type;
	int raise;
	int card;
	char *frame, *react, *resolve;
	int vote; /* -1 none, 0 conflict, 1 stakes */
};
void hog_orders_read(const struct game *g, int p, const struct strlist *lines,
		     struct hog_orders *o);
void hog_orders_release(struct hog_orders *o);
void hog_check(const struct game *g, int p, struct order_line *lines, size_t n,
	       const struct engine_ctx *ctx);
void hog_awaited(const struct game *g, bool *awaited);
void hog_wanted(const struct game *g, bool *wanted);
void hog_nmr(const struct game *g, int p, struct strlist *orders);
char *hog_incomplete(const struct game *g, int p, const struct strlist *orders,
		     const struct engine_ctx *ctx);
void hog_legal(const struct game *g, int p, const struct engine_ctx *ctx,
	       struct strlist *out);
/* What player p must send now, as a sentence, or NULL. */
const char *hog_what_to_send(const struct game *g, int p);

/* hog-play.c */
int hog_advance(struct game *g, const struct turn_orders *orders,
		const struct engine_ctx *ctx, struct events *ev, char **err);
void hog_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev);
bool hog_over(const struct game *g);

/* hog-view.c */
void hog_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out);
void hog_board(const struct game *g, int p, struct view *v);
void hog_scramble(struct game *g, int keep, struct rng *r);

#endif
