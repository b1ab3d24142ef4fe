/* run-jobs.c - campaign_run_jobs: the due games of a run played by several
 * worker processes at once (wyrmpost run -j N).
 *
 * Games are independent: each has its own folder, and the mail they put
 * in the outbox is named by a key of the game's own.  So workers need no
 * coordination beyond who plays which game.  They take the next game from
 * a counter in shared memory (one game at a time: turns differ in cost by
 * more than ten times, so a fixed split would leave a worker idle), play
 * it exactly as campaign_run would, and tell the parent what became of it
 * through a pipe.  The parent puts the outcomes back in the order of the
 * games, so the result, the messages and the exit status are those of a
 * run without workers.
 *
 * Processes, not threads: libxml2, libharu and the engines keep global
 * state, and a process's memory is returned whole when it ends.  The
 * workers inherit the campaign lock's descriptor, so the lock is held
 * until the last of them has gone; they die with the parent (Linux), so
 * a run killed is a run stopped, as without workers.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "fsutil.h"
#include "run-jobs.h"
#include "turn.h"

/* A worker's report on one game: when it need be looked at again, its
 * index, outcome and message length, then the message. */
struct record {
	int64_t wake;
	uint32_t index, outcome, len, pad;
};

struct job {
	pid_t pid;
	int fd;          /* the read end of its pipe; -1 at its end */
	struct sb in;    /* bytes read, not yet a whole record */
};

struct worker {
	const struct strlist *ids;
	size_t *next; /* in shared memory */
	int fd;       /* to the parent */
};

static bool take_next(void *arg, size_t *index)
{
	struct worker *w = arg;
	*index = __atomic_fetch_add(w->next, 1, __ATOMIC_RELAXED);
	return *index < w->ids->n;
}

static void report(void *arg, size_t index, enum run_outcome o, long long wake,
		   const char *err)
{
	struct worker *w = arg;
	struct record rec = { 0 };
	rec.wake = wake;
	rec.index = (uint32_t)index;
	rec.outcome = (uint32_t)o;
	rec.len = err ? (uint32_t)strlen(err) : 0;
	if (fs_write_all(w->fd, &rec, sizeof rec) || fs_write_all(w->fd, err ? err : "", rec.len))
		_exit(1);
}

/* The worker: play games until none is left, then end (never returns). */
static void work(struct campaign *c, unsigned flags, const struct strlist *ids,
		 size_t *next, int fd, pid_t parent)
{
	struct worker w = { ids, next, fd };
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1); /* the parent died before the line above */
	prctl(PR_SET_NAME, "wyrmpost-job");
#endif
	campaign_play_batches(c, ids, flags, take_next, report, &w);
	_exit(0);
}

struct progress {
	progress_fn *fn;
	void *arg;
	size_t done;
};

/* The whole records in j's buffer, into out; the rest stays. */
static void take_records(struct job *j, struct run_plan *plan, struct progress *pr)
{
	const struct strlist *ids = &plan->visit;
	size_t used = 0, n = ids->n;
	while (j->in.len - used >= sizeof(struct record)) {
		struct record rec;
		memcpy(&rec, j->in.buf + used, sizeof rec);
		if (j->in.len - used - sizeof rec < rec.len)
			break;
		if (rec.index >= n || plan->out[rec.index].known)
			BUG("worker %ld reported game %u twice or out of range",
			    (long)j->pid, rec.index);
		{
			char *err = rec.len ? xstrndup(j->in.buf + used + sizeof rec, rec.len)
					    : NULL;
			run_plan_settle(plan, rec.index, (enum run_outcome)rec.outcome, rec.wake,
					err);
			free(err);
		}
		used += sizeof rec + rec.len;
		if (pr->fn)
			pr->fn(pr->arg, pr->done, n, ids->v[rec.index]);
		pr->done++;
	}
	memmove(j->in.buf, j->in.buf + used, j->in.len - used);
	j->in.len -= used;
}

/* Read every worker's reports until all pipes are closed. */
static void gather(struct job *jobs, unsigned njobs, struct run_plan *plan,
		   progress_fn *progress, void *arg)
{
	struct pollfd *pfd = xcalloc(njobs, sizeof *pfd);
	struct progress pr = { progress, arg, 0 };
	unsigned open = njobs;
	char buf[8192];

	while (open) {
		for (unsigned k = 0; k < njobs; k++) {
			pfd[k].fd = jobs[k].fd;
			pfd[k].events = POLLIN;
		}
		if (poll(pfd, njobs, -1) < 0) {
			if (errno == EINTR)
				continue;
			BUG("poll: %s", strerror(errno));
		}
		for (unsigned k = 0; k < njobs; k++) {
			ssize_t n;
			if (jobs[k].fd < 0 || !(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			n = read(jobs[k].fd, buf, sizeof buf);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				close(jobs[k].fd);
				jobs[k].fd = -1;
				open--;
				continue;
			}
			sb_add(&jobs[k].in, buf, (size_t)n);
			take_records(&jobs[k], plan, &pr);
		}
	}
	free(pfd);
}

/* Wait for every worker; a game none reported on failed with its worker. */
static void reap(struct job *jobs, unsigned njobs, struct run_plan *plan)
{
	char *why = NULL;
	for (unsigned k = 0; k < njobs; k++) {
		int st;
		while (waitpid(jobs[k].pid, &st, 0) < 0 && errno == EINTR)
			;
		if (!why && WIFSIGNALED(st))
			why = xasprintf("a worker process was killed (signal %d) "
					"while it played this game", WTERMSIG(st));
		else if (!why && WEXITSTATUS(st))
			why = xasprintf("a worker process failed (status %d) "
					"while it played this game", WEXITSTATUS(st));
		sb_release(&jobs[k].in);
	}
	for (size_t i = 0; i < plan->visit.n; i++)
		if (!plan->out[i].known)
			run_plan_settle(plan, i, RUN_FAILED, 0,
					why ? why : "no worker process played it");
	free(why);
}

/* Fork the workers; how many there are (0: no pipe or no fork). */
static unsigned start_jobs(struct campaign *c, unsigned flags, struct job *jobs,
			   unsigned njobs, const struct strlist *ids, size_t *next)
{
	pid_t parent = getpid();
	unsigned started = 0;

	for (unsigned k = 0; k < njobs; k++) {
		int p[2];
		jobs[k].fd = -1;
		if (pipe(p))
			break; /* fewer workers; those there are play every game */
		jobs[k].pid = fork();
		if (jobs[k].pid == 0) {
			close(p[0]);
			for (unsigned m = 0; m < k; m++)
				close(jobs[m].fd);
			work(c, flags, ids, next, p[1], parent);
		}
		close(p[1]);
		if (jobs[k].pid < 0) {
			close(p[0]);
			break;
		}
		jobs[k].fd = p[0];
	}
	while (started < njobs && jobs[started].fd >= 0)
		started++;
	return started;
}

int campaign_run_jobs(struct campaign *c, unsigned flags, unsigned njobs,
		      progress_fn *progress, void *arg, struct run_result *r)
{
	struct run_plan plan;
	struct job *jobs;
	size_t *next;
	unsigned started = 0;
	int rc;

	if (njobs <= 1)
		return campaign_run(c, flags, progress, arg, r);
	rc = run_plan_open(c, flags, &plan, r);
	if (rc)
		return rc;
	if (njobs > plan.visit.n)
		njobs = (unsigned)plan.visit.n;
	next = njobs > 1 ? mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE,
				MAP_SHARED | MAP_ANONYMOUS, -1, 0)
			 : MAP_FAILED;
	if (next != MAP_FAILED) {
		*next = 0;
		jobs = xcalloc(njobs, sizeof *jobs);
		started = start_jobs(c, flags, jobs, njobs, &plan.visit, next);
		if (started) {
			gather(jobs, started, &plan, progress, arg);
			reap(jobs, started, &plan);
			if (progress)
				progress(arg, plan.visit.n, plan.visit.n, NULL);
		}
		free(jobs);
		munmap(next, sizeof *next);
	}
	/* Nothing to share, no shared memory, no pipe or no fork: one
	 * process will do. */
	if (!started)
		run_plan_play(c, flags, &plan, progress, arg);
	/* The index is the parent's alone, written once the workers are
	 * gone: they never race for it. */
	return run_plan_close(c, flags, &plan, r);
}
