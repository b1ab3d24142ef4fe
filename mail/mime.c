/* mime.c - mime_orders_text(): the sandboxed parse (mime-sandbox.c) with
 * its limits and second try, and the form its result travels in from the
 * child; see mime.h.  The parse itself is in mime-parse.c. */
#include "mime-int.h"

#include <stdlib.h>
#include <string.h>

/* --- the result on the wire ----------------------------------------------
 * A sequence of records, each a 32-bit length in host order (the child is
 * our own fork) then that many bytes; length 0xffffffff is a NULL string.
 * "WPM1", status, error, text count, per text (text, source), the header
 * strings, bounce, "END!".  Anything short or left over is a dead child. */

#define NIL 0xffffffffu

static void put_u32(struct sb *out, uint32_t v)
{
	sb_add(out, (const char *)&v, sizeof v);
}

static void put_str(struct sb *out, const char *s, size_t n)
{
	if (!s) {
		put_u32(out, NIL);
		return;
	}
	put_u32(out, (uint32_t)n);
	sb_add(out, s, n);
}

static void put_cstr(struct sb *out, const char *s)
{
	put_str(out, s, s ? strlen(s) : 0);
}

/* The header fields of a result, in wire order. */
static char **header_slot(struct mime_result *r, size_t i)
{
	char **slots[] = { &r->from,           &r->from_name,  &r->message_id,
			   &r->subject,        &r->in_reply_to, &r->auto_submitted,
			   &r->precedence,     &r->x_loop,     &r->return_path };
	return i < ARRAY_SIZE(slots) ? slots[i] : NULL;
}

void mime_result_encode(int status, const char *err, const struct mime_result *r,
			struct sb *out)
{
	struct mime_result *rw = (struct mime_result *)r; /* header_slot only reads here */
	char **slot;
	sb_add(out, "WPM1", 4);
	put_u32(out, (uint32_t)status);
	put_cstr(out, err);
	put_u32(out, (uint32_t)r->n);
	for (size_t i = 0; i < r->n; i++) {
		put_str(out, r->texts[i].text, r->texts[i].len);
		put_cstr(out, r->texts[i].source);
	}
	for (size_t i = 0; (slot = header_slot(rw, i)); i++)
		put_cstr(out, *slot);
	put_u32(out, r->bounce);
	sb_add(out, "END!", 4);
}

struct reader {
	const char *p;
	size_t left;
	bool bad;
};

static uint32_t get_u32(struct reader *rd)
{
	uint32_t v = 0;
	if (rd->left < sizeof v) {
		rd->bad = true;
		return 0;
	}
	memcpy(&v, rd->p, sizeof v);
	rd->p += sizeof v;
	rd->left -= sizeof v;
	return v;
}

/* A string that must not hold NUL bytes when text is false (headers). */
static char *get_str(struct reader *rd, size_t *len, bool text)
{
	uint32_t n = get_u32(rd);
	char *s;
	if (rd->bad || n == NIL)
		return NULL;
	if (n > rd->left || (!text && memchr(rd->p, '\0', n))) {
		rd->bad = true;
		return NULL;
	}
	s = xstrndup(rd->p, n);
	if (len)
		*len = n;
	rd->p += n;
	rd->left -= n;
	return s;
}

int mime_result_decode(const char *buf, size_t n, int *status, char **err,
		       struct mime_result *r)
{
	struct reader rd = { buf, n, false };
	uint32_t count;
	char **slot;

	memset(r, 0, sizeof *r);
	*err = NULL;
	if (n < 8 || memcmp(buf, "WPM1", 4))
		return -1;
	rd.p += 4;
	rd.left -= 4;
	*status = (int)get_u32(&rd);
	*err = get_str(&rd, NULL, false);
	count = get_u32(&rd);
	/* Each text takes at least 8 bytes: a count beyond that is a lie. */
	if (!rd.bad && count <= rd.left / 8) {
		r->texts = count ? xcalloc(count, sizeof *r->texts) : NULL;
		for (r->n = 0; r->n < count && !rd.bad; r->n++) {
			r->texts[r->n].text = get_str(&rd, &r->texts[r->n].len, true);
			r->texts[r->n].source = get_str(&rd, NULL, false);
			if (!r->texts[r->n].text)
				rd.bad = true;
		}
	} else {
		rd.bad = true;
	}
	for (size_t i = 0; (slot = header_slot(r, i)) && !rd.bad; i++)
		*slot = get_str(&rd, NULL, false);
	r->bounce = get_u32(&rd) != 0;
	if (rd.bad || rd.left != 4 || memcmp(rd.p, "END!", 4) ||
	    (*status != MIME_OK && *status != MIME_NO_TEXT) ||
	    (*status == MIME_OK) != (r->n > 0)) {
		mime_result_release(r);
		free(*err);
		*err = NULL;
		return -1;
	}
	return 0;
}

int mime_orders_text(const char *raw, size_t len, const struct mime_limits *lim,
		     struct mime_result *out, char **err)
{
	struct mime_limits l = { MIME_DEFAULT_MAX_SIZE, (size_t)512 << 20, 5, 10 };
	int rc;

	memset(out, 0, sizeof *out);
	*err = NULL;
	if (lim) {
		l.max_size = lim->max_size ? lim->max_size : l.max_size;
		l.max_memory = lim->max_memory ? lim->max_memory : l.max_memory;
		l.cpu_seconds = lim->cpu_seconds ? lim->cpu_seconds : l.cpu_seconds;
		l.wall_seconds = lim->wall_seconds ? lim->wall_seconds : l.wall_seconds;
	}
	if (len > l.max_size) {
		*err = xasprintf("the mail is %zu bytes, more than the limit of %zu", len,
				 l.max_size);
		return MIME_TOO_LARGE;
	}
	rc = mime_parser_call(raw, len, MIME_PARSE_FULL, &l, out, err);
	if (rc == MIME_QUARANTINE) {
		/* Who sent it, if the header parser alone survives (in a new
		 * child: the one that failed is gone): the sender can then be
		 * told that the mail was set aside. */
		struct mime_result h;
		char *e = NULL;
		if (mime_parser_call(raw, len, MIME_PARSE_HEADERS, &l, &h, &e) == MIME_NO_TEXT) {
			mime_result_release(out);
			*out = h;
		} else {
			mime_result_release(&h);
		}
		free(e);
	}
	return rc;
}

void mime_result_release(struct mime_result *r)
{
	char **slot;
	for (size_t i = 0; i < r->n; i++) {
		free(r->texts[i].text);
		free(r->texts[i].source);
	}
	free(r->texts);
	for (size_t i = 0; (slot = header_slot(r, i)); i++)
		free(*slot);
	memset(r, 0, sizeof *r);
}
