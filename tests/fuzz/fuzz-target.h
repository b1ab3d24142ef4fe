/* fuzz-target.h - what every libFuzzer target here shares: the entry point
 * libFuzzer (or replay-main.c) calls, and the abort() that turns a broken
 * promise into a crash the fuzzer saves. */
#ifndef WP_FUZZ_TARGET_H
#define WP_FUZZ_TARGET_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Print "NAME: broken promise: WHAT[: DETAIL]" and abort(). */
_Noreturn void fuzz_broken(const char *name, const char *what, const char *detail);

#endif
