/* check-outbox.c - the outgoing message as outbox_render() writes it: the
 * same bytes every time, legal lines, and read back by our own MIME intake
 * (mime.h) and by libetpan's parser to the same text, headers and
 * attachments. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libetpan/libetpan.h>

#include "fsutil.h"
#include "header.h"
#include "mime.h"
#include "outbox.h"
#include "util.h"

static const struct mime_limits quick = { 0, 0, 5, 10 };

/* 2026-11-24 19:00:00 UTC */
#define DATE 1795546800LL

static unsigned char pdf[3000];

static void fill_pdf(void)
{
	/* Every byte value, CR and LF among them, as a real PDF has. */
	for (size_t i = 0; i < sizeof pdf; i++)
		pdf[i] = (unsigned char)(i * 7 + i / 256);
	memcpy(pdf, "%PDF-1.4\r\n", 10);
}

static const char notes[] = "game g1\nplayer ann\n";

static struct outpart parts[2];

/* A report with two attachments, names and subject not ASCII, a reply. */
static struct outmsg rich(void)
{
	fill_pdf();
	parts[0] = (struct outpart){ "g1-0004-ann.pdf", "application/pdf", (const char *)pdf,
				     sizeof pdf };
	parts[1] = (struct outpart){ "notes.txt", "text/plain", notes, strlen(notes) };
	return (struct outmsg){
		.key = "g1-0004-report-ann",
		.from_name = "Die Drachenhöhle",
		.from = "gm@example.test",
		.to_name = "Änne",
		.to = "ann@example.test",
		.subject = "[g1] Zug 4: Bericht für Änne, die Drachentöterin aus dem Süden",
		.in_reply_to = "<orders-17@mail.example.org>",
		.auto_submitted = "auto-generated",
		.date = DATE,
		.body = "Report for ann, turn 4.\n\nGold: 12 – Drachen: 1 ☺\nThe end.\n",
		.attach = parts,
		.nattach = 2,
	};
}

static void parse_ok(const char *raw, struct mime_result *r)
{
	char *err = NULL;
	int rc = mime_orders_text(raw, strlen(raw), &quick, r, &err);
	ck_assert_msg(rc == MIME_OK, "intake: %d %s\n%s", rc, err ? err : "", raw);
	free(err);
}

/* Every line ends in CRLF, none is longer than max (without the CRLF). */
static void lines_ok(const char *s, size_t max)
{
	size_t col = 0;
	for (const char *p = s; *p; p++) {
		if (*p == '\r') {
			ck_assert_msg(p[1] == '\n', "bare CR at %zu", (size_t)(p - s));
			ck_assert_msg(col <= max, "line of %zu before offset %zu", col,
				      (size_t)(p - s));
			col = 0;
			p++;
		} else {
			ck_assert_msg(*p != '\n', "bare LF at %zu", (size_t)(p - s));
			col++;
		}
	}
	ck_assert_msg(col == 0, "the message does not end with CRLF");
}

/* The header field name: value, unfolded, or NULL. */
static char *field(const char *msg, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = msg; *p && !(p[0] == '\r' && p[1] == '\n');
	     p = strstr(p, "\r\n") + 2) {
		if (!strncmp(p, name, n) && p[n] == ':') {
			struct sb v = SB_INIT;
			const char *q = p + n + 1;
			for (;;) {
				const char *e = strstr(q, "\r\n");
				sb_add(&v, q, (size_t)(e - q));
				if (e[2] != ' ' && e[2] != '\t')
					break;
				q = e + 2;
			}
			return str_trim(sb_detach(&v));
		}
	}
	return NULL;
}

START_TEST(same_bytes_every_time)
{
	struct outmsg m = rich();
	char *a = outbox_render(&m), *b;
	/* Nothing may come from the clock, the pid or a random number. */
	sleep(1);
	b = outbox_render(&m);
	ck_assert_str_eq(a, b);
	free(b);
	m.body = "Report for ann, turn 4.\n";
	b = outbox_render(&m);
	ck_assert_str_ne(a, b);
	free(b);
	free(a);
}
END_TEST

/* A plain message, pinned to the byte: what libetpan's writer gives. */
START_TEST(plain_message_exactly)
{
	struct outmsg m = {
		.key = "g1-welcome-bob",
		.from_name = "The Tavern",
		.from = "gm@example.test",
		.to_name = "bob",
		.to = "bob@example.test",
		.subject = "[g1] welcome to Burglar & the Dragon",
		.auto_submitted = "auto-generated",
		.date = DATE,
		.body = "Hello bob.\n\nYour password is k7Qm.",
	};
	char *s = outbox_render(&m);
	ck_assert_str_eq(s, "Date: Tue, 24 Nov 2026 19:00:00 +0000\r\n"
			    "From: The Tavern <gm@example.test>\r\n"
			    "To: bob <bob@example.test>\r\n"
			    "Message-ID: <g1-welcome-bob@example.test>\r\n"
			    "Subject: [g1] welcome to Burglar & the Dragon\r\n"
			    "Auto-Submitted: auto-generated\r\n"
			    "X-Loop: wyrmpost@example.test\r\n"
			    "MIME-Version: 1.0\r\n"
			    "Content-Type: text/plain; charset=\"utf-8\"\r\n"
			    "Content-Transfer-Encoding: 8bit\r\n"
			    "\r\n"
			    "Hello bob.\r\n\r\nYour password is k7Qm.\r\n");
	free(s);
}
END_TEST

START_TEST(headers)
{
	struct outmsg m = rich();
	char *s = outbox_render(&m), *v;
	lines_ok(s, 78);
	v = field(s, "Message-ID");
	ck_assert_str_eq(v, "<g1-0004-report-ann@example.test>");
	free(v);
	v = field(s, "Date");
	ck_assert_str_eq(v, "Tue, 24 Nov 2026 19:00:00 +0000");
	free(v);
	v = field(s, "In-Reply-To");
	ck_assert_str_eq(v, "<orders-17@mail.example.org>");
	free(v);
	v = field(s, "References");
	ck_assert_str_eq(v, "<orders-17@mail.example.org>");
	free(v);
	v = field(s, "Auto-Submitted");
	ck_assert_str_eq(v, "auto-generated");
	free(v);
	v = field(s, "X-Loop");
	ck_assert_str_eq(v, "wyrmpost@example.test");
	free(v);
	v = field(s, "To");
	ck_assert_str_eq(v, "=?UTF-8?B?w4RubmU=?= <ann@example.test>");
	free(v);
	v = field(s, "MIME-Version");
	ck_assert_str_eq(v, "1.0");
	free(v);
	/* every encoded-word of the subject within RFC 2047's 75 characters */
	v = field(s, "Subject");
	for (char *w = strstr(v, "=?"); w; w = strstr(w + 2, "=?"))
		ck_assert_int_le(strstr(w, "?=") + 2 - w, 75);
	free(v);
	ck_assert_ptr_nonnull(strstr(s, "\r\nContent-Type: application/pdf; name=\"g1-0004-ann.pdf\"\r\n"));
	ck_assert_ptr_nonnull(strstr(s, "\r\nContent-Disposition: attachment; filename=\"g1-0004-ann.pdf\"\r\n"));
	free(s);
}
END_TEST

START_TEST(no_reply_no_references)
{
	struct outmsg m = rich();
	char *s;
	m.in_reply_to = NULL;
	s = outbox_render(&m);
	ck_assert_ptr_null(strstr(s, "In-Reply-To:"));
	ck_assert_ptr_null(strstr(s, "References:"));
	free(s);
	/* An id from a player's mail that cannot be written back is left out
	 * rather than passed on. */
	m.in_reply_to = "<a b@c>";
	s = outbox_render(&m);
	ck_assert_ptr_null(strstr(s, "In-Reply-To:"));
	free(s);
	m.in_reply_to = "bare-id@example.org";
	s = outbox_render(&m);
	ck_assert_ptr_nonnull(strstr(s, "\r\nIn-Reply-To: <bare-id@example.org>\r\n"));
	ck_assert_ptr_nonnull(strstr(s, "\r\nReferences: <bare-id@example.org>\r\n"));
	free(s);
}
END_TEST

START_TEST(intake_reads_it_back)
{
	struct outmsg m = rich();
	struct mime_result r = { 0 };
	char *s = outbox_render(&m);
	parse_ok(s, &r);
	ck_assert_str_eq(r.texts[0].text, m.body);
	ck_assert_str_eq(r.texts[0].source, "text/plain");
	ck_assert_uint_eq(r.n, 2);
	ck_assert_str_eq(r.texts[1].text, notes);
	ck_assert_str_eq(r.texts[1].source, "attachment notes.txt");
	ck_assert_str_eq(r.subject, m.subject);
	ck_assert_str_eq(r.from, m.from);
	ck_assert_str_eq(r.from_name, m.from_name);
	ck_assert_str_eq(r.message_id, "g1-0004-report-ann@example.test");
	ck_assert_str_eq(r.in_reply_to, "orders-17@mail.example.org");
	ck_assert_str_eq(r.auto_submitted, "auto-generated");
	ck_assert_ptr_nonnull(mail_never_answer(s, strlen(s), m.from));
	mime_result_release(&r);
	free(s);
}
END_TEST

/* The attachment bytes, by filename, with libetpan's own parser. */
static char *attachment(const char *msg, const char *filename, size_t *len)
{
	struct mailmime *mime = NULL;
	size_t idx = 0;
	char *out = NULL;
	clistiter *it;
	ck_assert_int_eq(mailmime_parse(msg, strlen(msg), &idx, &mime), MAILIMF_NO_ERROR);
	ck_assert_int_eq(mime->mm_type, MAILMIME_MESSAGE);
	ck_assert_int_eq(mime->mm_data.mm_message.mm_msg_mime->mm_type, MAILMIME_MULTIPLE);
	for (it = clist_begin(mime->mm_data.mm_message.mm_msg_mime->mm_data.mm_multipart.mm_mp_list);
	     it; it = clist_next(it)) {
		struct mailmime *part = clist_content(it);
		struct mailmime_single_fields sf;
		struct mailmime_data *d = part->mm_data.mm_single;
		char *dec;
		size_t dlen, i = 0;
		mailmime_single_fields_init(&sf, part->mm_mime_fields, part->mm_content_type);
		if (!sf.fld_disposition_filename || strcmp(sf.fld_disposition_filename, filename))
			continue;
		ck_assert_str_eq(sf.fld_content_name, filename);
		ck_assert_int_eq(sf.fld_encoding->enc_type, MAILMIME_MECHANISM_BASE64);
		ck_assert_int_eq(mailmime_part_parse(d->dt_data.dt_text.dt_data,
						     d->dt_data.dt_text.dt_length, &i,
						     d->dt_encoding, &dec, &dlen),
				 MAILIMF_NO_ERROR);
		out = xmalloc(dlen + 1);
		memcpy(out, dec, dlen);
		*len = dlen;
		mmap_string_unref(dec);
	}
	mailmime_free(mime);
	return out;
}

START_TEST(pdf_comes_back)
{
	struct outmsg m = rich();
	char *s = outbox_render(&m), *got;
	size_t len = 0;
	const char *b, *e;
	got = attachment(s, "g1-0004-ann.pdf", &len);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_eq(len, sizeof pdf);
	ck_assert(!memcmp(got, pdf, len));
	free(got);
	/* base64 in lines of 76 (RFC 2045 section 6.8) */
	b = strstr(s, "filename=\"g1-0004-ann.pdf\"\r\n\r\n") + 30;
	e = strstr(b, "\r\n\r\n");
	ck_assert_uint_eq(strstr(b, "\r\n") - b, 76);
	for (const char *p = b; p < e; p = strstr(p, "\r\n") + 2)
		ck_assert_int_le(strstr(p, "\r\n") - p, 76);
	free(s);
}
END_TEST

static int sb_write(void *data, const char *str, size_t len)
{
	sb_add(data, str, len);
	return 1;
}

/* The attachment is base64 made here in one pass: byte for byte what
 * libetpan's own base64 writer makes, for every way its last line can end
 * (empty, one to three bytes short of a group, a full line). */
START_TEST(base64_as_libetpan_writes_it)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 56, 57, 58, 114, 171, 3000 };
	struct outmsg m = rich();
	fill_pdf();
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		struct sb want = SB_INIT;
		int col = 0;
		char *s;
		const char *b;
		parts[0].len = sizes[k];
		ck_assert_int_eq(mailmime_base64_write_driver(sb_write, &want, &col, (const char *)pdf,
							      sizes[k]),
				 MAILIMF_NO_ERROR);
		s = outbox_render(&m);
		b = strstr(s, "filename=\"g1-0004-ann.pdf\"\r\n\r\n");
		ck_assert_ptr_nonnull(b);
		b += 30;
		ck_assert_msg(!strncmp(b, sb_str(&want), want.len), "%zu bytes", sizes[k]);
		ck_assert_msg(!strncmp(b + want.len, "\r\n--", 4), "%zu bytes", sizes[k]);
		free(s);
		sb_release(&want);
	}
}
END_TEST

START_TEST(long_line_goes_base64)
{
	struct outmsg m = rich();
	struct sb body = SB_INIT;
	struct mime_result r = { 0 };
	char *s, *cte;
	sb_adds(&body, "A short line.\n");
	for (int i = 0; i < 300; i++)
		sb_adds(&body, "wyrm ");
	sb_adds(&body, "ü\nend\n");
	m.body = sb_str(&body);
	m.nattach = 0;
	s = outbox_render(&m);
	lines_ok(s, 78);
	cte = field(s, "Content-Transfer-Encoding");
	ck_assert_str_eq(cte, "base64");
	parse_ok(s, &r);
	ck_assert_str_eq(r.texts[0].text, m.body);
	mime_result_release(&r);
	free(cte);
	free(s);
	sb_release(&body);
}
END_TEST

START_TEST(boundary_not_in_text)
{
	struct outmsg m = rich();
	struct mime_result r = { 0 };
	char *plain, *s, *ct, *got;
	size_t len;
	/* The boundary the key gives, written into the text itself. */
	plain = outbox_render(&m);
	ct = field(plain, "Content-Type");
	ck_assert_str_eq(ct, "multipart/mixed; boundary=\"=_wyrmpost_g1-0004-report-ann\"");
	free(ct);
	free(plain);
	m.body = "a line\n--=_wyrmpost_g1-0004-report-ann\nContent-Type: text/html\n\nX\n"
		 "--=_wyrmpost_g1-0004-report-ann_1--\n";
	s = outbox_render(&m);
	ct = field(s, "Content-Type");
	ck_assert_str_eq(ct, "multipart/mixed; boundary=\"=_wyrmpost_g1-0004-report-ann_2\"");
	parse_ok(s, &r);
	ck_assert_str_eq(r.texts[0].text, m.body);
	got = attachment(s, "g1-0004-ann.pdf", &len);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_eq(len, sizeof pdf);
	mime_result_release(&r);
	free(got);
	free(ct);
	free(s);
}
END_TEST

/* The intake gives headers trimmed, with blanks for line breaks and tabs. */
static char *as_intake(const char *s)
{
	char *want = xstrdup(s);
	for (char *p = want; *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	return str_trim(want);
}

START_TEST(odd_header_text)
{
	static const char *const subjects[] = {
		"two  spaces", " leading", "trailing ", "tab\there", "=?UTF-8?B?QQ==?= literal",
		"ÄÖÜ äöü ß € 𝄞 ☺ – a long subject in UTF-8 that needs several encoded words",
		"line\nbreak", "",
	};
	static const char *const names[] = {
		"Smith, Ann", "Ann \"the Bold\" Smith", "back\\slash", "Élodie de la Tour-Dragonneau",
		"two  spaces", "a\tb",
	};
	for (size_t i = 0; i < ARRAY_SIZE(subjects); i++) {
		struct outmsg m = rich();
		struct mime_result r = { 0 };
		char *s, *want;
		m.subject = subjects[i];
		m.from_name = names[i % ARRAY_SIZE(names)];
		s = outbox_render(&m);
		lines_ok(s, 998);
		parse_ok(s, &r);
		if (*subjects[i]) {
			want = as_intake(subjects[i]);
			ck_assert_msg(r.subject && !strcmp(r.subject, want),
				      "subject '%s' came back as '%s'", subjects[i],
				      r.subject ? r.subject : "(null)");
			free(want);
		}
		want = as_intake(m.from_name);
		ck_assert_str_eq(r.from_name, want);
		free(want);
		mime_result_release(&r);
		free(s);
	}
}
END_TEST

/* Bytes that are not UTF-8 are still cut into encoded-words of legal size. */
START_TEST(subject_not_utf8)
{
	struct outmsg m = rich();
	char subject[121], *s, *v;
	memset(subject, 0x80, 120);
	subject[120] = '\0';
	m.subject = subject;
	s = outbox_render(&m);
	lines_ok(s, 78);
	v = field(s, "Subject");
	ck_assert_int_eq(strncmp(v, "=?UTF-8?B?", 10), 0);
	for (char *w = strstr(v, "=?"); w; w = strstr(w + 2, "=?"))
		ck_assert_int_le(strstr(w, "?=") + 2 - w, 75);
	free(v);
	free(s);
}
END_TEST

START_TEST(put_writes_the_rendering)
{
	char dir[] = "/tmp/check_outbox-XXXXXX";
	struct outmsg m = rich();
	char *err = NULL, *path, *want, *got;
	size_t glen = 0;
	FILE *f;
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(outbox_put(dir, &m, &err), 0);
	path = xasprintf("%s/new/%s.eml", dir, m.key);
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	got = xmalloc(1 << 16);
	glen = fread(got, 1, (1 << 16) - 1, f);
	got[glen] = '\0';
	fclose(f);
	want = outbox_render(&m);
	ck_assert_str_eq(got, want);
	free(want);
	free(got);
	unlink(path);
	free(path);
	/* Its folders are looked for once; gone since, they are made again. */
	path = xasprintf("rm -rf '%s/tmp' '%s/new'", dir, dir);
	ck_assert_int_eq(system(path), 0);
	free(path);
	ck_assert_int_eq(outbox_put(dir, &m, &err), 0);
	ck_assert_ptr_null(err);
	path = xasprintf("%s/new/%s.eml", dir, m.key);
	ck_assert(fs_exists(path));
	free(path);
	path = xasprintf("rm -rf '%s'", dir);
	ck_assert_int_eq(system(path), 0);
	free(path);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("outbox");
	TCase *tc = tcase_create("render");
	SRunner *sr;
	int failed;
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, same_bytes_every_time);
	tcase_add_test(tc, plain_message_exactly);
	tcase_add_test(tc, headers);
	tcase_add_test(tc, no_reply_no_references);
	tcase_add_test(tc, intake_reads_it_back);
	tcase_add_test(tc, pdf_comes_back);
	tcase_add_test(tc, base64_as_libetpan_writes_it);
	tcase_add_test(tc, long_line_goes_base64);
	tcase_add_test(tc, boundary_not_in_text);
	tcase_add_test(tc, odd_header_text);
	tcase_add_test(tc, subject_not_utf8);
	tcase_add_test(tc, put_writes_the_rendering);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
