/* burglar.c - Burglar & the Dragon, as played by mail.
 *
 * A table of up to eight seats around a 3x3 board: eight coffers numbered
 * 3-6 and 8-11 that hold at most one token each, and the Dragon's Hoard (7)
 * in the middle, which holds any number.  One processor turn plays
 * `rounds` rounds; in a round every seated player, in seat order, rolls 2d6
 * and acts.  Nobody has to send orders to keep playing: the only orders are
 * `leave` and `join`.  See docs/rules/burglar.md for the rules as played
 * here and every choice made where the rulebook is silent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "xmlutil.h"

/* The grammar beside this file (burglar.rng), built in by build-aux/games-c.sh. */
extern const char schema_burglar_rng[];

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

static const struct option_spec burglar_options[] = {
	{ "seats", OPT_INT, "6", 2, MAX_SEATS, NULL, "seats at the table", NULL },
	{ "tokens", OPT_INT, "20", 1, 1000, NULL,
	  "tokens each player starts with, and the most a joiner may bring", NULL },
	{ "rounds", OPT_INT, "1", 1, 100, NULL, "rounds played in each turn", NULL },
	{ "sunrise", OPT_CLOCK, "06:00", 0, 0, NULL,
	  "a player who left may join again only after this time of day", NULL },
	{ NULL, 0, NULL, 0, 0, NULL, NULL, NULL },
};

static struct burglar *B(const struct game *g)
{
	return g->state;
}

static int nseats(const struct game *g)
{
	return (int)option_int(&g->opts, "seats");
}

static bool is_coffer(int n)
{
	return n >= 3 && n <= 11 && n != 7;
}

static int seat_of(const struct burglar *b, int p)
{
	for (int s = 0; s < MAX_SEATS; s++)
		if (b->seat[s] == p)
			return s;
	return NO_SEAT;
}

static int seated_count(const struct game *g)
{
	int n = 0;
	for (int s = 0; s < nseats(g); s++)
		n += B(g)->seat[s] != NO_SEAT;
	return n;
}

/* The first occupied seat at or after seat s, going up and wrapping round;
 * NO_SEAT when the table is empty. */
static int seat_from(const struct game *g, int s)
{
	for (int i = 0; i < nseats(g); i++) {
		int t = (s + i) % nseats(g);
		if (B(g)->seat[t] != NO_SEAT)
			return t;
	}
	return NO_SEAT;
}

static int on_board(const struct burglar *b)
{
	int n = b->hoard;
	for (int c = 3; c <= 11; c++)
		n += b->coffer[c];
	return n;
}

static const char *name(const struct game *g, int p)
{
	return g->players[p].name;
}

/* --- setting up, loading, saving --------------------------------------- */

static struct burglar *burglar_new(void)
{
	struct burglar *b = xcalloc(1, sizeof *b);
	for (int s = 0; s < MAX_SEATS; s++)
		b->seat[s] = NO_SEAT;
	b->winner = -1;
	return b;
}

static int burglar_setup(struct game *g, char **err)
{
	struct burglar *b;
	int tokens = (int)option_int(&g->opts, "tokens");
	size_t n = g->nplayers < (size_t)nseats(g) ? g->nplayers : (size_t)nseats(g);

	if (g->nplayers < 2) {
		*err = xstrdup("Burglar needs at least two players");
		return -1;
	}
	b = burglar_new();
	for (size_t p = 0; p < n; p++) {
		b->seat[p] = (int)p;
		b->tokens[p] = tokens;
		b->supplied += tokens;
	}
	g->state = b;
	return 0;
}

/* The most tokens any count may reach when read back: far above any real
 * game, and small enough that sums of counts stay inside an int. */
#define MAX_COUNT 10000000

static bool load_player_attr(const xmlNode *n, const struct game *g, int *p)
{
	char *who = xml_attr(n, "player");
	*p = who ? game_player_index(g, who) : -1;
	free(who);
	return *p >= 0;
}

static bool load_count(const xmlNode *n, const char *attr, int *out)
{
	long long v;
	if (!xml_attr_int(n, attr, &v) || v < 0 || v > MAX_COUNT)
		return false;
	*out = (int)v;
	return true;
}

static bool load_seat(struct game *g, const xmlNode *n)
{
	struct burglar *b = B(g);
	long long v;
	int p;
	if (!xml_attr_int(n, "number", &v) || v < 1 || v > nseats(g) ||
	    !load_player_attr(n, g, &p) || b->seat[v - 1] != NO_SEAT ||
	    seat_of(b, p) != NO_SEAT || !load_count(n, "tokens", &b->tokens[p]))
		return false;
	b->seat[v - 1] = p;
	return true;
}

/* An <away> element per player at most, and only with something in it:
 * save() writes nothing else, so that load and save round-trip exactly. */
static bool load_away(struct game *g, const xmlNode *n, bool *seen)
{
	struct burglar *b = B(g);
	char *t;
	bool ok = true;
	int p;
	if (!load_player_attr(n, g, &p) || seen[p] || !load_count(n, "carried", &b->carried[p]))
		return false;
	seen[p] = true;
	t = xml_attr(n, "rejoin");
	if (t)
		ok = time_parse_iso(t, &b->rejoin[p]) && b->rejoin[p] > 0;
	free(t);
	return ok && (b->carried[p] || b->rejoin[p]);
}

static bool load_children(struct game *g, const xmlNode *node)
{
	struct burglar *b = B(g);
	bool seen[MAX_PLAYERS] = { false };
	long long v;
	for (const xmlNode *n = node->children; n; n = n->next) {
		if (xml_is(n, "coffer")) {
			if (!xml_attr_int(n, "number", &v) || !is_coffer((int)v) || b->coffer[v])
				return false;
			b->coffer[v] = 1;
		} else if (xml_is(n, "seat")) {
			if (!load_seat(g, n))
				return false;
		} else if (xml_is(n, "away")) {
			if (!load_away(g, n, seen))
				return false;
		} else if (xml_is(n, "winner")) {
			if (!load_player_attr(n, g, &b->winner))
				return false;
		}
	}
	return true;
}

static char *burglar_invariant(const struct game *g);

static int burglar_load(struct game *g, const xmlNode *node, char **err)
{
	struct burglar *b = burglar_new();
	long long v;
	char *why = NULL;

	g->state = b;
	if (!xml_attr_bool(node, "started", &b->started) ||
	    !xml_attr_bool(node, "over", &b->over) ||
	    !xml_attr_int(node, "next", &v) || v < 1 || v > nseats(g))
		goto bad;
	b->next = (int)v - 1;
	if (!load_count(node, "hoard", &b->hoard) ||
	    !xml_attr_int(node, "supplied", &b->supplied) || b->supplied < 0 ||
	    b->supplied > (long long)MAX_COUNT * MAX_PLAYERS || !load_children(g, node))
		goto bad;
	why = burglar_invariant(g);
	if (!why)
		return 0;
bad:
	*err = xasprintf("line %ld: the Burglar table does not add up%s%s",
			 xmlGetLineNo((xmlNode *)node), why ? ": " : "", why ? why : "");
	free(why);
	return -1;
}

static void burglar_save(const struct game *g, xmlNode *node)
{
	const struct burglar *b = B(g);
	xml_set_bool(node, "started", b->started);
	xml_set_bool(node, "over", b->over);
	xml_set_int(node, "next", b->next + 1);
	xml_set_int(node, "hoard", b->hoard);
	xml_set_int(node, "supplied", b->supplied);
	for (int c = 3; c <= 11; c++)
		if (b->coffer[c])
			xml_set_int(xml_child(node, "coffer", NULL), "number", c);
	for (int s = 0; s < nseats(g); s++) {
		xmlNode *n;
		if (b->seat[s] == NO_SEAT)
			continue;
		n = xml_child(node, "seat", NULL);
		xml_set_int(n, "number", s + 1);
		xml_set(n, "player", name(g, b->seat[s]));
		xml_set_int(n, "tokens", b->tokens[b->seat[s]]);
	}
	for (size_t p = 0; p < g->nplayers; p++) {
		xmlNode *n;
		if (!b->carried[p] && !b->rejoin[p])
			continue;
		n = xml_child(node, "away", NULL);
		xml_set(n, "player", name(g, (int)p));
		xml_set_int(n, "carried", b->carried[p]);
		if (b->rejoin[p]) {
			char *t = time_format_iso(b->rejoin[p]);
			xml_set(n, "rejoin", t);
			free(t);
		}
	}
	if (b->winner >= 0)
		xml_set(xml_child(node, "winner", NULL), "player", name(g, b->winner));
}

static void burglar_release(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

/* --- orders -------------------------------------------------------------- */

enum verb { V_LEAVE, V_JOIN };

struct border {
	enum verb verb;
	int tokens;
	int seat; /* 1-based; 0: any free seat */
};

/* Split buf (modified) into at most max words separated by spaces and
 * tabs; returns the count, or max + 1 when there are more. */
static int split_words(char *buf, char **w, int max)
{
	int n = 0;
	for (char *s = buf;;) {
		s += strspn(s, " \t");
		if (!*s)
			return n;
		if (n == max)
			return max + 1;
		w[n++] = s;
		s += strcspn(s, " \t");
		if (*s)
			*s++ = '\0';
	}
}

/* Read one order line; false with a code and reason for a line that is not
 * a Burglar order at all. */
static bool parse_order(const struct game *g, const char *line, struct border *o,
			const char **code, char **reason)
{
	char *copy = xstrdup(line);
	char *w[4];
	int n = split_words(copy, w, 4);
	long long v;
	bool ok = false;

	memset(o, 0, sizeof *o);
	*code = "unknown-order";
	if (n == 1 && !ascii_casecmp(w[0], "leave")) {
		o->verb = V_LEAVE;
		ok = true;
	} else if (n >= 1 && n <= 4 && !ascii_casecmp(w[0], "join")) {
		int i = 1;
		o->verb = V_JOIN;
		o->tokens = (int)option_int(&g->opts, "tokens");
		ok = true;
		if (i < n && ascii_casecmp(w[i], "seat")) {
			if (!parse_int(w[i], 1, option_int(&g->opts, "tokens"), &v)) {
				*code = "bad-tokens";
				*reason = xasprintf("you may bring 1 to %lld tokens, not '%s'",
						    option_int(&g->opts, "tokens"), w[i]);
				ok = false;
			} else {
				o->tokens = (int)v;
			}
			i++;
		}
		if (ok && i < n) {
			if (ascii_casecmp(w[i], "seat") || i + 2 != n) {
				ok = false;
			} else if (!parse_int(w[i + 1], 1, nseats(g), &v)) {
				*code = "no-such-seat";
				*reason = xasprintf("the seats are numbered 1 to %d, not '%s'",
						    nseats(g), w[i + 1]);
				ok = false;
			} else {
				o->seat = (int)v;
			}
		}
	}
	if (!ok && !strcmp(*code, "unknown-order"))
		*reason = xasprintf("'%s' is not a Burglar order; the orders are 'leave' and "
				    "'join [TOKENS] [seat N]'", line);
	free(copy);
	return ok;
}

static char *format_order(const struct border *o)
{
	if (o->verb == V_LEAVE)
		return xstrdup("leave");
	return o->seat ? xasprintf("join %d seat %d", o->tokens, o->seat)
		       : xasprintf("join %d", o->tokens);
}

/* Why player p may not give order o now (NULL: they may). */
static const char *refusal(const struct game *g, int p, const struct border *o,
			   const struct engine_ctx *ctx, char **reason)
{
	const struct burglar *b = B(g);
	bool seated = seat_of(b, p) != NO_SEAT;

	if (b->over) {
		*reason = xstrdup("the game is over");
		return "game-over";
	}
	if (o->verb == V_LEAVE && !seated) {
		*reason = xstrdup("you have no seat to leave");
		return "not-seated";
	}
	if (o->verb == V_JOIN && seated) {
		*reason = xasprintf("you already sit in seat %d", seat_of(b, p) + 1);
		return "already-seated";
	}
	if (o->verb == V_JOIN && ctx->now < b->rejoin[p]) {
		char *when = ctx->local_text(ctx, b->rejoin[p]);
		*reason = xasprintf("you left the table; you may join again after sunrise, %s",
				    when);
		free(when);
		return "before-sunrise";
	}
	return NULL;
}

static void burglar_check(const struct game *g, int p, struct order_line *lines, size_t n,
			  const struct engine_ctx *ctx)
{
	bool have = false;
	for (size_t i = 0; i < n; i++) {
		struct order_line *l = &lines[i];
		struct border o;
		if (!parse_order(g, l->text, &o, &l->code, &l->reason))
			continue;
		if (have) {
			l->code = "one-order";
			l->reason = xstrdup("one order a turn: 'leave' or 'join'");
			continue;
		}
		l->code = refusal(g, p, &o, ctx, &l->reason);
		if (!l->code) {
			l->canon = format_order(&o);
			have = true;
		}
	}
}

static void burglar_awaited(const struct game *g, bool *awaited)
{
	/* Nobody has to send anything: the dice roll for everyone seated. */
	for (size_t p = 0; p < g->nplayers; p++)
		awaited[p] = false;
}

static void burglar_nmr(const struct game *g, int p, struct strlist *orders)
{
	(void)g, (void)p, (void)orders; /* no orders: stay and roll */
}

/* --- playing ----------------------------------------------------------- */

/* Player p gets up from the table with what they hold. */
static void stand_up(struct game *g, int p, const struct engine_ctx *ctx)
{
	struct burglar *b = B(g);
	int s = seat_of(b, p);
	if (s == NO_SEAT)
		BUG("%s has no seat", name(g, p));
	b->carried[p] += b->tokens[p];
	b->tokens[p] = 0;
	b->seat[s] = NO_SEAT;
	b->rejoin[p] = ctx->next_local(ctx, ctx->now, option_clock(&g->opts, "sunrise"));
}

/* The last player at the table takes the board and the game ends. */
static bool check_end(struct game *g, struct events *ev)
{
	struct burglar *b = B(g);
	int n = seated_count(g), last = -1, board = on_board(b);
	if (n > 1)
		return false;
	b->over = true;
	if (n == 0) {
		events_add(ev, AUD_ALL, "Nobody is left at the table; the game is over and the "
					"%d tokens on the board stay with the Dragon.", board);
		return true;
	}
	for (int s = 0; s < nseats(g); s++)
		if (b->seat[s] != NO_SEAT)
			last = b->seat[s];
	b->tokens[last] += board;
	b->hoard = 0;
	memset(b->coffer, 0, sizeof b->coffer);
	b->winner = last;
	events_add(ev, AUD_ALL, "%s is the last at the table and sweeps the %d tokens on the "
				"board: %d tokens. The game is over.",
		   name(g, last), board, b->tokens[last]);
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
		   name(g, p), held, held == 1 ? "" : "s", when);
	free(when);
}

static void do_join(struct game *g, int p, const struct border *o, struct events *ev)
{
	struct burglar *b = B(g);
	int s = NO_SEAT;
	if (o->seat && b->seat[o->seat - 1] == NO_SEAT)
		s = o->seat - 1;
	for (int i = 0; s == NO_SEAT && i < nseats(g); i++)
		if (b->seat[i] == NO_SEAT)
			s = i;
	if (s == NO_SEAT) {
		events_add(ev, AUD_ALL, "%s wants to join, but every seat is taken.", name(g, p));
		return;
	}
	b->seat[s] = p;
	b->tokens[p] = o->tokens;
	b->supplied += o->tokens;
	events_add(ev, AUD_ALL, "%s joins the table in seat %d with %d token%s.", name(g, p),
		   s + 1, o->tokens, o->tokens == 1 ? "" : "s");
}

/* Leaves first, in seat order, then joins, in the order of the players. */
static bool apply_orders(struct game *g, const struct turn_orders *orders,
			 const struct engine_ctx *ctx, struct events *ev)
{
	struct border o[MAX_PLAYERS];
	bool has[MAX_PLAYERS] = { false }, join_pending = false;
	struct burglar *b = B(g);

	for (size_t p = 0; p < g->nplayers; p++) {
		const char *code = NULL;
		char *reason = NULL;
		if (!orders->has[p] || !orders->lines[p].n)
			continue;
		/* Orders were checked when they were sent, but the table may have
		 * changed since (a player went broke): refusals now are events. */
		if (!parse_order(g, orders->lines[p].v[0], &o[p], &code, &reason) ||
		    (code = refusal(g, (int)p, &o[p], ctx, &reason))) {
			events_add(ev, AUD_ALL, "%s's order '%s' cannot be carried out: %s.",
				   name(g, (int)p), orders->lines[p].v[0], reason);
			free(reason);
			continue;
		}
		has[p] = true;
		join_pending |= o[p].verb == V_JOIN;
	}
	for (int s = 0; s < nseats(g); s++) {
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

	for (int s = 0; s < nseats(g); s++)
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
			sb_addf(&line, "%s %s %d", i ? "," : "", name(g, b->seat[in[i]]), roll[i]);
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
	events_add(ev, AUD_ALL, "%s goes first.", name(g, b->seat[in[0]]));
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
	events_add(ev, AUD_ALL, "%s rolls %d+%d = %d and %s; %s has %d.", name(g, p), d1, d2,
		   sum, sb_str(&what), name(g, p), b->tokens[p]);
	sb_release(&what);
	if (b->tokens[p] == 0) {
		char *when;
		stand_up(g, p, ctx);
		when = ctx->local_text(ctx, b->rejoin[p]);
		events_add(ev, AUD_ALL, "%s is out of tokens and leaves the table (may join "
					"again after %s).", name(g, p), when);
		free(when);
	}
}

/* One round: every seated player once, in seat order from b->next. */
static bool play_round(struct game *g, const struct engine_ctx *ctx, struct events *ev)
{
	struct burglar *b = B(g);
	int order[MAX_SEATS], n = 0, seats = nseats(g);

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
		b->next = seat_from(g, (order[i] + 1) % seats);
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
	int seats = nseats(g), s = b->next;
	for (int i = 1; i < seats; i++) {
		int prev = (b->next - i + seats) % seats;
		if (b->seat[prev] != NO_SEAT)
			break;
		s = prev;
	}
	return s;
}

static int burglar_advance(struct game *g, const struct turn_orders *orders,
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
		b->next = seat_from(g, from);
	}
	for (int r = 1; r <= rounds; r++) {
		if (rounds > 1)
			events_add(ev, AUD_ALL, "Round %d of %d.", r, rounds);
		if (play_round(g, ctx, ev))
			break;
	}
	return 0;
}

static void burglar_drop(struct game *g, int p, const struct engine_ctx *ctx,
			 struct events *ev)
{
	int held = B(g)->tokens[p];

	/* A player who resigns (or is dropped) walks away with their tokens,
	 * as after `leave`.  The end is not checked here: advance() follows at
	 * once and checks it after this turn's joins, which may fill the
	 * table again. */
	if (B(g)->over || seat_of(B(g), p) == NO_SEAT)
		return;
	stand_up(g, p, ctx);
	events_add(ev, AUD_ALL, "%s leaves the table for good with %d token%s.",
		   name(g, p), held, held == 1 ? "" : "s");
}

static bool burglar_over(const struct game *g)
{
	return B(g)->over;
}

/* --- what players see -------------------------------------------------- */

static void board_row(const struct burglar *b, struct sb *out, int first)
{
	sb_adds(out, "  +--------+--------+--------+\n  |");
	for (int c = first; c < first + 3; c++)
		sb_addf(out, "  %2d%s |", c, c == 7 ? " H " : "   ");
	sb_adds(out, "\n  |");
	for (int c = first; c < first + 3; c++) {
		int t = c == 7 ? b->hoard : b->coffer[c];
		if (t)
			sb_addf(out, " %4d   |", t);
		else
			sb_adds(out, "    .   |");
	}
	sb_addc(out, '\n');
}

/* Every seat with its player and tokens; returns the tokens held. */
static int seats_view(const struct game *g, struct sb *out)
{
	const struct burglar *b = B(g);
	int held = 0;

	sb_adds(out, "Seats\n");
	for (int s = 0; s < nseats(g); s++) {
		int q = b->seat[s];
		if (q == NO_SEAT) {
			sb_addf(out, "  %d  (empty)\n", s + 1);
			continue;
		}
		held += b->tokens[q];
		sb_addf(out, "  %d  %-16s %4d token%s%s\n", s + 1, name(g, q), b->tokens[q],
			b->tokens[q] == 1 ? " " : "s",
			b->winner == q ? "  winner"
			: !b->over && b->started && s == seat_from(g, b->next)
			? "  rolls first next turn" : "");
	}
	return held;
}

/* Everyone who has left the table and what they carried off (someone who
 * went broke carried off nothing but is away all the same); returns the
 * tokens carried off. */
static int away_view(const struct game *g, struct sb *out)
{
	const struct burglar *b = B(g);
	int carried = 0;
	bool header = false;

	for (size_t q = 0; q < g->nplayers; q++) {
		bool away = b->rejoin[q] && seat_of(b, (int)q) == NO_SEAT;
		if (!b->carried[q] && !away)
			continue;
		if (!header)
			sb_adds(out, "Away from the table\n");
		header = true;
		carried += b->carried[q];
		sb_addf(out, "  %-19s carried off %d token%s%s\n", name(g, (int)q), b->carried[q],
			b->carried[q] == 1 ? "" : "s",
			g->players[q].dropped ? " (out of the game)" : "");
	}
	return carried;
}

/* The lines only player p sees: where they stand. */
static void own_view(const struct game *g, int p, const struct engine_ctx *ctx, struct sb *out)
{
	const struct burglar *b = B(g);
	int me = seat_of(b, p);

	if (me != NO_SEAT) {
		sb_addf(out, "You sit in seat %d with %d token%s.\n", me + 1, b->tokens[p],
			b->tokens[p] == 1 ? "" : "s");
	} else if (g->players[p].dropped) {
		sb_adds(out, "You are out of the game.\n");
	} else if (b->rejoin[p] && b->rejoin[p] > g->last_run) {
		/* The last turn's time stands for "now": a report shows
		 * the table as that turn left it. */
		char *when = ctx->local_text(ctx, b->rejoin[p]);
		sb_addf(out, "You have no seat; you may join again after %s.\n", when);
		free(when);
	} else {
		sb_adds(out, "You have no seat; send 'join' to take a free one.\n");
	}
}

static void burglar_view(const struct game *g, int p, const struct engine_ctx *ctx,
			 struct sb *out)
{
	const struct burglar *b = B(g);
	int held, carried;

	sb_adds(out, "The board (a coffer holds at most one token; H, 7, is the Dragon's Hoard)\n");
	board_row(b, out, 3);
	board_row(b, out, 6);
	board_row(b, out, 9);
	sb_adds(out, "  +--------+--------+--------+\n\n");
	held = seats_view(g, out);
	carried = away_view(g, out);
	sb_addf(out, "Tokens: %d held, %d on the board, %d carried off, %lld brought to the "
		     "table in all.\n", held, on_board(b), carried, b->supplied);
	if (p >= 0 && !b->over)
		own_view(g, p, ctx, out);
}

static void burglar_board(const struct game *g, int p, struct view *v)
{
	const struct burglar *b = B(g);
	(void)p;
	v->kind = VIEW_GRID;
	v->cols = v->rows = 3;
	for (int n = 3; n <= 11; n++) {
		struct view_cell *c;
		char label[4];
		snprintf(label, sizeof label, "%d", n);
		c = view_add_cell(v, (n - 3) % 3, (n - 3) / 3, label,
				  n == 7 ? "Dragon's Hoard" : "coffer");
		c->counters = n == 7 ? b->hoard : b->coffer[n];
		if (n == 7)
			c->fill = xstrdup("gold");
	}
}

static void burglar_legal(const struct game *g, int p, const struct engine_ctx *ctx,
			  struct strlist *out)
{
	const struct burglar *b = B(g);
	long long max = option_int(&g->opts, "tokens");
	if (b->over || g->players[p].dropped)
		return;
	if (seat_of(b, p) != NO_SEAT) {
		strlist_add(out, "leave");
		return;
	}
	if (ctx->now < b->rejoin[p] || seated_count(g) >= nseats(g))
		return;
	for (long long n = max; n >= 1; n--)
		strlist_addf(out, "join %lld", n);
}

/* Every seat in range holds a distinct player; seats beyond the table's
 * size are empty. */
static char *seats_invariant(const struct game *g)
{
	const struct burglar *b = B(g);
	bool sits[MAX_PLAYERS] = { false };
	for (int s = 0; s < MAX_SEATS; s++) {
		int p = b->seat[s];
		if (p == NO_SEAT)
			continue;
		if (s >= nseats(g) || p < 0 || (size_t)p >= g->nplayers)
			return xasprintf("seat %d holds player %d", s + 1, p);
		if (sits[p])
			return xasprintf("%s sits in two seats", name(g, p));
		sits[p] = true;
	}
	if (b->next < 0 || b->next >= nseats(g))
		return xasprintf("seat %d rolls next", b->next + 1);
	if (b->winner >= 0 && seat_of(b, b->winner) == NO_SEAT)
		return xasprintf("the winner %s has no seat", name(g, b->winner));
	return NULL;
}

static char *burglar_invariant(const struct game *g)
{
	const struct burglar *b = B(g);
	long long total = on_board(b);
	char *why = seats_invariant(g);
	if (why)
		return why;
	for (int c = 0; c <= 12; c++)
		if (b->coffer[c] < 0 || b->coffer[c] > 1 || (b->coffer[c] && !is_coffer(c)))
			return xasprintf("coffer %d holds %d", c, b->coffer[c]);
	for (size_t p = 0; p < g->nplayers; p++) {
		bool seated = seat_of(b, (int)p) != NO_SEAT;
		if (b->tokens[p] < 0 || b->carried[p] < 0)
			return xasprintf("%s has a negative count", name(g, (int)p));
		if (seated && !b->tokens[p] && !b->over)
			return xasprintf("%s sits with no tokens", name(g, (int)p));
		if (!seated && b->tokens[p])
			return xasprintf("%s holds tokens without a seat", name(g, (int)p));
		total += b->tokens[p] + b->carried[p];
	}
	/* What came to the table is still there, or was carried off. */
	if (b->hoard < 0 || total != b->supplied)
		return xasprintf("tokens held, on the board and carried off make %lld, but %lld "
				 "were brought to the table", total, b->supplied);
	return NULL;
}

const struct engine burglar_engine = {
	.name = "burglar",
	.title = "Burglar & the Dragon",
	.min_players = 2,
	.max_players = MAX_PLAYERS,
	.late_players = true,
	.options = burglar_options,
	.schema = schema_burglar_rng,
	.setup = burglar_setup,
	.load = burglar_load,
	.save = burglar_save,
	.release = burglar_release,
	.check = burglar_check,
	.awaited = burglar_awaited,
	.nmr = burglar_nmr,
	.drop = burglar_drop,
	.advance = burglar_advance,
	.over = burglar_over,
	.view = burglar_view,
	.board = burglar_board,
	.legal = burglar_legal,
	.invariant = burglar_invariant,
	.scramble = NULL,
};
