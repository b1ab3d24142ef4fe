/* check-translit.c - print/translit.c: what the standard 14 fonts print
 * for text they lack, by hand-checked names in Polish, Czech, Hungarian,
 * Romanian, Greek, Russian, Ukrainian and Serbian; that no character of
 * the Basic Multilingual Plane comes out as '?' or as bytes outside
 * Windows-1252; and what pdftotext reads from a pdf=standard page. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "print.h"
#include "testutil.h"
#include "translit.h"
#include "utf8.h"
#include "util.h"

/* utf8 in Windows-1252, NUL-terminated (caller frees). */
static char *spell(const char *utf8)
{
	struct sb sb = SB_INIT;
	size_t rest = strlen(utf8), len;
	uint32_t c;

	for (; rest; utf8 += len, rest -= len) {
		char buf[TRANSLIT_MAX];
		len = utf8_next(utf8, rest, &c);
		ck_assert_uint_gt(len, 0);
		sb_add(&sb, buf, translit_cp1252(c, buf));
	}
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

static const struct {
	const char *in, *out; /* UTF-8, Windows-1252 */
} names[] = {
	{ "\xc5\xbb\xc3\xb3\xc5\x82w", "Z\xf3lw" },                       /* Żółw */
	{ "\xc5\x81\xc3\xb3" "d\xc5\xba", "L\xf3" "dz" },                 /* Łódź */
	{ "Dvo\xc5\x99\xc3\xa1k", "Dvor\xe1k" },                          /* Dvořák */
	{ "Erd\xc5\x91s P\xc3\xa1l", "Erd\xf6s P\xe1l" },                 /* Erdős Pál */
	{ "\xc8\x98tef\xc4\x83nescu", "Stefanescu" },                     /* Ștefănescu */
	{ "\xc5\x92uvre \xe2\x82\xac" "5 \xc5\xa0" "a\xc5\xa1" "a",       /* in Windows-1252 */
	  "\x8cuvre \x80" "5 \x8a" "a\x9a" "a" },
	{ "\xd0\x96\xd1\x83\xd0\xba", "Zhuk" },                           /* Жук */
	{ "\xd0\xa9\xd1\x83\xd0\xba\xd0\xb0", "Shchuka" },                /* Щука */
	{ "\xd0\xa7\xd0\xb5\xd0\xb1\xd1\x83\xd1\x80\xd0\xb0\xd1\x88\xd0\xba\xd0\xb0",
	  "Cheburashka" },                                                /* Чебурашка */
	{ "\xd0\x81\xd0\xb6\xd0\xb8\xd0\xba", "Yozhik" },                 /* Ёжик */
	{ "\xd0\x9a\xd0\xb8\xd1\x97\xd0\xb2", "Kiyiv" },                  /* Київ */
	{ "\xd0\x82\xd0\xbe\xd1\x80\xd1\x92\xd0\xb5", "Djordje" },        /* Ђорђе */
	{ "\xce\xa9\xce\xbc\xce\xad\xce\xb3\xce\xb1", "Omega" },          /* Ωμέγα */
	{ "\xce\x98\xce\xb5\xcf\x83\xcf\x83\xce\xb1\xce\xbb\xce\xbf\xce\xbd\xce\xaf\xce\xba\xce\xb7",
	  "Thessaloniki" },                                               /* Θεσσαλονίκη */
	{ "\xce\xa8\xcf\x85\xcf\x87\xce\xae", "Psychi" },                 /* Ψυχή */
	{ "a \xe2\x86\x92 b \xe2\x89\xa4 c", "a -> b <= c" },             /* a → b ≤ c */
	{ "\xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90", "+-+" },                /* ┌─┐ */
	{ "\xe4\xb8\xad", "[U+4E2D]" },                                   /* 中: no look-alike */
	{ "\xf0\x9f\x90\x89", "[U+1F409]" },                              /* the dragon */
};

START_TEST(known_names)
{
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char *got = spell(names[i].in);
		ck_assert_msg(!strcmp(got, names[i].out), "'%s' gave '%s', not '%s'", names[i].in,
			      got, names[i].out);
		free(got);
	}
}
END_TEST

/* Every character of the BMP but the controls and surrogates: never a '?'
 * (unless it is one), never a control or a byte Windows-1252 lacks, never
 * more than TRANSLIT_MAX; and the letters of the blocks we spell out
 * never fall back to their code. */
START_TEST(whole_bmp)
{
	/* ck_assert reports every passing check to Check's parent process:
	 * here only a failure is reported, or the 64K characters take seconds
	 * under AddressSanitizer and hit the test's timeout. */
	for (uint32_t c = 0x20; c <= 0xffff; c++) {
		char buf[TRANSLIT_MAX];
		size_t n;
		if ((c >= 0x7f && c < 0xa0) || (c >= 0xd800 && c <= 0xdfff))
			continue;
		n = translit_cp1252(c, buf);
		if (n > TRANSLIT_MAX)
			ck_abort_msg("U+%04X gives %zu bytes", (unsigned)c, n);
		for (size_t k = 0; k < n; k++) {
			unsigned char b = (unsigned char)buf[k];
			if (b < 0x20 || b == 0x7f || b == 0x81 || b == 0x8d || b == 0x8f || b == 0x90 ||
			    b == 0x9d)
				ck_abort_msg("U+%04X gives byte 0x%02x", (unsigned)c, b);
			if (b == '?' && c != '?')
				ck_abort_msg("U+%04X gives '?'", (unsigned)c);
		}
		if (((c >= 0x100 && c <= 0x17f) || (c >= 0x391 && c <= 0x3ce && c != 0x3a2) ||
		     (c >= 0x400 && c <= 0x45f)) &&
		    (n == 0 || buf[0] == '['))
			ck_abort_msg("U+%04X is not spelled", (unsigned)c);
	}
}
END_TEST

/* A pdf=standard page (the standard 14 fonts): what a reader copies out. */
START_TEST(standard_pdf_text)
{
	struct print_doc_opts o = { .paper = PRINT_A4, .small = true };
	char path[] = "/tmp/check_translit.XXXXXX", *buf, *err = NULL, *cmd, out[4096];
	struct print_doc *d;
	size_t len, n;
	FILE *fp;
	int fd;

	if (system("command -v pdftotext >/dev/null") != 0) {
		fprintf(stderr, "check_translit: pdftotext missing, test skipped\n");
		return;
	}
	ck_assert_msg(print_doc_new(&d, &o, &err) == 0, "%s", err);
	print_page_paper(d, false);
	/* Żółw, Жук and Ωμέγα meet in Łódź */
	print_text(d, PRINT_SANS, 12, 20, 270, PRINT_LEFT,
		   "\xc5\xbb\xc3\xb3\xc5\x82w, \xd0\x96\xd1\x83\xd0\xba and "
		   "\xce\xa9\xce\xbc\xce\xad\xce\xb3\xce\xb1 meet in \xc5\x81\xc3\xb3" "d\xc5\xba");
	ck_assert_msg(print_doc_save_mem(d, &buf, &len, &err) == 0, "%s", err);
	print_doc_free(d);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "wb");
	ck_assert(fwrite(buf, 1, len, fp) == len);
	ck_assert(fclose(fp) == 0);
	cmd = xasprintf("pdftotext -enc UTF-8 '%s' - 2>&1", path);
	fp = popen(cmd, "r");
	ck_assert_ptr_nonnull(fp);
	n = fread(out, 1, sizeof out - 1, fp);
	out[n] = '\0';
	ck_assert_int_eq(pclose(fp), 0);
	ck_assert_msg(strstr(out, "Z\xc3\xb3lw, Zhuk and Omega meet in L\xc3\xb3" "dz"), "%s", out);
	ck_assert_msg(!strchr(out, '?'), "%s", out);
	unlink(path);
	free(cmd);
	free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("translit");
	TCase *tc = tcase_create("translit");

	tcase_add_test(tc, known_names);
	tcase_add_test(tc, whole_bmp);
	tcase_add_test(tc, standard_pdf_text);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
