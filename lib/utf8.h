/* utf8.h - UTF-8, the one encoding of every string inside wyrmpost: mail is
 * decoded to it at the door (mail/), libxml2 keeps state and templates in
 * it, and print/ decodes it for the fonts.  Every encode, decode and check
 * of UTF-8 in the program is here.
 *
 * "Valid" is RFC 3629: shortest forms only, no surrogates (U+D800..DFFF),
 * nothing past U+10FFFF. */
#ifndef WP_UTF8_H
#define WP_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

#define UTF8_REPLACEMENT 0xFFFDu /* U+FFFD, written for what is not UTF-8 */

/* Is s (n bytes, NULs allowed) valid UTF-8? */
bool utf8_valid(const char *s, size_t n);

/* The valid character at the start of s (at most n bytes): its length in
 * bytes (1 to 4), with its code point in *cp when cp is not NULL; 0 when
 * s does not start with a whole valid character (or n is 0). */
size_t utf8_next(const char *s, size_t n, uint32_t *cp);

/* Append code point cp to out as UTF-8; U+FFFD for a surrogate or a value
 * past U+10FFFF. */
void utf8_put(struct sb *out, uint32_t cp);

/* Characters in the NUL-terminated s, counted as the bytes that do not
 * continue a sequence: for valid UTF-8, the code points. */
size_t utf8_count(const char *s);

/* A copy of s fit for a terminal or a log: control characters (C0 but
 * tab and line feed, DEL, C1), noncharacters and bytes that are not UTF-8
 * are written as \xHH, so text from a mail can neither move the cursor nor recolour a
 * terminal; the rest is copied.  Caller frees. */
char *utf8_visible(const char *s);

/* May text from outside (a mail, a command line) hold code point cp?  Not
 * the control characters (C0 but tab, DEL, C1), which XML 1.0 cannot hold
 * or a terminal obeys, and not the 66 noncharacters (U+FDD0..FDEF and the
 * last two of each plane, U+FFFE, U+FFFF, ...), which XML 1.0 refuses or
 * discourages.  Line feed is not text either: it ends a line. */
static inline bool utf8_storable(uint32_t cp)
{
	if (cp < 0x20)
		return cp == '\t';
	if (cp >= 0x7F && cp < 0xA0)
		return false;
	if (cp >= 0xFDD0 && cp <= 0xFDEF)
		return false;
	return (cp & 0xFFFE) != 0xFFFE;
}

/* The first character of the valid UTF-8 s that utf8_storable refuses:
 * its byte offset, with the code point in *cp; -1 when there is none. */
long utf8_find_unstorable(const char *s, uint32_t *cp);

/* Is byte c the second, third or fourth byte of a sequence?  A cut at such
 * a byte would split a character. */
static inline bool utf8_continues(char c)
{
	return ((unsigned char)c & 0xC0) == 0x80;
}

#endif
