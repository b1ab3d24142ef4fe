/* translit.c - a character the standard 14 fonts lack, as Windows-1252
 * text that keeps it readable (translit.h).
 *
 * Latin letters lose their marks, except ő and ű, which Hungarian writes
 * as ö and ü when it must; Greek follows ELOT 743 (ISO 843) without its
 * accents, Cyrillic the British and American BGN/PCGN tables in ASCII,
 * which serve Russian, Ukrainian, Bulgarian and Serbian names alike. */
#include "translit.h"

#include <stdio.h>
#include <string.h>

/* Windows-1252 0x80-0x9f; 0 where the code page has a hole. */
static const uint16_t cp1252_high[32] = {
	0x20ac, 0,      0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017d, 0,
	0,      0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0,      0x017e, 0x0178,
};

/* Latin Extended-A, U+0100-017F, in Windows-1252 bytes.  Œ œ Š š Ÿ Ž ž
 * are in the code page and never looked up here. */
static const char *const latin_ext_a[128] = {
	"A", "a", "A", "a", "A", "a", "C", "c", "C", "c", "C", "c", "C", "c", "D", "d",
	"D", "d", "E", "e", "E", "e", "E", "e", "E", "e", "E", "e", "G", "g", "G", "g",
	"G", "g", "G", "g", "H", "h", "H", "h", "I", "i", "I", "i", "I", "i", "I", "i",
	"I", "i", "IJ", "ij", "J", "j", "K", "k", "k", "L", "l", "L", "l", "L", "l", "L",
	"l", "L", "l", "N", "n", "N", "n", "N", "n", "'n", "N", "n", "O", "o", "O", "o",
	"\xd6", "\xf6", "OE", "oe", "R", "r", "R", "r", "R", "r", "S", "s", "S", "s", "S", "s",
	"S", "s", "T", "t", "T", "t", "T", "t", "U", "u", "U", "u", "U", "u", "U", "u",
	"\xdc", "\xfc", "U", "u", "W", "w", "Y", "y", "Y", "Z", "z", "Z", "z", "Z", "z", "s",
};

/* Greek, U+0386-03CE: the tonos and dialytika dropped. */
static const char *const greek[73] = {
	[0x386 - 0x386] = "A", [0x388 - 0x386] = "E", [0x389 - 0x386] = "I",
	[0x38a - 0x386] = "I", [0x38c - 0x386] = "O", [0x38e - 0x386] = "Y",
	[0x38f - 0x386] = "O", [0x390 - 0x386] = "i",
	/* Α Β Γ Δ Ε Ζ Η Θ Ι Κ Λ Μ Ν Ξ Ο Π Ρ (hole) Σ Τ Υ Φ Χ Ψ Ω Ϊ Ϋ */
	"A", "V", "G", "D", "E", "Z", "I", "Th", "I", "K", "L", "M", "N", "X", "O", "P", "R",
	NULL, "S", "T", "Y", "F", "Ch", "Ps", "O", "I", "Y",
	/* ά έ ή ί ΰ */
	"a", "e", "i", "i", "y",
	/* α β γ δ ε ζ η θ ι κ λ μ ν ξ ο π ρ ς σ τ υ φ χ ψ ω ϊ ϋ ό ύ ώ */
	"a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p", "r",
	"s", "s", "t", "y", "f", "ch", "ps", "o", "i", "y", "o", "y", "o",
};

/* Cyrillic, U+0400-045F. */
static const char *const cyrillic[96] = {
	/* Ѐ Ё Ђ Ѓ Є Ѕ І Ї Ј Љ Њ Ћ Ќ Ѝ Ў Џ */
	"E", "Yo", "Dj", "Gj", "Ye", "Dz", "I", "Yi", "J", "Lj", "Nj", "C", "Kj", "I", "U", "Dz",
	/* А Б В Г Д Е Ж З И Й К Л М Н О П */
	"A", "B", "V", "G", "D", "E", "Zh", "Z", "I", "Y", "K", "L", "M", "N", "O", "P",
	/* Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я */
	"R", "S", "T", "U", "F", "Kh", "Ts", "Ch", "Sh", "Shch", "\"", "Y", "'", "E", "Yu", "Ya",
	"a", "b", "v", "g", "d", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
	"r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "\"", "y", "'", "e", "yu", "ya",
	"e", "yo", "dj", "gj", "ye", "dz", "i", "yi", "j", "lj", "nj", "c", "kj", "i", "u", "dz",
};

/* Everything else with a sensible spelling, by code point. */
static const struct {
	uint16_t c;
	const char *s;
} other[] = {
	{ 0x0180, "b" }, { 0x0189, "D" }, { 0x018f, "E" }, { 0x0191, "F" }, { 0x0197, "I" },
	{ 0x01a0, "O" }, { 0x01a1, "o" }, { 0x01af, "U" }, { 0x01b0, "u" }, { 0x01b5, "Z" },
	{ 0x01b6, "z" }, { 0x01c4, "DZ" }, { 0x01c5, "Dz" }, { 0x01c6, "dz" }, { 0x01c7, "LJ" },
	{ 0x01c8, "Lj" }, { 0x01c9, "lj" }, { 0x01ca, "NJ" }, { 0x01cb, "Nj" }, { 0x01cc, "nj" },
	{ 0x01cd, "A" }, { 0x01ce, "a" }, { 0x01cf, "I" }, { 0x01d0, "i" }, { 0x01d1, "O" },
	{ 0x01d2, "o" }, { 0x01d3, "U" }, { 0x01d4, "u" }, { 0x01d5, "\xdc" }, { 0x01d6, "\xfc" },
	{ 0x01d7, "\xdc" }, { 0x01d8, "\xfc" }, { 0x01d9, "\xdc" }, { 0x01da, "\xfc" },
	{ 0x01db, "\xdc" }, { 0x01dc, "\xfc" }, { 0x01e6, "G" }, { 0x01e7, "g" },
	{ 0x01e8, "K" }, { 0x01e9, "k" }, { 0x01ea, "O" }, { 0x01eb, "o" }, { 0x01f0, "j" },
	{ 0x01f4, "G" }, { 0x01f5, "g" }, { 0x01f8, "N" }, { 0x01f9, "n" }, { 0x01fa, "\xc5" },
	{ 0x01fb, "\xe5" }, { 0x01fc, "\xc6" }, { 0x01fd, "\xe6" }, { 0x01fe, "\xd8" },
	{ 0x01ff, "\xf8" }, { 0x0218, "S" }, { 0x0219, "s" }, { 0x021a, "T" }, { 0x021b, "t" },
	{ 0x0259, "e" }, { 0x02bb, "'" }, { 0x02bc, "'" }, { 0x02c7, "" }, { 0x02d8, "" },
	{ 0x02d9, "" }, { 0x02da, "\xb0" }, { 0x02db, "" }, { 0x02dd, "\"" },
	{ 0x0387, "\xb7" }, { 0x0490, "G" }, { 0x0491, "g" },
	{ 0x1e80, "W" }, { 0x1e81, "w" }, { 0x1e82, "W" }, { 0x1e83, "w" }, { 0x1e84, "W" },
	{ 0x1e85, "w" }, { 0x1e9e, "SS" }, { 0x1ef2, "Y" }, { 0x1ef3, "y" },
	{ 0x2002, " " }, { 0x2003, " " }, { 0x2009, " " }, { 0x200a, " " }, { 0x200b, "" },
	{ 0x2010, "-" }, { 0x2011, "-" }, { 0x2012, "-" }, { 0x2015, "\x97" }, { 0x2032, "'" },
	{ 0x2033, "\"" }, { 0x2044, "/" }, { 0x20bd, "RUB" }, { 0x20b4, "UAH" }, { 0x2116, "No." },
	{ 0x2153, "1/3" }, { 0x2154, "2/3" }, { 0x215b, "1/8" },
	{ 0x2190, "<-" }, { 0x2191, "^" }, { 0x2192, "->" }, { 0x2193, "v" }, { 0x2194, "<->" },
	{ 0x21d0, "<=" }, { 0x21d2, "=>" }, { 0x21d4, "<=>" }, { 0x2212, "-" }, { 0x2215, "/" },
	{ 0x2219, "\xb7" }, { 0x221e, "oo" }, { 0x2248, "~" }, { 0x2260, "!=" }, { 0x2264, "<=" },
	{ 0x2265, ">=" }, { 0x25a0, "#" }, { 0x25a1, "[ ]" }, { 0x25b2, "^" }, { 0x25b6, ">" },
	{ 0x25bc, "v" }, { 0x25c0, "<" }, { 0x25cb, "o" }, { 0x25cf, "\x95" }, { 0x25e6, "o" },
	{ 0x2605, "*" }, { 0x2606, "*" }, { 0x2713, "v" }, { 0x2714, "v" }, { 0x2717, "x" },
	{ 0x2718, "x" }, { 0xfb01, "fi" }, { 0xfb02, "fl" },
};

/* Box drawing, U+2500-257F: lines as - | and =, every joint as +. */
static const char *box(uint32_t c)
{
	static const uint8_t across[] = { 0x00, 0x01, 0x04, 0x05, 0x08, 0x09, 0x4c, 0x4d, 0x74,
					  0x76, 0x78, 0x7a, 0x7c, 0x7e };
	static const uint8_t down[] = { 0x02, 0x03, 0x06, 0x07, 0x0a, 0x0b, 0x4e, 0x4f, 0x75,
					0x77, 0x79, 0x7b, 0x7d, 0x7f };

	if (c == 0x2550)
		return "=";
	if (c == 0x2551)
		return "|";
	if (memchr(across, (int)(c - 0x2500), sizeof across))
		return "-";
	if (memchr(down, (int)(c - 0x2500), sizeof down))
		return "|";
	return "+";
}

static const char *lookup(uint32_t c)
{
	if (c >= 0x0100 && c <= 0x017f)
		return latin_ext_a[c - 0x100];
	if (c >= 0x0386 && c <= 0x03ce && greek[c - 0x386])
		return greek[c - 0x386];
	if (c >= 0x0400 && c <= 0x045f)
		return cyrillic[c - 0x400];
	if (c >= 0x2500 && c <= 0x257f)
		return box(c);
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
		if (other[i].c == c)
			return other[i].s;
	return NULL;
}

size_t translit_cp1252(uint32_t c, char out[TRANSLIT_MAX])
{
	char code[16];
	const char *s;
	size_t n;

	if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) {
		out[0] = (char)c;
		return 1;
	}
	for (int i = 0; i < 32; i++)
		if (cp1252_high[i] == c) {
			out[0] = (char)(0x80 + i);
			return 1;
		}
	s = lookup(c);
	if (!s) { /* not even a look-alike: the code, which a reader can look up */
		snprintf(code, sizeof code, "[U+%04X]", (unsigned)(c > 0x10ffff ? 0xfffd : c));
		s = code;
	}
	n = strlen(s);
	memcpy(out, s, n);
	return n;
}
