/* hpdf-glue.c - libharu 2.3's private structures, reached from this file
 * only (see hpdf-glue.h).  Each function says which private part it uses
 * and what the public API lacks; configure's libharu check names the same
 * parts. */
#include "hpdf-glue.h"

#include <stdlib.h>
#include <string.h>

#include <hpdf_doc.h>
#include <hpdf_font.h>
#include <hpdf_fontdef.h>
#include <hpdf_objects.h>
#include <hpdf_pages.h>
#include <hpdf_streams.h>

/* A memory stream's write copies byte by byte (HPDF_MemStream_InWrite):
 * where its last buffer has room, copy there at once and advance its
 * sizes as the write would.  Uses HPDF_Stream's type, size and attr, and
 * HPDF_MemStreamAttr's w_ptr, w_pos and buf_siz. */
static bool stream_write(HPDF_Stream s, const void *buf, size_t len)
{
	HPDF_MemStreamAttr m = s->attr;

	if (len > 0x7fffffff)
		return false;
	if (s->type == HPDF_STREAM_MEMORY && m->w_ptr && m->w_pos <= m->buf_siz &&
	    m->buf_siz - m->w_pos >= len) {
		memcpy(m->w_ptr, buf, len);
		m->w_ptr += len;
		m->w_pos += (HPDF_UINT)len;
		s->size += (HPDF_UINT)len;
		return true;
	}
	return HPDF_Stream_Write(s, buf, (HPDF_UINT)len) == HPDF_OK;
}

/* HPDF_PageAttr's stream: the page's content, with no public writer. */
bool glue_page_write(HPDF_Page page, const void *buf, size_t len)
{
	return stream_write(((HPDF_PageAttr)page->attr)->stream, buf, len);
}

/* A page is a dictionary (HPDF_Dict_Add), its objects made in the page's
 * memory manager (mmgr). */
bool glue_page_add_box(HPDF_Page page, const char *key, const HPDF_REAL v[4])
{
	HPDF_Array a = HPDF_Array_New(page->mmgr);

	if (!a)
		return false;
	for (size_t i = 0; i < 4; i++)
		if (HPDF_Array_AddReal(a, v[i]) != HPDF_OK)
			return false;
	return HPDF_Dict_Add(page, key, a) == HPDF_OK;
}

/* HPDF_Page_GetLocalFontName is declared only in hpdf_pages.h. */
const char *glue_page_font_name(HPDF_Page page, HPDF_Font font)
{
	return HPDF_Page_GetLocalFontName(page, font);
}

/* HPDF_PageAttr's gstate (font, font_size, writing_mode), and the font's
 * HPDF_FontAttr writing_mode. */
void glue_page_set_font_state(HPDF_Page page, HPDF_Font font, HPDF_REAL size)
{
	HPDF_PageAttr attr = (HPDF_PageAttr)page->attr;

	attr->gstate->font = font;
	attr->gstate->font_size = size;
	attr->gstate->writing_mode = ((HPDF_FontAttr)font->attr)->writing_mode;
}

/* HPDF_PageAttr's text_matrix and text_pos. */
void glue_page_set_text_origin(HPDF_Page page, HPDF_REAL x, HPDF_REAL y)
{
	HPDF_PageAttr attr = (HPDF_PageAttr)page->attr;

	attr->text_matrix.x = x;
	attr->text_matrix.y = y;
	attr->text_pos.x = x;
	attr->text_pos.y = y;
}

/* The public loaders read files only.  Uses the document's mmgr and
 * ttfont_tag, HPDF_MemStream_New, HPDF_TTFontDef_Load and _SetTagName,
 * HPDF_Doc_RegisterFontDef, and the font definition's base_font. */
HPDF_Font glue_load_ttf_mem(HPDF_Doc pdf, const unsigned char *buf, size_t len)
{
	HPDF_Stream s = HPDF_MemStream_New(pdf->mmgr, (HPDF_UINT)len);
	HPDF_FontDef def;
	char tag[HPDF_TTF_FONT_TAG_LEN + 1];

	if (!s)
		return NULL;
	/* The first byte makes libharu allocate the stream's one buffer
	 * (len bytes); the rest is copied there in one go. */
	if (len == 0 || !stream_write(s, buf, 1) || !stream_write(s, buf + 1, len - 1)) {
		HPDF_Stream_Free(s);
		return NULL;
	}
	def = HPDF_TTFontDef_Load(pdf->mmgr, s, HPDF_TRUE); /* owns s now */
	if (!def || HPDF_Doc_RegisterFontDef(pdf, def) != HPDF_OK)
		return NULL;
	if (pdf->ttfont_tag[0] == 0) {
		memcpy(pdf->ttfont_tag, "HPDFAA", 6);
	} else {
		for (int i = 5; i >= 0; i--) {
			if (++pdf->ttfont_tag[i] <= 'Z')
				break;
			pdf->ttfont_tag[i] = 'A';
		}
	}
	memcpy(tag, pdf->ttfont_tag, HPDF_TTF_FONT_TAG_LEN);
	tag[HPDF_TTF_FONT_TAG_LEN] = '\0';
	HPDF_TTFontDef_SetTagName(def, tag);
	/* "UTF-8" must be named here: HPDF_SetCurrentEncoder does not reach
	 * TrueType fonts, which would get StandardEncoding. */
	return HPDF_GetFont(pdf, def->base_font, "UTF-8");
}

/* HPDF_FontAttr's cmap_stream, which libharu writes as the font's
 * ToUnicode; rewritten rather than replaced, which would leave libharu's
 * in the file as an object nothing uses. */
bool glue_font_set_tounicode(HPDF_Font font, const char *cmap, size_t len)
{
	/* These describe libharu's encoding CMap; a ToUnicode stream has
	 * no use for them. */
	static const char *const stale[] = { "Type", "CMapName", "CIDSystemInfo", "WMode" };
	HPDF_Dict s = ((HPDF_FontAttr)font->attr)->cmap_stream;

	if (!s || !s->stream || HPDF_Dict_GetItem(font, "ToUnicode", HPDF_OCLASS_DICT) != s)
		return false;
	for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++)
		HPDF_Dict_RemoveElement(s, stale[i]); /* HPDF_DICT_ITEM_NOT_FOUND is fine */
	HPDF_MemStream_FreeData(s->stream);
	return stream_write(s->stream, cmap, len);
}

/* The /W widths of cid[0 .. n), ascending, as runs "first [w ...]":
 * libharu's widths for the font as loaded, which the document's subset
 * keeps glyph for glyph; like libharu, none that equals /DW, the
 * definition's missing_width (every one, in a monospaced face).  Uses
 * HPDF_TTFontDef_GetGlyphid and _GetGidWidth. */
static bool put_widths(HPDF_Dict desc, HPDF_FontDef def, const uint16_t *cid, size_t n)
{
	HPDF_Array w = HPDF_Array_New(desc->mmgr), run = NULL;

	if (!w || HPDF_Dict_Add(desc, "W", w) != HPDF_OK)
		return false;
	for (size_t i = 0; i < n; i++) {
		HPDF_UINT16 gid = HPDF_TTFontDef_GetGlyphid(def, cid[i]);
		HPDF_INT16 width = HPDF_TTFontDef_GetGidWidth(def, gid);
		if (width == def->missing_width) {
			run = NULL;
			continue;
		}
		if (!run || cid[i] != cid[i - 1] + 1) {
			if (HPDF_Array_AddNumber(w, cid[i]) != HPDF_OK ||
			    !(run = HPDF_Array_New(desc->mmgr)) ||
			    HPDF_Array_Add(w, run) != HPDF_OK)
				return false;
		}
		if (HPDF_Array_AddNumber(run, width) != HPDF_OK)
			return false;
	}
	return true;
}

/* What CIDFontType2_BeforeWrite_Func would make, the font descriptor,
 * but with our font file: it makes one only where the font definition
 * has none.  Uses HPDF_FontAttr's xref and fontdef, the definition's
 * metrics and descriptor, HPDF_TTFontDefAttr's base_font, the dictionary
 * stream's filter. */
static bool put_descriptor(HPDF_Font font, const unsigned char *ttf, size_t len)
{
	HPDF_FontAttr attr = font->attr;
	HPDF_FontDef def = attr->fontdef;
	HPDF_Dict desc = HPDF_Dict_New(font->mmgr);
	HPDF_Dict file = HPDF_DictStream_New(font->mmgr, attr->xref);
	HPDF_STATUS ret = HPDF_OK;

	if (!desc || !file || !stream_write(file->stream, ttf, len))
		return false;
	file->filter = font->filter;
	ret += HPDF_Dict_Add(desc, "FontFile2", file);
	ret += HPDF_Dict_AddNumber(file, "Length1", (HPDF_INT32)len); /* all a TrueType needs */
	ret += HPDF_Xref_Add(attr->xref, desc);
	ret += HPDF_Dict_AddName(desc, "Type", "FontDescriptor");
	ret += HPDF_Dict_AddNumber(desc, "Ascent", def->ascent);
	ret += HPDF_Dict_AddNumber(desc, "Descent", def->descent);
	ret += HPDF_Dict_AddNumber(desc, "Flags", (HPDF_INT32)def->flags);
	ret += HPDF_Dict_Add(desc, "FontBBox", HPDF_Box_Array_New(font->mmgr, def->font_bbox));
	ret += HPDF_Dict_AddName(desc, "FontName", ((HPDF_TTFontDefAttr)def->attr)->base_font);
	ret += HPDF_Dict_AddNumber(desc, "ItalicAngle", def->italic_angle);
	ret += HPDF_Dict_AddNumber(desc, "StemV", (HPDF_INT32)def->stemv);
	ret += HPDF_Dict_AddNumber(desc, "XHeight", def->x_height);
	if (ret != HPDF_OK)
		return false;
	def->descriptor = desc;
	return true;
}

/* HPDF_FontAttr's descendant_font (the CIDFontType2 dictionary, its /W)
 * and map_stream (the CIDToGIDMap). */
bool glue_font_replace(HPDF_Font font, const unsigned char *ttf, size_t len,
		       const uint16_t *cid, const uint16_t *gid, size_t n, unsigned maxcid)
{
	HPDF_FontAttr attr = font->attr;
	HPDF_Dict desc = attr->descendant_font;
	size_t max = n && cid[n - 1] > maxcid ? cid[n - 1] : maxcid;
	unsigned char *map;
	bool ok;

	if (!desc || !attr->map_stream || attr->fontdef->descriptor)
		return false;
	HPDF_Dict_RemoveElement(desc, "W"); /* HPDF_DICT_ITEM_NOT_FOUND is fine */
	if (!put_widths(desc, attr->fontdef, cid, n))
		return false;
	map = calloc(max + 1, 2);
	if (!map)
		return false;
	for (size_t i = 0; i < n; i++) {
		map[2 * cid[i]] = (unsigned char)(gid[i] >> 8);
		map[2 * cid[i] + 1] = (unsigned char)gid[i];
	}
	HPDF_MemStream_FreeData(attr->map_stream->stream);
	ok = stream_write(attr->map_stream->stream, map, 2 * (max + 1));
	free(map);
	return ok && put_descriptor(font, ttf, len);
}

/* HPDF_Doc's info, the Info dictionary, made by the public
 * HPDF_GetInfoAttr: HPDF_SetInfoAttr would write the value through the
 * document's current encoder, a literal string, which cannot hold UTF-16
 * (libharu measures it with strlen). */
bool glue_doc_set_info(HPDF_Doc pdf, const char *key, const unsigned char *bytes, size_t len)
{
	HPDF_Binary b;

	(void)HPDF_GetInfoAttr(pdf, HPDF_INFO_PRODUCER);
	if (!pdf->info || len > 0xffff || !(b = HPDF_Binary_New(pdf->mmgr, (HPDF_BYTE *)bytes,
								(HPDF_UINT)len)))
		return false;
	return HPDF_Dict_Add(pdf->info, key, b) == HPDF_OK;
}

/* HPDF_FontAttr's fontdef, its HPDF_TTFontDefAttr num_glyphs and
 * glyph_tbl.flgs: libharu marks the glyphs text uses there. */
unsigned char *glue_font_glyph_flags(HPDF_Font font, unsigned *n)
{
	HPDF_FontDef def = ((HPDF_FontAttr)font->attr)->fontdef;
	HPDF_TTFontDefAttr a = def->attr;

	*n = a->num_glyphs;
	return a->glyph_tbl.flgs;
}

/* The error codes are in hpdf_error.h, which the public view cannot
 * include (it defines HPDF_Error as a structure). */
const char *glue_error_reason(HPDF_STATUS no)
{
	switch (no) {
	case HPDF_FILE_IO_ERROR:
	case HPDF_FILE_OPEN_ERROR:
		return "cannot read or write a file";
	case HPDF_FAILD_TO_ALLOC_MEM: /* the 2.3 spelling */
		return "out of memory";
	case HPDF_TTF_MISSING_TABLE:
	case HPDF_TTF_INVALID_FOMAT:
	case HPDF_TTF_INVALID_CMAP:
		return "not a TrueType font libharu can use";
	case HPDF_TTF_CANNOT_EMBEDDING_FONT:
		return "the font's licence forbids embedding";
	case HPDF_PAGE_INVALID_GMODE:
		return "drawing operator out of place";
	default:
		return "libharu failed";
	}
}
