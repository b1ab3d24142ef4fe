/* fetch.c - one source read into a sink: the drivers chosen by the URL's
 * scheme, the password, SIGPIPE (see fetch.h). */
#include "fetch-int.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int fetch_take(struct fetch_run *fr, const char *name, const char *raw, size_t len,
	       char **err)
{
	return fr->sink->take(fr->sink->arg, fr->url, name, raw, len, err);
}

void fetch_log(struct fetch_run *fr, const char *fmt, ...)
{
	va_list ap;
	char *line;
	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	fr->sink->log(fr->sink->arg, fr->url, line);
	free(line);
}

static int fetch_network(struct fetch_run *fr, const struct fetch_source *src, char **err)
{
	struct fetch_net n = { src, { 0 }, NULL };
	int rc;

	if (fetch_url_parse(src->url, &n.url, err))
		return WP_ERR_CONFIG;
	if (!src->password_file) {
		*err = xasprintf("source '%s' needs a password-file", src->url);
		fetch_url_release(&n.url);
		return WP_ERR_CONFIG;
	}
	rc = fetch_password(src->password_file, &n.password, err);
	if (!rc)
		rc = n.url.scheme == FETCH_IMAP || n.url.scheme == FETCH_IMAPS
			     ? fetch_imap(fr, &n, err)
			     : fetch_pop3(fr, &n, err);
	if (n.password) {
		explicit_bzero(n.password, strlen(n.password));
		free(n.password);
	}
	fetch_url_release(&n.url);
	return rc;
}

int fetch_read(const struct fetch_source *src, const struct fetch_sink *sink, char **err)
{
	struct fetch_run fr = { sink, src->url };
	struct sigaction ign, old;
	const char *url = src->url;
	int rc;

	/* A server that hangs up mid-write must not kill the process (libetpan
	 * writes without MSG_NOSIGNAL); the caller's handler comes back after. */
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	if (!strncmp(url, "maildir:", 8))
		rc = fetch_maildir(&fr, url + 8, err);
	else if (!strncmp(url, "mbox:", 5))
		rc = fetch_mbox(&fr, url + 5, err);
	else
		rc = fetch_network(&fr, src, err);
	sigaction(SIGPIPE, &old, NULL);
	return rc;
}
