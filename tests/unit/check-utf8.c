/* check-utf8.c - lib/utf8.c, on cases worked out by hand from RFC 3629's
 * table, and encode/decode round trips over every code point. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "testutil.h"
#include "utf8.h"

static const struct {
	const char *s;
	size_t n;      /* bytes given */
	size_t len;    /* utf8_next's answer */
	uint32_t cp;
} firsts[] = {
	{ "A", 1, 1, 0x41 },
	{ "\0", 1, 1, 0 },                       /* NUL is a character */
	{ "\x7F", 1, 1, 0x7F },
	{ "\xC2\x80", 2, 2, 0x80 },              /* smallest two-byte */
	{ "\xC3\xA9t\xC3\xA9", 5, 2, 0xE9 },     /* é, more after it */
	{ "\xDF\xBF", 2, 2, 0x7FF },
	{ "\xE0\xA0\x80", 3, 3, 0x800 },         /* smallest three-byte */
	{ "\xE2\x82\xAC", 3, 3, 0x20AC },        /* € */
	{ "\xED\x9F\xBF", 3, 3, 0xD7FF },        /* just below the surrogates */
	{ "\xEE\x80\x80", 3, 3, 0xE000 },        /* just above them */
	{ "\xEF\xBF\xBD", 3, 3, 0xFFFD },
	{ "\xF0\x90\x80\x80", 4, 4, 0x10000 },   /* smallest four-byte */
	{ "\xF0\x9F\x90\x89", 4, 4, 0x1F409 },   /* the dragon */
	{ "\xF4\x8F\xBF\xBF", 4, 4, 0x10FFFF },  /* the last code point */
	/* Not a character at the start: */
	{ "", 0, 0, 0 },
	{ "\x80", 1, 0, 0 },                     /* a lone continuation */
	{ "\xC0\xAF", 2, 0, 0 },                 /* overlong '/' */
	{ "\xC1\xBF", 2, 0, 0 },                 /* overlong */
	{ "\xE0\x9F\xBF", 3, 0, 0 },             /* overlong U+07FF */
	{ "\xF0\x8F\xBF\xBF", 4, 0, 0 },         /* overlong U+FFFF */
	{ "\xED\xA0\x80", 3, 0, 0 },             /* U+D800, a surrogate */
	{ "\xED\xBF\xBF", 3, 0, 0 },             /* U+DFFF */
	{ "\xF4\x90\x80\x80", 4, 0, 0 },         /* U+110000 */
	{ "\xF5\x80\x80\x80", 4, 0, 0 },
	{ "\xFF", 1, 0, 0 },
	{ "\xC3", 1, 0, 0 },                     /* cut short */
	{ "\xE2\x82\xAC", 2, 0, 0 },             /* cut by n, not by the bytes */
	{ "\xE2\x28\xA1", 3, 0, 0 },             /* a non-continuation inside */
};

START_TEST(next_reads_one_character)
{
	for (size_t i = 0; i < ARRAY_SIZE(firsts); i++) {
		uint32_t cp = 0xDEAD;
		size_t len = utf8_next(firsts[i].s, firsts[i].n, &cp);
		ck_assert_msg(len == firsts[i].len, "case %zu: length %zu, wanted %zu", i, len,
			      firsts[i].len);
		if (len)
			ck_assert_msg(cp == firsts[i].cp, "case %zu: U+%04X, wanted U+%04X", i,
				      (unsigned)cp, (unsigned)firsts[i].cp);
		/* A string that does not start with a character is not UTF-8; one
		 * that is just that character is. */
		if (firsts[i].n && !len)
			ck_assert_msg(!utf8_valid(firsts[i].s, firsts[i].n), "case %zu valid", i);
		if (firsts[i].n && len == firsts[i].n)
			ck_assert_msg(utf8_valid(firsts[i].s, firsts[i].n), "case %zu not valid", i);
	}
}
END_TEST

START_TEST(valid_looks_at_every_byte)
{
	ck_assert(utf8_valid("", 0));
	ck_assert(utf8_valid("plain", 5));
	ck_assert(utf8_valid("a\0b", 3));
	ck_assert(utf8_valid("\xC5\xBB\xC3\xB3\xC5\x82w", 7));   /* Żółw */
	ck_assert(!utf8_valid("\xC5\xBB\xC3\xB3\xC5w", 6));       /* ł cut */
	ck_assert(!utf8_valid("ok\x80", 3));
	ck_assert(!utf8_valid("\xE2\x82\xAC", 2));
}
END_TEST

START_TEST(put_and_next_round_trip)
{
	struct sb b = SB_INIT;
	uint32_t bad = 0; /* the first code point that does not come back */
	size_t nbad = 0;
	for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
		uint32_t back = 0;
		size_t want = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
		bool ok;
		b.len = 0;
		utf8_put(&b, cp);
		if (cp >= 0xD800 && cp <= 0xDFFF)
			ok = b.len == 3 && !memcmp(b.buf, "\xEF\xBF\xBD", 3);
		else
			ok = b.len == want && utf8_next(b.buf, b.len, &back) == want && back == cp;
		if (!ok && !nbad++)
			bad = cp;
	}
	ck_assert_msg(!nbad, "%zu code points do not round-trip, the first U+%04X", nbad,
		      (unsigned)bad);
	b.len = 0;
	utf8_put(&b, 0x110000);
	ck_assert(b.len == 3 && !memcmp(b.buf, "\xEF\xBF\xBD", 3));
	sb_release(&b);
}
END_TEST

START_TEST(count_and_continues)
{
	ck_assert_uint_eq(utf8_count(""), 0);
	ck_assert_uint_eq(utf8_count("Bo"), 2);
	ck_assert_uint_eq(utf8_count("\xC5\xBB\xC3\xB3\xC5\x82w"), 4);
	ck_assert_uint_eq(utf8_count("\xF0\x9F\x90\x89!"), 2);
	ck_assert(!utf8_continues('a'));
	ck_assert(!utf8_continues('\xC5'));
	ck_assert(utf8_continues('\xBB'));
}
END_TEST

/* What a game may keep from a mail: no control character, no
 * noncharacter; tab is text.  Each bound on both sides. */
START_TEST(storable_characters)
{
	static const uint32_t yes[] = { '\t', 0x20, 'A', 0x7E, 0xA0, 0xE9, 0xFDCF, 0xFDF0,
					0xFFFD, 0x10000, 0x1FFFD, 0x10FFFD };
	static const uint32_t no[] = { 0, 1, '\n', '\r', 0x1B, 0x1F, 0x7F, 0x80, 0x9F, 0xFDD0,
				       0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF };
	uint32_t cp = 0;
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
		ck_assert_msg(utf8_storable(yes[i]), "U+%04X refused", (unsigned)yes[i]);
	for (size_t i = 0; i < sizeof no / sizeof *no; i++)
		ck_assert_msg(!utf8_storable(no[i]), "U+%04X kept", (unsigned)no[i]);
	ck_assert_int_eq(utf8_find_unstorable("name \xC3\xA9t\xC3\xA9", &cp), -1);
	ck_assert_int_eq(utf8_find_unstorable("na\xC3\xA9\x1b[2J", &cp), 4);
	ck_assert_uint_eq(cp, 0x1B);
	ck_assert_int_eq(utf8_find_unstorable("ok \xEF\xBF\xBE", &cp), 3);
	ck_assert_uint_eq(cp, 0xFFFE);
}
END_TEST

START_TEST(visible_text)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "plain \xC5\xBB\xC3\xB3\xC5\x82w", "plain \xC5\xBB\xC3\xB3\xC5\x82w" },
		{ "two\nlines\tand a tab", "two\nlines\tand a tab" },
		{ "game \x1b[31mg1\x1b[0m", "game \\x1b[31mg1\\x1b[0m" },
		{ "bell\a cr\r del\x7f", "bell\\x07 cr\\x0d del\\x7f" },
		{ "csi \xC2\x9B" "2J", "csi \\xc2\\x9b2J" },  /* U+009B, the 8-bit CSI */
		{ "raw \x9B" "2J", "raw \\x9b2J" },               /* not UTF-8 */
		{ "cut \xE2\x82", "cut \\xe2\\x82" },
		{ "", "" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *v = utf8_visible(cases[i].in);
		ck_assert_str_eq(v, cases[i].out);
		free(v);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("utf8");
	TCase *tc = tcase_create("utf8");
	tcase_set_timeout(tc, 60); /* a million code points under ASan */
	tcase_add_test(tc, next_reads_one_character);
	tcase_add_test(tc, valid_looks_at_every_byte);
	tcase_add_test(tc, put_and_next_round_trip);
	tcase_add_test(tc, count_and_continues);
	tcase_add_test(tc, visible_text);
	tcase_add_test(tc, storable_characters);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
