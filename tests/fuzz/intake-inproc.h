/* intake-inproc.h - mime_orders_text() without its fork, for programs
 * linked with -Wl,--wrap=mime_orders_text (GNU ld): every call the orders
 * reader makes to the MIME layer then lands in __wrap_mime_orders_text(),
 * which does what mime_orders_text() and its child do -- the size check,
 * mime_parse_unsafe(), the result through the child's wire form
 * (mime_result_encode, mime_result_decode) -- in this process.
 *
 * Used by the intake fuzz target (tests/fuzz/fuzz-intake.c), so that libFuzzer
 * sees the parser's coverage and a crash happens where it can be debugged,
 * and by intake-bench-inproc, to measure what the sandbox costs.  Never in
 * wyrmpost itself: there a crash in the parser must cost one mail. */
#ifndef WP_INTAKE_INPROC_H
#define WP_INTAKE_INPROC_H

#include "mime.h"

/* How many calls reached the stand-in: 0 means the link did not wrap. */
extern unsigned intake_inproc_calls;
/* When set, called with the parse's result before it is encoded, as the
 * child has it; the fuzz target checks mime.h's promises there. */
extern void (*intake_inproc_check)(int rc, const char *err, const struct mime_result *r);

int __wrap_mime_orders_text(const char *raw, size_t len, const struct mime_limits *lim,
			    struct mime_result *out, char **err);

#endif
