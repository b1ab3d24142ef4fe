/* check-mime.c - MIME intake: from one raw, untrusted mail to the UTF-8
 * text holding the orders, in a sandboxed child that takes mail after mail.  The shared corpus is read
 * in place from $top_srcdir/../shared/mail-corpus and its tests are skipped
 * when it is absent. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "header.h"
#include "mime-int.h"
#include "utf8.h"

/* --- helpers ------------------------------------------------------------- */

static char *corpus_path(const char *name)
{
	const char *top = getenv("top_srcdir");
	return xasprintf("%s/../shared/mail-corpus%s%s", top ? top : ".", name ? "/" : "",
			 name ? name : "");
}

/* The file's bytes, or NULL when it (or the corpus) is not there. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct sb s = SB_INIT;
	char buf[8192];
	size_t k;
	if (!f)
		return NULL;
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		sb_add(&s, buf, k);
	fclose(f);
	*len = s.len;
	return s.buf ? sb_detach(&s) : xstrdup("");
}

static char *corpus_file(const char *name, size_t *len)
{
	char *p = corpus_path(name), *raw = slurp(p, len);
	free(p);
	return raw;
}

#define SKIP_WITHOUT(raw, name)                                                     \
	do {                                                                        \
		if (!(raw)) {                                                       \
			fprintf(stderr, "skipped: %s not found (no ../shared)\n", name); \
			return;                                                     \
		}                                                                   \
	} while (0)

static struct mime_limits quick = { 0, 0, 5, 10 };

/* Parse msg through the sandbox; the return code. */
static int parse(const char *msg, struct mime_result *r, char **err)
{
	return mime_orders_text(msg, strlen(msg), &quick, r, err);
}

/* Parse msg, which must give at least one text; returns texts[0]. */
static const char *text_of(const char *msg, struct mime_result *r)
{
	char *err = NULL;
	int rc = parse(msg, r, &err);
	ck_assert_msg(rc == MIME_OK, "rc %d: %s", rc, err ? err : "");
	free(err);
	ck_assert_uint_ge(r->n, 1);
	return r->texts[0].text;
}

static void text_is(const char *msg, const char *want)
{
	struct mime_result r;
	ck_assert_str_eq(text_of(msg, &r), want);
	mime_result_release(&r);
}

/* Properties every result has, whatever the mail. */
static void check_sane(const struct mime_result *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++) {
		const struct mime_text *t = &r->texts[i];
		ck_assert_msg(t->len > 0 && t->text[t->len] == '\0', "%s: length", name);
		ck_assert_msg(strlen(t->text) == t->len, "%s: NUL inside text %zu", name, i);
		ck_assert_msg(!memchr(t->text, '\r', t->len), "%s: CR in text %zu", name, i);
		ck_assert_msg(utf8_valid(t->text, t->len), "%s: text %zu not UTF-8", name, i);
		ck_assert_msg(memcmp(t->text, "\xEF\xBB\xBF", 3) != 0, "%s: BOM", name);
		ck_assert(t->source);
	}
	if (r->subject)
		ck_assert_msg(utf8_valid(r->subject, strlen(r->subject)) &&
				      !strpbrk(r->subject, "\r\n"),
			      "%s: subject", name);
	if (r->from)
		ck_assert(mail_address_ok(r->from));
	if (r->message_id)
		ck_assert(!strpbrk(r->message_id, " <>\r\n"));
}

static void results_equal(const struct mime_result *a, const struct mime_result *b,
			  const char *name)
{
	ck_assert_msg(a->n == b->n, "%s: %zu texts vs %zu", name, a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		ck_assert_uint_eq(a->texts[i].len, b->texts[i].len);
		ck_assert(!memcmp(a->texts[i].text, b->texts[i].text, a->texts[i].len));
		ck_assert_str_eq(a->texts[i].source, b->texts[i].source);
	}
	ck_assert_pstr_eq(a->from, b->from);
	ck_assert_pstr_eq(a->subject, b->subject);
	ck_assert_pstr_eq(a->message_id, b->message_id);
	ck_assert_pstr_eq(a->x_loop, b->x_loop);
	ck_assert_int_eq(a->bounce, b->bounce);
}

/* --- the shared corpus ---------------------------------------------------- */

/* Every corpus message: in-process (so that the sanitizers see the whole
 * parse, leaks included), and through the sandbox with the same result. */
START_TEST(corpus_all)
{
	char *dir = corpus_path(NULL);
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t count = 0;
	if (!d) {
		fprintf(stderr, "skipped: %s not found\n", dir);
		free(dir);
		return;
	}
	while ((e = readdir(d))) {
		const char *name = e->d_name;
		size_t n = strlen(name), len;
		struct mime_result a, b;
		char *raw, *ea = NULL, *eb = NULL;
		int ra, rb;
		if (n < 5 || (strcmp(name + n - 4, ".eml") && strcmp(name + n - 4, ".txt")) ||
		    !strcmp(name, "SOURCES.txt"))
			continue;
		raw = corpus_file(name, &len);
		ck_assert_msg(raw != NULL, "%s unreadable", name);
		ra = mime_parse_unsafe(raw, len, MIME_PARSE_FULL, &a, &ea);
		ck_assert_msg(ra == MIME_OK || ra == MIME_NO_TEXT, "%s: rc %d", name, ra);
		check_sane(&a, name);
		rb = mime_orders_text(raw, len, &quick, &b, &eb);
		ck_assert_msg(rb == ra, "%s: sandbox %d (%s), in-process %d", name, rb,
			      eb ? eb : "", ra);
		results_equal(&a, &b, name);
		mime_result_release(&a);
		mime_result_release(&b);
		free(ea);
		free(eb);
		free(raw);
		count++;
	}
	closedir(d);
	free(dir);
	ck_assert_uint_ge(count, 30);
}
END_TEST

struct expect {
	const char *file, *text, *from, *subject;
	size_t ntexts;
	const char *second; /* texts[1], when there is one */
};

/* The corpus's own order mails, as the common clients write them. */
START_TEST(corpus_local)
{
	static const struct expect want[] = {
		{ "local-01-plain.eml", "A1 move B2\nA2 hold\n", "alice@example.test",
		  "Turn 7 orders", 1, NULL },
		{ "local-02-alt-qp-utf8.eml",
		  "Flotte nach Kiel\nArmee h\xC3\xA4lt M\xC3\xBCnchen \xE2\x80\x94 \xE2\x82\xAC"
		  "5\n",
		  "jm@example.test", "Befehle f\xC3\xBCr Zug 7 \xE2\x80\x93 Gr\xC3\xBC\xC3\x9F" "e",
		  1, NULL },
		{ "local-03-b64-latin1.eml", "Arm\xC3\xA9" "e \xC3\xA0 Paris\nFlotte \xC3\xA0 Brest\n",
		  "bob@example.test", "ordres \xC3\xA0 jour", 1, NULL },
		{ "local-04-flowed-reply.eml",
		  "A1 move B2 and then this line is long enough that the client wrapped it "
		  "with a soft break\n\nOn Mon, 1 Jan 2024, GM wrote:\n"
		  "> Turn 6 report: your army at A1 survived.\n> A1 move B3\n",
		  "carol@example.test", "Re: Turn 6 report", 1, NULL },
		{ "local-05-html-only.eml", "A1 move B2\nA2 support A1\n> old report line\n",
		  "dave@example.test", "orders (html only)", 1, NULL },
		{ "local-06-orders-attachment.eml", "see attachment\n", "eve@example.test",
		  "orders attached", 2, "A1 move B2\nA3 build fleet\n" },
		{ "local-07-mislabelled.eml", "Armee h\xC3\xA4lt\n", "frank@example.test",
		  "Z\xC3\xBCge raw 8bit", 1, NULL },
		{ "local-08-cp1252-fwd.eml",
		  "Smart \xE2\x80\x9Cquotes\xE2\x80\x9D \xE2\x80\x93 dash\n", "gus@example.test",
		  "fwd", 1, NULL },
	};
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		size_t len;
		char *raw = corpus_file(want[i].file, &len), *err = NULL;
		struct mime_result r;
		int rc;
		SKIP_WITHOUT(raw, want[i].file);
		rc = mime_orders_text(raw, len, &quick, &r, &err);
		ck_assert_msg(rc == MIME_OK, "%s: %d %s", want[i].file, rc, err ? err : "");
		ck_assert_msg(r.n == want[i].ntexts, "%s: %zu texts", want[i].file, r.n);
		ck_assert_str_eq(r.texts[0].text, want[i].text);
		if (want[i].second)
			ck_assert_str_eq(r.texts[1].text, want[i].second);
		ck_assert_pstr_eq(r.from, want[i].from);
		ck_assert_pstr_eq(r.subject, want[i].subject);
		ck_assert(!r.bounce);
		ck_assert_ptr_null(mail_never_answer(raw, len, "wyrmpost@example.test"));
		mime_result_release(&r);
		free(raw);
	}
}
END_TEST

START_TEST(corpus_details)
{
	size_t len;
	char *raw, *err = NULL;
	struct mime_result r;

	raw = corpus_file("local-02-alt-qp-utf8.eml", &len);
	SKIP_WITHOUT(raw, "local-02-alt-qp-utf8.eml");
	ck_assert_int_eq(mime_orders_text(raw, len, &quick, &r, &err), MIME_OK);
	ck_assert_str_eq(r.from_name, "J\xC3\xBCrgen M\xC3\xBCller");
	ck_assert_str_eq(r.message_id, "s2@example.test");
	ck_assert_str_eq(r.texts[0].source, "text/plain");
	mime_result_release(&r);
	free(raw);

	raw = corpus_file("local-04-flowed-reply.eml", &len);
	SKIP_WITHOUT(raw, "local-04");
	ck_assert_int_eq(mime_orders_text(raw, len, &quick, &r, &err), MIME_OK);
	ck_assert_str_eq(r.in_reply_to, "report6@example.test");
	mime_result_release(&r);
	free(raw);

	raw = corpus_file("local-06-orders-attachment.eml", &len);
	SKIP_WITHOUT(raw, "local-06");
	ck_assert_int_eq(mime_orders_text(raw, len, &quick, &r, &err), MIME_OK);
	ck_assert_str_eq(r.texts[1].source, "attachment orders.txt");
	mime_result_release(&r);
	free(raw);

	/* A bounce without a boundary, and a DSN, must be recognised. */
	raw = corpus_file("enmime-simple-dsn.eml", &len);
	SKIP_WITHOUT(raw, "enmime-simple-dsn.eml");
	mime_orders_text(raw, len, &quick, &r, &err);
	ck_assert(r.bounce);
	ck_assert_ptr_nonnull(mail_never_answer(raw, len, NULL));
	mime_result_release(&r);
	free(err);
	err = NULL;
	free(raw);
	raw = corpus_file("enmime-multipart-wo-boundary.eml", &len);
	SKIP_WITHOUT(raw, "enmime-multipart-wo-boundary.eml");
	mime_orders_text(raw, len, &quick, &r, &err);
	ck_assert(r.bounce);
	mime_result_release(&r);
	free(err);
	err = NULL;
	free(raw);

	/* libetpan loses every part of this one; the repair finds them. */
	raw = corpus_file("enmime-bad-final-boundary.eml", &len);
	SKIP_WITHOUT(raw, "enmime-bad-final-boundary.eml");
	ck_assert_int_eq(mime_orders_text(raw, len, &quick, &r, &err), MIME_OK);
	ck_assert_str_ne(r.texts[0].source, "raw body");
	mime_result_release(&r);
	free(raw);

	/* Raw '=' in QP HTML must not turn into NULs or garbage. */
	raw = corpus_file("dovecot-thirdparty-016-html-invalid-qp.eml", &len);
	SKIP_WITHOUT(raw, "dovecot-thirdparty-016");
	ck_assert_int_eq(mime_parse_unsafe(raw, len, MIME_PARSE_FULL, &r, &err), MIME_OK);
	check_sane(&r, "016");
	mime_result_release(&r);
	free(err);
	free(raw);
}
END_TEST

START_TEST(crasher_quarantined)
{
	size_t len;
	char *raw = corpus_file("crashers/local-boundary-quote-heap-overflow.eml", &len);
	char *err = NULL;
	struct mime_result r;
	int rc;
	SKIP_WITHOUT(raw, "the crasher");
	rc = mime_orders_text(raw, len, &quick, &r, &err);
	ck_assert_msg(rc == MIME_QUARANTINE, "rc %d: %s", rc, err ? err : "");
	ck_assert_ptr_nonnull(err);
	ck_assert_uint_eq(r.n, 0);
	/* The header-only second try still knows who sent it. */
	ck_assert_pstr_eq(r.from, "a@b.c");
	ck_assert_pstr_eq(r.subject, "evil boundary");
	mime_result_release(&r);
	free(err);
	free(raw);
	/* And we are still here to parse the next mail. */
	text_is("From: a@b.example\n\nA1 hold\n", "A1 hold\n");
}
END_TEST

/* --- transfer encodings ---------------------------------------------------- */

START_TEST(qp_soft_breaks_and_bad_escapes)
{
	text_is("From: a@b.example\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
		"A1 sup=\r\nport A2 =3D ok=20\r\n50%=off =ZZ =\"t\" lone=4\r\nh=C3=A4lt=\r\n",
		"A1 support A2 = ok \n50%=off =ZZ =\"t\" lone=4\nh\xC3\xA4lt\n");
	/* Lower-case hex and a NUL escape (dropped, never passed on). */
	text_is("Content-Transfer-Encoding: quoted-printable\n\na=3db=00c\n", "a=bc\n");
	/* Blanks a transport added after a soft break. */
	text_is("Content-Transfer-Encoding: quoted-printable\n\nA1 mo= \t\nve B2\n",
		"A1 move B2\n");
}
END_TEST

START_TEST(base64)
{
	/* "A1 move B2\r\nA3 hold\r\n", wrapped, with junk between lines. */
	text_is("Content-Transfer-Encoding: base64\n\nQTEgbW92ZSBCMg0K\n QTMgaG9sZA0K\n",
		"A1 move B2\nA3 hold\n");
	/* Padded chunks one after the other: "ab" "cd\n". */
	text_is("Content-Transfer-Encoding: BASE64\n\nYWI=Y2QK\n", "abcd\n");
	/* A truncated tail keeps what decodes. */
	text_is("Content-Transfer-Encoding: base64\n\nQTEgaG9sZA0KQ", "A1 hold\n");
}
END_TEST

/* --- charsets --------------------------------------------------------------- */

START_TEST(latin1_and_cp1252)
{
	text_is("Content-Type: text/plain; charset=ISO-8859-1\n"
		"Content-Transfer-Encoding: quoted-printable\n\nArm=E9e =E0 Paris\n",
		"Arm\xC3\xA9" "e \xC3\xA0 Paris\n");
	text_is("Content-Type: text/plain; charset=\"windows-1252\"\n\n"
		"\x93quoted\x94 \x80 5 \x85\n",
		"\xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC 5 \xE2\x80\xA6\n");
	/* Labelled latin-1, sent as UTF-8: taken as UTF-8. */
	text_is("Content-Type: text/plain; charset=iso-8859-1\n\nh\xC3\xA4lt\n",
		"h\xC3\xA4lt\n");
	/* Labelled UTF-8, sent as latin-1: falls back to cp1252. */
	text_is("Content-Type: text/plain; charset=utf-8\n\nh\xE4lt\n", "h\xC3\xA4lt\n");
	/* Another charset through iconv. */
	text_is("Content-Type: text/plain; charset=koi8-r\n\n\xF0\xD2\xC9\xD7\xC5\xD4\n",
		"\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82\n");
	/* An unknown charset name: UTF-8 if valid, else cp1252. */
	text_is("Content-Type: text/plain; charset=x-no-such\n\nh\xC3\xA4lt\n",
		"h\xC3\xA4lt\n");
	text_is("Content-Type: text/plain; charset=x-no-such\n\nh\xE4lt\n", "h\xC3\xA4lt\n");
	/* No MIME headers at all, raw 8-bit: the same guess. */
	text_is("From: a@b.example\n\nh\xE4lt\n", "h\xC3\xA4lt\n");
}
END_TEST

START_TEST(utf16_bom_crlf)
{
	static const char msg[] = "Content-Type: text/plain; charset=utf-16\r\n"
				  "Content-Transfer-Encoding: base64\r\n\r\n"
				  "//5BADEAIABoAG8AbABkAA0ACgA=\r\n"; /* BOM "A1 hold\r\n" LE */
	text_is(msg, "A1 hold\n");
	text_is("Content-Type: text/plain; charset=utf-8\r\n\r\n\xEF\xBB\xBFgame g1\r\nA1\rA2\n",
		"game g1\nA1\nA2\n");
	/* Found by `make fuzz`: a byte-order mark behind a control character
	 * that is dropped still starts the text, and mime.h promises none. */
	text_is("Content-Type: text/plain; charset=utf-8\r\n\r\n\x10\xEF\xBB\xBFgame g1\n",
		"game g1\n");
	/* Found by `make fuzz`: glibc's iconv reads a label such as "utf-\a8"
	 * as UTF-8 and lets through forms of code points past U+10FFFF; mime.h
	 * promises UTF-8, so they become U+FFFD. */
	text_is("Content-Type: text/plain; charset=\"utf-\a8\"\n\nA1 \xF6\xAD\x85\xA1 hold\n",
		"A1 \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD hold\n");
	text_is("Content-Type: text/plain; charset=ucs-4be\nContent-Transfer-Encoding: base64\n\n"
		"AAAAQX////8AAAAK\n", /* "A", 0x7fffffff, LF */
		"A\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\n");
}
END_TEST

START_TEST(flowed)
{
	/* Soft breaks joined; a quoted paragraph keeps its quote; space-stuffing
	 * removed; the signature separator never flows. */
	text_is("Content-Type: text/plain; charset=utf-8; format=flowed\n\n"
		"A1 move \nB2\n>> old \n>> report\n> depth one\n From here\n-- \nsig\n",
		"A1 move B2\n>> old report\n> depth one\nFrom here\n-- \nsig\n");
	/* DelSp=yes: the space before the soft break is not part of the text
	 * (clients wrap words that way for languages without spaces). */
	text_is("Content-Type: text/plain; format=flowed; delsp=yes\n\nA1 mo \nve B2\nA3 \n",
		"A1 move B2\nA3\n");
	/* Without format=flowed, trailing spaces are just spaces. */
	text_is("Content-Type: text/plain\n\nA1 move \nB2\n", "A1 move \nB2\n");
}
END_TEST

/* --- structure ------------------------------------------------------------- */

START_TEST(html_only)
{
	struct mime_result r;
	text_is("Content-Type: text/html; charset=utf-8\n\n"
		"<html><head><title>t</title><style>p{x:y}</style>"
		"<script>alert('A9 hold')</script></head>"
		"<body><p>game&nbsp;g1</p><div>player   ann<br>password s</div>"
		"<table><tr><td>A1</td><td>hold</td></tr></table>"
		"<blockquote>report<br>line</blockquote><p>caf&eacute; &lt;x&gt;</p>"
		"<pre>  keep\n  this</pre></body></html>",
		"game g1\nplayer ann\npassword s\nA1 hold\n> report\n> line\ncaf\xC3\xA9 <x>\n"
		"  keep\n  this\n");
	/* Broken HTML is still read (no hand-written stripping). */
	text_is("Content-Type: text/html\n\n<p>A1 <b>move<p>B2 <i>hold", "A1 move\nB2 hold\n");
	/* A multipart/alternative takes the plain part, not the HTML. */
	ck_assert_str_eq(text_of("Content-Type: multipart/alternative; boundary=b\n\n"
				 "--b\nContent-Type: text/html\n\n<p>html</p>\n"
				 "--b\nContent-Type: text/plain\n\nplain\n--b--\n",
				 &r),
			 "plain\n");
	ck_assert_uint_eq(r.n, 1);
	mime_result_release(&r);
}
END_TEST

START_TEST(orders_attachment)
{
	struct mime_result r;
	/* An octet-stream orders.txt (RFC 2231 name) after an empty body. */
	ck_assert_str_eq(text_of("Content-Type: multipart/mixed; boundary=\"xx\"\n\n"
				 "--xx\nContent-Type: text/plain\n\n \n"
				 "--xx\nContent-Type: application/octet-stream\n"
				 "Content-Disposition: attachment; filename*=utf-8''orders.TXT\n"
				 "Content-Transfer-Encoding: base64\n\nQTEgaG9sZAo=\n"
				 "--xx\nContent-Type: image/png; name=x.png\n\niVBOR\n"
				 "--xx--\n",
				 &r),
			 "A1 hold\n");
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.texts[0].source, "attachment orders.TXT");
	mime_result_release(&r);
	/* A forwarded mail's text is not the sender's. */
	ck_assert_str_eq(text_of("Content-Type: multipart/mixed; boundary=b\n\n"
				 "--b\nContent-Type: message/rfc822\n\n"
				 "Subject: in\n\ninner orders\n"
				 "--b\nContent-Type: text/plain\n\nmine\n--b--\n",
				 &r),
			 "mine\n");
	ck_assert_uint_eq(r.n, 1);
	mime_result_release(&r);
}
END_TEST

START_TEST(damaged_structure)
{
	struct mime_result r;
	char *err = NULL;
	/* The close delimiter lacks its "--", in LF and in CRLF mail. */
	text_is("Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\n"
		"A1 hold\n--b\n\n\n",
		"A1 hold\n");
	text_is("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"
		"Content-Type: text/plain\r\n\r\nA1 hold\r\n--b\r\n",
		"A1 hold\n");
	/* No close delimiter at all. */
	text_is("Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\n"
		"A1 hold\n",
		"A1 hold\n");
	/* A multipart without a boundary: its raw body, as a last resort. */
	ck_assert_str_eq(text_of("Content-Type: multipart/mixed\n\ngame g1\nA1 hold\n", &r),
			 "game g1\nA1 hold\n");
	ck_assert_str_eq(r.texts[0].source, "raw body");
	mime_result_release(&r);
	/* No Content-Type: text/plain, us-ascii (and 8-bit guessed). */
	text_is("MIME-Version: 1.0\n\nA1 hold\n", "A1 hold\n");
	/* Nothing but an image: no text. */
	ck_assert_int_eq(parse("From: a@b.example\nContent-Type: image/png\n"
			       "Content-Transfer-Encoding: base64\n\niVBORw0KGgo=\n",
			       &r, &err),
			 MIME_NO_TEXT);
	ck_assert_ptr_nonnull(err);
	ck_assert_str_eq(r.from, "a@b.example");
	mime_result_release(&r);
	free(err);
	/* An empty mail. */
	ck_assert_int_eq(parse("", &r, &err), MIME_NO_TEXT);
	mime_result_release(&r);
	free(err);
}
END_TEST

/* --- headers ---------------------------------------------------------------- */

START_TEST(rfc2047_headers)
{
	struct mime_result r;
	text_of("From: =?ISO-8859-1?Q?Andr=E9?= Pirard <PIRARD@vm1.ulg.ac.be>\n"
		"Subject: =?utf-8?B?WsO8Z2U=?= =?utf-8?Q?_und_Gr=C3=BC=C3=9Fe?=\n"
		"Message-ID: <abc.123@x.example>\nIn-Reply-To: <r1@x.example> <r2@x.example>\n"
		"\nA1 hold\n",
		&r);
	ck_assert_str_eq(r.from, "PIRARD@vm1.ulg.ac.be");
	ck_assert_str_eq(r.from_name, "Andr\xC3\xA9 Pirard");
	ck_assert_str_eq(r.subject, "Z\xC3\xBCge und Gr\xC3\xBC\xC3\x9F" "e");
	ck_assert_str_eq(r.message_id, "abc.123@x.example");
	ck_assert_str_eq(r.in_reply_to, "r1@x.example");
	mime_result_release(&r);
	/* Latin-1 words, a folded subject, raw cp1252 bytes. */
	text_of("Subject: =?iso-8859-1?q?ordres_=E0?=\n jour \xE9t\xE9\n\nx\n", &r);
	ck_assert_str_eq(r.subject, "ordres \xC3\xA0 jour \xC3\xA9t\xC3\xA9");
	mime_result_release(&r);
	/* An address that cannot go into an SMTP command is not given. */
	text_of("From: x <\"a b\"@c.example>\n\nx\n", &r);
	ck_assert_ptr_null(r.from);
	mime_result_release(&r);
}
END_TEST

/* header.h's rule, on the raw header block as the intake asks it. */
START_TEST(never_answer)
{
	static const struct {
		const char *headers;
		bool answer;
	} cases[] = {
		{ "Auto-Submitted: auto-replied\n", false },
		{ "Auto-Submitted: auto-generated\n", false },
		{ "Auto-Submitted: nothing\n", false },
		{ "Auto-Submitted: no\n", true },
		{ "Auto-Submitted: No (a human)\n", true },
		{ "Auto-Submitted:  no; x=y\n", true },
		{ "Precedence: bulk\n", false },
		{ "Precedence: junk\n", false },
		{ "Precedence: List\n", false },
		{ "Precedence: first-class\n", true },
		{ "X-Loop: someone@else.example\nX-Loop: WYRMPOST@example.test\n", false },
		{ "X-Loop: <wyrmpost@example.test>\n", false },
		{ "X-Loop: someone@else.example\n", true },
		{ "X-Loop: wyrmpost@example.test.evil\n", true },
		{ "X-Loop: xwyrmpost@example.test\n", true },
		{ "Return-Path: <>\n", false },
		{ "Return-Path: < >\n", false },
		{ "Return-Path:\n", false },
		{ "Return-Path: <ann@example.test>\n", true },
		{ "From: MAILER-DAEMON@mx.example\n", false },
		{ "From: Mail System <MAILER-DAEMON@mx.example>\n", false },
		{ "Content-Type: multipart/report; report-type=delivery-status; boundary=x\n", false },
		{ "From: GM <Wyrmpost@Example.Test>\n", false },
		{ "From: Ann <ann@example.test>\n", true },
		{ "", true },
	};
	static const char ours[] = "X-Loop: wyrmpost@example.test\n\nx\n";
	static const char bare[] = "X-Loop: wyrmpost@example.test\nA1 hold\n";
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *msg = xasprintf("%sSubject: s\n\nA1 hold\n", cases[i].headers);
		const char *why = mail_never_answer(msg, strlen(msg), "wyrmpost@example.test");
		ck_assert_msg((why == NULL) == cases[i].answer, "case %zu (%s): %s", i,
			      cases[i].headers, why ? why : "answered");
		free(msg);
	}
	/* Without our address, only what says so itself; bare text has no
	 * headers to say anything. */
	ck_assert_ptr_null(mail_never_answer(ours, strlen(ours), NULL));
	ck_assert_ptr_null(mail_never_answer(bare, strlen(bare), "wyrmpost@example.test"));
}
END_TEST

START_TEST(dsn_recognised)
{
	struct mime_result r;
	char *err = NULL;
	static const char dsn[] =
		"From: Mail Delivery System <postmaster@mx.example>\n"
		"Subject: Undelivered Mail Returned to Sender\n"
		"Content-Type: multipart/report; report-type=delivery-status; boundary=\"R\"\n\n"
		"--R\nContent-Type: text/plain\n\nThis is the mail system.\n"
		"--R\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx\n\n"
		"Final-Recipient: rfc822; gm@example.test\nAction: failed\n"
		"--R\nContent-Type: message/rfc822\n\nFrom: gm@example.test\n\nreport\n--R--\n";
	ck_assert_int_eq(parse(dsn, &r, &err), MIME_OK);
	ck_assert(r.bounce);
	ck_assert_str_eq(mail_never_answer(dsn, strlen(dsn), NULL), "a delivery report");
	mime_result_release(&r);
	free(err);
}
END_TEST

/* --- limits and the sandbox ------------------------------------------------ */

START_TEST(too_large)
{
	struct mime_limits lim = { 100, 0, 0, 0 };
	struct mime_result r;
	char *err = NULL, big[201];
	memset(big, 'a', 200);
	big[200] = '\0';
	memcpy(big, "From: a@b.example\n\n", 19);
	ck_assert_int_eq(mime_orders_text(big, 200, &lim, &r, &err), MIME_TOO_LARGE);
	ck_assert_ptr_nonnull(strstr(err, "200 bytes"));
	ck_assert_uint_eq(r.n, 0);
	mime_result_release(&r);
	free(err);
	/* The default limit is 1 MiB. */
	{
		size_t n = MIME_DEFAULT_MAX_SIZE + 1;
		char *huge = xmalloc(n);
		memset(huge, 'x', n);
		ck_assert_int_eq(mime_orders_text(huge, n, NULL, &r, &err), MIME_TOO_LARGE);
		mime_result_release(&r);
		free(err);
		free(huge);
	}
}
END_TEST

static void sleep_forever(enum mime_mode mode)
{
	if (mode != MIME_PARSE_FULL)
		return;
	for (;;)
		pause();
}

static void spin_forever(enum mime_mode mode)
{
	if (mode != MIME_PARSE_FULL)
		return;
	for (volatile unsigned long i = 0;; i++)
		;
}

static void crash_now(enum mime_mode mode)
{
	if (mode != MIME_PARSE_FULL)
		return;
	raise(SIGSEGV);
}

static __attribute__((unused)) void eat_memory(enum mime_mode mode)
{
	if (mode != MIME_PARSE_FULL)
		return;
	for (;;) {
		char *p = xmalloc(1 << 20);
		memset(p, 1, 1 << 20);
	}
}

/* A parser that hangs, spins, crashes or eats memory is killed and
 * reported; the parent goes on. */
static void expect_quarantine(void (*hook)(enum mime_mode), const struct mime_limits *lim,
			      const char *says, int max_secs)
{
	struct mime_result r;
	char *err = NULL;
	time_t t0 = time(NULL);
	int rc;
	mime_child_hook = hook;
	rc = mime_orders_text("From: a@b.example\n\nA1 hold\n", 27, lim, &r, &err);
	mime_child_hook = NULL;
	ck_assert_msg(rc == MIME_QUARANTINE, "rc %d: %s", rc, err ? err : "");
	/* Under AddressSanitizer a crash is caught and becomes exit status 1. */
	ck_assert_msg(strstr(err, says) || (!strcmp(says, "crashed") && strstr(err, "failed")),
		      "'%s' does not say '%s'", err, says);
	ck_assert_int_le(time(NULL) - t0, max_secs);
	/* The header-only retry (which the hooks leave alone) knows the sender. */
	ck_assert_pstr_eq(r.from, "a@b.example");
	mime_result_release(&r);
	free(err);
}

START_TEST(hang_killed)
{
	struct mime_limits lim = { 0, 0, 5, 1 };
	expect_quarantine(sleep_forever, &lim, "longer than 1 s", 8);
}
END_TEST

START_TEST(spin_killed)
{
	/* A second of CPU, and a clock limit far enough off that a machine
	 * busy with other work still lets the child spend that second first. */
	struct mime_limits lim = { 0, 0, 1, 30 };
	expect_quarantine(spin_forever, &lim, "CPU", 35);
}
END_TEST

START_TEST(crash_reported)
{
	expect_quarantine(crash_now, &quick, "crashed", 8);
}
END_TEST

START_TEST(memory_limited)
{
#if defined(__SANITIZE_ADDRESS__)
	fprintf(stderr, "skipped: no address-space limit under AddressSanitizer\n");
#else
	struct mime_limits lim = { 0, 64 << 20, 5, 10 };
	expect_quarantine(eat_memory, &lim, "MIME parser", 8);
#endif
}
END_TEST

START_TEST(deep_nesting)
{
	/* 5000 nested multiparts: libetpan recurses; whatever happens to the
	 * child, the parent gets an answer in time. */
	struct sb m = SB_INIT;
	struct mime_result r;
	char *err = NULL;
	int rc;
	sb_adds(&m, "From: a@b.example\n");
	for (int i = 0; i < 5000; i++)
		sb_addf(&m, "Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n", i, i);
	sb_adds(&m, "Content-Type: text/plain\n\nA1 hold\n");
	rc = mime_orders_text(m.buf, m.len, &quick, &r, &err);
	ck_assert_msg(rc == MIME_OK || rc == MIME_NO_TEXT || rc == MIME_QUARANTINE, "rc %d", rc);
	mime_result_release(&r);
	free(err);
	sb_release(&m);
}
END_TEST

/* Nesting far deeper than real mail gets is still read (the cap was 24);
 * past 100 levels the sender is told why no text was found. */
START_TEST(nesting_limit)
{
	struct sb m = SB_INIT;
	struct mime_result r;
	char *err = NULL;
	for (int depth = 60; depth <= 150; depth += 90) {
		m.len = 0;
		sb_adds(&m, "From: a@b.example\nMIME-Version: 1.0\n");
		for (int i = 0; i < depth; i++)
			sb_addf(&m, "Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n", i, i);
		sb_adds(&m, "Content-Type: text/plain\n\nA1 hold\n");
		for (int i = depth - 1; i >= 0; i--)
			sb_addf(&m, "--b%d--\n", i);
		int rc = mime_orders_text(m.buf, m.len, &quick, &r, &err);
		if (depth == 60) {
			ck_assert_int_eq(rc, MIME_OK);
			ck_assert_uint_eq(r.n, 1);
			ck_assert_str_eq(r.texts[0].text, "A1 hold\n");
		} else {
			ck_assert_int_eq(rc, MIME_NO_TEXT);
			ck_assert_str_eq(err, "the mail's parts are nested more than 100 deep, and "
					      "none above that is text");
		}
		mime_result_release(&r);
		free(err);
		err = NULL;
	}
	sb_release(&m);
}
END_TEST

START_TEST(sigpipe_untouched)
{
	struct sigaction before, after;
	struct mime_result r;
	sigaction(SIGPIPE, NULL, &before);
	text_of("From: a@b.example\n\nA1 hold\n", &r);
	mime_result_release(&r);
	sigaction(SIGPIPE, NULL, &after);
	ck_assert(before.sa_handler == after.sa_handler);
}
END_TEST

START_TEST(garbled_results_refused)
{
	struct mime_result r = { 0 }, back;
	struct mime_text t = { "A1 hold\n", 8, "text/plain" };
	struct sb wire = SB_INIT;
	char *err;
	int status;
	r.texts = &t;
	r.n = 1;
	r.from = "a@b.example";
	mime_result_encode(MIME_OK, NULL, &r, &wire);
	ck_assert_int_eq(mime_result_decode(wire.buf, wire.len, &status, &err, &back), 0);
	ck_assert_int_eq(status, MIME_OK);
	ck_assert_str_eq(back.texts[0].text, "A1 hold\n");
	ck_assert_str_eq(back.from, "a@b.example");
	mime_result_release(&back);
	/* Every truncation, and a flipped byte in each length, is refused
	 * (or at worst decodes to something whole) without a crash. */
	for (size_t n = 0; n < wire.len; n++) {
		ck_assert_int_eq(mime_result_decode(wire.buf, n, &status, &err, &back), -1);
		mime_result_release(&back);
	}
	for (size_t i = 4; i < wire.len; i++) {
		char *copy = xstrndup(wire.buf, wire.len);
		copy[i] ^= 0x40;
		if (!mime_result_decode(copy, wire.len, &status, &err, &back)) {
			mime_result_release(&back);
			free(err);
		}
		free(copy);
	}
	sb_release(&wire);
}
END_TEST

/* --- one child for many mails ---------------------------------------------- */

static size_t count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	size_t n = 0;
	ck_assert_ptr_nonnull(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* Our child processes, zombies included, from /proc. */
static size_t count_children(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	size_t n = 0;
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		char *path, *stat, *close_paren;
		size_t len;
		int ppid;
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		path = xasprintf("/proc/%s/stat", e->d_name);
		stat = slurp(path, &len);
		free(path);
		if (!stat)
			continue; /* gone meanwhile */
		/* "pid (comm) S ppid ...": comm may hold blanks and parentheses. */
		close_paren = strrchr(stat, ')');
		if (close_paren && sscanf(close_paren + 1, " %*c %d", &ppid) == 1 && ppid == getpid())
			n++;
		free(stat);
	}
	closedir(d);
	return n;
}

/* No child left, running or zombie: waitpid has none to report. */
static void assert_no_children(void)
{
	int status;
	errno = 0;
	ck_assert_int_eq(waitpid(-1, &status, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}

/* Mail number i of a batch: the kinds of mail that need the MIME parser. */
static char *batch_mail(size_t i)
{
	switch (i % 6) {
	case 0:
		return xasprintf("From: p%zu@example.test\nSubject: orders\n\ngame g%zu\nA1 hold\n",
				 i, i);
	case 1:
		return xasprintf("From: p%zu@example.test\nContent-Type: text/plain; "
				 "charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n"
				 "\nArm=E9e %zu h=\nold\n",
				 i, i);
	case 2:
		return xasprintf("From: p%zu@example.test\nContent-Type: multipart/alternative; "
				 "boundary=b\n\n--b\nContent-Type: text/plain\n\nA%zu hold\n--b\n"
				 "Content-Type: text/html\n\n<p>html</p>\n--b--\n",
				 i, i);
	case 3:
		return xasprintf("From: p%zu@example.test\nContent-Type: text/html; charset=utf-8\n"
				 "\n<p>game g%zu</p><div>A1 hold</div>\n",
				 i, i);
	case 4:
		return xasprintf("From: p%zu@example.test\nSubject: =?utf-8?B?WsO8Z2U=?= %zu\n"
				 "Content-Transfer-Encoding: base64\n\nQTEgbW92ZSBCMg0K\n",
				 i, i);
	default:
		return xasprintf("From: p%zu@example.test\nContent-Type: image/png\n\nnot %zu text\n",
				 i, i);
	}
}

/* Through the sandbox, and the same as the parse in this process. */
static void parse_as_inprocess(const char *raw, size_t len, const char *name)
{
	struct mime_result a, b;
	char *ea = NULL, *eb = NULL;
	int ra = mime_parse_unsafe(raw, len, MIME_PARSE_FULL, &a, &ea);
	int rb = mime_orders_text(raw, len, &quick, &b, &eb);
	ck_assert_msg(ra == rb, "%s: sandbox %d (%s), in-process %d", name, rb, eb ? eb : "",
		      ra);
	ck_assert_pstr_eq(ea, eb);
	results_equal(&a, &b, name);
	ck_assert_pstr_eq(a.from_name, b.from_name);
	ck_assert_pstr_eq(a.in_reply_to, b.in_reply_to);
	mime_result_release(&a);
	mime_result_release(&b);
	free(ea);
	free(eb);
}

/* 2,000 mails: one child takes MIME_PARSER_RECYCLE of them, then a new
 * one; the crasher in the middle costs its own mail only; no descriptor
 * or zombie is left over. */
START_TEST(many_mails_one_child)
{
	size_t crasher_len, fds, runs = 0, run = 0;
	char *crasher = corpus_file("crashers/local-boundary-quote-heap-overflow.eml",
				    &crasher_len);
	pid_t last = 0;

	mime_parser_shutdown();
	fds = count_fds();
	if (!crasher)
		fprintf(stderr, "skipped: the crasher in the batch (no ../shared)\n");
	for (size_t i = 0; i < 2000; i++) {
		char *raw = batch_mail(i), *name = xasprintf("batch mail %zu", i);
		pid_t pid;
		if (i == 1000 && crasher) {
			struct mime_result r;
			char *err = NULL;
			ck_assert_int_eq(mime_orders_text(crasher, crasher_len, &quick, &r, &err),
					 MIME_QUARANTINE);
			ck_assert_ptr_nonnull(strstr(err, "MIME parser"));
			ck_assert_pstr_eq(r.from, "a@b.c");
			mime_result_release(&r);
			free(err);
		}
		parse_as_inprocess(raw, strlen(raw), name);
		pid = mime_parser_pid();
		ck_assert_int_gt(pid, 0);
		if (pid != last) {
			/* The first child takes exactly its share: not one fork a
			 * mail, and not more than MIME_PARSER_RECYCLE. */
			if (runs == 1)
				ck_assert_uint_eq(run, MIME_PARSER_RECYCLE);
			ck_assert_uint_le(run, MIME_PARSER_RECYCLE);
			runs++;
			run = 0;
			last = pid;
		}
		run++;
		if (i % 100 == 0) {
			ck_assert_uint_eq(count_fds(), fds + 1);
			ck_assert_uint_eq(count_children(), 1);
		}
		free(name);
		free(raw);
	}
	/* 2,000 mails, 500 a child; the crasher kills one early, and its
	 * header-only retry (a mail too) starts the next. */
	ck_assert_uint_ge(runs, 4);
	ck_assert_uint_le(runs, crasher ? 6 : 4);
	ck_assert_uint_eq(count_fds(), fds + 1);
	mime_parser_shutdown();
	ck_assert_int_eq(mime_parser_pid(), 0);
	ck_assert_uint_eq(count_fds(), fds);
	assert_no_children();
	/* And a new child after the shutdown. */
	text_is("From: a@b.example\n\nA1 hold\n", "A1 hold\n");
	ck_assert_int_ne(mime_parser_pid(), last);
	free(crasher);
}
END_TEST

/* The child must not keep the parent's files open (the campaign lock is
 * an flock, held as long as any copy of its descriptor is open). */
START_TEST(child_holds_only_its_socket)
{
	char *lock = xasprintf("/tmp/wp-check-mime-%ld", (long)getpid());
	int fd = open(lock, O_RDWR | O_CREAT, 0600), kept = 0;
	char *dir;
	DIR *d;
	struct dirent *e;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(flock(fd, LOCK_EX), 0);
	mime_parser_shutdown();
	text_is("From: a@b.example\n\nA1 hold\n", "A1 hold\n");
	dir = xasprintf("/proc/%ld/fd", (long)mime_parser_pid());
	d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		char *link, target[256];
		ssize_t n;
		if (e->d_name[0] == '.')
			continue;
		link = xasprintf("%s/%s", dir, e->d_name);
		n = readlink(link, target, sizeof target - 1);
		ck_assert_int_gt(n, 0);
		target[n] = '\0';
		if (atoi(e->d_name) <= 2)
			ck_assert_str_eq(target, "/dev/null");
		else
			ck_assert_msg(!strncmp(target, "socket:", 7), "fd %s: %s", e->d_name, target);
		kept++;
		free(link);
	}
	closedir(d);
	ck_assert_int_eq(kept, 4);
	/* So once we let go of the lock, another process can take it. */
	close(fd);
	fd = open(lock, O_RDWR);
	ck_assert_int_eq(flock(fd, LOCK_EX | LOCK_NB), 0);
	close(fd);
	unlink(lock);
	free(lock);
	free(dir);
	mime_parser_shutdown();
}
END_TEST

/* The hooks count their calls in the child's copy of this; the parent's
 * stays 0, so each new child counts afresh. */
static int hook_calls;

static void crash_third(enum mime_mode mode)
{
	if (mode == MIME_PARSE_FULL && ++hook_calls == 3)
		raise(SIGSEGV);
}

static void hang_third(enum mime_mode mode)
{
	if (mode == MIME_PARSE_FULL && ++hook_calls == 3)
		for (;;)
			pause();
}

/* The third mail a child takes crashes or hangs it: that mail is set
 * aside as when each mail had its own child, the others read as before. */
static void fail_mid_batch(void (*hook)(enum mime_mode), const struct mime_limits *lim,
			   const char *says)
{
	pid_t first = 0;
	mime_child_hook = hook;
	for (size_t i = 0; i < 5; i++) {
		char *raw = batch_mail(i), *err = NULL;
		struct mime_result r;
		int rc = mime_orders_text(raw, strlen(raw), lim, &r, &err);
		if (i == 2) {
			ck_assert_msg(rc == MIME_QUARANTINE, "rc %d: %s", rc, err ? err : "");
			ck_assert_msg(strstr(err, says) ||
					      (!strcmp(says, "crashed") && strstr(err, "failed")),
				      "'%s' does not say '%s'", err, says);
			ck_assert_pstr_eq(r.from, "p2@example.test");
			ck_assert_int_ne(mime_parser_pid(), first);
		} else {
			/* The hook in the new child counts from 0 again and
			 * would fail its third mail, the batch's sixth. */
			struct mime_result a;
			char *ea = NULL;
			ck_assert_int_eq(mime_parse_unsafe(raw, strlen(raw), MIME_PARSE_FULL, &a, &ea),
					 rc);
			results_equal(&a, &r, "mid-batch");
			mime_result_release(&a);
			free(ea);
			if (i == 0)
				first = mime_parser_pid();
			else if (i == 1)
				ck_assert_int_eq(mime_parser_pid(), first);
		}
		mime_result_release(&r);
		free(err);
		free(raw);
	}
	mime_child_hook = NULL;
	mime_parser_shutdown();
	assert_no_children();
}

START_TEST(crash_mid_batch)
{
	fail_mid_batch(crash_third, &quick, "crashed");
}
END_TEST

START_TEST(hang_mid_batch)
{
	struct mime_limits lim = { 0, 0, 5, 1 };
	fail_mid_batch(hang_third, &lim, "longer than 1 s");
}
END_TEST

static void burn_cpu(enum mime_mode mode)
{
	struct timespec t0, t;
	if (mode != MIME_PARSE_FULL)
		return;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	do
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < 600);
}

/* RLIMIT_CPU counts the child's whole life: three mails of 0.6 s each
 * under a limit of 1 s a mail must all pass in the same child. */
START_TEST(cpu_limit_per_mail)
{
	struct mime_limits lim = { 0, 0, 1, 10 };
	pid_t pid = 0;
	mime_child_hook = burn_cpu;
	for (int i = 0; i < 3; i++) {
		struct mime_result r;
		char *err = NULL;
		int rc = mime_orders_text("From: a@b.example\n\nA1 hold\n", 27, &lim, &r, &err);
		ck_assert_msg(rc == MIME_OK, "mail %d: rc %d: %s", i, rc, err ? err : "");
		if (i == 0)
			pid = mime_parser_pid();
		ck_assert_int_eq(mime_parser_pid(), pid);
		mime_result_release(&r);
	}
	mime_child_hook = NULL;
	mime_parser_shutdown();
}
END_TEST

static volatile pid_t to_kill;

static void kill_child(int sig)
{
	(void)sig;
	kill(to_kill, SIGKILL);
}

/* A child that dies while the parent is still writing a mail to it: no
 * SIGPIPE (whose default would end this process), the mail is reported,
 * the next one gets a new child. */
START_TEST(child_dies_mid_write)
{
	struct sigaction alrm, dfl, old_pipe;
	struct itimerval soon = { { 0, 0 }, { 0, 500000 } };
	struct mime_result r;
	size_t n = 900 * 1024;
	char *big = xmalloc(n + 1), *err = NULL;
	int rc;

	memset(big, 'a', n);
	memcpy(big, "From: a@b.example\n\n", 19);
	big[n] = '\0';
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGPIPE, &dfl, &old_pipe);
	memset(&alrm, 0, sizeof alrm);
	alrm.sa_handler = kill_child;
	sigaction(SIGALRM, &alrm, NULL);

	mime_parser_shutdown();
	text_is("From: a@b.example\n\nA1 hold\n", "A1 hold\n");
	/* Stopped, the child reads none of the mail, so the parent is still
	 * writing (900 KB fill the socket's buffer) when the timer kills it. */
	to_kill = mime_parser_pid();
	ck_assert_int_eq(kill(to_kill, SIGSTOP), 0);
	setitimer(ITIMER_REAL, &soon, NULL);
	rc = mime_orders_text(big, n, &quick, &r, &err);
	ck_assert_msg(rc == MIME_QUARANTINE, "rc %d: %s", rc, err ? err : "");
	ck_assert_ptr_nonnull(strstr(err, "signal 9"));
	mime_result_release(&r);
	free(err);
	text_is("From: a@b.example\n\nA1 hold\n", "A1 hold\n");
	ck_assert_int_ne(mime_parser_pid(), to_kill);
	sigaction(SIGPIPE, &old_pipe, NULL);
	mime_parser_shutdown();
	assert_no_children();
	free(big);
}
END_TEST

/* Killed from outside between two mails: the next mail is not blamed. */
START_TEST(child_killed_while_idle)
{
	pid_t pid;
	mime_parser_shutdown();
	text_is("From: a@b.example\n\nA1 hold\n", "A1 hold\n");
	pid = mime_parser_pid();
	ck_assert_int_eq(kill(pid, SIGKILL), 0);
	/* Until it is a zombie, which the next call finds and reaps. */
	for (int i = 0; i < 1000; i++) {
		char *path = xasprintf("/proc/%ld/stat", (long)pid), *stat, *p;
		size_t len;
		bool zombie;
		stat = slurp(path, &len);
		free(path);
		ck_assert_ptr_nonnull(stat);
		p = strrchr(stat, ')');
		zombie = p && p[1] == ' ' && p[2] == 'Z';
		free(stat);
		if (zombie)
			break;
		usleep(1000);
	}
	text_is("From: a@b.example\n\nA1 hold\n", "A1 hold\n");
	ck_assert_int_ne(mime_parser_pid(), pid);
	mime_parser_shutdown();
	assert_no_children();
}
END_TEST

static Suite *mime_suite(void)
{
	Suite *s = suite_create("mime");
	TCase *tc = tcase_create("mime");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, corpus_all);
	tcase_add_test(tc, corpus_local);
	tcase_add_test(tc, corpus_details);
	tcase_add_test(tc, crasher_quarantined);
	tcase_add_test(tc, qp_soft_breaks_and_bad_escapes);
	tcase_add_test(tc, base64);
	tcase_add_test(tc, latin1_and_cp1252);
	tcase_add_test(tc, utf16_bom_crlf);
	tcase_add_test(tc, flowed);
	tcase_add_test(tc, html_only);
	tcase_add_test(tc, orders_attachment);
	tcase_add_test(tc, damaged_structure);
	tcase_add_test(tc, rfc2047_headers);
	tcase_add_test(tc, never_answer);
	tcase_add_test(tc, dsn_recognised);
	tcase_add_test(tc, too_large);
	tcase_add_test(tc, hang_killed);
	tcase_add_test(tc, spin_killed);
	tcase_add_test(tc, crash_reported);
	tcase_add_test(tc, memory_limited);
	tcase_add_test(tc, deep_nesting);
	tcase_add_test(tc, nesting_limit);
	tcase_add_test(tc, sigpipe_untouched);
	tcase_add_test(tc, garbled_results_refused);
	tcase_add_test(tc, many_mails_one_child);
	tcase_add_test(tc, child_holds_only_its_socket);
	tcase_add_test(tc, crash_mid_batch);
	tcase_add_test(tc, hang_mid_batch);
	tcase_add_test(tc, cpu_limit_per_mail);
	tcase_add_test(tc, child_dies_mid_write);
	tcase_add_test(tc, child_killed_while_idle);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(mime_suite());
	int failed;
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
