/* header.c - an RFC 5322 header block read in place; see header.h. */
#include "header.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

bool mail_is_message(const char *text, size_t len)
{
	size_t i = 0;
	bool any = false;
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len, j = i;
		if (end == i || (end == i + 1 && text[i] == '\r'))
			return any;
		if (text[i] == ' ' || text[i] == '\t') {
			if (!any)
				return false;
		} else {
			while (j < end && text[j] > ' ' && text[j] < 127 && text[j] != ':')
				j++;
			if (j == i || j == end || text[j] != ':')
				return false;
			any = true;
		}
		i = end + 1;
	}
	return any;
}

/* Unfolded value of the next header name in the hlen bytes of the header
 * block, from offset *at on, which moves past it; NULL when there is no
 * more (caller frees). */
static char *header_next(const char *text, size_t hlen, const char *name, size_t *at)
{
	size_t n = strlen(name), i = *at;
	while (i < hlen) {
		const char *nl = memchr(text + i, '\n', hlen - i);
		size_t end = nl ? (size_t)(nl - text) : hlen;
		if (end - i > n && text[i + n] == ':' && !ascii_ncasecmp(text + i, name, n)) {
			struct sb v = SB_INIT;
			sb_add(&v, text + i + n + 1, end - i - n - 1);
			i = end + 1;
			while (i < hlen && (text[i] == ' ' || text[i] == '\t')) {
				nl = memchr(text + i, '\n', hlen - i);
				end = nl ? (size_t)(nl - text) : hlen;
				sb_addc(&v, ' ');
				sb_add(&v, text + i, end - i);
				i = end + 1;
			}
			/* Unfolding leaves the CR of each CRLF inside the value,
			 * and a lone CR may stand anywhere: the value goes into
			 * our replies' In-Reply-To, where a CR would end the
			 * header line and start one of the sender's choosing. */
			/* A NUL, never valid in a header, would end the value
			 * as a C string where it stands: a NUL in a From's
			 * display name would cut off the address after it. */
			for (size_t k = 0; k < v.len; k++)
				if (v.buf[k] == '\r' || v.buf[k] == '\0')
					v.buf[k] = ' ';
			*at = i;
			return str_trim(sb_detach(&v));
		}
		i = end + 1;
	}
	*at = hlen;
	return NULL;
}

size_t mail_envelope_skip(const char *text, size_t len)
{
	const char *nl;
	size_t skip;
	if (len <= 5 || memcmp(text, "From ", 5))
		return 0;
	nl = memchr(text, '\n', len);
	skip = nl ? (size_t)(nl - text) + 1 : len;
	return mail_is_message(text + skip, len - skip) ? skip : 0;
}

size_t mail_header_end(const char *text, size_t len, size_t *body)
{
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len;
		if (end == i || (end == i + 1 && text[i] == '\r')) {
			if (body)
				*body = end < len ? end + 1 : len;
			return i;
		}
		i = end + 1;
	}
	if (body)
		*body = len;
	return len;
}

char *mail_header_get(const char *text, size_t len, const char *name)
{
	size_t at = 0;
	if (!mail_is_message(text, len))
		return NULL;
	return header_next(text, mail_header_end(text, len, NULL), name, &at);
}

char *mail_address_of(const char *value)
{
	const char *lt = value ? strrchr(value, '<') : NULL, *gt = lt ? strchr(lt, '>') : NULL;
	char *addr;
	if (!value)
		return NULL;
	addr = lt && gt ? xstrndup(lt + 1, (size_t)(gt - lt - 1)) : str_trim(xstrdup(value));
	if (!mail_address_ok(addr)) {
		free(addr);
		return NULL;
	}
	return addr;
}

char *mail_loop_mark(const char *from)
{
	const char *at = from ? strrchr(from, '@') : NULL;
	return xasprintf("wyrmpost@%s", at ? at + 1 : "localhost");
}

/* Is c part of an address (RFC 5322 atext, dots, the at sign)? */
static bool address_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("!#$%&'*+-/=?^_`{|}~.@", c));
}

/* Does value hold addr as a whole address ("<addr>", "addr (loop)"), not
 * as a piece of a longer one ("addr.evil")?  ASCII case-insensitive. */
static bool holds_address(const char *value, const char *addr)
{
	size_t n = strlen(addr);
	for (const char *v = value; n && (v = strcasestr(v, addr)); v++)
		if ((v == value || !address_char(v[-1])) && !address_char(v[n]))
			return true;
	return false;
}

/* Does the first header name of the block (every one, when every is
 * set) hold a value that test accepts? */
static bool header_is(const char *raw, size_t hlen, const char *name, bool every,
		      bool (*test)(const char *value, const char *arg), const char *arg)
{
	size_t at = 0;
	bool found = false;
	char *v;
	while (!found && (v = header_next(raw, hlen, name, &at))) {
		found = test(v, arg);
		free(v);
		if (!every)
			break;
	}
	return found;
}

static bool starts_with(const char *value, const char *word)
{
	return !ascii_ncasecmp(value, word, strlen(word));
}

/* Auto-Submitted other than "no", which may carry a comment or
 * parameters: "no (human)", "no; x=y". */
static bool automatic(const char *v, const char *unused)
{
	(void)unused;
	return ascii_ncasecmp(v, "no", 2) || (v[2] && v[2] != ' ' && v[2] != ';' && v[2] != '(');
}

static bool bulk(const char *v, const char *unused)
{
	(void)unused;
	return starts_with(v, "bulk") || starts_with(v, "junk") || starts_with(v, "list");
}

/* "<>", "< >" or nothing: the null sender of bounces (RFC 5321). */
static bool null_path(const char *v, const char *unused)
{
	(void)unused;
	if (!*v)
		return true;
	if (*v++ != '<')
		return false;
	while (*v == ' ' || *v == '\t')
		v++;
	return *v == '>';
}

static bool from_daemon(const char *v, const char *unused)
{
	char *addr = mail_address_of(v);
	bool daemon = starts_with(v, "MAILER-DAEMON") || strcasestr(v, "<MAILER-DAEMON") ||
		      (addr && starts_with(addr, "mailer-daemon@"));
	(void)unused;
	free(addr);
	return daemon;
}

static bool from_address(const char *v, const char *ours)
{
	char *addr = mail_address_of(v);
	bool same = addr && !ascii_casecmp(addr, ours);
	free(addr);
	return same;
}

const char *mail_never_answer(const char *raw, size_t len, const char *our_address)
{
	const char *why = NULL;
	char *loop;
	size_t hlen;

	if (!mail_is_message(raw, len))
		return NULL;
	hlen = mail_header_end(raw, len, NULL);
	loop = our_address ? mail_loop_mark(our_address) : NULL;
	if (header_is(raw, hlen, "Auto-Submitted", false, automatic, NULL))
		why = "Auto-Submitted";
	else if (header_is(raw, hlen, "Precedence", false, bulk, NULL))
		why = "Precedence bulk, junk or list";
	else if (loop && header_is(raw, hlen, "X-Loop", true, holds_address, loop))
		why = "our own X-Loop";
	else if (header_is(raw, hlen, "Return-Path", false, null_path, NULL))
		why = "a bounce (empty Return-Path)";
	else if (header_is(raw, hlen, "From", false, from_daemon, NULL))
		why = "a bounce (MAILER-DAEMON)";
	else if (header_is(raw, hlen, "Content-Type", true, starts_with, "multipart/report"))
		why = "a delivery report";
	else if (our_address && header_is(raw, hlen, "From", false, from_address, our_address))
		why = "from the campaign's own address";
	free(loop);
	return why;
}
