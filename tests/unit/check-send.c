/* check-send.c - the pure parts of sending: which addresses may reach
 * MAIL FROM / RCPT TO, the recipients of a message, the back-off. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "send.h"

START_TEST(address_good)
{
	static const char *const good[] = {
		"ann@example.test", "a.b+tag@sub.example.org", "x@localhost",
		"o'neil@example.com", "UPPER@EXAMPLE.TEST", "a-b_c=d@x-y.z9",
		"!#$%&'*+-/=?^_`{|}~@example.test",
	};
	for (size_t i = 0; i < ARRAY_SIZE(good); i++)
		ck_assert_msg(send_address_ok(good[i]), "%s refused", good[i]);
}
END_TEST

START_TEST(address_bad)
{
	static const char *const bad[] = {
		"", "@", "ann", "ann@", "@example.test", "ann@@example.test", "a@b@c",
		"ann @example.test", "ann@example.test ", " ann@example.test",
		"ann@example.test\r\nRCPT TO:<evil@x>", "ann\n@example.test",
		"<ann@example.test>", "ann@example.test>", "\"ann\"@example.test",
		"ann@[127.0.0.1]", "ann@exa mple.test", "ann@example..test",
		".ann@example.test", "ann.@example.test", "a..b@example.test",
		"ann@-example.test", "ann@example-.test", "ann@example.test.",
		"ann@.example.test", "änn@example.test", "ann@exämple.test",
		"ann,bob@example.test", "ann;@example.test", "ann@exa_mple.test",
		"ann\t@example.test", "ann(c)@example.test",
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		ck_assert_msg(!send_address_ok(bad[i]), "'%s' accepted", bad[i]);
}
END_TEST

START_TEST(address_lengths)
{
	char local[70], addr[300];
	memset(local, 'a', 64);
	local[64] = '\0';
	snprintf(addr, sizeof addr, "%s@example.test", local);
	ck_assert(send_address_ok(addr));
	memset(local, 'a', 65);
	local[65] = '\0';
	snprintf(addr, sizeof addr, "%s@example.test", local);
	ck_assert(!send_address_ok(addr));
	/* a 64-character label */
	snprintf(addr, sizeof addr, "a@%s.test",
		 "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
	ck_assert(!send_address_ok(addr));
}
END_TEST

/* The recipients of msg joined with spaces, or "ERR: message". */
static char *rcpts(const char *msg)
{
	struct strlist l = STRLIST_INIT;
	struct sb out = SB_INIT;
	char *err = NULL;
	if (send_recipients(msg, strlen(msg), &l, &err)) {
		sb_addf(&out, "ERR: %s", err);
		free(err);
	}
	for (size_t i = 0; i < l.n; i++)
		sb_addf(&out, "%s%s", i ? " " : "", l.v[i]);
	strlist_clear(&l);
	return sb_detach(&out);
}

static void expect(const char *msg, const char *want)
{
	char *got = rcpts(msg);
	ck_assert_msg(!strcmp(got, want), "for %s\nwanted '%s'\n   got '%s'", msg, want, got);
	free(got);
}

static void expect_error(const char *msg, const char *part)
{
	char *got = rcpts(msg);
	ck_assert_msg(!strncmp(got, "ERR: ", 5) && strstr(got, part),
		      "for %s\nwanted an error with '%s', got '%s'", msg, part, got);
	free(got);
}

START_TEST(to_as_outbox_writes_it)
{
	expect("From: gm@example.test\r\nTo: bob <bob@example.org>\r\nSubject: hi\r\n\r\nbody\r\n",
	       "bob@example.org");
	expect("To: bob@example.org\r\n\r\n", "bob@example.org");
	expect("To: =?UTF-8?B?w4RubmU=?= <anne@example.org>\r\n\r\nTo: x@y.z\r\n",
	       "anne@example.org");
	/* LF line ends as well as CRLF; a header at the very end */
	expect("Subject: x\nTo: ann@example.test", "ann@example.test");
}
END_TEST

START_TEST(to_lists)
{
	expect("To: \"Smith, Ann\" <ann@example.test>, bob@example.test\r\n\r\n",
	       "ann@example.test bob@example.test");
	expect("To: ann@example.test (Ann, the first), Bob <bob@example.test>\r\n\r\n",
	       "ann@example.test bob@example.test");
	expect("To: Ann\r\n <ann@example.test>,\r\n\tbob@example.test\r\n\r\n",
	       "ann@example.test bob@example.test");
	expect("TO: ann@example.test\r\ncc: bob@example.test, ann@example.test\r\n\r\n",
	       "ann@example.test bob@example.test");
	expect("To: players: ann@example.test, Bob <bob@example.test>;, cat@example.test\r\n\r\n",
	       "ann@example.test bob@example.test cat@example.test");
	expect("To: \"a <fake@evil.test>\" <ann@example.test>\r\n\r\n", "ann@example.test");
	expect("To: ann@example.test,,\r\n\r\n", "ann@example.test");
	/* Not recipients: Bcc, Reply-To, a To: line in the body, X-To */
	expect("X-To: x@example.test\r\nReply-To: r@example.test\r\nTo: ann@example.test\r\n"
	       "\r\nTo: body@example.test\r\n",
	       "ann@example.test");
}
END_TEST

START_TEST(to_bad)
{
	expect_error("From: gm@example.test\r\n\r\nTo: ann@example.test\r\n", "no recipient");
	expect_error("To: \r\n\r\n", "no recipient");
	expect_error("To: undisclosed-recipients:;\r\n\r\n", "no recipient");
	expect_error("To: ann@example.test, bob\r\n\r\n", "'bob'");
	expect_error("To: <ann@example.test\r\n\r\n", "not closed");
	expect_error("To: \"ann@example.test\r\n\r\n", "not closed");
	expect_error("To: Ann <ann@exam ple.test>\r\n\r\n", "not a usable");
}
END_TEST

START_TEST(to_injection)
{
	/* A folded header is unfolded, never turned into a second command */
	expect_error("To: <ann@example.test\r\n RCPT TO:evil@x>\r\n\r\n", "not a usable");
	expect_error("To: ann@example.test>\r\n\r\n", "not a usable");
}
END_TEST

START_TEST(backoff)
{
	ck_assert_int_eq(send_backoff(1), 300);
	ck_assert_int_eq(send_backoff(2), 600);
	ck_assert_int_eq(send_backoff(3), 1200);
	ck_assert_int_eq(send_backoff(7), 19200);
	ck_assert_int_eq(send_backoff(8), 6 * 3600);
	ck_assert_int_eq(send_backoff(1000000), 6 * 3600);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("send");
	TCase *tc = tcase_create("pure");
	SRunner *sr;
	int failed;
	tcase_add_test(tc, address_good);
	tcase_add_test(tc, address_bad);
	tcase_add_test(tc, address_lengths);
	tcase_add_test(tc, to_as_outbox_writes_it);
	tcase_add_test(tc, to_lists);
	tcase_add_test(tc, to_bad);
	tcase_add_test(tc, to_injection);
	tcase_add_test(tc, backoff);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
