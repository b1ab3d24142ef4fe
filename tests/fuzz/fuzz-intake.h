/* fuzz-intake.h - the intake fuzz target (tests/fuzz/fuzz-intake.c) as a
 * function, for the replay program that `make check` runs over the seeds. */
#ifndef WP_FUZZ_INTAKE_H
#define WP_FUZZ_INTAKE_H

#include <stdbool.h>
#include <stddef.h>

/* What became of one mail, for the replay program to print. */
struct fuzz_intake_summary {
	bool orders;       /* submission_parse() found orders */
	char game[64], player[64];
	size_t lines;      /* order lines read */
	char why[160];     /* when not: the orders reader's reason */
	unsigned via_mime; /* times the orders reader called the MIME layer */
	bool mime_ok;      /* the full MIME parse gave a text */
	size_t texts;      /* how many candidate texts */
	char source[64];   /* the first one's source ("text/plain", ...) */
};

/* Run one mail through intake (see fuzz_intake.c) and check every promise
 * of mime.h and orders.h on the way; a broken one abort()s.  Returns -1
 * for a mail too large to be parsed at all, else 0.  sum may be NULL. */
int fuzz_intake(const char *raw, size_t len, struct fuzz_intake_summary *sum);

#endif
