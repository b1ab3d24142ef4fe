/* tls-verify.c - the server's certificate chain and name, checked with
 * GnuTLS after libetpan's handshake; see tls-verify.h for why.
 */
#include "tls-verify.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <libetpan/libetpan.h>

#include "util.h"

static bool is_ip(const char *host)
{
	unsigned char buf[16];
	return inet_pton(AF_INET, host, buf) == 1 || inet_pton(AF_INET6, host, buf) == 1;
}

void tls_setup_sni(struct mailstream_ssl_context *ctx, void *host)
{
	if (!is_ip(host))
		mailstream_ssl_set_server_name(ctx, host);
}

/* The DER certificates of chain into crts[0..n); on failure the ones
 * already made are still in crts for the caller to free. */
static int load_chain(carray *chain, gnutls_x509_crt_t *crts, unsigned n, char **err)
{
	for (unsigned i = 0; i < n; i++) {
		MMAPString *der = carray_get(chain, i);
		gnutls_datum_t d = { (unsigned char *)der->str, (unsigned)der->len };
		int r = gnutls_x509_crt_init(&crts[i]);
		if (r >= 0)
			r = gnutls_x509_crt_import(crts[i], &d, GNUTLS_X509_FMT_DER);
		if (r < 0) {
			*err = xasprintf("certificate %u of the server cannot be read: %s", i,
					 gnutls_strerror(r));
			return -1;
		}
	}
	return 0;
}

static int load_trust(gnutls_x509_trust_list_t tl, const char *ca_file, char **err)
{
	int r = ca_file ? gnutls_x509_trust_list_add_trust_file(tl, ca_file, NULL,
								GNUTLS_X509_FMT_PEM, 0, 0)
			: gnutls_x509_trust_list_add_system_trust(tl, 0, 0);
	/* r is the number of CAs added: none at all is an error too, or
	 * every chain would be refused with a puzzling reason. */
	if (r > 0)
		return 0;
	if (ca_file)
		*err = xasprintf("no CA certificate could be read from '%s'%s%s", ca_file,
				 r < 0 ? ": " : "", r < 0 ? gnutls_strerror(r) : "");
	else
		*err = xasprintf("the system's CA store is empty or unreadable%s%s",
				 r < 0 ? ": " : "", r < 0 ? gnutls_strerror(r) : "");
	return -1;
}

static int check_chain(gnutls_x509_crt_t *crts, unsigned n, const char *host,
		       const char *ca_file, const char *refusal, char **err)
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
	if (load_trust(tl, ca_file, err)) {
		/* *err is set */
	} else if ((r = gnutls_x509_trust_list_verify_crt2(tl, crts, n, want, ARRAY_SIZE(want),
							    0, &status, NULL)) < 0) {
		*err = xasprintf("the TLS certificate of %s cannot be checked: %s", host,
				 gnutls_strerror(r));
	} else if (status) {
		gnutls_datum_t text = { NULL, 0 };
		char *reason;
		gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &text, 0);
		reason = str_trim(xstrdup(text.data ? (const char *)text.data : ""));
		/* GnuTLS ends its sentence; ours goes on after a ';'. */
		if (*reason && reason[strlen(reason) - 1] == '.')
			reason[strlen(reason) - 1] = '\0';
		*err = xasprintf("the TLS certificate of %s is not trusted (checked against %s): "
				 "%s; %s", host, ca_file ? ca_file : "the system CA store",
				 *reason ? reason : "verification failed", refusal);
		free(reason);
		gnutls_free(text.data);
	} else {
		rc = 0;
	}
	gnutls_x509_trust_list_deinit(tl, 1);
	return rc;
}

int tls_verify(struct _mailstream *s, const char *host, const char *ca_file,
	       const char *refusal, char **err)
{
	carray *chain = mailstream_get_certificate_chain(s);
	unsigned n = chain ? carray_count(chain) : 0;
	gnutls_x509_crt_t *crts;
	int rc;

	if (!n) {
		*err = xasprintf("%s sent no TLS certificate; %s", host, refusal);
		if (chain)
			mailstream_certificate_chain_free(chain);
		return -1;
	}
	crts = xcalloc(n, sizeof *crts);
	rc = load_chain(chain, crts, n, err) ? -1
					     : check_chain(crts, n, host, ca_file, refusal, err);
	for (unsigned i = 0; i < n; i++)
		if (crts[i])
			gnutls_x509_crt_deinit(crts[i]);
	free(crts);
	mailstream_certificate_chain_free(chain);
	return rc;
}
