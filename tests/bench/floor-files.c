/* floor-files.c - the plain-file floor for `make bench`: what a run's
 * files cost the disk at the least.  bench-floor-files AFTER BEFORE takes
 * every file of the campaign AFTER (a copy after a run) that is new or
 * different in BEFORE (the same campaign before it), reads them all into
 * memory, then, timed, writes the same bytes to the same paths under
 * BEFORE: plain writes, no temporary names, no flush per file, and one
 * syncfs at the end.  Prints "FILES BYTES SECONDS". */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct file {
	char *rel, *data;
	size_t len;
};
static struct file *files;
static size_t nfiles, cap;

static char *slurp(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	char *buf;
	if (fd < 0 || fstat(fd, &st))
		return NULL;
	buf = malloc((size_t)st.st_size + 1);
	if (!buf || read(fd, buf, (size_t)st.st_size) != st.st_size) {
		perror(path);
		exit(74);
	}
	close(fd);
	*len = (size_t)st.st_size;
	return buf;
}

/* Every file under after/rel that before lacks or holds otherwise. */
static void collect(const char *after, const char *before, const char *rel)
{
	char path[4096];
	struct dirent *e;
	DIR *d;
	snprintf(path, sizeof path, "%s/%s", after, rel);
	if (!(d = opendir(path)))
		return;
	while ((e = readdir(d))) {
		char sub[4096], a[8192], b[8192];
		struct stat st;
		size_t alen, blen;
		char *adata, *bdata;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", e->d_name);
		snprintf(a, sizeof a, "%s/%s", after, sub);
		if (lstat(a, &st))
			continue;
		if (S_ISDIR(st.st_mode)) {
			collect(after, before, sub);
			continue;
		}
		if (!S_ISREG(st.st_mode) || !strcmp(e->d_name, ".lock"))
			continue;
		snprintf(b, sizeof b, "%s/%s", before, sub);
		adata = slurp(a, &alen);
		bdata = slurp(b, &blen);
		if (bdata && blen == alen && !memcmp(adata, bdata, alen)) {
			free(adata);
			free(bdata);
			continue;
		}
		free(bdata);
		if (nfiles == cap) {
			cap = cap ? 2 * cap : 1024;
			files = realloc(files, cap * sizeof *files);
			if (!files)
				exit(71);
		}
		files[nfiles].rel = strdup(sub);
		files[nfiles].data = adata;
		files[nfiles++].len = alen;
	}
	closedir(d);
}

static void write_file(const char *before, const struct file *f)
{
	char path[8192], *slash;
	int fd;
	snprintf(path, sizeof path, "%s/%s", before, f->rel);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 && errno == ENOENT) { /* a new folder: make it, then retry */
		for (slash = strchr(path + strlen(before) + 1, '/'); slash;
		     slash = strchr(slash + 1, '/')) {
			*slash = '\0';
			mkdir(path, 0700);
			*slash = '/';
		}
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	}
	if (fd < 0 || write(fd, f->data, f->len) != (ssize_t)f->len || close(fd)) {
		perror(path);
		exit(74);
	}
}

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	size_t bytes = 0;
	int dir;
	if (argc != 3) {
		fprintf(stderr, "usage: bench-floor-files AFTER BEFORE\n");
		return 64;
	}
	collect(argv[1], argv[2], "");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (size_t i = 0; i < nfiles; i++) {
		write_file(argv[2], &files[i]);
		bytes += files[i].len;
	}
	if ((dir = open(argv[2], O_RDONLY | O_DIRECTORY)) < 0 || syncfs(dir)) {
		perror(argv[2]);
		return 74;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%zu %zu %.3f\n", nfiles, bytes,
	       (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	return 0;
}
