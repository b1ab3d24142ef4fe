/* check-fetch.c - mail intake from local sources: Maildir and mbox, the
 * Message-ID index, mail never to be answered, the size limit, the spool
 * a killed run leaves behind, source URLs and password files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <check.h>

#include "campaign-fetch.h"
#include "fetch-int.h"
#include "fsutil.h"
#include "testutil.h"

static char *dir;
static struct campaign c;

static void put(const char *path, const char *text)
{
	char *err = NULL;
	ck_assert_msg(!fs_write_atomic(path, text, strlen(text), &err), "%s", err);
}

static char *at(const char *rest)
{
	return xasprintf("%s/%s", dir, rest);
}

static void setup(void)
{
	char tmpl[] = "/tmp/check-fetch-XXXXXX", *err = NULL, *p;
	const char *subs[] = { "md/new", "md/cur", "md/tmp" };
	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	dir = xstrdup(tmpl);
	p = at("c");
	ck_assert_msg(!campaign_init(p, "gm@example.org", NULL, &err), "%s", err);
	free(p);
	for (size_t i = 0; i < 3; i++) {
		p = at(subs[i]);
		ck_assert(!fs_mkdirs(p, &err));
		free(p);
	}
	p = at("c/wyrmpost.xml");
	{
		char *xml = xasprintf("<?xml version=\"1.0\"?>\n<wyrmpost format=\"1\">\n"
				      "<sender address=\"gm@example.org\"/>\n"
				      "<source url=\"maildir:%s/md\"/>\n"
				      "<source url=\"mbox:%s/mbox\"/>\n"
				      "<limits message-size=\"600\"/>\n</wyrmpost>\n",
				      dir, dir);
		put(p, xml);
		free(xml);
	}
	free(p);
	p = at("c");
	ck_assert_msg(!campaign_open(&c, p, 1800000000, &err), "%s", err);
	free(p);
}

static void teardown(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	campaign_close(&c);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	free(dir);
}

static void fetch(struct intake_tally *r)
{
	char *err = NULL;
	int rc = campaign_fetch(&c, r, &err);
	ck_assert_msg(rc == WP_OK, "fetch: %d %s", rc, err ? err : "");
}

static size_t count(const char *sub)
{
	char *p = at(sub), *err = NULL;
	struct strlist l = STRLIST_INIT;
	size_t n;
	ck_assert(!fs_list(p, &l, &err));
	n = l.n;
	strlist_clear(&l);
	free(p);
	return n;
}

static char *msg(const char *headers, const char *id, const char *body)
{
	return xasprintf("From: Zed <zed@example.test>\nTo: gm@example.org\n%s%s%s%s"
			 "Subject: hi\n\n%s\n", headers, id ? "Message-ID: " : "", id ? id : "",
			 id ? "\n" : "", body);
}

static void in_maildir(const char *name, char *text)
{
	char *p = xasprintf("%s/md/new/%s", dir, name);
	put(p, text);
	free(p);
	free(text);
}

START_TEST(maildir_taken_and_removed)
{
	struct intake_tally r;
	in_maildir("1.a", msg("", "<m1@x>", "hello"));
	in_maildir("2.a", msg("", NULL, "no id here"));
	fetch(&r);
	ck_assert_uint_eq(r.messages, 2);
	/* Not orders: refused; the sender is in no game, so it is logged and
	 * not answered (no backscatter to a forged From). */
	ck_assert_uint_eq(r.failed, 2);
	ck_assert_uint_eq(count("md/new"), 0);
	ck_assert_uint_eq(count("c/spool/seen"), 2);
	ck_assert_uint_eq(count("c/spool/new"), 0);
	ck_assert_uint_eq(count("c/outbox/new"), 0);
	intake_tally_release(&r);
}
END_TEST

START_TEST(message_id_index)
{
	struct intake_tally r;
	in_maildir("1.a", msg("", "<same@x>", "first"));
	fetch(&r);
	intake_tally_release(&r);
	/* The same Message-ID with other content: a duplicate, removed. */
	in_maildir("2.a", msg("", "<same@x>", "second"));
	/* The same content without a Message-ID twice: one, then a duplicate. */
	in_maildir("3.a", msg("", NULL, "anon"));
	fetch(&r);
	ck_assert_uint_eq(r.duplicates, 1);
	ck_assert_uint_eq(r.failed, 1);
	intake_tally_release(&r);
	in_maildir("4.a", msg("", NULL, "anon"));
	fetch(&r);
	ck_assert_uint_eq(r.duplicates, 1);
	ck_assert_uint_eq(count("md/new"), 0);
	intake_tally_release(&r);
}
END_TEST

START_TEST(never_answered)
{
	static const char *const headers[] = {
		"Auto-Submitted: auto-replied\n", "Precedence: bulk\n", "Precedence: junk\n",
		"Precedence: list\n", "X-Loop: wyrmpost@example.org\n", "Return-Path: <>\n",
		"Content-Type: multipart/report; report-type=delivery-status; boundary=x\n",
	};
	struct intake_tally r;
	for (size_t i = 0; i < ARRAY_SIZE(headers); i++) {
		char name[16], id[16];
		snprintf(name, sizeof name, "%zu.n", i);
		snprintf(id, sizeof id, "<n%zu@x>", i);
		in_maildir(name, msg(headers[i], id, "x"));
	}
	in_maildir("m.n", xstrdup("From: MAILER-DAEMON@example.test\n\nbounce\n"));
	/* Auto-Submitted: no is a person's mail: refused as orders, not
	 * ignored (its sender is in no game, so it is logged, not answered). */
	in_maildir("p.n", msg("Auto-Submitted: no\n", "<person@x>", "x"));
	fetch(&r);
	ck_assert_uint_eq(r.ignored, ARRAY_SIZE(headers) + 1);
	ck_assert_uint_eq(r.failed, 1);
	ck_assert_uint_eq(count("c/outbox/new"), 0);
	ck_assert_uint_eq(count("md/new"), 0);
	intake_tally_release(&r);
	{
		char *log = at("c/spool/fetch.log"), *text;
		size_t len;
		char *err = NULL;
		ck_assert(!fs_read_file(log, &text, &len, &err));
		ck_assert_ptr_nonnull(strstr(text, "not answered: our own X-Loop"));
		ck_assert_ptr_nonnull(strstr(text, "not answered: a bounce (MAILER-DAEMON)"));
		ck_assert_ptr_nonnull(strstr(text, "not answered: zed@example.test is in no game"));
		free(text);
		free(log);
	}
}
END_TEST

START_TEST(size_limit)
{
	struct intake_tally r;
	char big[800];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	in_maildir("big", msg("", "<big@x>", big));
	fetch(&r);
	ck_assert_uint_eq(r.quarantined, 1);
	ck_assert_uint_eq(r.failed + r.handled, 0);
	ck_assert_uint_eq(count("c/spool/quarantine"), 1);
	ck_assert_uint_eq(count("c/outbox/new"), 0);
	ck_assert_uint_eq(count("md/new"), 0);
	intake_tally_release(&r);
}
END_TEST

START_TEST(mbox_rewritten)
{
	struct intake_tally r;
	char *p = at("mbox"), *text, *err = NULL;
	size_t len;
	char *one = msg("", "<b1@x>", ">From the start\nline"), *two = msg("", "<b2@x>", "two");
	char *box = xasprintf("From a@x Mon Jan 11 08:00:00 2027\n%s\n"
			      "From b@x Mon Jan 11 08:01:00 2027\n%s", one, two);
	put(p, box);
	chmod(p, 0640);
	fetch(&r);
	ck_assert_uint_eq(r.messages, 2);
	ck_assert_uint_eq(r.failed, 2);
	ck_assert(!fs_read_file(p, &text, &len, &err));
	ck_assert_uint_eq(len, 0);
	free(text);
	{
		struct stat st;
		ck_assert(!stat(p, &st));
		ck_assert_uint_eq(st.st_mode & 0777, 0640);
	}
	intake_tally_release(&r);
	/* The same mbox again (a rewrite lost): every message a duplicate. */
	put(p, box);
	fetch(&r);
	ck_assert_uint_eq(r.duplicates, 2);
	intake_tally_release(&r);
	free(box);
	free(one);
	free(two);
	free(p);
}
END_TEST

START_TEST(spool_recovered)
{
	/* A run killed after the spool copy: the next run finishes it. */
	struct intake_tally r;
	char *text = msg("", "<sp@x>", "left behind"), *p = at("c/spool/new"), *err = NULL;
	ck_assert(!fs_mkdirs(p, &err));
	free(p);
	p = at("c/spool/new/0123.eml");
	put(p, text);
	fetch(&r);
	ck_assert_uint_eq(r.messages, 1);
	ck_assert_uint_eq(r.failed, 1);
	ck_assert_uint_eq(count("c/spool/new"), 0);
	intake_tally_release(&r);
	/* ... and the same message still at its source is a duplicate. */
	in_maildir("again", text);
	fetch(&r);
	ck_assert_uint_eq(r.duplicates, 1);
	intake_tally_release(&r);
	free(p);
}
END_TEST

START_TEST(urls)
{
	struct fetch_url u;
	char *err = NULL;
	ck_assert(!fetch_url_parse("imaps://ann%40x.org@mail.x.org:10993/Orders%20In", &u, &err));
	ck_assert_int_eq(u.scheme, FETCH_IMAPS);
	ck_assert_str_eq(u.user, "ann@x.org");
	ck_assert_str_eq(u.host, "mail.x.org");
	ck_assert_uint_eq(u.port, 10993);
	ck_assert_str_eq(u.mailbox, "Orders In");
	fetch_url_release(&u);
	ck_assert(!fetch_url_parse("pop3://ann@x.org@[::1]", &u, &err));
	ck_assert_str_eq(u.user, "ann@x.org");
	ck_assert_str_eq(u.host, "::1");
	ck_assert_uint_eq(u.port, 110);
	fetch_url_release(&u);
	ck_assert(!fetch_url_parse("imap://gm@host", &u, &err));
	ck_assert_str_eq(u.mailbox, "INBOX");
	ck_assert_uint_eq(u.port, 143);
	fetch_url_release(&u);
	static const char *const bad[] = { "imap://host/INBOX", "imap://u@host:0",
					   "imap://u@host:99999", "pop3s://u@host/box",
					   "imap://u%0d%0a@host", "imap://u@ho st", "http://u@h" };
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		ck_assert_msg(fetch_url_parse(bad[i], &u, &err), "%s accepted", bad[i]);
		free(err);
		err = NULL;
	}
}
END_TEST

START_TEST(password_file)
{
	char *p = at("pw"), *pw = NULL, *err = NULL;
	put(p, "s3cret\nrest\n");
	chmod(p, 0644);
	ck_assert_int_eq(fetch_password(p, &pw, &err), WP_ERR_CONFIG);
	ck_assert_ptr_nonnull(strstr(err, "group or others"));
	free(err);
	err = NULL;
	chmod(p, 0600);
	ck_assert_int_eq(fetch_password(p, &pw, &err), WP_OK);
	ck_assert_str_eq(pw, "s3cret");
	free(pw);
	free(p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fetch");
	TCase *t = tcase_create("local");
	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_test(t, maildir_taken_and_removed);
	tcase_add_test(t, message_id_index);
	tcase_add_test(t, never_answered);
	tcase_add_test(t, size_limit);
	tcase_add_test(t, mbox_rewritten);
	tcase_add_test(t, spool_recovered);
	tcase_add_test(t, urls);
	tcase_add_test(t, password_file);
	suite_add_tcase(s, t);
	return run_suite(s);
}
