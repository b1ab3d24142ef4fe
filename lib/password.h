/* password.h - players' passwords: generated from /dev/urandom, stored only
 * as a salted, iterated hash "pbkdf2-sha256$ITERATIONS$SALT$HASH" (base64),
 * computed with nettle's PBKDF2-HMAC-SHA256. */
#ifndef WP_PASSWORD_H
#define WP_PASSWORD_H

#include <stdbool.h>

#define PASSWORD_ITERATIONS 100000

/* A new random password of 12 easily read characters (caller frees);
 * NULL with *err when /dev/urandom cannot be read. */
char *password_generate(char **err);
/* Hash password with a fresh random salt (caller frees); NULL with *err. */
char *password_hash(const char *password, char **err);
/* Does password match the stored hash?  Constant time in the hash. */
bool password_verify(const char *password, const char *stored);

#endif
