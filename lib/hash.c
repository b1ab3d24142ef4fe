/* hash.c - a digest of bytes as text; see hash.h. */
#include "hash.h"

#include <stdint.h>

#include <nettle/sha2.h>

#include "util.h"

char *sha256_hex(const void *data, size_t len, size_t bytes)
{
	struct sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];
	struct sb hex = SB_INIT;
	if (bytes > sizeof d)
		BUG("%zu bytes of a SHA-256", bytes);
	sha256_init(&ctx);
	sha256_update(&ctx, len, data);
	sha256_digest(&ctx, sizeof d, d);
	sb_add_hex(&hex, d, bytes);
	return sb_detach(&hex);
}
