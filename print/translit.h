/* translit.h - text for the standard 14 fonts, which know Windows-1252
 * only: what to print for a character they lack.
 *
 * pdf=standard and `print --small` keep files small by embedding no font,
 * so "Żółw" and "Жук" must become text those fonts have.  Printing '?'
 * loses the name; we write the letter without its marks (Ż -> Z, ł -> l),
 * Greek and Cyrillic in Latin letters (Ж -> Zh, Ω -> O), a few symbols as
 * ASCII (→ -> "->"), and anything else as its code, "[U+4E00]", which
 * at least says something is there and what it was.
 *
 * Knows nothing of PDF: bytes in, bytes out. */
#ifndef WP_TRANSLIT_H
#define WP_TRANSLIT_H

#include <stddef.h>
#include <stdint.h>

/* The longest output of translit_cp1252: "[U+10FFFF]". */
#define TRANSLIT_MAX 10

/* The Windows-1252 bytes that stand for code point c, into out (not
 * NUL-terminated); returns how many, 0 for a character that prints as
 * nothing (a zero-width space, a spacing accent with no letter).
 * Characters of Windows-1252 are their own byte. */
size_t translit_cp1252(uint32_t c, char out[TRANSLIT_MAX]);

#endif
