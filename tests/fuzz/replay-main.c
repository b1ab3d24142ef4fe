/* replay-main.c - FILE|DIR...: each file (each file of a directory, in
 * name order) once through a libFuzzer target's LLVMFuzzerTestOneInput().
 * It stands in for libFuzzer's main() in the normal build, so that `make
 * check` compiles every target and replays its seeds
 * (tests/fuzz/replay-seeds.sh), and a crash file that `make fuzz` saved
 * can be replayed and debugged without clang.  One line per file; exit
 * status 0 when every file was read (a broken promise abort()s). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fsutil.h"
#include "fuzz-target.h"
#include "util.h"

_Noreturn void fuzz_broken(const char *name, const char *what, const char *detail)
{
	fprintf(stderr, "%s: broken promise: %s%s%s\n", name, what, detail ? ": " : "",
		detail ? detail : "");
	abort();
}

static int replay(const char *path)
{
	char *raw, *err = NULL;
	size_t len;
	if (fs_read_file(path, &raw, &len, &err)) {
		fprintf(stderr, "replay: %s\n", err);
		free(err);
		return 1;
	}
	LLVMFuzzerTestOneInput((const uint8_t *)raw, len);
	printf("%s: ok (%zu bytes)\n", path, len);
	free(raw);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_dir(const char *dir)
{
	struct strlist names = STRLIST_INIT;
	struct dirent *d;
	DIR *dp = opendir(dir);
	int status = 0;
	if (!dp) {
		fprintf(stderr, "replay: cannot open %s\n", dir);
		return 1;
	}
	while ((d = readdir(dp)))
		if (d->d_name[0] != '.')
			strlist_take(&names, xasprintf("%s/%s", dir, d->d_name));
	closedir(dp);
	qsort(names.v, names.n, sizeof *names.v, by_name);
	for (size_t i = 0; i < names.n; i++)
		status |= replay(names.v[i]);
	strlist_clear(&names);
	return status;
}

int main(int argc, char **argv)
{
	int status = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (!stat(argv[i], &st) && S_ISDIR(st.st_mode))
			status |= replay_dir(argv[i]);
		else
			status |= replay(argv[i]);
	}
	return status;
}
