/* outbox.c - outgoing messages built with libetpan's MIME writer, into the
 * outbox Maildir; see outbox.h.
 *
 * The same struct outmsg must give the same bytes every time: a turn that
 * is redone after a crash rewrites its mail, and the project promises
 * byte-identical results from the same state, orders and seed.  libetpan's
 * helpers would break that in three places, so they are not used:
 * mailimf_fields_new_with_data() invents a Message-ID and reads the clock
 * for Date, and mailmime_new_empty() (and so mailmime_smart_add_part() and
 * mailmime_multiple_new()) draws a random multipart boundary.  The header
 * fields are made here from the message's key, sender and date, and the
 * multipart is made with a boundary derived from the key.
 *
 * libetpan writes CRLF line ends, folds the header fields and writes
 * base64 in lines of 76 characters.  It has no RFC 2047 encoder, so the
 * encoded-words are made here.  The text goes out as 8bit, which keeps it
 * readable as it is; only a text that 8bit cannot carry (a line over 998
 * bytes, a bare CR) goes as base64, because libetpan's writer would cut
 * such a line and its quoted-printable encoder changes trailing blanks
 * (LIBETPAN.md section 3.3).
 */
#include "outbox.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libetpan/libetpan.h>
#include <nettle/base64.h>

#include "fsutil.h"
#include "hash.h"
#include "header.h"
#include "utf8.h"
#include "util.h"

/* libetpan returns NULL or an error code only when it runs out of memory
 * (everything handed to it here is well-formed), which the project treats
 * as fatal everywhere (util.h). */
static void *need(void *p)
{
	if (!p)
		BUG("libetpan ran out of memory building a message");
	return p;
}

static void need_ok(int r)
{
	if (r != MAILIMF_NO_ERROR)
		BUG("libetpan failed building a message (error %d)", r);
}

/* --- header text ------------------------------------------------------------- */

/* The longest UTF-8 piece of one encoded-word: 36 bytes are 48 base64
 * characters, 60 with "=?UTF-8?B?" and "?=", so that "Subject: " and the
 * first word fit in one line; RFC 2047 allows 75. */
#define WORD_BYTES 36

/* s as RFC 2047 B encoded-words of at most max bytes each, cut between
 * UTF-8 characters and joined by spaces.  A reader drops the space between
 * two encoded-words, so the text comes back exactly. */
static char *encoded_words(const char *s, size_t max)
{
	struct sb out = SB_INIT;
	size_t len = strlen(s), i = 0;
	char *b64 = xmalloc(BASE64_ENCODE_RAW_LENGTH(max < len ? max : len) + 1);

	do {
		size_t n = len - i < max ? len - i : max, k = n;
		/* Never split a character (unless this is not UTF-8 at all). */
		while (i + n < len && k > 0 && utf8_continues(s[i + k]))
			k--;
		if (i + n < len && k > 0)
			n = k;
		base64_encode_raw(b64, n, (const uint8_t *)s + i);
		sb_addf(&out, "%s=?UTF-8?B?%.*s?=", i ? " " : "",
			(int)BASE64_ENCODE_RAW_LENGTH(n), b64);
		i += n;
	} while (i < len);
	free(b64);
	return sb_detach(&out);
}

/* Can libetpan write s as it is, and will a reader get s back?  Printable
 * ASCII only, and no "=?" that would read as an encoded-word.  libetpan
 * writes a subject, and a display name of atoms, as words: it folds at
 * blanks and writes every run of blanks as one space, so a blank must be
 * single and between words, and a word must fit in a line. */
static bool plain_ascii(const char *s)
{
	size_t word = 0;
	if (strstr(s, "=?") || *s == ' ')
		return false;
	for (const char *p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == ' ') {
			if (p[1] == ' ' || p[1] == '\0')
				return false;
			word = 0;
		} else if (c < 0x20 || c > 0x7e || ++word > 900) {
			return false;
		}
	}
	return true;
}

/* A display name for libetpan: as it is when plain_ascii() (libetpan makes
 * a quoted-string of any name that is not atoms and blanks), else one
 * encoded-word.  Only one, however long: some libetpan versions quote a
 * name with blanks in it, and an encoded-word inside quotes is not decoded
 * (RFC 2047 section 5). */
static char *display_name(const char *name)
{
	if (!name || !*name)
		return NULL;
	/* libetpan refuses a quoted-string over 499 bytes; an encoded-word
	 * is an atom and has no such limit. */
	if (plain_ascii(name) && strlen(name) < 400)
		return xstrdup(name);
	return encoded_words(name, strlen(name));
}

static const char *domain_of(const char *addr)
{
	const char *at = strrchr(addr, '@');
	return at ? at + 1 : "localhost";
}

/* The id inside in_reply_to ("<id>", as the player's mail had it), or NULL
 * when there is none fit to be written back into a header. */
static char *reply_id(const char *in_reply_to)
{
	const char *p = in_reply_to, *end;
	if (!p)
		return NULL;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '<') {
		p++;
		end = strchr(p, '>');
	} else {
		end = p + strcspn(p, " \t");
	}
	if (!end || end == p)
		return NULL;
	for (const char *q = p; q < end; q++)
		if (*q <= 0x20 || *q >= 0x7f || *q == '<' || *q == '>')
			return NULL;
	return xstrndup(p, (size_t)(end - p));
}

static clist *id_list(const char *id)
{
	clist *l = need(clist_new());
	if (clist_append(l, xstrdup(id)) < 0)
		need(NULL);
	return l;
}

static struct mailimf_fields *header_fields(const struct outmsg *m)
{
	struct mailimf_fields *f = need(mailimf_fields_new_empty());
	struct mailimf_mailbox_list *from = need(mailimf_mailbox_list_new_empty());
	struct mailimf_address_list *to = need(mailimf_address_list_new_empty());
	char *id = reply_id(m->in_reply_to);
	struct tm tm;
	time_t t = (time_t)m->date;

	gmtime_r(&t, &tm);
	need_ok(mailimf_mailbox_list_add_mb(from, display_name(m->from_name), xstrdup(m->from)));
	need_ok(mailimf_address_list_add_mb(to, display_name(m->to_name), xstrdup(m->to)));
	/* One call, so libetpan's usual order: Date, From, To, Message-ID,
	 * In-Reply-To, References, Subject.  References on a reply is the
	 * one id we know (RFC 5322 section 3.6.4). */
	need_ok(mailimf_fields_add_data(
		f,
		need(mailimf_date_time_new(tm.tm_mday, tm.tm_mon + 1, tm.tm_year + 1900,
					   tm.tm_hour, tm.tm_min, tm.tm_sec, 0)),
		from, NULL, NULL, to, NULL, NULL, xasprintf("%s@%s", m->key, domain_of(m->from)),
		id ? id_list(id) : NULL, id ? id_list(id) : NULL,
		plain_ascii(m->subject) ? xstrdup(m->subject)
					      : encoded_words(m->subject, WORD_BYTES)));
	free(id);
	if (m->auto_submitted)
		need_ok(mailimf_fields_add(f, need(mailimf_field_new_custom(
						      xstrdup("Auto-Submitted"),
						      xstrdup(m->auto_submitted)))));
	/* Our mark: a mail that comes back with it is never answered. */
	need_ok(mailimf_fields_add(f, need(mailimf_field_new_custom(
					      xstrdup("X-Loop"),
					      mail_loop_mark(m->from)))));
	return f;
}

/* --- the parts ----------------------------------------------------------------- */

static void add_param(struct mailmime_content *ct, const char *name, const char *value)
{
	if (!ct->ct_parameters)
		ct->ct_parameters = need(clist_new());
	if (clist_append(ct->ct_parameters,
			 need(mailmime_param_new_with_data((char *)name, (char *)value))) < 0)
		need(NULL);
}

/* Does 8bit fail this text (LF line ends): a line over 998 bytes, or a CR
 * that is not part of a line end? */
static bool needs_base64(const char *s, size_t len)
{
	size_t col = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\r')
			return true;
		col = s[i] == '\n' ? 0 : col + 1;
		if (col > 998)
			return true;
	}
	return false;
}

/* The text as it goes out, ending with a line end; CRLF for base64, whose
 * content must be in canonical form, LF for 8bit, which libetpan turns
 * into CRLF as it writes. */
static char *body_text(const char *body, bool b64, size_t *len)
{
	struct sb out = SB_INIT;
	const char *p = body, *nl;
	/* Line by line, not byte by byte: a report's body is a few KB. */
	while (b64 && (nl = strchr(p, '\n'))) {
		sb_add(&out, p, (size_t)(nl - p));
		sb_add(&out, "\r\n", 2);
		p = nl + 1;
	}
	sb_adds(&out, p);
	if (!out.len || out.buf[out.len - 1] != '\n')
		sb_adds(&out, b64 ? "\r\n" : "\n");
	*len = out.len;
	return sb_detach(&out);
}

/* A single part whose body is data (not copied: it must outlive the
 * message). */
static struct mailmime *single_part(struct mailmime_content *ct, struct mailmime_fields *f,
				    const char *data, size_t len)
{
	struct mailmime *part = need(mailmime_new_empty(ct, f));
	need_ok(mailmime_set_body_text(part, (char *)data, len));
	return part;
}

static struct mailmime *text_part(const char *text, size_t len, bool b64)
{
	struct mailmime_content *ct = need(mailmime_content_new_with_str("text/plain"));
	add_param(ct, "charset", "utf-8");
	return single_part(ct, need(mailmime_fields_new_encoding(
				       b64 ? MAILMIME_MECHANISM_BASE64 : MAILMIME_MECHANISM_8BIT)),
			   text, len);
}

/* data as base64 in lines of 76 characters, each ending in CRLF, the last
 * one too (an empty data is one CRLF): the very bytes libetpan's writer
 * makes (mailmime_base64_write_driver), but in one pass; libetpan writes
 * four characters a call, which for a report's PDF cost more than
 * drawing its text. */
enum { LINE = 57 }; /* bytes in, 76 characters out */

/* Room for base64_lines of len bytes (enough, not always exact). */
static size_t base64_room(size_t len)
{
	return BASE64_ENCODE_RAW_LENGTH(len) + 2 * (len / LINE + 1);
}

/* Written at p; returns the end. */
static char *base64_lines(char *p, const char *data, size_t len)
{
	size_t i = 0;
	do {
		size_t n = len - i < LINE ? len - i : LINE;
		base64_encode_raw(p, n, (const uint8_t *)data + i);
		p += BASE64_ENCODE_RAW_LENGTH(n);
		*p++ = '\r';
		*p++ = '\n';
		i += n;
	} while (i < len);
	return p;
}

/* The attachment's part, whose body is marker (a line that must outlive
 * the message) in place of the base64 lines: see outbox_render. */
static struct mailmime *attachment_part(const struct outpart *a, const char *marker)
{
	struct mailmime_content *ct = mailmime_content_new_with_str(a->content_type);
	struct mailmime *part;
	if (!ct)
		ct = need(mailmime_content_new_with_str("application/octet-stream"));
	add_param(ct, "name", a->filename);
	part = single_part(ct, need(mailmime_fields_new_filename(MAILMIME_DISPOSITION_TYPE_ATTACHMENT,
								 xstrdup(a->filename),
								 MAILMIME_MECHANISM_BASE64)),
			   marker, strlen(marker));
	part->mm_data.mm_single->dt_encoded = 1; /* written as it is */
	return part;
}

/* msg[0 .. len) with each marker[i] (in order) replaced by the base64
 * lines of attachment i, encoded where they go in a string of the right
 * size (a PDF report's are most of a mail).  Looked for past the
 * message's header, which holds text of the game master's (the sender's
 * name). */
static char *splice(const char *msg, size_t len, char *const *marker,
		    const struct outpart *attach, size_t n)
{
	size_t room = len + 1;
	const char *p = msg;
	char *out, *q;

	for (size_t i = 0; i < n; i++)
		room += base64_room(attach[i].len);
	q = out = xmalloc(room);
	if (n && !(p = strstr(msg, "\r\n\r\n")))
		BUG("a message without a header's end");
	memcpy(q, msg, (size_t)(p - msg));
	q += p - msg;
	for (size_t i = 0; i < n; i++) {
		const char *at = strstr(p, marker[i]);
		if (!at)
			BUG("the marker of attachment %zu is not in the message", i);
		memcpy(q, p, (size_t)(at - p));
		q += at - p;
		q = base64_lines(q, attach[i].data, attach[i].len);
		p = at + strlen(marker[i]);
	}
	memcpy(q, p, (size_t)(msg + len - p));
	q += msg + len - p;
	*q = '\0';
	return out;
}

static bool boundary_chars(const char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '.' || *s == '_' || *s == '-'))
			return false;
	return true;
}

/* The multipart boundary: from the key, so the same message always has
 * the same one (a hash of it when the key is long or odd: RFC 2046 allows
 * 70 characters), and never a string the text holds; the attachments are
 * base64, which has no '_'. */
static char *boundary_for(const char *key, const char *text)
{
	char *base, *b;
	if (strlen(key) <= 48 && boundary_chars(key)) {
		base = xasprintf("=_wyrmpost_%s", key);
	} else {
		char *hex = sha256_hex(key, strlen(key), 16);
		base = xasprintf("=_wyrmpost_%s", hex);
		free(hex);
	}
	b = xstrdup(base);
	for (unsigned n = 1; strstr(text, b); n++) {
		free(b);
		b = xasprintf("%s_%u", base, n);
	}
	free(base);
	return b;
}

static const char preamble[] = "This is a message in MIME format.";

/* The attachments do not go through libetpan's writer, which looks at
 * every character it writes (5 % of a pdf=embedded run): each part holds
 * a marker line, which the written message then has replaced by the
 * part's base64 lines.  The bytes are those libetpan writes, since it
 * writes an encoded body as it is.  A marker is the boundary, which
 * nothing else in the message holds (boundary_for), and a number. */
char *outbox_render(const struct outmsg *m)
{
	bool b64 = needs_base64(m->body, strlen(m->body));
	size_t tlen;
	char *text = body_text(m->body, b64, &tlen);
	struct mailmime *msg = need(mailmime_new_message_data(NULL));
	struct mailmime *top = text_part(text, tlen, b64);
	MMAPString *s = need(mmap_string_new(""));
	char *out, **marker = xcalloc(m->nattach + 1, sizeof *marker);
	int col = 0;

	mailmime_set_imf_fields(msg, header_fields(m));
	if (m->nattach) {
		struct mailmime_content *ct = need(mailmime_content_new_with_str("multipart/mixed"));
		struct mailmime *mp;
		char *boundary = boundary_for(m->key, text);
		add_param(ct, "boundary", boundary);
		mp = need(mailmime_new(MAILMIME_MULTIPLE, NULL, 0, NULL, ct, NULL, NULL, NULL,
				       need(clist_new()), NULL, NULL));
		need_ok(mailmime_set_preamble_text(mp, (char *)preamble, strlen(preamble)));
		need_ok(mailmime_add_part(mp, top));
		for (size_t i = 0; i < m->nattach; i++) {
			marker[i] = xasprintf("%s.%zu\r\n", boundary, i);
			need_ok(mailmime_add_part(mp, attachment_part(&m->attach[i], marker[i])));
		}
		top = mp;
		free(boundary);
	}
	need_ok(mailmime_add_part(msg, top));
	need_ok(mailmime_write_mem(s, &col, msg));
	out = splice(s->str, s->len, marker, m->attach, m->nattach);
	mmap_string_free(s);
	mailmime_free(msg);
	for (size_t i = 0; i < m->nattach; i++)
		free(marker[i]);
	free(marker);
	free(text);
	return out;
}

/* The maildir whose tmp/, new/ and cur/ this process has made or found:
 * looked for once, not for each mail (three stat calls a mail, twelve a
 * four-player game's turn).  Should one go meanwhile, the delivery that
 * fails looks again. */
static char *maildir_made;

static int make_maildir(const char *maildir, char **err)
{
	static const char *const sub[] = { "tmp", "new", "cur" };
	int rc = 0;
	for (size_t i = 0; i < ARRAY_SIZE(sub) && !rc; i++) {
		char *d = xasprintf("%s/%s", maildir, sub[i]);
		rc = fs_mkdirs(d, err);
		free(d);
	}
	free(maildir_made);
	maildir_made = rc ? NULL : xstrdup(maildir);
	return rc;
}

/* Maildir delivery: complete the file in tmp/, then rename into new/ (path;
 * NULL: leave it in tmp/, held), so a reader never sees half a message. */
static int deliver(const char *tmp, const char *path, const char *text, char **err)
{
	int rc = fs_write_private(tmp, text, strlen(text), err); /* welcome mails hold passwords */
	if (!rc && path)
		rc = fs_rename(tmp, path, err);
	return rc;
}

static int put(const char *maildir, const struct outmsg *m, bool hold, char **err)
{
	char *tmp = xasprintf("%s/tmp/%s.eml", maildir, m->key);
	char *path = hold ? NULL : xasprintf("%s/new/%s.eml", maildir, m->key);
	char *text = outbox_render(m);
	bool known = maildir_made && !strcmp(maildir_made, maildir);
	int rc = known ? 0 : make_maildir(maildir, err);

	if (!rc)
		rc = deliver(tmp, path, text, err);
	if (rc && known) {
		free(*err);
		*err = NULL;
		rc = make_maildir(maildir, err);
		if (!rc)
			rc = deliver(tmp, path, text, err);
	}
	free(text);
	free(path);
	free(tmp);
	return rc;
}

int outbox_put(const char *maildir, const struct outmsg *m, char **err)
{
	return put(maildir, m, false, err);
}

int outbox_hold(const char *maildir, const struct outmsg *m, char **err)
{
	return put(maildir, m, true, err);
}

int outbox_release(const char *maildir, const char *key, char **err)
{
	char *tmp = xasprintf("%s/tmp/%s.eml", maildir, key);
	char *path = xasprintf("%s/new/%s.eml", maildir, key);
	int rc = fs_rename(tmp, path, err);
	free(path);
	free(tmp);
	return rc;
}
