/* send-addr.c - envelope addresses: what may go into MAIL FROM and RCPT TO,
 * and the recipients named in a message's To: and Cc: headers; see send.h.
 *
 * libetpan writes addresses into SMTP commands with a bare snprintf, so
 * anything that could end or extend a command line (CR, LF, blanks, <>)
 * must be stopped here.
 */
#include "send.h"

#include <stdlib.h>
#include <string.h>

static bool is_atext(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       (ch && strchr("!#$%&'*+-/=?^_`{|}~", ch));
}

static bool local_ok(const char *s, size_t n)
{
	if (n == 0 || n > 64 || s[0] == '.' || s[n - 1] == '.')
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.' ? s[i + 1] == '.' : !is_atext((unsigned char)s[i]))
			return false;
	}
	return true;
}

static bool domain_ok(const char *s)
{
	size_t label = 0, n = strlen(s);
	if (n == 0 || n > 253)
		return false;
	for (size_t i = 0; i <= n; i++) {
		char ch = s[i];
		if (ch == '.' || ch == '\0') {
			if (label == 0 || label > 63 || s[i - 1] == '-')
				return false;
			label = 0;
		} else if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			   (ch >= '0' && ch <= '9') || (ch == '-' && label > 0)) {
			label++;
		} else {
			return false;
		}
	}
	return true;
}

bool send_address_ok(const char *addr)
{
	const char *at = strchr(addr, '@');
	if (!at || strchr(at + 1, '@') || strlen(addr) > 254)
		return false;
	return local_ok(addr, (size_t)(at - addr)) && domain_ok(at + 1);
}

/* The unfolded values of every header called name, in order. */
static void header_values(const char *msg, size_t len, const char *name, struct strlist *out)
{
	size_t nlen = strlen(name), i = 0;
	while (i < len && msg[i] != '\r' && msg[i] != '\n') {
		size_t start = i, end;
		struct sb v = SB_INIT;
		/* one field: this line and the continuation lines after it */
		do {
			while (i < len && msg[i] != '\n')
				i++;
			i++;
		} while (i < len && (msg[i] == ' ' || msg[i] == '\t'));
		end = i > len ? len : i;
		if (end - start > nlen && msg[start + nlen] == ':' &&
		    !ascii_ncasecmp(msg + start, name, nlen)) {
			for (size_t k = start + nlen + 1; k < end; k++)
				if (msg[k] != '\r' && msg[k] != '\n')
					sb_addc(&v, msg[k]);
			strlist_take(out, sb_detach(&v));
		}
	}
}

/* Keep one address of an address list: the part in <> if there is one,
 * else the token itself without comments. */
static int take_address(const char *s, size_t n, struct strlist *rcpt, char **err)
{
	struct sb a = SB_INIT, angle = SB_INIT;
	int depth = 0, rc = 0;
	bool quoted = false, in_angle = false, had_angle = false;
	for (size_t i = 0; i < n; i++) {
		char ch = s[i];
		if (quoted) {
			if (ch == '\\' && i + 1 < n)
				i++;
			else if (ch == '"')
				quoted = false;
			continue;
		}
		if (depth) {
			depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
			if (ch == '\\' && i + 1 < n)
				i++;
			continue;
		}
		if (ch == '"' && !in_angle)
			quoted = true;
		else if (ch == '(')
			depth = 1;
		else if (ch == '<' && !in_angle)
			in_angle = had_angle = true;
		else if (ch == '>' && in_angle)
			in_angle = false;
		else
			sb_addc(in_angle ? &angle : &a, ch);
	}
	sb_addc(&a, '\0'); /* so that a.buf exists for str_trim */
	{
		/* Blanks only around the address: "ann @x" is not ann@x. */
		const char *addr = had_angle ? sb_str(&angle) : str_trim(a.buf);
		if (!*addr && !had_angle) {
			/* an empty element, as in "a@x, , b@y": nothing to take */
		} else if (!send_address_ok(addr)) {
			char *shown = xstrndup(s, n);
			*err = xasprintf("recipient '%s' is not a usable address", str_trim(shown));
			free(shown);
			rc = -1;
		} else if (!strlist_has(rcpt, addr)) {
			strlist_add(rcpt, addr);
		}
	}
	sb_release(&a);
	sb_release(&angle);
	return rc;
}

/* Split an address list at the commas outside quotes, comments and <>;
 * "group: a, b;" gives a and b. */
static int take_list(const char *v, struct strlist *rcpt, char **err)
{
	size_t start = 0, n = strlen(v);
	int depth = 0;
	bool quoted = false, in_angle = false;
	for (size_t i = 0; i <= n; i++) {
		char ch = i < n ? v[i] : ',';
		if (quoted) {
			if (ch == '\\' && i + 1 < n)
				i++;
			else if (ch == '"')
				quoted = false;
		} else if (depth) {
			depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
			if (ch == '\\' && i + 1 < n)
				i++;
		} else if (ch == '"') {
			quoted = true;
		} else if (ch == '(') {
			depth = 1;
		} else if (ch == '<') {
			in_angle = true;
		} else if (ch == '>') {
			in_angle = false;
		} else if (ch == ':' && !in_angle) {
			start = i + 1; /* a group's name */
		} else if ((ch == ',' || ch == ';') && !in_angle) {
			if (take_address(v + start, i - start, rcpt, err))
				return -1;
			start = i + 1;
		}
	}
	if (quoted || depth || in_angle) {
		*err = xasprintf("recipient list '%s' is not closed", v);
		return -1;
	}
	return 0;
}

int send_recipients(const char *msg, size_t len, struct strlist *rcpt, char **err)
{
	static const char *const fields[] = { "To", "Cc" };
	struct strlist values = STRLIST_INIT;
	int rc = 0;
	for (size_t f = 0; f < ARRAY_SIZE(fields); f++)
		header_values(msg, len, fields[f], &values);
	for (size_t i = 0; i < values.n && !rc; i++)
		rc = take_list(values.v[i], rcpt, err);
	strlist_clear(&values);
	if (!rc && rcpt->n == 0) {
		*err = xstrdup("no recipient in To: or Cc:");
		rc = -1;
	}
	return rc;
}
