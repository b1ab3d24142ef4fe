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
	return false;
}

/* Unfolded value of header name in the hlen bytes of the header block,
 * or NULL (caller frees). */
static char *header_value(const char *text, size_t hlen, const char *name)
{
	size_t n = strlen(name), i = 0;
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
			for (size_t k = 0; k < v.len; k++)
				if (v.buf[k] == '\r')
					v.buf[k] = ' ';
			return str_trim(sb_detach(&v));
		}
		i = end + 1;
	}
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
	if (!mail_is_message(text, len))
		return NULL;
	return header_value(text, mail_header_end(text, len, NULL), name);
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
