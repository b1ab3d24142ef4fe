/* outbox.c - RFC 5322 messages into the outbox Maildir; see outbox.h. */
#include "outbox.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <nettle/base64.h>

#include "fsutil.h"
#include "util.h"

static bool is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80 || *s == '\r' || *s == '\n')
			return false;
	return true;
}

/* RFC 2047 encoded word for a header value that is not plain ASCII. */
static void add_header_text(struct sb *out, const char *s)
{
	size_t n = strlen(s);
	char *enc;
	if (is_ascii(s)) {
		sb_adds(out, s);
		return;
	}
	enc = xmalloc(BASE64_ENCODE_RAW_LENGTH(n) + 1);
	base64_encode_raw(enc, n, (const uint8_t *)s);
	enc[BASE64_ENCODE_RAW_LENGTH(n)] = '\0';
	sb_addf(out, "=?UTF-8?B?%s?=", enc);
	free(enc);
}

static void add_mailbox(struct sb *out, const char *name, const char *addr)
{
	if (name && *name) {
		if (is_ascii(name) && !strpbrk(name, "\"\\()<>,;:@[]")) {
			sb_addf(out, "%s", name);
		} else {
			add_header_text(out, name);
		}
		sb_addf(out, " <%s>", addr);
	} else {
		sb_adds(out, addr);
	}
}

static const char *domain_of(const char *addr)
{
	const char *at = strrchr(addr, '@');
	return at ? at + 1 : "localhost";
}

static void add_body(struct sb *out, const char *body)
{
	for (const char *p = body; *p; p++) {
		if (*p == '\n')
			sb_addc(out, '\r');
		sb_addc(out, *p);
	}
	if (out->len < 2 || out->buf[out->len - 1] != '\n')
		sb_adds(out, "\r\n");
}

/* Base64 in lines of 76 characters (RFC 2045). */
static void add_base64(struct sb *out, const char *data, size_t len)
{
	char line[77];
	for (size_t i = 0; i < len; i += 57) {
		size_t n = len - i < 57 ? len - i : 57;
		base64_encode_raw(line, n, (const uint8_t *)data + i);
		sb_add(out, line, BASE64_ENCODE_RAW_LENGTH(n));
		sb_adds(out, "\r\n");
	}
}

char *outbox_render(const struct outmsg *m)
{
	struct sb out = SB_INIT;
	char date[64];
	struct tm tm;
	time_t t = (time_t)m->date;

	gmtime_r(&t, &tm);
	strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	sb_adds(&out, "From: ");
	add_mailbox(&out, m->from_name, m->from);
	sb_adds(&out, "\r\nTo: ");
	add_mailbox(&out, m->to_name, m->to);
	sb_adds(&out, "\r\nSubject: ");
	add_header_text(&out, m->subject);
	sb_addf(&out, "\r\nDate: %s\r\n", date);
	sb_addf(&out, "Message-ID: <%s@%s>\r\n", m->key, domain_of(m->from));
	if (m->in_reply_to) {
		sb_addf(&out, "In-Reply-To: %s\r\n", m->in_reply_to);
		sb_addf(&out, "References: %s\r\n", m->in_reply_to);
	}
	sb_addf(&out, "Auto-Submitted: %s\r\n", m->auto_submitted);
	sb_addf(&out, "X-Loop: wyrmpost@%s\r\n", domain_of(m->from));
	sb_adds(&out, "MIME-Version: 1.0\r\n");
	if (m->nattach) {
		/* The boundary only has to be absent from the parts: base64 and
		 * our text cannot contain this one. */
		sb_addf(&out, "Content-Type: multipart/mixed; boundary=\"=_wyrmpost_%s\"\r\n\r\n"
			      "This is a message in MIME format.\r\n"
			      "--=_wyrmpost_%s\r\n", m->key, m->key);
	}
	sb_adds(&out, "Content-Type: text/plain; charset=utf-8\r\n"
		      "Content-Transfer-Encoding: 8bit\r\n\r\n");
	add_body(&out, m->body);
	for (size_t i = 0; i < m->nattach; i++) {
		const struct outpart *a = &m->attach[i];
		sb_addf(&out, "--=_wyrmpost_%s\r\nContent-Type: %s; name=\"%s\"\r\n"
			      "Content-Disposition: attachment; filename=\"%s\"\r\n"
			      "Content-Transfer-Encoding: base64\r\n\r\n",
			m->key, a->content_type, a->filename, a->filename);
		add_base64(&out, a->data, a->len);
	}
	if (m->nattach)
		sb_addf(&out, "--=_wyrmpost_%s--\r\n", m->key);
	return sb_detach(&out);
}

int outbox_put(const char *dir, const struct outmsg *m, char **err)
{
	/* Maildir delivery: complete the file in tmp/, then rename into new/,
	 * so a reader never sees half a message. */
	static const char *const sub[] = { "tmp", "new", "cur" };
	char *tmp = xasprintf("%s/outbox/tmp/%s.eml", dir, m->key);
	char *path = xasprintf("%s/outbox/new/%s.eml", dir, m->key);
	char *text = outbox_render(m);
	int rc = 0;
	for (size_t i = 0; i < ARRAY_SIZE(sub) && !rc; i++) {
		char *d = xasprintf("%s/outbox/%s", dir, sub[i]);
		rc = fs_mkdirs(d, err);
		free(d);
	}
	if (!rc)
		rc = fs_write_atomic(tmp, text, strlen(text), err);
	if (!rc)
		rc = fs_rename(tmp, path, err);
	free(text);
	free(path);
	free(tmp);
	return rc;
}
