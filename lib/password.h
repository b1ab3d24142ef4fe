/* password.h - players' passwords: generated from /dev/urandom, stored only
 * as a salted, iterated hash "pbkdf2-sha256$ITERATIONS$SALT$HASH" (base64),
 * computed with nettle's PBKDF2-HMAC-SHA256. */
#ifndef WP_PASSWORD_H
#define WP_PASSWORD_H

#include <stdbool.h>
#include <stddef.h>

#define PASSWORD_ITERATIONS 100000

/* A new random password of 12 easily read characters (caller frees);
 * NULL with *err when /dev/urandom cannot be read. */
char *password_generate(char **err);
/* Hash password with a fresh random salt (caller frees); NULL with *err. */
char *password_hash(const char *password, char **err);
/* Does password match the stored hash?  Constant time in the hash. */
bool password_verify(const char *password, const char *stored);

/* The answers of one run: a player who sends ten mails costs one PBKDF2,
 * not ten.  Entries are keyed by a SHA-256 of the player's name, the
 * stored hash and the password, never the password itself. */
struct password_cache {
	struct password_seen {
		unsigned char key[32];
		bool ok;
	} *v;
	size_t n;
};
#define PASSWORD_CACHE_INIT { NULL, 0 }
/* Check name's password against stored, once per (name, stored, password)
 * for the cache's life.  stored NULL: name is no player; the check costs
 * what a real one costs (so a reply's timing does not tell who plays) and
 * fails. */
bool password_check(struct password_cache *pc, const char *name, const char *password,
		    const char *stored);
void password_cache_release(struct password_cache *pc);
/* PBKDF2 derivations done by this process, for tests and benchmarks. */
unsigned long password_derivations(void);

#endif
