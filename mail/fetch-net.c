/* fetch-net.c - what the IMAP and POP3 sources share: their URL and the
 * password file.  The server's TLS certificate is checked by tls-verify.c,
 * which send uses too.
 */
#include "fetch-int.h"
#include "fsutil.h"

#include <stdlib.h>
#include <string.h>

/* --- the URL ----------------------------------------------------------------- */

/* %-decode s[0..n); NULL when an escape is bad or decodes to a control. */
static char *pct_decode(const char *s, size_t n)
{
	struct sb out = SB_INIT;
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == '%') {
			int h = i + 2 < n ? hex_digit(s[i + 1]) : -1;
			int l = i + 2 < n ? hex_digit(s[i + 2]) : -1;
			if (h < 0 || l < 0) {
				sb_release(&out);
				return NULL;
			}
			ch = (unsigned char)(h * 16 + l);
			i += 2;
		}
		if (ch < 0x20 || ch == 0x7f) {
			sb_release(&out);
			return NULL;
		}
		sb_addc(&out, (char)ch);
	}
	return sb_detach(&out);
}

static bool host_ok(const char *h)
{
	if (!*h || strlen(h) > 253)
		return false;
	for (; *h; h++)
		if (!((*h >= 'a' && *h <= 'z') || (*h >= 'A' && *h <= 'Z') ||
		      (*h >= '0' && *h <= '9') || *h == '.' || *h == '-' || *h == ':'))
			return false;
	return true;
}

int fetch_url_parse(const char *url, struct fetch_url *u, char **err)
{
	static const struct {
		const char *prefix;
		enum fetch_scheme scheme;
		unsigned port;
	} schemes[] = {
		{ "imap://", FETCH_IMAP, 143 }, { "imaps://", FETCH_IMAPS, 993 },
		{ "pop3://", FETCH_POP3, 110 }, { "pop3s://", FETCH_POP3S, 995 },
	};
	const char *p = NULL, *slash, *at, *hend, *colon;
	size_t i;

	memset(u, 0, sizeof *u);
	for (i = 0; i < ARRAY_SIZE(schemes) && !p; i++)
		if (!ascii_ncasecmp(url, schemes[i].prefix, strlen(schemes[i].prefix))) {
			p = url + strlen(schemes[i].prefix);
			u->scheme = schemes[i].scheme;
			u->port = schemes[i].port;
		}
	if (!p) {
		*err = xasprintf("source '%s': not imap://, imaps://, pop3://, pop3s://, "
				 "maildir: or mbox:", url);
		return -1;
	}
	slash = strchr(p, '/');
	if (!slash)
		slash = p + strlen(p);
	at = NULL;
	for (const char *q = p; q < slash; q++)
		if (*q == '@')
			at = q;
	if (!at || at == p) {
		*err = xasprintf("source '%s' names no user (USER@HOST)", url);
		return -1;
	}
	u->user = pct_decode(p, (size_t)(at - p));
	/* [v6 address] or name / IPv4, then an optional :PORT */
	if (at[1] == '[') {
		hend = memchr(at + 2, ']', (size_t)(slash - at - 2));
		u->host = hend ? xstrndup(at + 2, (size_t)(hend - at - 2)) : NULL;
		colon = hend && hend + 1 < slash && hend[1] == ':' ? hend + 1 : NULL;
		if (hend && hend + 1 < slash && !colon)
			hend = NULL;
	} else {
		colon = memchr(at + 1, ':', (size_t)(slash - at - 1));
		hend = colon ? colon : slash;
		u->host = xstrndup(at + 1, (size_t)(hend - at - 1));
	}
	if (colon) {
		char *port = xstrndup(colon + 1, (size_t)(slash - colon - 1));
		long long v;
		if (!parse_int(port, 1, 65535, &v))
			hend = NULL;
		u->port = (unsigned)v;
		free(port);
	}
	if (*slash && slash[1])
		u->mailbox = pct_decode(slash + 1, strlen(slash + 1));
	else
		u->mailbox = xstrdup("INBOX");
	if (!u->user || !*u->user || !hend || !u->host || !host_ok(u->host) || !u->mailbox) {
		*err = xasprintf("source '%s' is not SCHEME://USER@HOST[:PORT][/MAILBOX]", url);
		fetch_url_release(u);
		return -1;
	}
	if ((u->scheme == FETCH_POP3 || u->scheme == FETCH_POP3S) && *slash && slash[1]) {
		*err = xasprintf("source '%s': POP3 has no mailboxes to name", url);
		fetch_url_release(u);
		return -1;
	}
	return 0;
}

void fetch_url_release(struct fetch_url *u)
{
	free(u->user);
	free(u->host);
	free(u->mailbox);
	memset(u, 0, sizeof *u);
}

/* --- the password file ------------------------------------------------------- */

int fetch_password(const char *path, char **pw, char **err)
{
	return fs_read_secret(path, pw, err) ? WP_ERR_CONFIG : WP_OK;
}
