/* check-engines.c - the generic suite every rules engine passes (the
 * OpenSpiel idea): random play-outs of legal orders only, with the engine's
 * invariants after every turn; save/load/save identical; same seed and
 * orders give identical bytes; every legal order checks back to itself;
 * another player's hidden data never changes my view. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "testutil.h"

#define BASE_TIME 1800000000LL

static char *save_str(const struct game *g)
{
	return game_to_string(g, NULL);
}

/* Reload g from its own XML and check the XML is unchanged. */
static void roundtrip(struct game *g)
{
	char *a = save_str(g), *b, *err = NULL;
	struct game h;
	ck_assert_msg(game_load_buffer(&h, a, strlen(a), "roundtrip", &err) == 0, "%s: %s",
		      g->engine->name, err);
	b = save_str(&h);
	ck_assert_str_eq(a, b);
	game_release(g);
	*g = h;
	free(a);
	free(b);
}

static void check_invariant(const struct game *g, int turn)
{
	char *msg = g->engine->invariant(g);
	ck_assert_msg(!msg, "%s turn %d: %s", g->engine->name, turn, msg ? msg : "");
}

/* My view must not depend on what I may not see. */
static void check_hidden(const struct game *g, struct rng *r)
{
	char *xml;
	if (!g->engine->scramble)
		return;
	xml = save_str(g);
	for (size_t p = 0; p < g->nplayers; p++) {
		struct game h;
		struct sb before = SB_INIT, after = SB_INIT;
		struct engine_ctx ctx;
		char *err = NULL;
		ck_assert(game_load_buffer(&h, xml, strlen(xml), "hidden", &err) == 0);
		ctx = game_ctx(&h, h.deadline);
		h.engine->view(&h, (int)p, &ctx, &before);
		h.engine->scramble(&h, (int)p, r);
		h.engine->view(&h, (int)p, &ctx, &after);
		ck_assert_str_eq(sb_str(&before), sb_str(&after));
		sb_release(&before);
		sb_release(&after);
		game_release(&h);
	}
	free(xml);
}

/* Characters no state file may hold raw: C0 controls, an escape sequence,
 * noncharacters.  The intake refuses them (orders.c); an engine given them
 * all the same must still save a state its load reads back. */
static const char hostile[] = "\x01\x08\x1b[31m\xEF\xBF\xBE\xEF\xBF\xBF\x7f";

/* Does e document the verb of line (its first word) in e->orders? */
static bool documented(const struct engine *e, const char *line)
{
	size_t n = strcspn(line, " ");
	for (const struct order_doc *d = e->orders; d && d->verb; d++)
		if (strlen(d->verb) == n && !ascii_ncasecmp(d->verb, line, n))
			return true;
	return false;
}

/* legal, or with hostile: the same line with those characters added where
 * the engine still accepts it (free text: a name, a narration). */
static const char *pick_line(const struct game *g, int p, const struct engine_ctx *ctx,
			     const char *legal, bool with_hostile, struct strlist *keep)
{
	struct order_line l = { 1, NULL, NULL, NULL, NULL, false, NULL };
	if (!with_hostile)
		return legal;
	l.text = xasprintf("%s%s", legal, hostile);
	g->engine->check(g, p, &l, 1, ctx);
	strlist_add(keep, l.canon ? l.canon : legal);
	free(l.text);
	free(l.canon);
	free(l.reason);
	free(l.note);
	return keep->v[keep->n - 1];
}

/* An awaited player who has sent nothing is never ready, and is told
 * what to send; a set is complete or names what is missing, never an
 * empty phrase. */
static void check_incomplete(const struct game *g, int p, const struct engine_ctx *ctx,
			     const struct strlist *legal)
{
	const struct engine *e = g->engine;
	struct strlist none = STRLIST_INIT, one = STRLIST_INIT;
	char *what;

	ck_assert_msg(e->incomplete, "%s: no incomplete()", e->name);
	if (!legal->n)
		return;
	what = e->incomplete(g, p, &none, ctx);
	ck_assert_msg(what && *what, "%s: nothing sent, yet complete", e->name);
	free(what);
	strlist_add(&one, legal->v[0]);
	what = e->incomplete(g, p, &one, ctx);
	ck_assert_msg(!what || *what, "%s: '%s' is incomplete, with no word of why", e->name,
		      legal->v[0]);
	free(what);
	strlist_clear(&one);
}

/* One random play-out; returns the final XML (caller frees) and whether the
 * game ended within max_turns.  With hostile, accepted lines carry the
 * characters above and the state is saved and reloaded every turn. */
static char *playout_with(const struct engine *e, uint64_t seed, int max_turns, bool *ended,
			  bool with_hostile)
{
	struct rng choose;
	struct game g;
	size_t hi = (size_t)(e->max_players < 6 ? e->max_players : 6);
	size_t n;
	int turn;

	rng_seed(&choose, seed, 99);
	n = (size_t)rng_range(&choose, e->min_players, (int)hi);
	test_game_new(&g, e, n, NULL, 0, seed);
	for (turn = 1; turn <= max_turns && !e->over(&g); turn++) {
		struct engine_ctx ctx = engine_ctx_make(BASE_TIME + turn * 86400LL, "UTC");
		bool has[MAX_PLAYERS], awaited[MAX_PLAYERS];
		struct strlist lines[MAX_PLAYERS];
		struct turn_orders o = { g.nplayers, has, lines };
		struct events ev = EVENTS_INIT;
		struct strlist kept = STRLIST_INIT;
		char *err = NULL;

		memset(lines, 0, sizeof lines);
		e->awaited(&g, awaited);
		for (size_t p = 0; p < g.nplayers; p++) {
			struct strlist legal = STRLIST_INIT;
			has[p] = false;
			e->legal(&g, (int)p, &ctx, &legal);
			/* Every legal order is accepted and is its own canonical form. */
			for (size_t i = 0; i < legal.n; i++) {
				struct order_line l = { 1, legal.v[i], NULL, NULL, NULL, false, NULL };
				e->check(&g, (int)p, &l, 1, &ctx);
				ck_assert_msg(l.canon, "%s: legal '%s' rejected: %s", e->name,
					      legal.v[i], l.reason ? l.reason : "");
				ck_assert_str_eq(l.canon, legal.v[i]);
				/* `help ORDER` knows every order a player is offered. */
				ck_assert_msg(documented(e, legal.v[i]), "%s: no order_doc for '%s'",
					      e->name, legal.v[i]);
				free(l.canon);
				free(l.note);
			}
			if (awaited[p])
				check_incomplete(&g, (int)p, &ctx, &legal);
			if (legal.n && rng_range(&choose, 0, awaited[p] ? 9 : 19) == 0) {
				strlist_add(&lines[p],
					    pick_line(&g, (int)p, &ctx,
						      legal.v[rng_below(&choose, (uint32_t)legal.n)],
						      with_hostile, &kept));
				has[p] = true;
			} else if (awaited[p] && rng_range(&choose, 0, 3)) {
				if (legal.n)
					strlist_add(&lines[p],
						    pick_line(&g, (int)p, &ctx,
							      legal.v[rng_below(&choose,
										(uint32_t)legal.n)],
							      with_hostile, &kept));
				has[p] = true;
			} else if (awaited[p]) {
				e->nmr(&g, (int)p, &lines[p]);
				has[p] = true;
			}
			strlist_clear(&legal);
		}
		ck_assert_msg(e->advance(&g, &o, &ctx, &ev, &err) == 0, "%s", err);
		g.turn++;
		for (size_t i = 0; i < ev.n; i++)
			ck_assert(ev.v[i].text && *ev.v[i].text);
		events_release(&ev);
		for (size_t p = 0; p < g.nplayers; p++)
			strlist_clear(&lines[p]);
		strlist_clear(&kept);
		check_invariant(&g, turn);
		if (turn % 7 == 0 || with_hostile) {
			roundtrip(&g);
			check_hidden(&g, &choose);
		}
	}
	*ended = e->over(&g);
	{
		char *xml = save_str(&g);
		game_release(&g);
		return xml;
	}
}

static char *playout(const struct engine *e, uint64_t seed, int max_turns, bool *ended)
{
	return playout_with(e, seed, max_turns, ended, false);
}

static const struct engine *engine_at(int i)
{
	const struct engine *const *list = engine_list();
	return list[i];
}

START_TEST(playouts_end_legally)
{
	const struct engine *e = engine_at(_i);
	int games = playout_count(!strcmp(e->name, "burglar") ? 1000 : 200);
	for (int k = 0; k < games; k++) {
		bool ended;
		char *xml = playout(e, 1000 + (uint64_t)k, 20000, &ended);
		ck_assert_msg(ended, "%s: seed %d did not end", e->name, 1000 + k);
		free(xml);
	}
}
END_TEST

START_TEST(same_seed_same_bytes)
{
	const struct engine *e = engine_at(_i);
	uint64_t seeds = (uint64_t)playout_count(20);
	for (uint64_t seed = 1; seed <= seeds; seed++) {
		bool e1, e2;
		char *a = playout(e, seed, 20000, &e1);
		char *b = playout(e, seed, 20000, &e2);
		ck_assert_str_eq(a, b);
		free(a);
		free(b);
	}
}
END_TEST

/* Free text full of control characters and noncharacters, accepted by an
 * engine, is saved as a state that loads again (issue: one mail with an
 * ESC in a Heart of Glass name made its game unreadable). */
START_TEST(hostile_text_saved_readably)
{
	const struct engine *e = engine_at(_i);
	for (uint64_t seed = 1; seed <= 10; seed++) {
		bool ended;
		free(playout_with(e, seed, 60, &ended, true));
	}
}
END_TEST

START_TEST(fresh_game_roundtrips)
{
	const struct engine *e = engine_at(_i);
	struct game g;
	test_game_new(&g, e, (size_t)e->min_players, NULL, 0, 7);
	roundtrip(&g);
	roundtrip(&g);
	check_hidden(&g, &g.rng);
	game_release(&g);
}
END_TEST

START_TEST(garbage_orders_rejected_with_code)
{
	const struct engine *e = engine_at(_i);
	static const char *const junk[] = { "xyzzy", "42", "leave leave leave now please",
					    "\xC3\xA9t\xC3\xA9", "join -5", "add 99" };
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	struct game g;
	test_game_new(&g, e, (size_t)e->min_players, NULL, 0, 3);
	for (size_t i = 0; i < sizeof junk / sizeof *junk; i++) {
		struct order_line l = { 1, (char *)junk[i], NULL, NULL, NULL, false, NULL };
		e->check(&g, 0, &l, 1, &ctx);
		ck_assert_msg(!l.canon, "%s accepted '%s'", e->name, junk[i]);
		ck_assert(l.code && *l.code && l.reason && *l.reason && !l.note);
		free(l.reason);
	}
	game_release(&g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("engines");
	TCase *tc = tcase_create("generic");
	int n = 0;

	engine_register(&counter_engine);
	while (engine_list()[n])
		n++;
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, fresh_game_roundtrips, 0, n);
	tcase_add_loop_test(tc, garbage_orders_rejected_with_code, 0, n);
	tcase_add_loop_test(tc, same_seed_same_bytes, 0, n);
	tcase_add_loop_test(tc, hostile_text_saved_readably, 0, n);
	tcase_add_loop_test(tc, playouts_end_legally, 0, n);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
