/* utf8.c - UTF-8 encode, decode and check (see utf8.h). */
#include "utf8.h"

#include <string.h>

size_t utf8_next(const char *str, size_t n, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned c, need;
	uint32_t v, min;

	if (!n)
		return 0;
	c = s[0];
	if (c < 0x80) {
		v = c, need = 0, min = 0;
	} else if (c >= 0xC2 && c <= 0xDF) {
		v = c & 0x1F, need = 1, min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		v = c & 0x0F, need = 2, min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		v = c & 0x07, need = 3, min = 0x10000;
	} else {
		return 0;
	}
	if (n <= need)
		return 0;
	for (unsigned k = 1; k <= need; k++) {
		if (!utf8_continues((char)s[k]))
			return 0;
		v = v << 6 | (s[k] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	if (cp)
		*cp = v;
	return need + 1;
}

bool utf8_valid(const char *s, size_t n)
{
	size_t i = 0, k;
	while (i < n) {
		k = utf8_next(s + i, n - i, NULL);
		if (!k)
			return false;
		i += k;
	}
	return true;
}

void utf8_put(struct sb *out, uint32_t cp)
{
	if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		cp = UTF8_REPLACEMENT;
	if (cp < 0x80) {
		sb_addc(out, (char)cp);
	} else if (cp < 0x800) {
		sb_addc(out, (char)(0xC0 | cp >> 6));
		sb_addc(out, (char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		sb_addc(out, (char)(0xE0 | cp >> 12));
		sb_addc(out, (char)(0x80 | (cp >> 6 & 0x3F)));
		sb_addc(out, (char)(0x80 | (cp & 0x3F)));
	} else {
		sb_addc(out, (char)(0xF0 | cp >> 18));
		sb_addc(out, (char)(0x80 | (cp >> 12 & 0x3F)));
		sb_addc(out, (char)(0x80 | (cp >> 6 & 0x3F)));
		sb_addc(out, (char)(0x80 | (cp & 0x3F)));
	}
}

size_t utf8_count(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += !utf8_continues(*s);
	return n;
}

long utf8_find_unstorable(const char *s, uint32_t *cp)
{
	size_t n = strlen(s), i = 0, k;
	uint32_t c;
	while (i < n) {
		k = utf8_next(s + i, n - i, &c);
		if (!k)
			BUG("utf8_find_unstorable on text that is not UTF-8");
		if (!utf8_storable(c)) {
			*cp = c;
			return (long)i;
		}
		i += k;
	}
	return -1;
}

char *utf8_visible(const char *s)
{
	struct sb out = SB_INIT;
	size_t rest = strlen(s), k;
	uint32_t cp;

	while (rest) {
		k = utf8_next(s, rest, &cp);
		if (k && (utf8_storable(cp) || cp == '\n')) {
			sb_add(&out, s, k);
		} else {
			if (!k)
				k = 1;
			for (size_t i = 0; i < k; i++)
				sb_addf(&out, "\\x%02x", (unsigned char)s[i]);
		}
		s += k, rest -= k;
	}
	return sb_detach(&out);
}
