/* token.c - confirmation codes under the campaign's secret; see token.h. */
#include "token.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <nettle/hmac.h>

#include "fsutil.h"

static int make_secret(const char *path, char **err)
{
	unsigned char b[32];
	struct sb hex = SB_INIT;
	ssize_t got = -1;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC), rc;

	if (fd >= 0) {
		got = read(fd, b, sizeof b);
		close(fd);
	}
	if (got != (ssize_t)sizeof b) {
		*err = xasprintf("cannot read /dev/urandom: %s",
				 got < 0 ? strerror(errno) : "short read");
		return WP_ERR_IO;
	}
	sb_add_hex(&hex, b, sizeof b);
	sb_addc(&hex, '\n');
	rc = fs_write_private(path, hex.buf, hex.len, err) ? WP_ERR_IO : WP_OK;
	sb_release(&hex);
	return rc;
}

/* The campaign's secret (caller frees), made on first use. */
static char *secret_of(const struct campaign *c, char **err)
{
	char *path = xasprintf("%s/secret", c->dir), *buf = NULL;
	size_t len;

	if (!fs_exists(path) && make_secret(path, err)) {
		free(path);
		return NULL;
	}
	if (fs_read_file(path, &buf, &len, err)) {
		free(path);
		return NULL;
	}
	free(path);
	str_trim(buf);
	if (strlen(buf) < 32) {
		*err = xasprintf("%s/secret: too short; remove it and a new one is made", c->dir);
		free(buf);
		return NULL;
	}
	return buf;
}

char *campaign_token(const struct campaign *c, const char *purpose, const char *subject,
		     const char *addr, char **err)
{
	/* No 0/1/l/o: a code is read off a screen and typed. */
	static const char alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
	struct hmac_sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];
	char *secret = secret_of(c, err), *lower, *code;

	if (!secret)
		return NULL;
	lower = xstrdup(addr);
	for (char *p = lower; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	hmac_sha256_set_key(&ctx, strlen(secret), (const uint8_t *)secret);
	/* NUL-separated: no two requests share a message. */
	hmac_sha256_update(&ctx, strlen(purpose) + 1, (const uint8_t *)purpose);
	hmac_sha256_update(&ctx, strlen(subject) + 1, (const uint8_t *)subject);
	hmac_sha256_update(&ctx, strlen(lower), (const uint8_t *)lower);
	hmac_sha256_digest(&ctx, sizeof d, d);
	code = xmalloc(11);
	for (size_t i = 0; i < 10; i++)
		code[i] = alphabet[d[i] % 32];
	code[10] = '\0';
	free(lower);
	free(secret);
	return code;
}

bool token_equal(const char *code, const char *want)
{
	size_t n = strlen(want), i = 0;
	unsigned diff = 0;

	while (*code == ' ' || *code == '\t')
		code++;
	for (; i < n && code[i]; i++) {
		char ch = code[i];
		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		diff |= (unsigned)(unsigned char)(ch ^ want[i]);
	}
	if (i < n)
		return false;
	while (code[i] == ' ' || code[i] == '\t')
		i++;
	return diff == 0 && code[i] == '\0';
}
