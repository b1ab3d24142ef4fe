/* killpoint.c - an LD_PRELOAD library for tests/torture/torture.sh.
 *
 * It counts the calls that change files (open for writing, write to a
 * file, rename, fsync, syncfs, mkdir, unlink, link) made by the process it is
 * loaded into, and with WYRMPOST_KILL_AT=N kills that process with SIGKILL
 * just before the Nth: a power cut at any step a writer takes.  With
 * WYRMPOST_KILL_COUNT=FILE the count is written to FILE at exit, so a
 * clean run says how many points there are.  The worker processes of
 * `run -j N` (forked, named wyrmpost-job) count with their run, in one
 * counter in shared memory, and a kill in one of them kills the run
 * first, as a power cut would; the order of their calls varies, but not
 * their number.  Other children (the MIME sandbox, the sendmail command)
 * are not counted: their death is a different story, told by the mail
 * tests.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

static pid_t main_pid;
static long *calls, kill_at;

__attribute__((constructor)) static void start(void)
{
	const char *at = getenv("WYRMPOST_KILL_AT");
	static long own;
	main_pid = getpid();
	kill_at = at ? atol(at) : 0;
	calls = mmap(NULL, sizeof *calls, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (calls == MAP_FAILED)
		calls = &own;
	*calls = 0;
}

/* The run itself, or one of its workers (named so by run -j). */
static int counted(void)
{
	static pid_t known;
	static int worker;
	pid_t me = getpid();
	if (me == main_pid)
		return 1;
	if (me != known) {
		char name[17] = "";
		prctl(PR_GET_NAME, name);
		worker = !strcmp(name, "wyrmpost-job");
		known = me;
	}
	return worker;
}

__attribute__((destructor)) static void stop(void)
{
	const char *file = getenv("WYRMPOST_KILL_COUNT");
	FILE *f;
	if (!file || getpid() != main_pid || !(f = fopen(file, "w")))
		return;
	fprintf(f, "%ld\n", *calls);
	fclose(f);
}

static void point(void)
{
	if (!counted() || __atomic_add_fetch(calls, 1, __ATOMIC_SEQ_CST) != kill_at)
		return;
	if (getpid() != main_pid)
		kill(main_pid, SIGKILL);
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

int syncfs(int fd)
{
	REAL(syncfs);
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
