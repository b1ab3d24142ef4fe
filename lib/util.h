/* util.h - memory, strings and the BUG() macro shared by every module.
 *
 * Allocation failure is not a recoverable condition for a turn processor:
 * xmalloc() and friends abort with a message, so no caller checks for NULL
 * (the msmtp/git habit).  Everything else in the library reports failures
 * through return codes; only BUG() and out-of-memory stop the process.
 */
#ifndef WP_UTIL_H
#define WP_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* What a function of the library returns: WP_OK, or what went wrong; only
 * the command line turns a code into an exit status (sysexits.h). */
enum wp_rc {
	WP_OK = 0,
	WP_ERR_USAGE,    /* the request itself is wrong */
	WP_ERR_NOTFOUND, /* no such game, turn or file */
	WP_ERR_DATA,     /* bad input: orders, a corrupt state file */
	WP_ERR_NOPERM,   /* wrong password */
	WP_ERR_IO,       /* the system failed us */
	WP_ERR_BUSY,     /* another process holds the campaign lock */
	WP_ERR_CONFIG,   /* a configuration missing or invalid */
	WP_ERR_EXISTS,   /* would overwrite something */
};

/* A programmer's error: something that cannot happen if the code is right. */
#define BUG(...) wp_bug(__FILE__, __LINE__, __VA_ARGS__)
_Noreturn void wp_bug(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap);

/* Grow an array *p of *alloc elements so that it holds at least n. */
#define ALLOC_GROW(p, n, alloc)                                               \
	do {                                                                  \
		if ((n) > (alloc)) {                                          \
			(alloc) = (alloc) * 2 > (n) ? (alloc) * 2 : (n) + 8;  \
			(p) = xrealloc((p), (alloc) * sizeof(*(p)));          \
		}                                                             \
	} while (0)

/* A growable string; buf is always NUL-terminated once anything is added. */
struct sb {
	char *buf;
	size_t len, alloc;
};
#define SB_INIT { NULL, 0, 0 }
void sb_add(struct sb *sb, const char *s, size_t n);
void sb_adds(struct sb *sb, const char *s);
void sb_addc(struct sb *sb, char c);
void sb_addf(struct sb *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vaddf(struct sb *sb, const char *fmt, va_list ap);
/* n bytes as lowercase hexadecimal, two digits a byte. */
void sb_add_hex(struct sb *sb, const void *bytes, size_t n);
/* s with & < > " ' escaped, for HTML, SVG and XML text and attributes. */
void sb_add_escaped(struct sb *sb, const char *s);
const char *sb_str(const struct sb *sb); /* "" when empty, never NULL */
char *sb_detach(struct sb *sb);          /* caller frees; sb is reset */
void sb_reset(struct sb *sb);
void sb_release(struct sb *sb);

/* A growable list of owned strings. */
struct strlist {
	char **v;
	size_t n, alloc;
};
#define STRLIST_INIT { NULL, 0, 0 }
void strlist_add(struct strlist *l, const char *s); /* copies s */
void strlist_addf(struct strlist *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strlist_take(struct strlist *l, char *s); /* takes ownership of s */
void strlist_clear(struct strlist *l);
bool strlist_has(const struct strlist *l, const char *s);

/* Parsing helpers that never accept trailing junk (no atoi). */
bool parse_int(const char *s, long long min, long long max, long long *out);
bool parse_u64(const char *s, uint64_t *out);

/* ASCII case-insensitive helpers (locale-independent). */
int ascii_casecmp(const char *a, const char *b);
int ascii_ncasecmp(const char *a, const char *b, size_t n);
char *ascii_lower_dup(const char *s);

/* The value of the hexadecimal digit c, either case, or -1. */
int hex_digit(char c);

/* Trim ASCII white space at both ends, in place; returns s. */
char *str_trim(char *s);
/* "." to end a sentence that ends in TEXT, or "" when TEXT already ends
 * in a full stop, question mark or exclamation mark ("did you mean 'x'?"). */
const char *str_stop(const char *text);

/* Is s a safe identifier (game id, player name): 1-32 of [A-Za-z0-9_-],
 * starting with a letter or digit.  Such names become file names. */
bool ident_ok(const char *s);

/* Is s a plain mail address (local@domain, no spaces, quotes, brackets or
 * line breaks), safe to put in a header or an SMTP command? */
bool mail_address_ok(const char *s);

/* Time as stored in XML: "2026-11-22T09:05:17Z", years 1970 to 9999. */
/* The latest time a state file holds: four digits of year, as its
 * grammar and time_parse_iso take them.  time_format_iso writes a later
 * time as this one, so nothing is saved that cannot be read back. */
#define TIME_ISO_MAX 253402300799LL /* 9999-12-31T23:59:59Z */
char *time_format_iso(long long t);
bool time_parse_iso(const char *s, long long *out);

/* The optimal-string-alignment distance of a and b, ASCII letters in any
 * case alike: insertions, deletions, substitutions and swaps of two
 * neighbours ("jion" is 1 from "join").  For "did you mean" hints. */
size_t str_distance(const char *a, const char *b);

#endif
