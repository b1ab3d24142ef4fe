/* check-site.c - the web archive's reading of a text report into HTML
 * (src/site-report.c): headings, lists nested by indentation, tables found
 * by their columns (counted in characters, not bytes), the board in
 * characters folded away with its legend after it; and whatever the text,
 * HTML that is well formed.  And the player pages' file names. */
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <libxml/parser.h>

#include "rng.h"
#include "site-int.h"
#include "site-md.h"
#include "site-report.h"
#include "testutil.h"

static char *html_of(const char *text)
{
	struct sb o = SB_INIT;
	site_report_html(text, &o);
	return sb_detach(&o);
}

/* The HTML as one element, well formed: true when it parses. */
static bool well_formed(const char *html)
{
	char *doc = xasprintf("<div>%s</div>", html);
	xmlDoc *d = xmlReadMemory(doc, (int)strlen(doc), "report", "UTF-8",
				  XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	bool ok = d != NULL;
	xmlFreeDoc(d);
	free(doc);
	return ok;
}

START_TEST(title_and_list)
{
	char *h = html_of("Game: game g, turn 2\nPublic report\n\nWhat happened\n"
			  "  ann moves.\n  bob waits & sees.\n\nNext: ann.\n");
	ck_assert_str_eq(h, "<h2>Game: game g, turn 2</h2>\n<h3>What happened</h3>\n<ul>\n"
			    "<li>ann moves.</li>\n<li>bob waits &amp; sees.</li>\n</ul>\n"
			    "<p>Next: ann.</p>\n");
	free(h);
}
END_TEST

START_TEST(nested_list_and_note)
{
	char *h = html_of("T\n\nThe Minions (two of them)\n  ann\n    Body 2\n  bob\n");
	ck_assert_str_eq(h, "<h2>T</h2>\n<h3>The Minions</h3>\n<p class=\"note\">(two of them)"
			    "</p>\n<ul>\n<li>ann\n<ul>\n<li>Body 2</li>\n</ul>\n</li>\n"
			    "<li>bob</li>\n</ul>\n");
	free(h);
}
END_TEST

/* Columns by characters: a suit is three bytes, one character. */
START_TEST(table_by_characters)
{
	char *h = html_of("T\n\nSeats\n  1  ♣ eve    2 tokens\n  2  fay      14 tokens\n"
			  "  3  (empty)\n");
	ck_assert_ptr_nonnull(strstr(h, "<tr><th scope=\"row\">1</th><td>♣ eve</td>"
					"<td>2 tokens</td></tr>"));
	ck_assert_ptr_nonnull(strstr(h, "<tr><th scope=\"row\">3</th><td>(empty)</td>"
					"<td></td></tr>"));
	ck_assert(well_formed(h));
	free(h);
}
END_TEST

/* One line's note past the others' end is no column. */
START_TEST(no_table_of_sentences)
{
	char *h = html_of("T\n\nWhat happened\n  eve rolls 6+2 = 8.\n"
			  "  fay rolls 6+1 = 7 and feeds the Hoard.\n");
	ck_assert_ptr_null(strstr(h, "<table"));
	ck_assert_ptr_nonnull(strstr(h, "<li>eve rolls 6+2 = 8.</li>"));
	free(h);
}
END_TEST

/* The board runs on over a blank line and lines at the margin; its
 * legend's words follow it as notes; the next heading ends it. */
START_TEST(board_folded)
{
	char *h = html_of("T\n\nThe board\n      A     B\n#2    A1.   B1.\n\n"
			  "            B2.\n  . land  ^ mountain  ~ water here\n\nDragons\n"
			  "  1 eve\n");
	ck_assert_ptr_nonnull(strstr(h, "<pre class=\"art\">      A     B\n#2    A1.   B1.\n\n"
					"            B2.\n</pre></details>\n"
					"<p class=\"note\">. land  ^ mountain  ~ water here</p>\n"
					"<h3>Dragons</h3>"));
	ck_assert(well_formed(h));
	free(h);
}
END_TEST

/* Whatever the text: well-formed HTML, every byte escaped. */
START_TEST(any_text_well_formed)
{
	static const char *const pieces[] = { " ", "  ", "    ", "\n", "\n\n", "a", "Wörd",
					  "<", "&", "|", "+-", "(", ")", ":", "♣", "The board" };
	struct rng r;
	rng_seed(&r, 42, 1);
	for (int i = 0; i < 2000; i++) {
		struct sb t = SB_INIT;
		char *h;
		int n = (int)rng_below(&r, 60);
		for (int k = 0; k < n; k++)
			sb_adds(&t, pieces[rng_below(&r, ARRAY_SIZE(pieces))]);
		h = html_of(sb_str(&t));
		if (!well_formed(h))
			ck_abort_msg("not well formed from \"%s\":\n%s", sb_str(&t), h);
		free(h);
		sb_release(&t);
	}
}
END_TEST

/* A mail's "-- " in a guide's example keeps its blank, as a character
 * reference: no line of a page ends in a raw blank (html-validate). */
START_TEST(markdown_code_keeps_trailing_blank)
{
	struct sb o = SB_INIT;
	struct strlist none = STRLIST_INIT;
	site_markdown("```\njoin 15\n-- \nDan\n```\n", "", &none, &o);
	ck_assert_msg(strstr(sb_str(&o), "\n--&#32;\nDan\n"), "%s", sb_str(&o));
	ck_assert_msg(!strstr(sb_str(&o), " \n"), "%s", sb_str(&o));
	sb_release(&o);
}
END_TEST

START_TEST(player_slugs)
{
	char *s = site_player_slug("Ann-Marie O'Neil");
	ck_assert_str_eq(s, "ann-marie_20o_27neil");
	free(s);
	s = site_player_slug("../x");
	ck_assert_str_eq(s, "_2e_2e_2fx");
	free(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("site");
	TCase *tc = tcase_create("report");
	tcase_add_test(tc, title_and_list);
	tcase_add_test(tc, nested_list_and_note);
	tcase_add_test(tc, table_by_characters);
	tcase_add_test(tc, no_table_of_sentences);
	tcase_add_test(tc, board_folded);
	tcase_add_test(tc, any_text_well_formed);
	tcase_add_test(tc, player_slugs);
	tcase_add_test(tc, markdown_code_keeps_trailing_blank);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
