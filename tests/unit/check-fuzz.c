/* check-fuzz.c - hostile input never crashes, hangs or leaks: random
 * mutations (bit flips, cuts, splices, repeated bytes) of real orders texts,
 * mails and game files through the orders reader and the state loader.
 * Seeded with PCG32, so a failure can be replayed; it runs in the unit
 * tests, so the sanitizer build sees it too. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "engine.h"
#include "orders.h"
#include "testutil.h"

static const char *const seeds[] = {
	"game g1\nplayer ann\npassword pw\nturn 3\njoin 5 seat 2\nleave\n",
	"From: Ann <ann@example.org>\r\nSubject: Re: [g1] turn 3\r\nMessage-ID: <x@y>\r\n"
	"Content-Type: text/plain; charset=utf-8\r\n\r\ngame g1\r\nplayer ann\r\n"
	"password pw\r\n> quoted\r\nleave # bye\r\n-- \r\nAnn\r\n",
	"\xEF\xBB\xBFgame: g1\nPLAYER: ann\npassword: pw\npassword n3w-secret\nobserve\n",
};

static size_t mutate(struct rng *r, const char *in, size_t len, char *out, size_t cap)
{
	size_t n = len < cap ? len : cap;
	int edits = rng_range(r, 1, 8);
	memcpy(out, in, n);
	for (int e = 0; e < edits; e++) {
		size_t at = n ? rng_below(r, (uint32_t)n) : 0;
		switch (rng_range(r, 0, 5)) {
		case 0: /* flip a bit */
			if (n)
				out[at] ^= (char)(1 << rng_range(r, 0, 7));
			break;
		case 1: /* cut */
			n = at;
			break;
		case 2: /* a byte that matters to the parsers */
			if (n)
				out[at] = "\n\r\0:<>&#-\" \xff\xc3"[rng_range(r, 0, 13)];
			break;
		case 3: /* repeat a stretch */
			if (n && n * 2 < cap) {
				memmove(out + at + (n - at), out + at, n - at);
				n += n - at;
			}
			break;
		case 4: /* drop a stretch */
			if (n) {
				size_t k = rng_below(r, (uint32_t)(n - at)) + 1;
				memmove(out + at, out + at + k - 1, n - at - k + 1);
				n -= k - 1;
			}
			break;
		default: /* insert a random byte */
			if (n + 1 < cap) {
				memmove(out + at + 1, out + at, n - at);
				out[at] = (char)rng_below(r, 256);
				n++;
			}
		}
	}
	return n;
}

START_TEST(orders_reader_survives_mutations)
{
	struct rng r;
	char buf[4096];
	rng_seed(&r, 2026, 1);
	for (int i = 0; i < 20000; i++) {
		const char *seed = seeds[i % ARRAY_SIZE(seeds)];
		size_t n = mutate(&r, seed, strlen(seed), buf, sizeof buf);
		struct submission s;
		char *err = NULL;
		if (submission_parse(buf, n, &s, &err) == 0) {
			ck_assert_ptr_nonnull(s.game);
			for (size_t k = 0; k < s.n; k++)
				ck_assert(s.lines[k].lineno > 0 && s.lines[k].text);
		} else {
			ck_assert_ptr_nonnull(err);
		}
		free(err);
		submission_release(&s);
	}
}
END_TEST

START_TEST(state_loader_survives_mutations)
{
	struct rng r;
	struct game g;
	char *xml, *buf;
	size_t len;
	test_game_new(&g, test_engine("burglar"), 4, NULL, 0, 11);
	xml = game_to_string(&g, &len);
	game_release(&g);
	buf = xmalloc(len * 3);
	rng_seed(&r, 2027, 2);
	for (int i = 0; i < 3000; i++) {
		size_t n = mutate(&r, xml, len, buf, len * 3);
		char *err = NULL;
		if (game_load_buffer(&g, buf, n, "fuzz.xml", &err) == 0) {
			/* Whatever loads must save and load again. */
			char *again = game_to_string(&g, NULL);
			struct game h;
			ck_assert_msg(game_load_buffer(&h, again, strlen(again), "again", &err) == 0,
				      "%s", err);
			game_release(&h);
			free(again);
			game_release(&g);
		} else {
			ck_assert_msg(!strncmp(err, "fuzz.xml", 8), "%s", err);
		}
		free(err);
	}
	free(buf);
	free(xml);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fuzz");
	TCase *tc = tcase_create("fuzz");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, orders_reader_survives_mutations);
	tcase_add_test(tc, state_loader_survives_mutations);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
