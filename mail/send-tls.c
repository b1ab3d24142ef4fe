/* send-tls.c - checking the server's certificate ourselves.
 *
 * libetpan 1.9.4 built with GnuTLS completes the handshake without looking
 * at the certificate at all, and its hook for a CA file does nothing under
 * GnuTLS.  So after the handshake, and before a single byte that matters is
 * sent, the chain the server presented is verified here: against the
 * configured CA file or the system's store, for the host name (or IP
 * address) we connected to, for TLS server use, at the real time of day.
 */
#include "send-int.h"

#include <stdlib.h>
#include <string.h>

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <libetpan/libetpan.h>

static int load_chain(carray *chain, gnutls_x509_crt_t **crts, unsigned *n, char **why)
{
	*n = carray_count(chain);
	*crts = xcalloc(*n ? *n : 1, sizeof **crts);
	for (unsigned i = 0; i < *n; i++) {
		MMAPString *der = carray_get(chain, i);
		gnutls_datum_t d = { (unsigned char *)der->str, (unsigned)der->len };
		int r = gnutls_x509_crt_init(&(*crts)[i]);
		if (r >= 0)
			r = gnutls_x509_crt_import((*crts)[i], &d, GNUTLS_X509_FMT_DER);
		if (r < 0) {
			*why = xasprintf("certificate %u of the server cannot be read: %s", i,
					 gnutls_strerror(r));
			*n = i + 1;
			return -1;
		}
	}
	return 0;
}

static int load_trust(gnutls_x509_trust_list_t tl, const char *ca_file, char **why)
{
	int r = ca_file ? gnutls_x509_trust_list_add_trust_file(tl, ca_file, NULL,
								GNUTLS_X509_FMT_PEM, 0, 0)
			: gnutls_x509_trust_list_add_system_trust(tl, 0, 0);
	if (r > 0)
		return 0;
	if (ca_file)
		*why = xasprintf("no CA certificate could be read from '%s'%s%s", ca_file,
				 r < 0 ? ": " : "", r < 0 ? gnutls_strerror(r) : "");
	else
		*why = xasprintf("the system's CA store is empty or unreadable%s%s",
				 r < 0 ? ": " : "", r < 0 ? gnutls_strerror(r) : "");
	return -1;
}

int send_tls_verify(struct _mailstream *s, const char *host, const char *ca_file,
		    char **why)
{
	carray *chain = mailstream_get_certificate_chain(s);
	gnutls_x509_crt_t *crts = NULL;
	gnutls_x509_trust_list_t tl = NULL;
	unsigned n = 0, status = 0;
	int rc = -1, r;
	gnutls_typed_vdata_st check[] = {
		{ GNUTLS_DT_DNS_HOSTNAME, (unsigned char *)host, 0 },
		{ GNUTLS_DT_KEY_PURPOSE_OID, (unsigned char *)GNUTLS_KP_TLS_WWW_SERVER, 0 },
	};

	if (!chain || carray_count(chain) == 0) {
		*why = xasprintf("%s sent no TLS certificate", host);
		goto out;
	}
	if (load_chain(chain, &crts, &n, why))
		goto out;
	if (gnutls_x509_trust_list_init(&tl, 0) < 0)
		BUG("gnutls_x509_trust_list_init");
	if (load_trust(tl, ca_file, why))
		goto out;
	r = gnutls_x509_trust_list_verify_crt2(tl, crts, n, check, ARRAY_SIZE(check), 0,
					       &status, NULL);
	if (r < 0) {
		*why = xasprintf("the TLS certificate of %s cannot be checked: %s", host,
				 gnutls_strerror(r));
	} else if (status) {
		gnutls_datum_t text = { NULL, 0 };
		char *reason;
		gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &text, 0);
		reason = str_trim(xstrdup(text.data ? (const char *)text.data : ""));
		if (*reason && reason[strlen(reason) - 1] == '.')
			reason[strlen(reason) - 1] = '\0';
		*why = xasprintf("the TLS certificate of %s is not trusted (checked against %s): "
				 "%s; refusing to send", host, ca_file ? ca_file : "the system CA store",
				 *reason ? reason : "verification failed");
		free(reason);
		gnutls_free(text.data);
	} else {
		rc = 0;
	}
out:
	if (tl)
		gnutls_x509_trust_list_deinit(tl, 1);
	for (unsigned i = 0; i < n; i++)
		if (crts[i])
			gnutls_x509_crt_deinit(crts[i]);
	free(crts);
	if (chain)
		mailstream_certificate_chain_free(chain);
	return rc;
}
