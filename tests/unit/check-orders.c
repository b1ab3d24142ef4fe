/* check-orders.c - reading orders texts and mails. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "testutil.h"

#include "header.h"
#include "orders.h"

static void parse_ok(const char *text, struct submission *s)
{
	char *err = NULL;
	int rc = submission_parse(text, strlen(text), s, &err);
	ck_assert_msg(rc == 0, "%s", err ? err : "");
}

START_TEST(header_lines_any_case_optional_colon)
{
	struct submission s;
	parse_ok("GAME: g1\nPlayer ann\npassword:   s3 cret\nturn 4\nleave\n", &s);
	ck_assert_str_eq(s.game, "g1");
	ck_assert_str_eq(s.player, "ann");
	ck_assert_str_eq(s.password, "s3 cret");
	ck_assert_int_eq(s.turn, 4);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "leave");
	ck_assert_int_eq(s.lines[0].lineno, 5);
	submission_release(&s);
}
END_TEST

/* An order's verb takes a colon as a header keyword does ("Name: X" as
 * "Game: X"); a colon that is not after a verb of letters stays. */
START_TEST(order_verb_optional_colon)
{
	struct submission s;
	parse_ok("game g1\nPlayer:ann\npassword pw\nName: Bob Stone\nvote:stakes\nat 12:00\n"
		 "raise:\n", &s);
	ck_assert_str_eq(s.player, "ann");
	ck_assert_uint_eq(s.n, 4);
	ck_assert_str_eq(s.lines[0].text, "Name Bob Stone");
	ck_assert_str_eq(s.lines[1].text, "vote stakes");
	ck_assert_str_eq(s.lines[2].text, "at 12:00");
	ck_assert_str_eq(s.lines[3].text, "raise");
	submission_release(&s);
}
END_TEST

/* A misspelt header keyword gets a hint naming its line. */
START_TEST(misspelt_header_keyword_hint)
{
	struct submission s;
	char *err = NULL;
	const char *t = "game g1\nplyer ann\npassword pw\nleave\n";
	ck_assert_int_eq(submission_parse(t, strlen(t), &s, &err), -1);
	ck_assert_msg(strstr(err, "player is missing (line 2: did you mean 'player' for "
			  "'plyer'?)") != NULL, "%s", err);
	free(err);
	submission_release(&s);
	t = "Gmae: g1\nplayer ann\npassword pw\nleave\n";
	err = NULL;
	ck_assert_int_eq(submission_parse(t, strlen(t), &s, &err), -1);
	ck_assert_msg(strstr(err, "game is missing (line 1: did you mean 'game' for 'Gmae'?)"),
		      "%s", err);
	free(err);
	submission_release(&s);
}
END_TEST

START_TEST(comments_quotes_signature_blank_lines)
{
	struct submission s;
	parse_ok("\xEF\xBB\xBF# my orders\r\ngame g1\r\nplayer ann\r\npassword pw\r\n\r\n"
		 "> game g2\r\n> leave\r\njoin 5   # five tokens\r\n  \r\nleave\r\n"
		 "-- \r\nann\r\njoin 7\r\n", &s);
	ck_assert_str_eq(s.game, "g1");
	ck_assert_uint_eq(s.n, 2);
	ck_assert_str_eq(s.lines[0].text, "join 5");
	ck_assert_int_eq(s.lines[0].lineno, 8);
	ck_assert_str_eq(s.lines[1].text, "leave");
	ck_assert_int_eq(s.lines[1].lineno, 10);
	submission_release(&s);
}
END_TEST

START_TEST(text_before_the_header_is_ignored)
{
	struct submission s;
	parse_ok("Hi GM,\nhere are my orders for this week:\n\ngame g1\nplayer ann\n"
		 "password pw\nleave\n", &s);
	ck_assert_str_eq(s.game, "g1");
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "leave");
	ck_assert_int_eq(s.lines[0].lineno, 7);
	submission_release(&s);
}
END_TEST

/* Replies as mail programs write them: the attribution line above the
 * quote (wrapped by Gmail) is not an order, and Outlook's unquoted copy of
 * the mail replied to, below its separator, is never read: its example
 * "leave" and "password YOUR-PASSWORD" lines once became orders. */
START_TEST(reply_attribution_and_separator)
{
	struct submission s;
	parse_ok("game g1\nplayer ann\npassword pw\nleave\n\n"
		 "On Fri, Jan 15, 2027 at 9:00 AM wyrmpost <gm@example.test>\nwrote:\n\n"
		 "> Your orders\n>   leave\n\njoin 3\n", &s);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_str_eq(s.lines[0].text, "leave");
	ck_assert_str_eq(s.lines[1].text, "join 3");
	ck_assert_int_eq(s.lines[1].lineno, 12);
	submission_release(&s);
	parse_ok("game g1\nplayer ann\npassword pw\nstatus\n"
		 "On 15/01/2027 09:00, wyrmpost wrote:\n> leave\n", &s);
	ck_assert_uint_eq(s.n, 1);
	submission_release(&s);
	parse_ok("game g1\r\nplayer cat\r\npassword pw\r\nstatus\r\n\r\n"
		 "________________________________\r\nFrom: wyrmpost <gm@example.test>\r\n"
		 "Sent: Friday, January 15, 2027 9:00 AM\r\n\r\n    game g1\r\n    player cat\r\n"
		 "    password YOUR-PASSWORD\r\n    leave\r\n", &s);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "status");
	submission_release(&s);
	parse_ok("game g1\nplayer cat\npassword pw\nstatus\n-----Original Message-----\n"
		 "From: wyrmpost\nleave\n", &s);
	ck_assert_uint_eq(s.n, 1);
	submission_release(&s);
	/* Before the header lines such a line ends nothing; a plain rule of
	 * dashes or a line ending in ':' without a quote after it is kept. */
	parse_ok("-----Original Message-----\ngame g1\nplayer cat\npassword pw\n"
		 "----------\nnote:\nleave\n", &s);
	ck_assert_uint_eq(s.n, 3);
	ck_assert_str_eq(s.lines[0].text, "----------");
	ck_assert_str_eq(s.lines[1].text, "note"); /* a verb's colon goes */
	submission_release(&s);
}
END_TEST

START_TEST(header_words_after_orders_are_orders)
{
	struct submission s;
	parse_ok("game g1\nplayer ann\npassword pw\nleave\ngame g2\n", &s);
	ck_assert_str_eq(s.game, "g1");
	ck_assert_uint_eq(s.n, 2);
	ck_assert_str_eq(s.lines[1].text, "game g2");
	submission_release(&s);
}
END_TEST

START_TEST(second_password_line_is_a_command)
{
	struct submission s;
	parse_ok("game g1\nplayer ann\npassword old\npassword n3w-one\n", &s);
	ck_assert_str_eq(s.password, "old");
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "password n3w-one");
	submission_release(&s);
}
END_TEST

START_TEST(missing_header_is_an_error)
{
	struct submission s;
	char *err = NULL;
	const char *t = "game g1\nplayer ann\nleave\n";
	ck_assert_int_eq(submission_parse(t, strlen(t), &s, &err), -1);
	ck_assert_ptr_nonnull(strstr(err, "password"));
	free(err);
	submission_release(&s);
	t = "game g1\nplayer ann\npassword x\nturn soon\n";
	ck_assert_int_eq(submission_parse(t, strlen(t), &s, &err), -1);
	ck_assert_ptr_nonnull(strstr(err, "line 4"));
	free(err);
	submission_release(&s);
}
END_TEST

START_TEST(plain_mail_body_is_read)
{
	struct submission s;
	parse_ok("From: Ann <ann@example.org>\r\nSubject: orders\r\n"
		 "Message-ID: <1@example.org>\r\nContent-Type: text/plain; charset=UTF-8\r\n"
		 "\r\ngame g1\r\nplayer ann\r\npassword pw\r\nleave\r\n", &s);
	ck_assert_str_eq(s.from, "Ann <ann@example.org>");
	ck_assert_str_eq(s.message_id, "<1@example.org>");
	ck_assert_uint_eq(s.n, 1);
	ck_assert_int_eq(s.lines[0].lineno, 4); /* counted from the top of the body */
	submission_release(&s);
	/* The same body as quoted-printable goes through the MIME layer: the
	 * same line number. */
	parse_ok("From: Ann <ann@example.org>\r\nSubject: orders\r\nMIME-Version: 1.0\r\n"
		 "Content-Type: text/plain; charset=UTF-8\r\n"
		 "Content-Transfer-Encoding: quoted-printable\r\n"
		 "\r\ngame g1\r\nplayer ann\r\npassword pw\r\nleave\r\n", &s);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_int_eq(s.lines[0].lineno, 4);
	submission_release(&s);
	/* format=flowed (Thunderbird's default): a line the client wrapped
	 * with a soft break is one line again. */
	parse_ok("From: Ann <ann@example.org>\nContent-Type: text/plain; charset=UTF-8; "
		 "Format=Flowed\nContent-Transfer-Encoding: 8bit\n\ngame g1\nplayer ann\n"
		 "password pw\nleave   # a comment the client \nwrapped\n", &s);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "leave");
	submission_release(&s);
}
END_TEST

/* Closing words and mail-program footers end the orders like a signature;
 * an order that starts with such a word is still an order. */
START_TEST(sign_offs_end_the_orders)
{
	static const char *const closers[] = {
		"Cheers, Bob", "Thanks!", "thank you.", "Best regards,", "Kind regards, Ann Lee",
		"Sent from my iPhone", "Get Outlook for Android", "Viele Grüße", "bye",
		"Sent from Outlook", "Sent from Outlook for iOS", "Sent from Mail for Windows",
		"Sent from Yahoo Mail on Android", "Sent with Proton Mail secure email.",
		"Sent from Gmail Mobile", "Sent via the Samsung Galaxy, an AT&T 5G smartphone",
		"Von meinem iPhone gesendet", "Von Outlook für Android gesendet",
		"Gesendet von Outlook für iOS", "Gesendet mit Proton Mail sichere E-Mail.",
		"Envoyé de mon iPhone", "Envoyé à partir de Outlook pour Android",
		"Obtenir Outlook pour iOS", "Enviado desde mi iPhone", "Enviado desde Outlook",
		"Obtener Outlook para Android", "Inviato da iPhone", "Inviato dal mio Galaxy",
		"Scarica Outlook per Android", "Verzonden vanaf mijn iPhone",
		"Verstuurd vanaf mijn Android", "Verzonden met Outlook voor Android",
	};
	struct submission s;
	for (size_t i = 0; i < ARRAY_SIZE(closers); i++) {
		char *t = xasprintf("Player:ann\ngame g1\npassword pw\nleave\n%s\nnot an order\n",
				    closers[i]);
		parse_ok(t, &s);
		ck_assert_str_eq(s.player, "ann");
		ck_assert_msg(s.n == 1, "%s: %zu orders", closers[i], s.n);
		ck_assert_str_eq(s.lines[0].text, "leave");
		submission_release(&s);
		free(t);
	}
	/* Not closings: words that start orders, or a closing word with more
	 * after it than a name. */
	parse_ok("game g1\nplayer ann\npassword pw\nbest 3 cards\nthanks for 12, 14\n"
		 "cheerson\n", &s);
	ck_assert_uint_eq(s.n, 3);
	submission_release(&s);
}
END_TEST

/* A stray NUL costs nothing but itself; lone CRs (old Mac mail, some
 * webmail) end lines as LF and CRLF do, and the line numbers count them. */
START_TEST(nul_bytes_and_lone_carriage_returns)
{
	static const char nul[] = "game g1\nplayer ann\npassword pw\nle\0ave\n";
	struct submission s;
	char *err = NULL;
	ck_assert_int_eq(submission_parse(nul, sizeof nul - 1, &s, &err), 0);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "leave");
	ck_assert_int_eq(s.lines[0].lineno, 4);
	submission_release(&s);
	parse_ok("game g1\rplayer ann\r\npassword pw\r\rjoin 5\rleave\r", &s);
	ck_assert_str_eq(s.game, "g1");
	ck_assert_str_eq(s.player, "ann");
	ck_assert_uint_eq(s.n, 2);
	ck_assert_str_eq(s.lines[0].text, "join 5");
	ck_assert_int_eq(s.lines[0].lineno, 5);
	ck_assert_int_eq(s.lines[1].lineno, 6);
	submission_release(&s);
}
END_TEST

/* Found by `make fuzz`: the Message-ID goes into our reply's In-Reply-To
 * and References, so a CR left in it (a folded CRLF header, or a lone CR a
 * sender put there) would end that header line and start another. */
START_TEST(header_values_hold_no_carriage_return)
{
	const char *t = "From: Ann\r\n <ann@example.org>\r\nMessage-ID: <1@x>\rBcc: eve@x\r\n"
			"Subject: a\r\n\tb\r\n\r\ngame g1\r\n";
	struct submission s;
	char *v = mail_header_get(t, strlen(t), "Message-ID");
	ck_assert_str_eq(v, "<1@x> Bcc: eve@x");
	free(v);
	v = mail_header_get(t, strlen(t), "From");
	ck_assert_ptr_null(strchr(v, '\r'));
	free(v);
	parse_ok("Message-ID: <2@x>\r\r\nSubject: a\r\n b\r\n\r\ngame g1\r\nplayer ann\r\n"
		 "password pw\r\nleave\r\n", &s);
	ck_assert_str_eq(s.message_id, "<2@x>");
	ck_assert_ptr_null(strchr(s.subject, '\r'));
	ck_assert(s.subject[0] == 'a' && s.subject[strlen(s.subject) - 1] == 'b');
	submission_release(&s);
}
END_TEST

/* procmail pipes a mail with its mbox envelope line first: still a mail
 * (its sender known, its MIME decoded), not a text of orders. */
START_TEST(envelope_from_line_is_skipped)
{
	struct submission s;
	parse_ok("From ann@example.org  Fri Jan 15 09:00:00 2027\nFrom: Ann <ann@example.org>\n"
		 "Content-Type: text/plain; charset=iso-8859-1\n"
		 "Content-Transfer-Encoding: quoted-printable\n\ngame g1\nplayer ann\n"
		 "password pw\njoin 5 # caf=E9 and a line the client wr=\napped\n", &s);
	ck_assert_str_eq(s.from, "Ann <ann@example.org>");
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "join 5");
	submission_release(&s);
	/* An orders text whose first line starts with "From " is left alone. */
	parse_ok("From here on:\ngame g1\nplayer ann\npassword pw\nleave\n", &s);
	ck_assert_ptr_null(s.from);
	ck_assert_uint_eq(s.n, 1);
	submission_release(&s);
}
END_TEST

/* Order text reaches the game's XML state: bytes that are not UTF-8 made
 * libxml2 refuse to read the game after its turn (found by hand, following
 * up a `make fuzz` finding in the MIME layer).  A mail that says UTF-8 and is not is read as the
 * MIME layer reads mislabelled text (windows-1252); a bare orders text
 * that is not UTF-8 is refused. */
START_TEST(text_that_is_not_utf8)
{
	struct submission s;
	char *err = NULL;
	const char *t = "game g1\nplayer ann\npassword pw\ndescribe caf\xe9 \xf6\xad\x85\xa1\n";
	parse_ok("From: Ann <ann@example.org>\nContent-Type: text/plain; charset=utf-8\n\n"
		 "game g1\nplayer ann\npassword pw\ndescribe caf\xe9\n", &s);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "describe caf\xc3\xa9");
	submission_release(&s);
	ck_assert_int_eq(submission_parse(t, strlen(t), &s, &err), -1);
	ck_assert_msg(strstr(err, "line 4") && strstr(err, "UTF-8"), "%s", err);
	free(err);
	submission_release(&s);
}
END_TEST

START_TEST(mime_mail_goes_through_the_mime_layer)
{
	struct submission s;
	char *err = NULL;
	const char *t = "From: Ann <ann@example.org>\nMIME-Version: 1.0\n"
			"Content-Type: multipart/alternative; boundary=\"b\"\n\n--b\n"
			"Content-Type: text/plain; charset=iso-8859-1\n"
			"Content-Transfer-Encoding: quoted-printable\n\n"
			"game g1\nplayer ann\npassword pw\njoin 5 # caf=E9\n--b\n"
			"Content-Type: text/html\n\n<p>game g1</p>\n--b--\n";
	parse_ok(t, &s);
	ck_assert_str_eq(s.player, "ann");
	ck_assert_uint_eq(s.n, 1);
	ck_assert_str_eq(s.lines[0].text, "join 5");
	submission_release(&s);
	/* base64 of "game g1": no player or password, said clearly. */
	t = "From: a@b.c\nContent-Transfer-Encoding: base64\n\nZ2FtZSBnMQo=\n";
	ck_assert_int_eq(submission_parse(t, strlen(t), &s, &err), -1);
	ck_assert_msg(strstr(err, "player"), "%s", err);
	free(err);
	submission_release(&s);
}
END_TEST

START_TEST(stored_orders_round_trip)
{
	struct strlist a = STRLIST_INIT, b = STRLIST_INIT;
	char *text;
	strlist_add(&a, "join 5 seat 2");
	strlist_add(&a, "leave");
	text = orders_format(&a);
	ck_assert_str_eq(text, "join 5 seat 2\nleave\n");
	orders_parse_stored(text, &b);
	ck_assert_uint_eq(b.n, 2);
	ck_assert_str_eq(b.v[1], "leave");
	free(text);
	strlist_clear(&a);
	strlist_clear(&b);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("orders");
	TCase *tc = tcase_create("orders");
	tcase_add_test(tc, header_lines_any_case_optional_colon);
	tcase_add_test(tc, order_verb_optional_colon);
	tcase_add_test(tc, misspelt_header_keyword_hint);
	tcase_add_test(tc, comments_quotes_signature_blank_lines);
	tcase_add_test(tc, text_before_the_header_is_ignored);
	tcase_add_test(tc, reply_attribution_and_separator);
	tcase_add_test(tc, header_words_after_orders_are_orders);
	tcase_add_test(tc, second_password_line_is_a_command);
	tcase_add_test(tc, missing_header_is_an_error);
	tcase_add_test(tc, plain_mail_body_is_read);
	tcase_add_test(tc, nul_bytes_and_lone_carriage_returns);
	tcase_add_test(tc, sign_offs_end_the_orders);
	tcase_add_test(tc, header_values_hold_no_carriage_return);
	tcase_add_test(tc, envelope_from_line_is_skipped);
	tcase_add_test(tc, text_that_is_not_utf8);
	tcase_add_test(tc, mime_mail_goes_through_the_mime_layer);
	tcase_add_test(tc, stored_orders_round_trip);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
