/* tls-verify.h - checking a mail server's TLS certificate ourselves, for
 * every network connection wyrmpost makes (IMAP and POP3 in fetch, SMTP in
 * send).
 *
 * libetpan 1.9.4 built with GnuTLS completes the handshake without looking
 * at the certificate at all, and its hook for a CA file does nothing under
 * GnuTLS (LIBETPAN.md section 3.8).  So after the handshake, and before a
 * password or a message goes out, the caller hands the stream to
 * tls_verify(), which checks the chain the server presented against the
 * configured CA file or the system's store, for the host name (or IP
 * address) we connected to, for TLS server use, at the real time of day.
 * Nothing here prints.
 */
#ifndef WP_TLS_VERIFY_H
#define WP_TLS_VERIFY_H

struct _mailstream;
struct mailstream_ssl_context;

/* TLS on a plain port (smtp://, imap://, pop3://): STARTTLS required,
 * used when offered, or never.  (smtps://, imaps://, pop3s:// are TLS from
 * the start.) */
enum { MAIL_STARTTLS_YES, MAIL_STARTTLS_AUTO, MAIL_STARTTLS_NO };

/* The callback for libetpan's *_with_callback connects and STARTTLS, with
 * the host (a char *) as its data: sends SNI when host is a name, never
 * when it is an IP address (RFC 6066). */
void tls_setup_sni(struct mailstream_ssl_context *ctx, void *host);

/* Verify the peer's chain on the TLS stream s for host, against ca_file
 * (NULL: the system CA store).  refusal says what the caller will not do
 * now, e.g. "refusing to send", and ends the message of a certificate that
 * is not trusted.  0, or -1 with *err (caller frees). */
int tls_verify(struct _mailstream *s, const char *host, const char *ca_file,
	       const char *refusal, char **err);

#endif
