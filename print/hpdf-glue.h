/* hpdf-glue.h - the only way into libharu past its public API.
 *
 * libharu 2.3 (Debian 12) lacks a few things print/ needs, or does them a
 * byte at a time: writing whole content-stream operators, page boxes,
 * Unicode document information, and embedded fonts of our own making
 * (font.c: libharu's TrueType code costs more than the rest of a report,
 * and writes a malformed ToUnicode map).  Every access to libharu's
 * private headers and structures is in hpdf-glue.c, behind these
 * functions; configure checks that the libharu found is 2.3 and has every
 * private field they use, so an upgrade stops the build instead of
 * changing printed output.
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
 * page as HPDF_Page_SetFontAndSize would: one of libharu's fonts or one
 * from glue_font_new.  NULL when libharu fails. */
const char *glue_page_font_name(HPDF_Page page, HPDF_Font font);

/* What HPDF_Page_SetFontAndSize leaves in the page's graphics state, for
 * a Tf operator we wrote ourselves in one of libharu's fonts. */
void glue_page_set_font_state(HPDF_Page page, HPDF_Font font, HPDF_REAL size);

/* What HPDF_Page_MoveTextPos(x, y) leaves behind in a text object still
 * at the origin, for a Td operator we wrote ourselves. */
void glue_page_set_text_origin(HPDF_Page page, HPDF_REAL x, HPDF_REAL y);

/* A new font for the document, an empty dictionary that pages can name
 * in their resources (glue_page_font_name) until glue_font_fill makes it
 * a font.  NULL when libharu fails. */
HPDF_Font glue_font_new(HPDF_Doc pdf);

/* An embedded TrueType font as a PDF describes it: metrics in 1/1000 em,
 * its code for each character the character's code point (two bytes,
 * Identity-H).  The streams are Flate-compressed (zlib format) by the
 * caller and go into the file as they are. */
struct glue_font {
	const char *name;       /* BaseFont and FontName, tag included */
	int ascent, descent, cap_height, x_height, italic_angle, stem_v;
	int flags;              /* the FontDescriptor's */
	int bbox[4];
	int missing_width;      /* /DW, the width of .notdef */
	const unsigned char *file; /* the TrueType font, FontFile2 */
	size_t file_len, file_len1; /* compressed, and not (Length1) */
	const unsigned char *map;  /* the CIDToGIDMap: big-endian glyph of each code */
	size_t map_len;
	const unsigned char *tounicode; /* the ToUnicode CMap */
	size_t tounicode_len;
	/* The codes in the font, ascending, and their widths, for /W (the
	 * glue leaves out those that equal missing_width). */
	const uint16_t *cid, *width;
	size_t n;
};

/* Make font, from glue_font_new, a Type0 font with Identity-H encoding
 * and a CIDFontType2 descendant described by gf, with its descriptor,
 * FontFile2, CIDToGIDMap and ToUnicode: once, before the document is
 * saved.  false when libharu fails. */
bool glue_font_fill(HPDF_Doc pdf, HPDF_Font font, const struct glue_font *gf);

/* Set key (Title, Author, ...) in the document's Info dictionary to the
 * text string bytes[0 .. len), PDFDocEncoding or UTF-16BE after its byte
 * order mark, written as a hex string.  false when libharu fails. */
bool glue_doc_set_info(HPDF_Doc pdf, const char *key, const unsigned char *bytes, size_t len);

/* A few words for a libharu error code (its error handler's first
 * argument), such as "out of memory". */
const char *glue_error_reason(HPDF_STATUS no);

/* Compress the contents of every page of pdf that libharu would compress
 * with flate (the document's compression mode) and mark them to be
 * written as they are, with their /Filter: libharu would set up a zlib
 * state for each.  False on failure (out of memory, the compressor). */
/* Save the document: its bytes handed to write(ctx, ..) as libharu writes
 * them, where HPDF_SaveToStream would copy them into a stream of its own
 * one byte at a time.  false when libharu or write fails. */
bool glue_doc_save(HPDF_Doc pdf, bool (*write)(void *ctx, const void *buf, size_t len),
		   void *ctx);

bool glue_doc_flate_pages(HPDF_Doc pdf, int (*flate)(const unsigned char *buf, size_t len,
						     unsigned char **out, size_t *outlen));

#endif
