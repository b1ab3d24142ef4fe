/* mime-decode.c - transfer encodings, charsets and the clean-up that turns
 * a decoded part into orders text; see mime-int.h. */
#include "mime-int.h"

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* libetpan turns "=ZZ" or "50%=off" into garbage bytes (LIBETPAN.md §3.2);
 * HTML mail is full of raw '=', so anything that is not an escape or a soft
 * break stays as it was written. */
void mime_qp_decode(const char *in, size_t n, struct sb *out)
{
	for (size_t i = 0; i < n; i++) {
		size_t j;
		int hi, lo;
		if (in[i] != '=') {
			sb_addc(out, in[i]);
			continue;
		}
		/* Soft break: '=' then blanks a transport may have added, then
		 * the line end. */
		for (j = i + 1; j < n && (in[j] == ' ' || in[j] == '\t'); j++)
			;
		if (j < n && (in[j] == '\n' || in[j] == '\r')) {
			if (in[j] == '\r' && j + 1 < n && in[j + 1] == '\n')
				j++;
			i = j;
			continue;
		}
		if (j == n) { /* "=" (and blanks) ending the part: a soft break */
			i = j;
			continue;
		}
		/* lowercase too: not RFC 2045, but clients write it */
		hi = i + 1 < n ? hex_digit(in[i + 1]) : -1;
		lo = i + 2 < n ? hex_digit(in[i + 2]) : -1;
		if (hi >= 0 && lo >= 0) {
			sb_addc(out, (char)(hi << 4 | lo));
			i += 2;
		} else {
			sb_addc(out, '=');
		}
	}
}

static int b64val(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+' || c == '-') /* '-' and '_': the URL alphabet, seen in the wild */
		return 62;
	if (c == '/' || c == '_')
		return 63;
	return -1;
}

void mime_b64_decode(const char *in, size_t n, struct sb *out)
{
	unsigned long acc = 0;
	int bits = 0;
	for (size_t i = 0; i < n; i++) {
		int v = b64val((unsigned char)in[i]);
		if (in[i] == '=') {
			/* Padding ends a chunk: drop the leftover bits so that a
			 * next chunk starts on a fresh quantum. */
			acc = 0;
			bits = 0;
			continue;
		}
		if (v < 0)
			continue;
		acc = (acc << 6 | (unsigned long)v) & 0xffffff;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			sb_addc(out, (char)(acc >> bits & 0xff));
		}
	}
}

/* windows-1252 by table rather than iconv: glibc refuses its five unused
 * bytes, and this is the fall-back that must never fail.  ISO-8859-1 is
 * read the same way (WHATWG does too): mail labelled latin-1 is cp1252. */
static void cp1252_to_utf8(const char *in, size_t n, struct sb *out)
{
	static const unsigned short c1[32] = {
		0x20ac, 0x81,   0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
		0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,   0x017d, 0x8f,
		0x90,   0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
		0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,   0x017e, 0x0178,
	};
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)in[i];
		utf8_put(out, c >= 0x80 && c < 0xa0 ? c1[c - 0x80] : c);
	}
}

static bool has_8bit(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return true;
	return false;
}

/* Bytes we know nothing trustworthy about: UTF-8 if they are valid UTF-8
 * (a random 8-bit text almost never is), else the commonest 8-bit
 * charset of mail. */
static void guess_to_utf8(const char *in, size_t n, struct sb *out)
{
	if (utf8_valid(in, n))
		sb_add(out, in, n);
	else
		cp1252_to_utf8(in, n, out);
}

/* glibc's iconv passes UTF-8 forms of code points past U+10FFFF through
 * from any label it reads as UTF-8 ("utf-\a8", "UTF8//"), and writes them
 * from UCS-4: out's bytes from `from` on, each sequence that is not UTF-8
 * replaced by U+FFFD. */
static void scrub_utf8(struct sb *out, size_t from)
{
	struct sb t = SB_INIT;
	size_t i = from, k;
	while (i < out->len) {
		k = utf8_next(out->buf + i, out->len - i, NULL);
		if (k) {
			sb_add(&t, out->buf + i, k);
			i += k;
		} else {
			sb_adds(&t, "\xEF\xBF\xBD");
			i++;
		}
	}
	out->len = from;
	sb_add(out, t.buf ? t.buf : "", t.len);
	sb_release(&t);
}

static bool iconv_to_utf8(const char *in, size_t n, const char *charset, struct sb *out)
{
	iconv_t cd = iconv_open("UTF-8", charset);
	char buf[4096];
	char *ip = (char *)in; /* iconv's prototype is not const-correct */
	size_t il = n;
	if (cd == (iconv_t)-1)
		return false;
	while (il > 0) {
		char *op = buf;
		size_t ol = sizeof buf;
		size_t r = iconv(cd, &ip, &il, &op, &ol);
		int e = errno;
		sb_add(out, buf, (size_t)(op - buf));
		if (r != (size_t)-1 || e == E2BIG)
			continue;
		/* An invalid or truncated sequence: mark it and go on. */
		sb_adds(out, "\xEF\xBF\xBD");
		if (e != EILSEQ)
			break;
		ip++;
		il--;
	}
	{ /* flush a stateful encoding's shift sequence */
		char *op = buf;
		size_t ol = sizeof buf;
		iconv(cd, NULL, NULL, &op, &ol);
		sb_add(out, buf, (size_t)(op - buf));
	}
	iconv_close(cd);
	return true;
}

void mime_to_utf8(const char *in, size_t n, const char *charset, struct sb *out)
{
	/* Names that iconv reads as something narrower than what mailers
	 * mean by them (the same mapping libetpan's charconv makes). */
	static const char *const alias[][2] = {
		{ "gb2312", "GB18030" },           { "gbk", "GB18030" },
		{ "ks_c_5601-1987", "CP949" },     { "iso-8859-8-i", "ISO-8859-8" },
		{ "iso-2022-jp", "ISO-2022-JP-2" }, { "unicode-1-1-utf-7", "UTF-7" },
	};
	char *cs = charset ? str_trim(ascii_lower_dup(charset)) : xstrdup("");
	const char *name = cs;

	if (!*cs || !strcmp(cs, "us-ascii") || !strcmp(cs, "ascii") || !strcmp(cs, "utf-8") ||
	    !strcmp(cs, "utf8") || !strcmp(cs, "unknown-8bit") || !strcmp(cs, "x-unknown")) {
		guess_to_utf8(in, n, out);
	} else if (!strcmp(cs, "iso-8859-1") || !strcmp(cs, "iso8859-1") ||
		   !strcmp(cs, "latin1") || !strcmp(cs, "iso_8859-1") ||
		   !strcmp(cs, "windows-1252") || !strcmp(cs, "cp1252")) {
		/* A client that says latin-1 and sends UTF-8 is common; the
		 * reverse is caught above. */
		if (has_8bit(in, n) && utf8_valid(in, n))
			sb_add(out, in, n);
		else
			cp1252_to_utf8(in, n, out);
	} else {
		size_t from = out->len;
		for (size_t i = 0; i < ARRAY_SIZE(alias); i++)
			if (!strcmp(cs, alias[i][0]))
				name = alias[i][1];
		if (!iconv_to_utf8(in, n, name, out))
			guess_to_utf8(in, n, out); /* a charset iconv does not know */
		else if (out->len > from && !utf8_valid(out->buf + from, out->len - from))
			scrub_utf8(out, from);
	}
	free(cs);
}

/* RFC 3676 §4.2: join flowed lines, keep their quote depth. */
static void unflow(struct sb *t, bool delsp)
{
	struct sb out = SB_INIT, para = SB_INIT;
	size_t i = 0, depth = 0;
	bool open = false; /* para holds a flowed line waiting for more */

	while (i < t->len) {
		const char *line = t->buf + i, *nl = memchr(line, '\n', t->len - i);
		size_t ll = nl ? (size_t)(nl - line) : t->len - i, q = 0;
		bool flowed;

		i += ll + (nl ? 1 : 0);
		while (q < ll && line[q] == '>')
			q++;
		line += q;
		ll -= q;
		if (ll && line[0] == ' ') /* space-stuffing */
			line++, ll--;
		flowed = ll && line[ll - 1] == ' ' && !(ll == 3 && !memcmp(line, "-- ", 3));
		if (open && q != depth) { /* a quote depth change ends a paragraph */
			sb_addc(&para, '\n');
			sb_add(&out, para.buf, para.len);
			sb_reset(&para);
			open = false;
		}
		if (!open) {
			depth = q;
			for (size_t k = 0; k < q; k++)
				sb_addc(&para, '>');
			if (q)
				sb_addc(&para, ' ');
		}
		sb_add(&para, line, flowed && delsp ? ll - 1 : ll);
		open = flowed;
		if (!open) {
			sb_addc(&para, '\n');
			sb_add(&out, para.buf, para.len);
			sb_reset(&para);
		}
	}
	if (open) {
		sb_addc(&para, '\n');
		sb_add(&out, para.buf, para.len);
	}
	sb_release(&para);
	sb_release(t);
	*t = out;
}

void mime_text_tidy(struct sb *t, bool flowed, bool delsp)
{
	size_t w = 0, r = 0;
	for (; r < t->len; r++) {
		unsigned char c = (unsigned char)t->buf[r];
		/* A byte-order mark goes wherever it stands before the first
		 * byte kept: controls dropped below may come before it. */
		if (!w && c == 0xef && t->len - r >= 3 && !memcmp(t->buf + r, "\xEF\xBB\xBF", 3)) {
			r += 2;
			continue;
		}
		if (c == '\r') {
			if (r + 1 < t->len && t->buf[r + 1] == '\n')
				continue;
			c = '\n';
		}
		/* NUL and the other controls would make the orders reader
		 * refuse the whole text; they never carry orders. */
		if ((c < ' ' && c != '\n' && c != '\t') || c == 0x7f)
			continue;
		/* The C1 controls (U+0080-U+009F) are mislabelled cp1252 that
		 * happened to be valid UTF-8; they never print. */
		if (c == 0xc2 && r + 1 < t->len && (unsigned char)t->buf[r + 1] >= 0x80 &&
		    (unsigned char)t->buf[r + 1] < 0xa0) {
			r++;
			continue;
		}
		t->buf[w++] = (char)c;
	}
	t->len = w;
	if (t->buf)
		t->buf[w] = '\0';
	if (flowed)
		unflow(t, delsp);
	/* The line break before a boundary belongs to the boundary, so a part
	 * often ends mid-line; every text ends the same way instead. */
	if (t->len && t->buf[t->len - 1] != '\n')
		sb_addc(t, '\n');
}
