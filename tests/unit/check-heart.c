/* check-heart.c - Heart of Glass: cards as players write them, the block
 * syntax of narration, and 10,000 random play-outs that end legally with
 * every one of the 52 cards in exactly one place after every turn.  The
 * rulings themselves are data cases under tests/cases/heart-of-glass/. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "testutil.h"

#define BASE_TIME 1800000000LL

/* Check lines as one mail from player p; returns the verdicts as text. */
static char *verdicts(const struct game *g, int p, const char *const *text, size_t n)
{
	struct order_line *l = xcalloc(n, sizeof *l);
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	struct sb out = SB_INIT;
	for (size_t i = 0; i < n; i++) {
		l[i].lineno = (int)i + 1;
		l[i].text = (char *)text[i];
	}
	g->engine->check(g, p, l, n, &ctx);
	for (size_t i = 0; i < n; i++) {
		if (l[i].canon)
			sb_addf(&out, "ok %s\n", l[i].canon);
		else
			sb_addf(&out, "no %s\n", l[i].code);
		ck_assert(l[i].canon || (l[i].code && l[i].reason));
		free(l[i].canon);
		free(l[i].reason);
	}
	free(l);
	return sb_detach(&out);
}

/* Play turns with NMRs only (and the given orders for player p on the
 * first) until the phase reached shows in the public view. */
static void advance_nmr(struct game *g)
{
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	bool has[MAX_PLAYERS], awaited[MAX_PLAYERS];
	struct strlist lines[MAX_PLAYERS];
	struct turn_orders o = { g->nplayers, has, lines };
	struct events ev = EVENTS_INIT;
	char *err = NULL;

	memset(lines, 0, sizeof lines);
	g->engine->awaited(g, awaited);
	for (size_t p = 0; p < g->nplayers; p++) {
		has[p] = awaited[p];
		if (awaited[p])
			g->engine->nmr(g, (int)p, &lines[p]);
	}
	ck_assert(g->engine->advance(g, &o, &ctx, &ev, &err) == 0);
	for (size_t p = 0; p < g->nplayers; p++)
		strlist_clear(&lines[p]);
	events_release(&ev);
}

/* The awaited player of a sequential turn. */
static int awaited_one(const struct game *g)
{
	bool awaited[MAX_PLAYERS];
	int who = -1;
	g->engine->awaited(g, awaited);
	for (size_t p = 0; p < g->nplayers; p++)
		if (awaited[p]) {
			ck_assert_int_eq(who, -1);
			who = (int)p;
		}
	return who;
}

START_TEST(cards_as_written)
{
	const struct engine *e = engine_find("heart-of-glass");
	struct game g;
	struct strlist legal = STRLIST_INIT;
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	int dragon;
	char *v, *want;
	const char *card;

	ck_assert(e);
	test_game_new(&g, e, 2, NULL, 0, 11);
	for (int i = 0; i < 3; i++) /* creation, type, +1: to the first scene */
		advance_nmr(&g);
	dragon = awaited_one(&g);
	e->legal(&g, dragon, &ctx, &legal);
	ck_assert(legal.n > 0);
	card = legal.v[0] + strlen("play ");
	{
		/* The same card written every way a player might. */
		static const char *const words[] = { "A", "2", "3", "4", "5", "6", "7", "8",
						     "9", "10", "J", "Q", "K" };
		static const char *const suitw[] = { "hearts", "diamonds", "clubs", "spades" };
		static const char *const sym[] = { "\u2665", "\u2666", "\u2663", "\u2660" };
		static const char *const facew[] = { "ace", "two", "three", "four", "five",
						     "six", "seven", "eight", "nine", "ten",
						     "jack", "queen", "king" };
		size_t fl = strlen(card) - 1;
		int face = 0, suit = (int)(strchr("HDCS", card[fl]) - "HDCS");
		char *lower = ascii_lower_dup(card), *forms[5];
		for (int f = 0; f < 13; f++)
			if (strlen(words[f]) == fl && !strncmp(words[f], card, fl))
				face = f;
		forms[0] = xasprintf("%s", card);
		forms[1] = xasprintf("%s", lower);
		forms[2] = xasprintf("%.*s%s", (int)fl, card, sym[suit]);
		forms[3] = xasprintf("%s of %s", facew[face], suitw[suit]);
		forms[4] = xasprintf("play %s of %s", words[face], suitw[suit]);
		for (int i = 0; i < 5; i++) {
			const char *one[] = { forms[i] };
			v = verdicts(&g, dragon, one, 1);
			want = xasprintf("ok %s\n", legal.v[0]);
			ck_assert_str_eq(v, want);
			free(v);
			free(want);
			free(forms[i]);
		}
		free(lower);
	}
	{
		const char *bad[] = { "play 14C", "play 1Z", "play", "vote stakes",
				      "raise strength" };
		v = verdicts(&g, dragon, bad, 5);
		ck_assert_str_eq(v, "no bad-card\nno bad-card\nno bad-card\nno no-vote-now\n"
				    "no not-now\n");
		free(v);
	}
	{
		/* The Dragon's card, sent by the other player, who may not play. */
		const char *one[] = { legal.v[0] };
		v = verdicts(&g, 1 - dragon, one, 1);
		ck_assert_str_eq(v, "no not-your-turn\n");
		free(v);
	}
	strlist_clear(&legal);
	game_release(&g);
}
END_TEST

START_TEST(narration_blocks)
{
	const struct engine *e = engine_find("heart-of-glass");
	struct game g;
	struct engine_ctx ctx = engine_ctx_make(BASE_TIME, "UTC");
	struct strlist legal = STRLIST_INIT;
	int dragon;
	char *v, *want;

	test_game_new(&g, e, 3, NULL, 0, 5);
	for (int i = 0; i < 3; i++)
		advance_nmr(&g);
	dragon = awaited_one(&g);
	e->legal(&g, dragon, &ctx, &legal);
	{
		const char *mail[] = { "frame", "The cave is dark.", "play 2C",
				       "Wu Lung waits.", "END", legal.v[0], "frame again",
				       "end", "react", "x", "end" };
		v = verdicts(&g, dragon, mail, ARRAY_SIZE(mail));
		want = xasprintf("ok frame\nok The cave is dark.\nok play 2C\nok Wu Lung waits.\n"
				 "ok end\nok %s\nno twice\nno no-block\nno not-your-turn\n"
				 "no rejected-block\nno rejected-block\n", legal.v[0]);
		ck_assert_str_eq(v, want);
		free(v);
		free(want);
	}
	{
		/* A block left open runs to the end of the mail. */
		const char *mail[] = { "frame", "one", "two" };
		v = verdicts(&g, dragon, mail, 3);
		ck_assert_str_eq(v, "ok frame\nok one\nok two\n");
		free(v);
	}
	strlist_clear(&legal);
	game_release(&g);
}
END_TEST

START_TEST(creation_orders)
{
	const struct engine *e = engine_find("heart-of-glass");
	struct game g;
	char *v;
	test_game_new(&g, e, 2, NULL, 0, 5);
	{
		const char *mail[] = { "tokens heart wealth", "name Persephany",
				       "nature Fairy dragon", "pick MIND", "tokens mind body",
				       "pick strength", "describe", "Tiny,", "and clever.", "end",
				       "type river", "raise body" };
		v = verdicts(&g, 0, mail, ARRAY_SIZE(mail));
		ck_assert_str_eq(v, "ok tokens heart wealth\nok name Persephany\n"
				    "ok nature Fairy dragon\nok pick mind\nno twice\n"
				    "no twice\nok describe\nok Tiny,\nok and clever.\n"
				    "ok end\nno not-chooser\nno not-now\n");
		free(v);
	}
	{
		const char *mail[] = { "pick strength", "pick body", "tokens wealth body",
				       "tokens wealth" };
		v = verdicts(&g, 1, mail, 4);
		ck_assert_str_eq(v, "no no-such-trait\nok pick body\nno pick-trait\n"
				    "no no-such-trait\n");
		free(v);
	}
	game_release(&g);
}
END_TEST

/* One random play-out: each awaited player sends one random legal order,
 * sends nothing (NMR), or sends everything a careful player would; the
 * others sometimes vote.  Returns whether it ended. */
static bool playout(const struct engine *e, uint64_t seed, int *turns)
{
	struct rng choose;
	struct game g;
	size_t n;
	int turn;
	const char *respawn[] = { "respawn=yes" };
	bool re;

	rng_seed(&choose, seed, 77);
	n = (size_t)rng_range(&choose, 2, 6);
	re = rng_range(&choose, 0, 4) == 0;
	test_game_new(&g, e, n, respawn, re ? 1 : 0, seed);
	for (turn = 1; turn <= 1000 && !e->over(&g); turn++) {
		struct engine_ctx ctx = engine_ctx_make(BASE_TIME + turn * 86400LL, "UTC");
		bool has[MAX_PLAYERS], awaited[MAX_PLAYERS];
		struct strlist lines[MAX_PLAYERS];
		struct turn_orders o = { g.nplayers, has, lines };
		struct events ev = EVENTS_INIT;
		char *err = NULL, *inv;

		memset(lines, 0, sizeof lines);
		e->awaited(&g, awaited);
		for (size_t p = 0; p < g.nplayers; p++) {
			struct strlist legal = STRLIST_INIT;
			int how = rng_range(&choose, 0, 3);
			e->legal(&g, (int)p, &ctx, &legal);
			has[p] = false;
			if (awaited[p] && how == 0) {
				e->nmr(&g, (int)p, &lines[p]);
				has[p] = true;
			} else if (legal.n && (awaited[p] || how == 1)) {
				/* A play and a vote, as a Minion might send. */
				strlist_add(&lines[p], legal.v[rng_below(&choose, (uint32_t)legal.n)]);
				strlist_add(&lines[p], legal.v[rng_below(&choose, (uint32_t)legal.n)]);
				has[p] = true;
			}
			strlist_clear(&legal);
		}
		ck_assert_msg(e->advance(&g, &o, &ctx, &ev, &err) == 0, "%s", err);
		g.turn++;
		events_release(&ev);
		for (size_t p = 0; p < g.nplayers; p++)
			strlist_clear(&lines[p]);
		inv = e->invariant(&g);
		ck_assert_msg(!inv, "seed %llu turn %d: %s", (unsigned long long)seed, turn,
			      inv ? inv : "");
	}
	*turns = turn;
	{
		bool over = e->over(&g);
		game_release(&g);
		return over;
	}
}

START_TEST(ten_thousand_playouts)
{
	const struct engine *e = engine_find("heart-of-glass");
	long long total = 0;
	for (uint64_t seed = 1; seed <= (uint64_t)playout_count(10000); seed++) {
		int turns;
		ck_assert_msg(playout(e, seed, &turns), "seed %llu did not end",
			      (unsigned long long)seed);
		total += turns;
	}
	ck_assert(total > 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("heart-of-glass");
	TCase *tc = tcase_create("heart");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, cards_as_written);
	tcase_add_test(tc, narration_blocks);
	tcase_add_test(tc, creation_orders);
	tcase_add_test(tc, ten_thousand_playouts);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
