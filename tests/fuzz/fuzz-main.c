/* fuzz-main.c - what the libFuzzer builds of the targets (fuzz/fuzz_NAME)
 * have where the replay build has replay-main.c: libFuzzer brings main(),
 * this brings fuzz_broken(). */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz-target.h"

_Noreturn void fuzz_broken(const char *name, const char *what, const char *detail)
{
	fprintf(stderr, "%s: broken promise: %s%s%s\n", name, what, detail ? ": " : "",
		detail ? detail : "");
	abort();
}
