/* dk-int.h - Dragon Keepers, shared by the files of its engine (not an
 * interface for the rest of the program: that is dragon_keepers_engine).
 *
 *   dragon-keepers.c  the engine table, the game's data (dragons, actions,
 *                     magic cards), setup, load and save, the invariants
 *   dk-orders.c       reading and checking orders, whose are awaited, the
 *                     legal ones, the NMR orders
 *   dk-play.c         a round: the hunter phase, the keepers' orders, the
 *                     dragon phase, every ending
 *   dk-view.c         the report's text, the board's picture, the scramble
 *   dk-odds.c         the exact odds of an attack (dk-odds.h)
 *
 * One processor turn is one round in both modes.  The hunter dice of the
 * round are rolled at the end of the turn before (or at setup), so that the
 * report shows where they landed and the orders can answer them; every
 * player's orders arrive together and stay secret until the turn runs.
 * See docs/rules/dragon-keepers.md for the rules as played.
 */
#ifndef WP_DK_INT_H
#define WP_DK_INT_H

#include "dk-odds.h"
#include "engine.h"

#define DK_MAXP 6
#define NDRAGONS 6
#define NACTIONS 4
#define NMAGIC 18            /* the magic cards: ids 0-17 */
#define NHUNTERCARDS 4       /* the hunter cards: ids 18-21 */
#define NCARDS (NMAGIC + NHUNTERCARDS)
#define HUNTER_DICE 8
#define BAG_WHITE 6
#define BAG_RED 6
#define MAX_FLAMES 5         /* flame tokens in the box */
#define MAX_MAGIC_HELD 3
#define KEEPER_SHIELDS 3     /* each tribe's shields in the keeper game */
#define KEEPER_DEFEAT 3      /* arrows that defeat a dragon in the keeper game */

enum dk_mode { M_KEEPER, M_DRAGON };
enum dk_colour { C_RED, C_PURPLE, C_BLUE, C_WHITE, C_GREEN, C_YELLOW };
enum dk_action { A_DEFEND, A_HEAL, A_TRAIN, A_ATTACK };

/* Where a magic or hunter card is.  Hands are W_HAND + player. */
enum { W_DECK, W_LEFT, W_DISCARD, W_BOX, W_HAND = 8 };

struct dk_dragon {
	int arrows;
	int hunter;       /* hunter dice on it */
	int trainings;    /* times trained (0: the Friendly side) */
	int white, red;   /* battle dice on its training spaces */
	bool shield;      /* the dragon game: it has attacked successfully */
	bool defeated;
};

struct dk_player {
	/* The keeper game. */
	int tribe;        /* the favourite dragon's colour */
	unsigned shields; /* bit c: this tribe's shield is on dragon c */
	/* The dragon game. */
	unsigned hand;    /* bit c: the keeper card of colour c is in hand */
	int tokens[NACTIONS], used[NACTIONS];
};

struct dk {
	enum dk_mode mode;
	enum dk_difficulty diff;
	int round;        /* the round whose orders are awaited */
	int holder;       /* the player with the hunter token */
	struct dk_dragon d[NDRAGONS];
	struct dk_player pl[DK_MAXP];
	int dice_card, dice_supply;
	int flames;
	int bag_white, bag_red;
	int supply[NACTIONS];
	int where[NCARDS];
	int deck[NCARDS], ndeck;       /* top first */
	int discard[NCARDS], ndiscard; /* top last */
	bool last_drawn;  /* the deck's last card is out: the round is the last */
	bool over;
	bool won;         /* the dragon game: the keepers won */
	uint64_t winners; /* the keeper game */
	struct strlist ending;
};

static inline struct dk *DK(const struct game *g)
{
	return g->state;
}

extern const char *const dk_colour_word[NDRAGONS];  /* "red", ... */
extern const char *const dk_colour_name[NDRAGONS];  /* "Red", ... */
extern const char *const dk_action_word[NACTIONS];  /* "defend", ... */
extern const int dk_life[NDRAGONS];
extern const int dk_max_trainings[NDRAGONS];
extern const char *const dk_magic_name[NMAGIC];     /* "Warding Rune", ... */
extern const int dk_magic_kind[NMAGIC];             /* its action */
extern const char *const dk_difficulty_word[4];

int dk_colour_parse(const char *s);
int dk_action_parse(const char *s);
/* A card id by its stored word ("warding-rune", "hunter" is id 18). */
const char *dk_card_slug(int c);
/* A magic card by name ("Warding Rune", "warding-rune"), or -1. */
int dk_magic_parse(const char *s);
/* "Warding Rune (defend)" or "a hunter card"; out >= 48. */
void dk_card_pretty(int c, char *out, size_t len);

const char *dk_name(const struct game *g, int p);
int dk_life_of(const struct dk *s, int c);   /* arrows that defeat it */
int dk_dice_on(const struct dk_dragon *d);   /* battle dice */
int dk_train_dice(int c);                    /* dice one training takes */
int dk_magic_count(const struct dk *s, int p);
/* Player p's magic cards, by id; returns the count. */
int dk_magic_held(const struct dk *s, int p, int *out);
/* The dragon the defaults heal first: most arrows, then least life left,
 * then the colour order; -1 when no dragon in play has an arrow. */
int dk_most_wounded(const struct dk *s);
/* Players in turn order from the hunter token: order[0..n). */
int dk_turn_order(const struct game *g, int *order);

/* dk-orders.c */
/* One player's orders for the round, as read back from canonical lines. */
struct dk_orders {
	bool given;        /* anything at all */
	int keeper;        /* the card played (both modes), -1 none */
	int action;        /* the dragon game: the token on it */
	bool pass;
	int magic, mtarget; /* magic card and its dragon, -1 none */
	bool mafter;
	int mend;          /* -1 default, NDRAGONS: none */
	int reroll;        /* -1 default, 0 white, 1 red, 2 none */
	bool green_mend;
	int reward;        /* -1 default (attack) */
	int take;          /* -1 default, 0 left, 1 discard */
};
void dk_orders_read(const struct game *g, int p, const struct strlist *lines,
		    struct dk_orders *o);
void dk_check(const struct game *g, int p, struct order_line *lines, size_t n,
	      const struct engine_ctx *ctx);
void dk_awaited(const struct game *g, bool *awaited);
void dk_nmr(const struct game *g, int p, struct strlist *orders);
char *dk_incomplete(const struct game *g, int p, const struct strlist *orders,
		    const struct engine_ctx *ctx);
void dk_legal(const struct game *g, int p, const struct engine_ctx *ctx,
	      struct strlist *out);
const char *dk_what_to_send(const struct game *g, int p);

/* dk-play.c */
/* The hunter phase of a new round (the first at setup). */
void dk_hunter_phase(struct game *g, bool first, struct events *ev);
int dk_advance(struct game *g, const struct turn_orders *orders,
	       const struct engine_ctx *ctx, struct events *ev, char **err);
void dk_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev);
bool dk_over(const struct game *g);

/* dk-view.c */
void dk_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out);
void dk_board(const struct game *g, int p, struct view *v);
void dk_scramble(struct game *g, int keep, struct rng *r);

#endif
