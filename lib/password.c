/* password.c - PBKDF2-SHA256 password hashes; see password.h. */
#include "password.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <nettle/base64.h>
#include <nettle/memops.h>
#include <nettle/pbkdf2.h>
#include <nettle/sha2.h>

#include "util.h"

#define SALT_LEN 16
#define HASH_LEN 32

static int random_bytes(unsigned char *buf, size_t n, char **err)
{
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	size_t got = 0;
	if (fd < 0) {
		*err = xasprintf("cannot open /dev/urandom: %s", strerror(errno));
		return -1;
	}
	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got);
		if (r <= 0) {
			if (r < 0 && errno == EINTR)
				continue;
			*err = xasprintf("cannot read /dev/urandom: %s",
					 r < 0 ? strerror(errno) : "end of file");
			close(fd);
			return -1;
		}
		got += (size_t)r;
	}
	close(fd);
	return 0;
}

char *password_generate(char **err)
{
	/* No 0/O, 1/l/I: the password is read off a mail and typed again. */
	static const char alphabet[] = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
	const unsigned n = sizeof alphabet - 1;
	char out[13];
	size_t i = 0;
	while (i < 12) {
		unsigned char b[16];
		if (random_bytes(b, sizeof b, err))
			return NULL;
		/* Reject bytes past the largest multiple of n: no bias. */
		for (size_t j = 0; j < sizeof b && i < 12; j++)
			if (b[j] < 256 - 256 % n)
				out[i++] = alphabet[b[j] % n];
	}
	out[12] = '\0';
	return xstrdup(out);
}

static char *b64(const unsigned char *data, size_t n)
{
	char *out = xmalloc(BASE64_ENCODE_RAW_LENGTH(n) + 1);
	base64_encode_raw(out, n, data);
	out[BASE64_ENCODE_RAW_LENGTH(n)] = '\0';
	return out;
}

static bool unb64(const char *s, unsigned char *out, size_t want)
{
	struct base64_decode_ctx ctx;
	size_t len = strlen(s), dst_len = BASE64_DECODE_LENGTH(len);
	unsigned char *buf = xmalloc(dst_len + 1);
	bool ok;
	base64_decode_init(&ctx);
	ok = base64_decode_update(&ctx, &dst_len, buf, len, s) &&
	     base64_decode_final(&ctx) && dst_len == want;
	if (ok)
		memcpy(out, buf, want);
	free(buf);
	return ok;
}

static unsigned long derivations;

unsigned long password_derivations(void)
{
	return derivations;
}

static void derive(const char *password, unsigned iter, const unsigned char *salt,
		   unsigned char *hash)
{
	derivations++;
	pbkdf2_hmac_sha256(strlen(password), (const uint8_t *)password, iter,
			   SALT_LEN, salt, HASH_LEN, hash);
}

char *password_hash(const char *password, char **err)
{
	unsigned char salt[SALT_LEN], hash[HASH_LEN];
	char *s, *h, *out;
	if (random_bytes(salt, sizeof salt, err))
		return NULL;
	derive(password, PASSWORD_ITERATIONS, salt, hash);
	s = b64(salt, sizeof salt);
	h = b64(hash, sizeof hash);
	out = xasprintf("pbkdf2-sha256$%u$%s$%s", PASSWORD_ITERATIONS, s, h);
	free(s);
	free(h);
	return out;
}

bool password_verify(const char *password, const char *stored)
{
	unsigned char salt[SALT_LEN], want[HASH_LEN], got[HASH_LEN];
	char *copy, *iter_s, *salt_s, *hash_s, *save = NULL;
	long long iter;
	bool ok = false;

	if (strncmp(stored, "pbkdf2-sha256$", 14))
		return false;
	copy = xstrdup(stored + 14);
	iter_s = strtok_r(copy, "$", &save);
	salt_s = strtok_r(NULL, "$", &save);
	hash_s = strtok_r(NULL, "$", &save);
	if (iter_s && salt_s && hash_s && parse_int(iter_s, 1, 10000000, &iter) &&
	    unb64(salt_s, salt, SALT_LEN) && unb64(hash_s, want, HASH_LEN)) {
		derive(password, (unsigned)iter, salt, got);
		ok = memeql_sec(got, want, HASH_LEN) != 0;
	}
	free(copy);
	return ok;
}

static void cache_key(const char *name, const char *password, const char *stored,
		      unsigned char key[32])
{
	struct sha256_ctx ctx;
	sha256_init(&ctx);
	sha256_update(&ctx, strlen(name) + 1, (const uint8_t *)name);
	sha256_update(&ctx, strlen(stored ? stored : "") + 1, (const uint8_t *)(stored ? stored : ""));
	sha256_update(&ctx, strlen(password), (const uint8_t *)password);
	sha256_digest(&ctx, 32, key);
}

bool password_check(struct password_cache *pc, const char *name, const char *password,
		    const char *stored)
{
	/* What an unknown player's password is checked against: a hash of
	 * the usual cost that nothing matches. */
	static const unsigned char nobody[SALT_LEN];
	unsigned char key[32], got[HASH_LEN];
	bool ok;

	cache_key(name, password, stored, key);
	for (size_t i = 0; i < pc->n; i++)
		if (memeql_sec(pc->v[i].key, key, sizeof key))
			return pc->v[i].ok;
	if (stored) {
		ok = password_verify(password, stored);
	} else {
		derive(password, PASSWORD_ITERATIONS, nobody, got);
		ok = false;
	}
	pc->v = xrealloc(pc->v, (pc->n + 1) * sizeof *pc->v);
	memcpy(pc->v[pc->n].key, key, sizeof key);
	pc->v[pc->n++].ok = ok;
	return ok;
}

void password_cache_release(struct password_cache *pc)
{
	if (pc->v)
		memset(pc->v, 0, pc->n * sizeof *pc->v);
	free(pc->v);
	pc->v = NULL;
	pc->n = 0;
}
