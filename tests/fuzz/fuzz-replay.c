/* fuzz-replay.c - fuzz-replay FILE...: each file as one mail through the
 * intake fuzz target (fuzz_intake.c), one line each on what became of it.
 * It stands in for libFuzzer's main() in the normal build, so the target
 * is compiled and run by `make check` (tests/fuzz/fuzz-replay.sh) and replays a
 * crash file that `make fuzz` saved without clang.  Exit status 0 when
 * every file was read; a broken promise abort()s. */
#include <stdio.h>
#include <stdlib.h>

#include "fsutil.h"
#include "fuzz-intake.h"

int main(int argc, char **argv)
{
	int status = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: fuzz-replay FILE...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct fuzz_intake_summary s;
		char *raw, *err = NULL;
		size_t len;
		if (fs_read_file(argv[i], &raw, &len, &err)) {
			fprintf(stderr, "fuzz-replay: %s\n", err);
			free(err);
			status = 1;
			continue;
		}
		if (fuzz_intake(raw, len, &s) < 0) {
			printf("%s: too large, not parsed\n", argv[i]);
		} else {
			printf("%s: mime %s, %zu text%s (%s), %s %u; ", argv[i],
			       s.mime_ok ? "ok" : "no text", s.texts, s.texts == 1 ? "" : "s",
			       s.source, "orders reader via mime", s.via_mime);
			if (s.orders)
				printf("orders: game %s player %s, %zu line%s\n", s.game, s.player,
				       s.lines, s.lines == 1 ? "" : "s");
			else
				printf("no orders: %s\n", s.why);
		}
		free(raw);
	}
	return status;
}
