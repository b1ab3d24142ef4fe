/* hash.h - a digest of bytes as text, for names and keys made from content
 * (the spool's file names, a MIME boundary, a short code in a reply). */
#ifndef WP_HASH_H
#define WP_HASH_H

#include <stddef.h>

/* The first `bytes` bytes (at most 32) of the SHA-256 of data, as
 * lowercase hexadecimal (caller frees). */
char *sha256_hex(const void *data, size_t len, size_t bytes);

#endif
