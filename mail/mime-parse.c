/* mime-parse.c - the parse itself with libetpan: headers, the walk over the
 * parts, and the repairs for what libetpan 1.9.4 gets wrong.  Runs inside
 * the sandboxed child (mime.c); never call it on untrusted mail directly. */
#include "mime-int.h"

#include <stdlib.h>
#include <string.h>

#include <libetpan/libetpan.h>

#include "header.h"

/* Bounds on what one message may make us do; beyond them parts are
 * ignored, which is harmless for orders mail. */
/* Real mail nests a handful of levels (a signed reply with an HTML twin and
 * an attachment is five); far past that is a hostile or broken mail. */
#define MAX_DEPTH 100
#define MAX_PARTS 500
#define MAX_TEXTS 16

struct walk {
	struct mime_text plain[MAX_TEXTS], attach[MAX_TEXTS], html;
	size_t nplain, nattach;
	size_t parts;
	size_t budget; /* bytes of text we may still produce */
	bool empty_multipart; /* libetpan found a multipart with no parts */
	bool too_deep;        /* parts below MAX_DEPTH were not read */
	struct mime_result *out;
};

/* "type/subtype" in lower case (caller frees); text/plain when absent, as
 * RFC 2045 says. */
static char *content_type(const struct mailmime_content *ct)
{
	const char *type = "text", *sub = ct && ct->ct_subtype ? ct->ct_subtype : "plain";
	char *s, *low;
	if (ct && ct->ct_type && ct->ct_type->tp_type == MAILMIME_TYPE_DISCRETE_TYPE) {
		const struct mailmime_discrete_type *d = ct->ct_type->tp_data.tp_discrete_type;
		static const char *const names[] = { "error", "text", "image", "audio",
						     "video", "application" };
		if (d->dt_type == MAILMIME_DISCRETE_TYPE_EXTENSION)
			type = d->dt_extension ? d->dt_extension : "x-unknown";
		else if (d->dt_type >= 0 && (size_t)d->dt_type < ARRAY_SIZE(names))
			type = names[d->dt_type];
	} else if (ct && ct->ct_type && ct->ct_type->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE) {
		const struct mailmime_composite_type *c = ct->ct_type->tp_data.tp_composite_type;
		type = c->ct_type == MAILMIME_COMPOSITE_TYPE_MESSAGE     ? "message"
		       : c->ct_type == MAILMIME_COMPOSITE_TYPE_MULTIPART ? "multipart"
		       : c->ct_token                                     ? c->ct_token
									 : "x-unknown";
	}
	s = xasprintf("%s/%s", type, sub);
	low = ascii_lower_dup(s);
	free(s);
	return low;
}

static const char *content_param(struct mailmime_content *ct, const char *name)
{
	char buf[32];
	if (!ct || strlen(name) >= sizeof buf)
		return NULL;
	memcpy(buf, name, strlen(name) + 1); /* libetpan wants a char * */
	return mailmime_content_param_get(ct, buf);
}

/* A parameter list entry named base, or an RFC 2231 base* (which 1.9.4
 * leaves undecoded: only the file name's ending matters to us). */
static const char *rfc2231_param(clist *params, const char *base, bool disposition)
{
	size_t n = strlen(base);
	for (clistiter *it = params ? clist_begin(params) : NULL; it; it = clist_next(it)) {
		const struct mailmime_parameter *p;
		if (disposition) {
			const struct mailmime_disposition_parm *dp = clist_content(it);
			if (dp->pa_type != MAILMIME_DISPOSITION_PARM_PARAMETER)
				continue;
			p = dp->pa_data.pa_parameter;
		} else {
			p = clist_content(it);
		}
		if (p && p->pa_name && p->pa_value && !ascii_ncasecmp(p->pa_name, base, n) &&
		    p->pa_name[n] == '*')
			return p->pa_value;
	}
	return NULL;
}

/* An RFC 2231 value (charset'language'percent-encoded), decoded as far as
 * a log line and a file-name test need (caller frees). */
static char *rfc2231_decode(const char *v)
{
	const char *q = strchr(v, '\'');
	struct sb s = SB_INIT;
	q = q ? strchr(q + 1, '\'') : NULL;
	for (const char *p = q ? q + 1 : v; *p; p++) {
		int hi, lo;
		if (*p == '%' && (hi = hex_digit(p[1])) >= 0 && (lo = hex_digit(p[2])) >= 0) {
			sb_addc(&s, (char)(hi << 4 | lo));
			p += 2;
		} else {
			sb_addc(&s, *p);
		}
	}
	return sb_detach(&s);
}

/* The part's file name, UTF-8, or NULL (caller frees). */
static char *part_filename(const struct mailmime_single_fields *sf, const struct mailmime *m)
{
	const char *f = sf->fld_disposition_filename ? sf->fld_disposition_filename
						     : sf->fld_content_name;
	struct sb s = SB_INIT;
	if (f) {
		mime_to_utf8(f, strlen(f), NULL, &s);
		return sb_detach(&s);
	}
	if (sf->fld_disposition)
		f = rfc2231_param(sf->fld_disposition->dsp_parms, "filename", true);
	if (!f && m->mm_content_type)
		f = rfc2231_param(m->mm_content_type->ct_parameters, "name", false);
	if (f) {
		char *d = rfc2231_decode(f);
		mime_to_utf8(d, strlen(d), NULL, &s);
		free(d);
		return sb_detach(&s);
	}
	return NULL;
}

static bool ends_with_txt(const char *f)
{
	size_t n = f ? strlen(f) : 0;
	while (n && (f[n - 1] == '"' || f[n - 1] == ' '))
		n--;
	return n >= 4 && !ascii_ncasecmp(f + n - 4, ".txt", 4);
}

/* The decoded text of a single part, or NULL when it holds no words. */
static char *part_text(const struct mailmime *m, const struct mailmime_single_fields *sf,
		       bool html, size_t *len)
{
	const struct mailmime_data *d = m->mm_data.mm_single;
	int enc = sf->fld_encoding ? sf->fld_encoding->enc_type : MAILMIME_MECHANISM_7BIT;
	const char *fmt = content_param(m->mm_content_type, "format");
	const char *delsp = content_param(m->mm_content_type, "delsp");
	struct sb raw = SB_INIT, utf = SB_INIT, t = SB_INIT;
	const char *src;
	size_t n;
	bool words = false;

	if (!d || d->dt_type != MAILMIME_DATA_TEXT)
		return NULL;
	src = d->dt_data.dt_text.dt_data;
	n = d->dt_data.dt_text.dt_length;
	if (enc == MAILMIME_MECHANISM_QUOTED_PRINTABLE)
		mime_qp_decode(src, n, &raw);
	else if (enc == MAILMIME_MECHANISM_BASE64)
		mime_b64_decode(src, n, &raw);
	else /* 7bit, 8bit, binary, or a token we do not know: as it is */
		sb_add(&raw, src, n);
	mime_to_utf8(sb_str(&raw), raw.len, sf->fld_content_charset, &utf);
	sb_release(&raw);
	if (html) {
		mime_html_to_text(sb_str(&utf), utf.len, &t);
		sb_release(&utf);
		mime_text_tidy(&t, false, false);
	} else {
		t = utf;
		mime_text_tidy(&t, fmt && !ascii_casecmp(fmt, "flowed"),
			       delsp && !ascii_casecmp(delsp, "yes"));
	}
	for (size_t i = 0; i < t.len && !words; i++)
		words = t.buf[i] != ' ' && t.buf[i] != '\n' && t.buf[i] != '\t';
	if (!words) {
		sb_release(&t);
		return NULL;
	}
	*len = t.len;
	return sb_detach(&t);
}

/* Keep text (owned) in slot while the budget lasts. */
static bool take(struct walk *w, struct mime_text *slot, char *text, size_t len,
		 char *source)
{
	if (!text || len > w->budget) {
		free(text);
		free(source);
		return false;
	}
	w->budget -= len;
	slot->text = text;
	slot->len = len;
	slot->source = source;
	return true;
}

static void single(struct walk *w, struct mailmime *m)
{
	struct mailmime_single_fields sf;
	char *type = content_type(m->mm_content_type), *text, *fname;
	bool attachment, txt;
	size_t len = 0;

	mailmime_single_fields_init(&sf, m->mm_mime_fields, m->mm_content_type);
	fname = part_filename(&sf, m);
	attachment = sf.fld_disposition && sf.fld_disposition->dsp_type
			     ? sf.fld_disposition->dsp_type->dsp_type ==
				       MAILMIME_DISPOSITION_TYPE_ATTACHMENT
			     : fname != NULL;
	txt = ends_with_txt(fname);
	if (!strcmp(type, "message/delivery-status"))
		w->out->bounce = true;
	if (!strcmp(type, "text/plain") && !attachment) {
		if (w->nplain < MAX_TEXTS && (text = part_text(m, &sf, false, &len)) &&
		    take(w, &w->plain[w->nplain], text, len, xstrdup(type)))
			w->nplain++;
	} else if (!strcmp(type, "text/html") && !attachment && !w->html.text) {
		if ((text = part_text(m, &sf, true, &len)))
			take(w, &w->html, text, len, xstrdup(type));
	} else if ((txt || (!strcmp(type, "text/plain") && attachment)) &&
		   w->nattach < MAX_TEXTS && (text = part_text(m, &sf, false, &len))) {
		char *source = xasprintf("attachment %s", fname ? fname : type);
		if (take(w, &w->attach[w->nattach], text, len, source))
			w->nattach++;
	}
	free(fname);
	free(type);
}

static void walk(struct walk *w, struct mailmime *m, int depth)
{
	if (m && depth > MAX_DEPTH)
		w->too_deep = true;
	if (!m || depth > MAX_DEPTH || ++w->parts > MAX_PARTS)
		return;
	if (m->mm_type == MAILMIME_SINGLE) {
		single(w, m);
	} else if (m->mm_type == MAILMIME_MULTIPLE) {
		char *type = content_type(m->mm_content_type);
		clist *l = m->mm_data.mm_multipart.mm_mp_list;
		if (!strcmp(type, "multipart/report"))
			w->out->bounce = true;
		free(type);
		if (!l || clist_isempty(l))
			w->empty_multipart = true;
		for (clistiter *it = l ? clist_begin(l) : NULL; it; it = clist_next(it))
			walk(w, clist_content(it), depth + 1);
	}
	/* MAILMIME_MESSAGE below the top: a forwarded mail, not ours. */
}

/* --- headers ------------------------------------------------------------- */

/* Header text for a reply or a log: RFC 2047 decoded, UTF-8, one line. */
static char *header_text(const char *value)
{
	struct sb in = SB_INIT, t = SB_INIT;
	char *dec = NULL;
	size_t idx = 0;
	/* Raw 8-bit bytes in a header are UTF-8 or, failing that, cp1252;
	 * libetpan would turn the latter into '?'. */
	mime_to_utf8(value, strlen(value), NULL, &in);
	if (mailmime_encoded_phrase_parse("utf-8", sb_str(&in), in.len, &idx, "utf-8", &dec) ==
		    MAILIMF_NO_ERROR &&
	    dec) {
		mime_to_utf8(dec, strlen(dec), NULL, &t);
		free(dec);
	} else {
		sb_add(&t, sb_str(&in), in.len);
	}
	sb_release(&in);
	for (size_t i = 0; i < t.len; i++)
		if ((unsigned char)t.buf[i] < ' ' || t.buf[i] == 0x7f)
			t.buf[i] = ' ';
	return str_trim(sb_detach(&t));
}

/* A message id fit for In-Reply-To: printable ASCII, no blanks or <>. */
static char *id_copy(const char *id)
{
	size_t n = id ? strlen(id) : 0;
	if (!n || n > 250)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (id[i] <= ' ' || id[i] >= 127 || id[i] == '<' || id[i] == '>')
			return NULL;
	return xstrdup(id);
}

static void optional_field(struct mime_result *r, const char *name, const char *value)
{
	if (!ascii_casecmp(name, "Auto-Submitted") && !r->auto_submitted) {
		r->auto_submitted = header_text(value);
	} else if (!ascii_casecmp(name, "Precedence") && !r->precedence) {
		r->precedence = header_text(value);
	} else if (!ascii_casecmp(name, "X-Loop")) {
		char *v = header_text(value);
		char *joined = r->x_loop ? xasprintf("%s\n%s", r->x_loop, v) : xstrdup(v);
		free(r->x_loop);
		free(v);
		r->x_loop = joined;
	} else if (!ascii_casecmp(name, "Return-Path") && !r->return_path) {
		/* libetpan leaves a Return-Path it cannot parse here. */
		char *v = header_text(value);
		if (!strcmp(v, "<>") || !*v)
			r->return_path = xstrdup("");
		free(v);
	} else if (!ascii_casecmp(name, "Content-Type")) {
		char *v = header_text(value);
		if (!ascii_ncasecmp(v, "multipart/report", 16))
			r->bounce = true;
		free(v);
	}
}

static void headers(struct mime_result *r, struct mailimf_fields *f)
{
	struct mailimf_single_fields sf;
	if (!f)
		return;
	mailimf_single_fields_init(&sf, f);
	if (sf.fld_from && sf.fld_from->frm_mb_list &&
	    !clist_isempty(sf.fld_from->frm_mb_list->mb_list)) {
		const struct mailimf_mailbox *mb =
			clist_content(clist_begin(sf.fld_from->frm_mb_list->mb_list));
		if (mb->mb_addr_spec && mail_address_ok(mb->mb_addr_spec))
			r->from = xstrdup(mb->mb_addr_spec);
		if (mb->mb_display_name)
			r->from_name = header_text(mb->mb_display_name);
	}
	if (sf.fld_message_id)
		r->message_id = id_copy(sf.fld_message_id->mid_value);
	if (sf.fld_subject)
		r->subject = header_text(sf.fld_subject->sbj_value);
	if (sf.fld_in_reply_to && !clist_isempty(sf.fld_in_reply_to->mid_list))
		r->in_reply_to = id_copy(clist_content(clist_begin(sf.fld_in_reply_to->mid_list)));
	for (clistiter *it = clist_begin(f->fld_list); it; it = clist_next(it)) {
		const struct mailimf_field *fld = clist_content(it);
		if (fld->fld_type == MAILIMF_FIELD_RETURN_PATH && !r->return_path) {
			const struct mailimf_path *p = fld->fld_data.fld_return_path->ret_path;
			r->return_path = xstrdup(p && p->pt_addr_spec ? p->pt_addr_spec : "");
		} else if (fld->fld_type == MAILIMF_FIELD_OPTIONAL_FIELD) {
			const struct mailimf_optional_field *o = fld->fld_data.fld_optional_field;
			optional_field(r, o->fld_name, o->fld_value);
		}
	}
	if (r->return_path && !*r->return_path)
		r->bounce = true;
	if (r->from && !ascii_ncasecmp(r->from, "mailer-daemon@", 14))
		r->bounce = true;
}

/* --- the message --------------------------------------------------------- */

/* libetpan returns a multipart whose close delimiter is damaged with no
 * parts at all (LIBETPAN.md §3.4): close it properly and parse again.
 * Returns the repaired copy (caller frees) or NULL when there is nothing
 * to repair. */
static char *close_boundary(const char *raw, size_t len, struct mailmime *body,
			    size_t *newlen)
{
	const char *b = body && body->mm_type == MAILMIME_MULTIPLE
				? content_param(body->mm_content_type, "boundary")
				: NULL;
	const char *eol, *nl;
	struct sb s = SB_INIT;
	clist *l = body ? body->mm_data.mm_multipart.mm_mp_list : NULL;
	if (!b || !*b || (l && !clist_isempty(l)))
		return NULL;
	/* The delimiter must be in the message's own line-end style. */
	nl = memchr(raw, '\n', len);
	eol = nl && nl > raw && nl[-1] == '\r' ? "\r\n" : "\n";
	while (len && (raw[len - 1] == '\n' || raw[len - 1] == '\r' || raw[len - 1] == ' ' ||
		       raw[len - 1] == '\t'))
		len--;
	sb_add(&s, raw, len);
	sb_addf(&s, "%s--%s--%s", eol, b, eol);
	*newlen = s.len;
	return sb_detach(&s);
}

/* The body as it stands in the mail, for a multipart libetpan cannot
 * split (no boundary, or damaged beyond the repair above). */
static void raw_body(struct walk *w, const char *raw, size_t len)
{
	struct sb t = SB_INIT;
	size_t i, n;
	mail_header_end(raw, len, &i);
	if (i >= len)
		return;
	mime_to_utf8(raw + i, len - i, NULL, &t);
	mime_text_tidy(&t, false, false);
	n = t.len;
	if (n && take(w, &w->plain[0], sb_detach(&t), n, xstrdup("raw body")))
		w->nplain = 1;
	sb_release(&t);
}

static int collect(struct walk *w, struct mime_result *out, char **err)
{
	size_t n = w->nplain + w->nattach + (!w->nplain && w->html.text);
	size_t k = 0;
	out->texts = n ? xcalloc(n, sizeof *out->texts) : NULL;
	for (size_t i = 0; i < w->nplain; i++)
		out->texts[k++] = w->plain[i];
	if (!w->nplain && w->html.text)
		out->texts[k++] = w->html;
	else if (w->html.text) {
		free(w->html.text);
		free(w->html.source);
	}
	for (size_t i = 0; i < w->nattach; i++)
		out->texts[k++] = w->attach[i];
	out->n = k;
	if (k)
		return MIME_OK;
	if (w->too_deep)
		*err = xasprintf("the mail's parts are nested more than %d deep, and none above "
				 "that is text", MAX_DEPTH);
	else
		*err = xstrdup("the mail has no text part");
	return MIME_NO_TEXT;
}

static int parse_full(const char *raw, size_t len, struct mime_result *out, char **err)
{
	struct walk w;
	struct mailmime *mime = NULL, *body;
	char *fixed = NULL;
	size_t idx = 0, flen = 0;
	int rc;

	memset(&w, 0, sizeof w);
	w.out = out;
	w.budget = 4 * len + 65536; /* UTF-8 of any charset fits, with room */
	if (mailmime_parse(raw, len, &idx, &mime) != MAILIMF_NO_ERROR || !mime) {
		*err = xstrdup("the mail cannot be parsed");
		return MIME_NO_TEXT;
	}
	body = mime->mm_type == MAILMIME_MESSAGE ? mime->mm_data.mm_message.mm_msg_mime : mime;
	if ((fixed = close_boundary(raw, len, body, &flen))) {
		struct mailmime *again = NULL;
		idx = 0;
		if (mailmime_parse(fixed, flen, &idx, &again) == MAILIMF_NO_ERROR && again) {
			mailmime_free(mime);
			mime = again;
			body = mime->mm_type == MAILMIME_MESSAGE
				       ? mime->mm_data.mm_message.mm_msg_mime
				       : mime;
		}
	}
	if (mime->mm_type == MAILMIME_MESSAGE)
		headers(out, mime->mm_data.mm_message.mm_fields);
	walk(&w, body, 0);
	if (!w.nplain && !w.nattach && !w.html.text && body) {
		char *type = content_type(body->mm_content_type);
		if (!strncmp(type, "multipart/", 10) &&
		    (w.empty_multipart || body->mm_type == MAILMIME_SINGLE))
			raw_body(&w, raw, len);
		free(type);
	}
	rc = collect(&w, out, err);
	mailmime_free(mime); /* the tree points into fixed */
	free(fixed);
	return rc;
}

static int parse_headers(const char *raw, size_t len, struct mime_result *out, char **err)
{
	struct mailimf_fields *f = NULL;
	size_t idx = 0;
	if (mailimf_envelope_and_optional_fields_parse(raw, len, &idx, &f) == MAILIMF_NO_ERROR) {
		headers(out, f);
		mailimf_fields_free(f);
	}
	*err = xstrdup("only the headers were read");
	return MIME_NO_TEXT;
}

int mime_parse_unsafe(const char *raw, size_t len, enum mime_mode mode,
		      struct mime_result *out, char **err)
{
	memset(out, 0, sizeof *out);
	*err = NULL;
	return mode == MIME_PARSE_HEADERS ? parse_headers(raw, len, out, err)
					  : parse_full(raw, len, out, err);
}
