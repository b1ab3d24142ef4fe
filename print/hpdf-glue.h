/* hpdf-glue.h - the only way into libharu past its public API.
 *
 * libharu 2.3 (Debian 12) lacks a few things print/ needs, or does them a
 * byte at a time: writing whole content-stream operators, page boxes,
 * fonts from memory with our own ToUnicode map, and the glyphs of
 * composite characters.  Every access to libharu's private headers and
 * structures is in hpdf-glue.c, behind these functions; configure checks
 * that the libharu found is 2.3 and has every private field they use, so
 * an upgrade stops the build instead of changing printed output.
 *
 * The rest of print/ sees libharu's public view only (pdf-int.h defines
 * HPDF_SHARED, libharu's own switch for it), where every handle is opaque. */
#ifndef WP_HPDF_GLUE_H
#define WP_HPDF_GLUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <hpdf.h>

/* Append len bytes to page's content stream, where its operators go; the
 * bytes are copied in one go where libharu copies one at a time.  false
 * when libharu fails. */
bool glue_page_write(HPDF_Page page, const void *buf, size_t len);

/* Add key = [v0 v1 v2 v3] (points) to the page's dictionary: BleedBox and
 * TrimBox, which libharu 2.3 has no call for (2.4 has). */
bool glue_page_add_box(HPDF_Page page, const char *key, const HPDF_REAL v[4]);

/* The page's resource name for font (F1, F2, ...), registering it on the
 * page as HPDF_Page_SetFontAndSize would; NULL when libharu fails. */
const char *glue_page_font_name(HPDF_Page page, HPDF_Font font);

/* What HPDF_Page_SetFontAndSize leaves in the page's graphics state, for
 * a Tf operator we wrote ourselves. */
void glue_page_set_font_state(HPDF_Page page, HPDF_Font font, HPDF_REAL size);

/* What HPDF_Page_MoveTextPos(x, y) leaves behind in a text object still
 * at the origin, for a Td operator we wrote ourselves. */
void glue_page_set_text_origin(HPDF_Page page, HPDF_REAL x, HPDF_REAL y);

/* What HPDF_LoadTTFontFromFile does after reading its file, from len
 * bytes at buf: load and register the face as a subset, give it the
 * document's next tag (HPDFAA, HPDFAB, ...), and return it as a font
 * with the UTF-8 encoding.  NULL when libharu fails (HPDF_GetError says
 * why). */
HPDF_Font glue_load_ttf_mem(HPDF_Doc pdf, const unsigned char *buf, size_t len);

/* Put the CMap text cmap[0 .. len) in the font's ToUnicode stream in
 * place of libharu's, dropping the entries that describe an encoding
 * CMap.  false when the font has no ToUnicode stream of libharu's. */
bool glue_font_set_tounicode(HPDF_Font font, const char *cmap, size_t len);

/* Make the font embed the TrueType font ttf[0 .. len) in place of the
 * one it was loaded from, drawing code point (CID) cid[i] with glyph
 * gid[i] of it, for i < n, cid[] ascending: its /W lists those widths
 * only, its CIDToGIDMap those glyphs, and reaches at least maxcid (every
 * other code maps to .notdef).  The text already drawn stays as it is, as
 * the codes in it are code points.  Once per font, before the document
 * is saved; false when libharu fails. */
bool glue_font_replace(HPDF_Font font, const unsigned char *ttf, size_t len,
		       const uint16_t *cid, const uint16_t *gid, size_t n, unsigned maxcid);

/* Set key (Title, Author, ...) in the document's Info dictionary to the
 * text string bytes[0 .. len), PDFDocEncoding or UTF-16BE after its byte
 * order mark, written as a hex string.  false when libharu fails. */
bool glue_doc_set_info(HPDF_Doc pdf, const char *key, const unsigned char *bytes, size_t len);

/* The embedded TrueType font's glyph flags: flags[g] != 0 for every glyph
 * g < *n that goes into the file.  Setting one embeds that glyph. */
unsigned char *glue_font_glyph_flags(HPDF_Font font, unsigned *n);

/* A few words for a libharu error code (its error handler's first
 * argument), such as "out of memory". */
const char *glue_error_reason(HPDF_STATUS no);

#endif
