/* burglar-play.c - Burglar turns: the leaves and joins of the orders, the
 * opening roll-off, the rounds of 2d6 in seat order, and the end when one
 * player is left at the table (see burglar-int.h). */
#include <stdlib.h>
#include <string.h>

#include "burglar-int.h"

/* Player p gets up from the table with what they hold. */
static void stand_up(struct game *g, int p, const struct engine_ctx *ctx)
{
	struct burglar *b = B(g);
	int s = burglar_seat_of(b, p);
	if (s == NO_SEAT)
		BUG("%s has no seat", burglar_name(g, p));
	b->carried[p] += b->tokens[p];
	b->tokens[p] = 0;
	b->seat[s] = NO_SEAT;
	b->rejoin[p] = ctx->next_local(ctx, ctx->now, option_clock(&g->opts, "sunrise"));
}

/* The last player at the table takes the board and the game ends. */
static bool check_end(struct game *g, struct events *ev)
{
	struct burglar *b = B(g);
	int n = burglar_seated(g), last = -1, board = burglar_on_board(b);
	if (n > 1)
		return false;
	b->over = true;
	if (n == 0) {
		events_add(ev, AUD_ALL, "Nobody is left at the table; the game is over and the "
					"%d tokens on the board stay with the Dragon.", board);
		return true;
	}
	for (int s = 0; s < burglar_seats(g); s++)
		if (b->seat[s] != NO_SEAT)
			last = b->seat[s];
	b->tokens[last] += board;
	b->hoard = 0;
	memset(b->coffer, 0, sizeof b->coffer);
	b->winner = last;
	events_add(ev, AUD_ALL, "%s is the last at the table and sweeps the %d tokens on the "
				"board: %d tokens. The game is over.",
		   burglar_name(g, last), board, b->tokens[last]);
	return true;
}

static void do_leave(struct game *g, int p, const struct engine_ctx *ctx,
		     struct events *ev)
{
	char *when;
	int held = B(g)->tokens[p];
	stand_up(g, p, ctx);
	when = ctx->local_text(ctx, B(g)->rejoin[p]);
	events_add(ev, AUD_ALL, "%s leaves the table with %d token%s (may join again after %s).",
		   burglar_name(g, p), held, held == 1 ? "" : "s", when);
	free(when);
}

static void do_join(struct game *g, int p, const struct burglar_order *o, struct events *ev)
{
	struct burglar *b = B(g);
	int s = NO_SEAT;
	if (o->seat && b->seat[o->seat - 1] == NO_SEAT)
		s = o->seat - 1;
	for (int i = 0; s == NO_SEAT && i < burglar_seats(g); i++)
		if (b->seat[i] == NO_SEAT)
			s = i;
	if (s == NO_SEAT) {
		events_add(ev, AUD_ALL, "%s wants to join, but every seat is taken.", burglar_name(g, p));
		return;
	}
	b->seat[s] = p;
	b->tokens[p] = o->tokens;
	b->supplied += o->tokens;
	events_add(ev, AUD_ALL, "%s joins the table in seat %d with %d token%s.", burglar_name(g, p),
		   s + 1, o->tokens, o->tokens == 1 ? "" : "s");
}

/* Leaves first, in seat order, then joins, in the order of the players. */
static bool apply_orders(struct game *g, const struct turn_orders *orders,
			 const struct engine_ctx *ctx, struct events *ev)
{
	struct burglar_order o[MAX_PLAYERS];
	bool has[MAX_PLAYERS] = { false }, join_pending = false;
	struct burglar *b = B(g);

	for (size_t p = 0; p < g->nplayers; p++) {
		const char *code = NULL;
		char *reason = NULL;
		if (!orders->has[p] || !orders->lines[p].n)
			continue;
		/* Orders were checked when they were sent, but the table may have
		 * changed since (a player went broke): refusals now are events. */
		if (!burglar_order_parse(g, orders->lines[p].v[0], &o[p], &code, &reason) ||
		    (code = burglar_refusal(g, (int)p, &o[p], ctx, &reason))) {
			events_add(ev, AUD_ALL, "%s's order '%s' cannot be carried out: %s.",
				   burglar_name(g, (int)p), orders->lines[p].v[0], reason);
			free(reason);
			continue;
		}
		has[p] = true;
		join_pending |= o[p].verb == V_JOIN;
	}
	for (int s = 0; s < burglar_seats(g); s++) {
		int p = b->seat[s];
		if (p == NO_SEAT || !has[p] || o[p].verb != V_LEAVE)
			continue;
		do_leave(g, p, ctx, ev);
		if (!join_pending && check_end(g, ev))
			return true;
	}
	for (size_t p = 0; p < g->nplayers; p++)
		if (has[p] && o[p].verb == V_JOIN)
			do_join(g, (int)p, &o[p], ev);
	return check_end(g, ev);
}

/* Each seated player rolls a die; the highest starts; ties roll again. */
static void roll_off(struct game *g, struct events *ev)
{
	struct burglar *b = B(g);
	int in[MAX_SEATS], n = 0;

	for (int s = 0; s < burglar_seats(g); s++)
		if (b->seat[s] != NO_SEAT)
			in[n++] = s;
	for (bool first = true; n > 1; first = false) {
		struct sb line = SB_INIT;
		int roll[MAX_SEATS], best = 0, m = 0;
		sb_adds(&line, first ? "Opening roll-off:" : "Tie, roll again:");
		for (int i = 0; i < n; i++) {
			roll[i] = rng_range(&g->rng, 1, 6);
			if (roll[i] > best)
				best = roll[i];
			sb_addf(&line, "%s %s %d", i ? "," : "", burglar_name(g, b->seat[in[i]]), roll[i]);
		}
		sb_addc(&line, '.');
		events_add(ev, AUD_ALL, "%s", sb_str(&line));
		sb_release(&line);
		for (int i = 0; i < n; i++)
			if (roll[i] == best)
				in[m++] = in[i];
		n = m;
	}
	b->next = in[0];
	events_add(ev, AUD_ALL, "%s goes first.", burglar_name(g, b->seat[in[0]]));
}

static void pay(struct game *g, int p, int *where)
{
	B(g)->tokens[p]--;
	(*where)++;
}

/* One roll of two dice by player p, and what it does. */
static void take_turn(struct game *g, int p, const struct engine_ctx *ctx,
		      struct events *ev)
{
	struct burglar *b = B(g);
	int d1 = rng_range(&g->rng, 1, 6), d2 = rng_range(&g->rng, 1, 6), sum = d1 + d2;
	struct sb what = SB_INIT;
	int k;

	if (sum == 2) {
		k = 0;
		for (int c = 3; c <= 11; c++) {
			k += b->coffer[c];
			b->coffer[c] = 0;
		}
		b->tokens[p] += k;
		sb_addf(&what, "empties the coffers: %d token%s", k, k == 1 ? "" : "s");
	} else if (sum == 12) {
		k = b->hoard;
		b->hoard = 0;
		b->tokens[p] += k;
		sb_addf(&what, "robs the Dragon's Hoard: %d token%s", k, k == 1 ? "" : "s");
	} else if (sum == 7) {
		pay(g, p, &b->hoard);
		sb_addf(&what, "feeds the Dragon's Hoard (now %d)", b->hoard);
	} else if (b->coffer[sum]) {
		b->coffer[sum] = 0;
		b->tokens[p]++;
		sb_addf(&what, "takes the token in coffer %d", sum);
	} else {
		pay(g, p, &b->coffer[sum]);
		sb_addf(&what, "pays a token into coffer %d", sum);
	}
	events_add(ev, AUD_ALL, "%s rolls %d+%d = %d and %s; %s has %d.", burglar_name(g, p), d1, d2,
		   sum, sb_str(&what), burglar_name(g, p), b->tokens[p]);
	sb_release(&what);
	if (b->tokens[p] == 0) {
		char *when;
		stand_up(g, p, ctx);
		when = ctx->local_text(ctx, b->rejoin[p]);
		events_add(ev, AUD_ALL, "%s is out of tokens and leaves the table (may join "
					"again after %s).", burglar_name(g, p), when);
		free(when);
	}
}

/* One round: every seated player once, in seat order from b->next. */
static bool play_round(struct game *g, const struct engine_ctx *ctx, struct events *ev)
{
	struct burglar *b = B(g);
	int order[MAX_SEATS], n = 0, seats = burglar_seats(g);

	for (int i = 0; i < seats; i++) {
		int s = (b->next + i) % seats;
		if (b->seat[s] != NO_SEAT)
			order[n++] = s;
	}
	/* A seat empties during a round only when its player goes broke on
	 * their own roll, so every seat in order[] is still occupied when its
	 * turn comes. */
	for (int i = 0; i < n; i++) {
		take_turn(g, b->seat[order[i]], ctx, ev);
		if (check_end(g, ev))
			return true;
		b->next = burglar_seat_from(g, (order[i] + 1) % seats);
	}
	return false;
}

/* Where this turn's first round starts looking for a roller.  Play passes
 * to the left, so a newcomer who sits down between the last roller and the
 * seat that rolls next comes first: start from the first seat after the
 * last roller.  Computed before the orders, which change the seats. */
static int round_start(const struct game *g)
{
	const struct burglar *b = B(g);
	int seats = burglar_seats(g), s = b->next;
	for (int i = 1; i < seats; i++) {
		int prev = (b->next - i + seats) % seats;
		if (b->seat[prev] != NO_SEAT)
			break;
		s = prev;
	}
	return s;
}

int burglar_advance(struct game *g, const struct turn_orders *orders,
		    const struct engine_ctx *ctx, struct events *ev, char **err)
{
	struct burglar *b = B(g);
	int rounds = (int)option_int(&g->opts, "rounds"), from = round_start(g);
	(void)err;

	if (b->over)
		return 0;
	if (apply_orders(g, orders, ctx, ev))
		return 0;
	/* The first turn's roll-off comes after its orders, so that it is
	 * made by the players who actually sit at the table. */
	if (!b->started) {
		roll_off(g, ev);
		b->started = true;
	} else {
		b->next = burglar_seat_from(g, from);
	}
	for (int r = 1; r <= rounds; r++) {
		if (rounds > 1)
			events_add(ev, AUD_ALL, "Round %d of %d.", r, rounds);
		if (play_round(g, ctx, ev))
			break;
	}
	return 0;
}

void burglar_drop(struct game *g, int p, const struct engine_ctx *ctx,
		  struct events *ev)
{
	int held = B(g)->tokens[p];

	/* A player who resigns (or is dropped) walks away with their tokens,
	 * as after `leave`.  The end is not checked here: advance() follows at
	 * once and checks it after this turn's joins, which may fill the
	 * table again. */
	if (B(g)->over || burglar_seat_of(B(g), p) == NO_SEAT)
		return;
	stand_up(g, p, ctx);
	events_add(ev, AUD_ALL, "%s leaves the table for good with %d token%s.",
		   burglar_name(g, p), held, held == 1 ? "" : "s");
}

bool burglar_over(const struct game *g)
{
	return B(g)->over;
}

/* The winner first once the game is over; before, those at the table by
 * the tokens they hold. */
void burglar_standings(const struct game *g, int *place, char **note)
{
	const struct burglar *b = B(g);
	for (size_t p = 0; p < g->nplayers; p++) {
		bool seated = burglar_seat_of(b, (int)p) != NO_SEAT;
		if (b->over) {
			place[p] = b->winner == (int)p ? 1 : b->winner >= 0 ? 2 : 0;
		} else if (seated) {
			place[p] = 1;
			for (size_t q = 0; q < g->nplayers; q++)
				place[p] += burglar_seat_of(b, (int)q) != NO_SEAT &&
					    b->tokens[q] > b->tokens[p];
		}
		note[p] = seated ? xasprintf("%d token%s", b->tokens[p], b->tokens[p] == 1 ? "" : "s")
			: b->carried[p] ? xasprintf("left with %d token%s", b->carried[p],
						    b->carried[p] == 1 ? "" : "s")
			: xstrdup("not at the table");
	}
}
