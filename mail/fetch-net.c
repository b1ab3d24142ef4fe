/* fetch-net.c - what the IMAP and POP3 sources share: their URL, the
 * password file, and checking the server's TLS certificate ourselves
 * (libetpan 1.9.4 under GnuTLS never does; see LIBETPAN.md section 3.8).
 */
#include "fetch-int.h"
#include "fsutil.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <libetpan/libetpan.h>

/* --- the URL ----------------------------------------------------------------- */

static int hexval(char ch)
{
	return ch >= '0' && ch <= '9' ? ch - '0'
	       : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
	       : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
					: -1;
}

/* %-decode s[0..n); NULL when an escape is bad or decodes to a control. */
static char *pct_decode(const char *s, size_t n)
{
	struct sb out = SB_INIT;
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == '%') {
			int h = i + 2 < n ? hexval(s[i + 1]) : -1;
			int l = i + 2 < n ? hexval(s[i + 2]) : -1;
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

/* --- TLS ------------------------------------------------------------------------ */

static bool is_ip(const char *host)
{
	unsigned char a[16];
	return inet_pton(AF_INET, host, a) == 1 || inet_pton(AF_INET6, host, a) == 1;
}

void fetch_tls_setup(struct mailstream_ssl_context *ctx, void *host)
{
	/* SNI carries host names only (RFC 6066), never an address. */
	if (!is_ip(host))
		mailstream_ssl_set_server_name(ctx, host);
}

static int load_chain(carray *chain, gnutls_x509_crt_t *crts, unsigned n, char **err)
{
	for (unsigned i = 0; i < n; i++) {
		MMAPString *der = carray_get(chain, i);
		gnutls_datum_t d = { (unsigned char *)der->str, (unsigned)der->len };
		int r = gnutls_x509_crt_init(&crts[i]);
		if (r >= 0)
			r = gnutls_x509_crt_import(crts[i], &d, GNUTLS_X509_FMT_DER);
		if (r < 0) {
			*err = xasprintf("the server's certificate %u cannot be read: %s", i,
					 gnutls_strerror(r));
			return -1;
		}
	}
	return 0;
}

static int check_chain(gnutls_x509_crt_t *crts, unsigned n, const char *host,
		       const char *ca_file, char **err)
{
	gnutls_x509_trust_list_t tl;
	gnutls_typed_vdata_st want[] = {
		{ GNUTLS_DT_DNS_HOSTNAME, (unsigned char *)host, 0 },
		{ GNUTLS_DT_KEY_PURPOSE_OID, (unsigned char *)GNUTLS_KP_TLS_WWW_SERVER, 0 },
	};
	unsigned status = 0;
	int r, rc = -1;

	if (gnutls_x509_trust_list_init(&tl, 0) < 0)
		BUG("gnutls_x509_trust_list_init");
	r = ca_file ? gnutls_x509_trust_list_add_trust_file(tl, ca_file, NULL,
							    GNUTLS_X509_FMT_PEM, 0, 0)
		    : gnutls_x509_trust_list_add_system_trust(tl, 0, 0);
	if (r <= 0) {
		*err = xasprintf("no CA certificate could be read from %s%s%s",
				 ca_file ? ca_file : "the system store", r < 0 ? ": " : "",
				 r < 0 ? gnutls_strerror(r) : "");
	} else if ((r = gnutls_x509_trust_list_verify_crt2(tl, crts, n, want, ARRAY_SIZE(want),
							    0, &status, NULL)) < 0) {
		*err = xasprintf("the TLS certificate of %s cannot be checked: %s", host,
				 gnutls_strerror(r));
	} else if (status) {
		gnutls_datum_t text = { NULL, 0 };
		gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &text, 0);
		*err = xasprintf("the TLS certificate of %s is not trusted (checked against %s): "
				 "%s; refusing to log in", host,
				 ca_file ? ca_file : "the system CA store",
				 text.data ? (const char *)text.data : "verification failed");
		gnutls_free(text.data);
	} else {
		rc = 0;
	}
	gnutls_x509_trust_list_deinit(tl, 1);
	return rc;
}

int fetch_tls_verify(struct _mailstream *s, const char *host, const char *ca_file,
		     char **err)
{
	carray *chain = mailstream_get_certificate_chain(s);
	unsigned n = chain ? carray_count(chain) : 0;
	gnutls_x509_crt_t *crts;
	int rc;

	if (!n) {
		*err = xasprintf("%s sent no TLS certificate; refusing to log in", host);
		if (chain)
			mailstream_certificate_chain_free(chain);
		return -1;
	}
	crts = xcalloc(n, sizeof *crts);
	rc = load_chain(chain, crts, n, err) ? -1 : check_chain(crts, n, host, ca_file, err);
	for (unsigned i = 0; i < n; i++)
		if (crts[i])
			gnutls_x509_crt_deinit(crts[i]);
	free(crts);
	mailstream_certificate_chain_free(chain);
	return rc;
}
