/* burglar-int.h - Burglar & the Dragon, shared by the files of its engine
 * (not an interface for the rest of the program: that is burglar_engine).
 *
 *   burglar.c          the options, the table's helpers, setup, load and
 *                      save, the invariants, the engine table
 *   burglar-orders.c   reading and checking orders, the legal ones
 *   burglar-play.c     a turn: leaves and joins, the roll-off, the rounds
 *   burglar-view.c     the report's text and the board's picture
 *
 * Seats are numbered from 0 here and from 1 for players.  Nothing is
 * secret: every event goes to everybody.  See docs/rules/burglar.md for the
 * rules as played.
 */
#ifndef WP_BURGLAR_INT_H
#define WP_BURGLAR_INT_H

#include "engine.h"

#define MAX_SEATS 8
#define NO_SEAT (-1)

struct burglar {
	bool started;           /* the opening roll-off has been made */
	bool over;
	int seat[MAX_SEATS];    /* player index in each seat, or NO_SEAT */
	int next;               /* the seat that rolls next (occupied once started) */
	int coffer[13];         /* tokens in coffers 3..6 and 8..11 (0 or 1) */
	int hoard;
	int tokens[MAX_PLAYERS];   /* what each seated player holds */
	int carried[MAX_PLAYERS];  /* what each player took away from the table */
	long long rejoin[MAX_PLAYERS]; /* may not join before this time (0: any) */
	long long supplied;     /* every token ever brought to the table */
	int winner;             /* player index, or -1 */
};

static inline struct burglar *B(const struct game *g)
{
	return g->state;
}

/* burglar.c: the table. */
int burglar_seats(const struct game *g); /* the option `seats` */
bool burglar_is_coffer(int n);
/* The seat of player p, or NO_SEAT. */
int burglar_seat_of(const struct burglar *b, int p);
int burglar_seated(const struct game *g); /* how many sit at the table */
/* The first occupied seat at or after seat s, going up and wrapping round;
 * NO_SEAT when the table is empty. */
int burglar_seat_from(const struct game *g, int s);
int burglar_on_board(const struct burglar *b); /* tokens in coffers and hoard */
const char *burglar_name(const struct game *g, int p);

/* burglar-orders.c */
enum burglar_verb { V_LEAVE, V_JOIN };

struct burglar_order {
	enum burglar_verb verb;
	int tokens;
	int seat; /* 1-based; 0: any free seat */
};

/* Read one order line; false with a code and reason for a line that is not
 * a Burglar order at all. */
bool burglar_order_parse(const struct game *g, const char *line, struct burglar_order *o,
			 const char **code, char **reason);
/* Why player p may not give order o now (NULL: they may). */
const char *burglar_refusal(const struct game *g, int p, const struct burglar_order *o,
			    const struct engine_ctx *ctx, char **reason);
void burglar_check(const struct game *g, int p, struct order_line *lines, size_t n,
		   const struct engine_ctx *ctx);
void burglar_awaited(const struct game *g, bool *awaited);
void burglar_nmr(const struct game *g, int p, struct strlist *orders);
char *burglar_incomplete(const struct game *g, int p, const struct strlist *orders,
			 const struct engine_ctx *ctx);
void burglar_legal(const struct game *g, int p, const struct engine_ctx *ctx,
		   struct strlist *out);

/* burglar-play.c */
int burglar_advance(struct game *g, const struct turn_orders *orders,
		    const struct engine_ctx *ctx, struct events *ev, char **err);
void burglar_drop(struct game *g, int p, const struct engine_ctx *ctx, struct events *ev);
bool burglar_over(const struct game *g);
void burglar_standings(const struct game *g, int *place, char **note);

/* burglar-view.c */
void burglar_view(const struct game *g, int p, const struct engine_ctx *ctx,
		  struct sb *out);
void burglar_board(const struct game *g, int p, struct view *v);

#endif
