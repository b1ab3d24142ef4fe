/* hpdf-glue.c - libharu 2.3's private structures, reached from this file
 * only (see hpdf-glue.h).  Each function says which private part it uses
 * and what the public API lacks; configure's libharu check names the same
 * parts.  None of libharu's TrueType code is used: font.c makes the
 * embedded fonts, and only their dictionaries are libharu's objects. */
#include "hpdf-glue.h"

#include <stdlib.h>
#include <string.h>

#include <hpdf_doc.h>
#include <hpdf_font.h>
#include <hpdf_objects.h>
#include <hpdf_pages.h>
#include <hpdf_streams.h>

/* A memory stream's write copies byte by byte (HPDF_MemStream_InWrite):
 * copy into its last buffer at once where it has room, advancing its
 * sizes as the write would, and leave to libharu only the one byte that
 * makes it add a buffer.  Uses HPDF_Stream's type, size and attr, and
 * HPDF_MemStreamAttr's w_ptr, w_pos and buf_siz. */
static bool stream_write(HPDF_Stream s, const void *buf, size_t len)
{
	HPDF_MemStreamAttr m = s->attr;
	const unsigned char *p = buf;

	if (len > 0x7fffffff)
		return false;
	if (s->type != HPDF_STREAM_MEMORY)
		return HPDF_Stream_Write(s, p, (HPDF_UINT)len) == HPDF_OK;
	while (len > 0) {
		size_t room = m->w_ptr && m->w_pos <= m->buf_siz ? m->buf_siz - m->w_pos : 0;
		size_t k = room < len ? room : len;
		if (k == 0) {
			if (HPDF_Stream_Write(s, p, 1) != HPDF_OK)
				return false;
			k = 1;
		} else {
			memcpy(m->w_ptr, p, k);
			m->w_ptr += k;
			m->w_pos += (HPDF_UINT)k;
			s->size += (HPDF_UINT)k;
		}
		p += k;
		len -= k;
	}
	return true;
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

/* An indirect dictionary of the document: HPDF_Doc's mmgr and xref,
 * HPDF_Dict_New and HPDF_Xref_Add. */
static HPDF_Dict new_indirect(HPDF_Doc pdf)
{
	HPDF_Dict dict = HPDF_Dict_New(pdf->mmgr);

	return dict && HPDF_Xref_Add(pdf->xref, dict) == HPDF_OK ? dict : NULL;
}

HPDF_Font glue_font_new(HPDF_Doc pdf)
{
	return new_indirect(pdf);
}

/* The write_fn of a stream whose bytes are already compressed: its
 * /Filter, which libharu writes only for a stream it compresses itself
 * (and removes from any other before writing it). */
static HPDF_STATUS flate_filter(HPDF_Dict dict, HPDF_Stream out)
{
	(void)dict;
	return HPDF_Stream_WriteStr(out, "/Filter /FlateDecode\012");
}

/* A stream object holding buf[0 .. len), Flate-compressed data written as
 * it is: HPDF_DictStream_New, its dictionary's stream and write_fn, and
 * HPDF_Doc's mmgr and xref. */
static HPDF_Dict new_stream(HPDF_Doc pdf, const void *buf, size_t len)
{
	HPDF_Dict s = HPDF_DictStream_New(pdf->mmgr, pdf->xref);

	if (!s || !stream_write(s->stream, buf, len))
		return NULL;
	s->write_fn = flate_filter;
	return s;
}

/* The contents stream of each page (HPDF_Doc's page_list, HPDF_PageAttr's
 * contents), read out of its memory stream's buffers, replaced by its
 * compressed bytes, and its filter and write_fn as new_stream's. */
bool glue_doc_flate_pages(HPDF_Doc pdf, int (*flate)(const unsigned char *buf, size_t len,
						     unsigned char **out, size_t *outlen))
{
	for (HPDF_UINT i = 0; pdf->page_list && i < pdf->page_list->count; i++) {
		HPDF_Page page = HPDF_List_ItemAt(pdf->page_list, i);
		HPDF_Dict c = ((HPDF_PageAttr)page->attr)->contents;
		HPDF_UINT nbuf;
		unsigned char *raw, *z = NULL;
		size_t len = 0, zlen = 0;
		bool ok;

		if (!c || !c->stream || c->stream->type != HPDF_STREAM_MEMORY ||
		    !(c->filter & HPDF_STREAM_FILTER_FLATE_DECODE))
			continue;
		nbuf = HPDF_MemStream_GetBufCount(c->stream);
		if (!(raw = malloc(c->stream->size ? c->stream->size : 1)))
			return false;
		for (HPDF_UINT k = 0; k < nbuf; k++) {
			HPDF_UINT n = 0;
			HPDF_BYTE *p = HPDF_MemStream_GetBufPtr(c->stream, k, &n);
			if (!p || len + n > c->stream->size) {
				free(raw);
				return false;
			}
			memcpy(raw + len, p, n);
			len += n;
		}
		ok = !flate(raw, len, &z, &zlen);
		free(raw);
		if (ok) {
			HPDF_MemStream_FreeData(c->stream);
			ok = stream_write(c->stream, z, zlen);
		}
		free(z);
		if (!ok)
			return false;
		c->filter = HPDF_STREAM_FILTER_NONE;
		c->write_fn = flate_filter;
	}
	return true;
}

/* HPDF_SaveToStream writes to HPDF_Doc's stream, which it makes a memory
 * stream when there is none: one that takes each write a byte at a time,
 * as HPDF_ReadFromStream then hands the bytes out again.  A callback
 * writer put there beforehand hands each write whole to ours (through
 * its attr).  Uses HPDF_Doc's stream and mmgr.  Should libharu fail and
 * its error handler jump out, the writer is left in pdf->stream, where
 * HPDF_Free frees it without writing. */
struct writer {
	bool (*write)(void *ctx, const void *buf, size_t len);
	void *ctx;
};

static HPDF_STATUS write_through(HPDF_Stream s, const HPDF_BYTE *ptr, HPDF_UINT siz)
{
	const struct writer *w = s->attr;
	return w->write(w->ctx, ptr, siz) ? HPDF_OK : HPDF_FILE_IO_ERROR;
}

bool glue_doc_save(HPDF_Doc pdf, bool (*write)(void *ctx, const void *buf, size_t len),
		   void *ctx)
{
	struct writer w = { write, ctx };
	HPDF_Stream s = HPDF_CallbackWriter_New(pdf->mmgr, write_through, &w);
	HPDF_STATUS ret;

	if (!s)
		return false;
	if (pdf->stream)
		HPDF_Stream_Free(pdf->stream);
	pdf->stream = s;
	ret = HPDF_SaveToStream(pdf);
	pdf->stream = NULL;
	HPDF_Stream_Free(s);
	return ret == HPDF_OK;
}

/* key = [a b c ...], n integers. */
static bool add_ints(HPDF_Dict dict, const char *key, const int *v, size_t n)
{
	HPDF_Array a = HPDF_Array_New(dict->mmgr);

	if (!a || HPDF_Dict_Add(dict, key, a) != HPDF_OK)
		return false;
	for (size_t i = 0; i < n; i++)
		if (HPDF_Array_AddNumber(a, v[i]) != HPDF_OK)
			return false;
	return true;
}

/* The /W widths, as runs "first [w ...]" of consecutive codes; like
 * libharu, none that equals /DW (every one, in a monospaced face). */
static bool add_widths(HPDF_Dict cidfont, const struct glue_font *gf)
{
	HPDF_Array w = HPDF_Array_New(cidfont->mmgr), run = NULL;

	if (!w || HPDF_Dict_Add(cidfont, "W", w) != HPDF_OK)
		return false;
	for (size_t i = 0; i < gf->n; i++) {
		if (gf->width[i] == gf->missing_width) {
			run = NULL;
			continue;
		}
		if (!run || gf->cid[i] != gf->cid[i - 1] + 1) {
			if (HPDF_Array_AddNumber(w, gf->cid[i]) != HPDF_OK ||
			    !(run = HPDF_Array_New(cidfont->mmgr)) || HPDF_Array_Add(w, run) != HPDF_OK)
				return false;
		}
		if (HPDF_Array_AddNumber(run, gf->width[i]) != HPDF_OK)
			return false;
	}
	return true;
}

/* The FontDescriptor with its FontFile2, the entries libharu's
 * CIDFontType2_BeforeWrite_Func writes, and CapHeight, which the PDF
 * specification asks for and libharu leaves out. */
static HPDF_Dict descriptor(HPDF_Doc pdf, const struct glue_font *gf)
{
	HPDF_Dict desc = new_indirect(pdf), file = new_stream(pdf, gf->file, gf->file_len);
	HPDF_STATUS ret = HPDF_OK;

	if (!desc || !file)
		return NULL;
	ret += HPDF_Dict_AddNumber(file, "Length1", (HPDF_INT32)gf->file_len1);
	ret += HPDF_Dict_AddName(desc, "Type", "FontDescriptor");
	ret += HPDF_Dict_AddName(desc, "FontName", gf->name);
	ret += HPDF_Dict_AddNumber(desc, "Flags", gf->flags);
	ret += HPDF_Dict_AddNumber(desc, "Ascent", gf->ascent);
	ret += HPDF_Dict_AddNumber(desc, "Descent", gf->descent);
	ret += HPDF_Dict_AddNumber(desc, "CapHeight", gf->cap_height);
	ret += HPDF_Dict_AddNumber(desc, "XHeight", gf->x_height);
	ret += HPDF_Dict_AddNumber(desc, "ItalicAngle", gf->italic_angle);
	ret += HPDF_Dict_AddNumber(desc, "StemV", gf->stem_v);
	ret += HPDF_Dict_Add(desc, "FontFile2", file);
	if (ret != HPDF_OK || !add_ints(desc, "FontBBox", gf->bbox, 4))
		return NULL;
	return desc;
}

/* The CIDFontType2 descendant: /DW2 as libharu writes it (vertical
 * metrics no reader uses in horizontal text, kept so that the font reads
 * as before). */
static HPDF_Dict cidfont(HPDF_Doc pdf, const struct glue_font *gf)
{
	HPDF_Dict f = new_indirect(pdf), info = HPDF_Dict_New(pdf->mmgr);
	HPDF_Dict map = new_stream(pdf, gf->map, gf->map_len), desc = descriptor(pdf, gf);
	const int dw2[2] = { gf->bbox[1], gf->bbox[1] - gf->bbox[3] };
	HPDF_STATUS ret = HPDF_OK;

	if (!f || !info || !map || !desc)
		return NULL;
	ret += HPDF_Dict_AddName(f, "Type", "Font");
	ret += HPDF_Dict_AddName(f, "Subtype", "CIDFontType2");
	ret += HPDF_Dict_AddName(f, "BaseFont", gf->name);
	ret += HPDF_Dict_Add(f, "CIDSystemInfo", info);
	ret += HPDF_Dict_Add(info, "Registry", HPDF_String_New(pdf->mmgr, "Adobe", NULL));
	ret += HPDF_Dict_Add(info, "Ordering", HPDF_String_New(pdf->mmgr, "Identity", NULL));
	ret += HPDF_Dict_AddNumber(info, "Supplement", 0);
	ret += HPDF_Dict_Add(f, "FontDescriptor", desc);
	ret += HPDF_Dict_AddNumber(f, "DW", gf->missing_width);
	ret += HPDF_Dict_Add(f, "CIDToGIDMap", map);
	if (ret != HPDF_OK || !add_ints(f, "DW2", dw2, 2) || !add_widths(f, gf))
		return NULL;
	return f;
}

bool glue_font_fill(HPDF_Doc pdf, HPDF_Font font, const struct glue_font *gf)
{
	HPDF_Dict desc = cidfont(pdf, gf), tu = new_stream(pdf, gf->tounicode, gf->tounicode_len);
	HPDF_Array desc_list = HPDF_Array_New(pdf->mmgr);
	HPDF_STATUS ret = HPDF_OK;

	if (!desc || !tu || !desc_list)
		return false;
	ret += HPDF_Dict_AddName(font, "Type", "Font");
	ret += HPDF_Dict_AddName(font, "Subtype", "Type0");
	ret += HPDF_Dict_AddName(font, "BaseFont", gf->name);
	ret += HPDF_Dict_AddName(font, "Encoding", "Identity-H");
	ret += HPDF_Dict_Add(font, "DescendantFonts", desc_list);
	ret += HPDF_Array_Add(desc_list, desc);
	ret += HPDF_Dict_Add(font, "ToUnicode", tu);
	return ret == HPDF_OK;
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
	case HPDF_PAGE_INVALID_GMODE:
		return "drawing operator out of place";
	default:
		return "libharu failed";
	}
}
