/* burglar-orders.c - Burglar orders: `leave` and `join [TOKENS] [seat N]`,
 * read, checked and listed; nobody is awaited, and no orders mean staying
 * at the table (see burglar-int.h). */
#include <stdlib.h>
#include <string.h>

#include "burglar-int.h"

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
bool burglar_order_parse(const struct game *g, const char *line, struct burglar_order *o,
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
			} else if (!parse_int(w[i + 1], 1, burglar_seats(g), &v)) {
				*code = "no-such-seat";
				*reason = xasprintf("the seats are numbered 1 to %d, not '%s'",
						    burglar_seats(g), w[i + 1]);
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

static char *format_order(const struct burglar_order *o)
{
	if (o->verb == V_LEAVE)
		return xstrdup("leave");
	return o->seat ? xasprintf("join %d seat %d", o->tokens, o->seat)
		       : xasprintf("join %d", o->tokens);
}

/* Why player p may not give order o now (NULL: they may). */
const char *burglar_refusal(const struct game *g, int p, const struct burglar_order *o,
			    const struct engine_ctx *ctx, char **reason)
{
	const struct burglar *b = B(g);
	bool seated = burglar_seat_of(b, p) != NO_SEAT;

	if (b->over) {
		*reason = xstrdup("the game is over");
		return "game-over";
	}
	if (o->verb == V_LEAVE && !seated) {
		*reason = xstrdup("you have no seat to leave");
		return "not-seated";
	}
	if (o->verb == V_JOIN && seated) {
		*reason = xasprintf("you already sit in seat %d", burglar_seat_of(b, p) + 1);
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

void burglar_check(const struct game *g, int p, struct order_line *lines, size_t n,
		   const struct engine_ctx *ctx)
{
	bool have = false;
	for (size_t i = 0; i < n; i++) {
		struct order_line *l = &lines[i];
		struct burglar_order o;
		if (!burglar_order_parse(g, l->text, &o, &l->code, &l->reason))
			continue;
		if (have) {
			l->code = "one-order";
			l->reason = xstrdup("one order a turn: 'leave' or 'join'");
			continue;
		}
		l->code = burglar_refusal(g, p, &o, ctx, &l->reason);
		if (!l->code) {
			l->canon = format_order(&o);
			have = true;
		}
	}
}

void burglar_awaited(const struct game *g, bool *awaited)
{
	/* Nobody has to send anything: the dice roll for everyone seated. */
	for (size_t p = 0; p < g->nplayers; p++)
		awaited[p] = false;
}

void burglar_nmr(const struct game *g, int p, struct strlist *orders)
{
	(void)g, (void)p, (void)orders; /* no orders: stay and roll */
}

/* Any set is complete: `leave` and `join` are each a whole turn, and
 * nothing at all is one too (nobody is awaited). */
char *burglar_incomplete(const struct game *g, int p, const struct strlist *orders,
			 const struct engine_ctx *ctx)
{
	(void)g, (void)p, (void)orders, (void)ctx;
	return NULL;
}

void burglar_legal(const struct game *g, int p, const struct engine_ctx *ctx,
		   struct strlist *out)
{
	const struct burglar *b = B(g);
	long long max = option_int(&g->opts, "tokens");
	if (b->over || g->players[p].dropped)
		return;
	if (burglar_seat_of(b, p) != NO_SEAT) {
		strlist_add(out, "leave");
		return;
	}
	if (ctx->now < b->rejoin[p] || burglar_seated(g) >= burglar_seats(g))
		return;
	for (long long n = max; n >= 1; n--)
		strlist_addf(out, "join %lld", n);
}
