/* killpoint.c - an LD_PRELOAD library for tests/torture/torture.sh.
 *
 * It counts the calls that change files (open for writing, write to a
 * file, rename, fsync, mkdir, unlink, link) made by the process it is
 * loaded into, and with WYRMPOST_KILL_AT=N kills that process with SIGKILL
 * just before the Nth: a power cut at any step a writer takes.  With
 * WYRMPOST_KILL_COUNT=FILE the count is written to FILE at exit, so a
 * clean run says how many points there are.  Children (the MIME sandbox,
 * the sendmail command) are not counted: their death is a different
 * story, told by the mail tests.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static pid_t main_pid;
static long calls, kill_at;

__attribute__((constructor)) static void start(void)
{
	const char *at = getenv("WYRMPOST_KILL_AT");
	main_pid = getpid();
	kill_at = at ? atol(at) : 0;
}

__attribute__((destructor)) static void stop(void)
{
	const char *file = getenv("WYRMPOST_KILL_COUNT");
	FILE *f;
	if (!file || getpid() != main_pid || !(f = fopen(file, "w")))
		return;
	fprintf(f, "%ld\n", calls);
	fclose(f);
}

static void point(void)
{
	if (getpid() == main_pid && ++calls == kill_at)
		raise(SIGKILL);
}

#define REAL(name) \
	static __typeof__(name) *real; \
	if (!real) \
		real = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	REAL(open);
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (flags & (O_WRONLY | O_RDWR | O_CREAT))
		point();
	return real(path, flags, mode);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	REAL(write);
	if (fd > 2)
		point();
	return real(fd, buf, n);
}

int rename(const char *from, const char *to)
{
	REAL(rename);
	point();
	return real(from, to);
}

int fsync(int fd)
{
	REAL(fsync);
	point();
	return real(fd);
}

int mkdir(const char *path, mode_t mode)
{
	REAL(mkdir);
	point();
	return real(path, mode);
}

int unlink(const char *path)
{
	REAL(unlink);
	point();
	return real(path);
}

int link(const char *from, const char *to)
{
	REAL(link);
	point();
	return real(from, to);
}
