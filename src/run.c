/* run.c - a run: every due game of the campaign played by this process,
 * in order, and what became of each; see run.h. */
#include <stdlib.h>
#include <string.h>

#include "run.h"
#include "turn.h"

void run_result_add(struct run_result *r, const char *id, enum run_outcome o,
		    const char *err)
{
	switch (o) {
	case RUN_PLAYED:
		r->processed++;
		break;
	case RUN_HELD:
		r->held++;
		strlist_add(&r->held_ids, id);
		break;
	case RUN_FAILED_IO:
		r->io_failed = true;
		/* fall through */
	case RUN_FAILED:
		/* One broken game never stops the others, not even when its
		 * own files cannot be written: every write is atomic, so a
		 * game that fails is left as it was. */
		if (err && !strncmp(err, id, strlen(id)) && !strncmp(err + strlen(id), ": ", 2))
			strlist_add(&r->errors, err); /* it names its game already */
		else
			strlist_addf(&r->errors, "%s: %s", id, err ? err : "failed");
		r->failed++;
		break;
	case RUN_QUIET:
		break;
	}
}

int run_result_rc(const struct run_result *r)
{
	return r->failed ? (r->io_failed ? WP_ERR_IO : WP_ERR_DATA) : WP_OK;
}

void run_result_release(struct run_result *r)
{
	strlist_clear(&r->errors);
	strlist_clear(&r->held_ids);
	free(r->index_note);
	r->index_note = NULL;
}

/* Games to look at: those woken by now, those touched, and folders that
 * held no game the last time and hold one now. */
static void choose(struct campaign *c, unsigned flags, struct run_plan *p, struct run_result *r)
{
	p->look = xcalloc(p->ix.n + 1, sizeof *p->look);
	for (size_t i = 0; i < p->touched.n; i++) {
		struct wake_entry *e = wake_index_find(&p->ix, p->touched.v[i]);
		if (e)
			p->look[e - p->ix.v] = true;
	}
	for (size_t i = 0; i < p->ix.n; i++) {
		const struct wake_entry *e = &p->ix.v[i];
		if (e->flag == WAKE_EMPTY) {
			p->look[i] = campaign_game_exists(c, e->id);
			if (!p->look[i])
				continue;
		}
		r->games++;
		if ((flags & TURN_FORCE) || e->wake <= c->now)
			p->look[i] = true;
		if (p->look[i])
			strlist_add(&p->visit, e->id);
	}
}

static void plan_release(struct run_plan *p)
{
	for (size_t i = 0; i < p->visit.n; i++)
		free(p->out[i].err);
	free(p->out);
	free(p->look);
	strlist_clear(&p->visit);
	strlist_clear(&p->touched);
	strlist_clear(&p->idle_held);
	wake_index_release(&p->ix);
}

/* Nothing to do, as the two first lines of a current index say: no game
 * woken by now and none touched.  Then the rest is not read (an idle run
 * costs the same for any number of games); the games held are reported
 * as the last run left them. */
static bool nothing_to_do(struct campaign *c, unsigned flags, struct run_plan *p,
			  struct run_result *r)
{
	struct wake_summary s;
	bool current, idle;
	char *err = NULL;

	if ((flags & TURN_FORCE) || p->touched.n)
		return false;
	if (wake_index_summary(c, &s, &current, &err)) {
		free(err); /* the whole index is read, and rebuilt */
		return false;
	}
	idle = current && s.next > c->now;
	if (idle) {
		r->games = s.games;
		p->idle_held = s.held;
		memset(&s.held, 0, sizeof s.held);
	}
	wake_summary_release(&s);
	return idle;
}

int run_plan_open(struct campaign *c, unsigned flags, struct run_plan *p, struct run_result *r)
{
	char *err = NULL;
	int rc;

	memset(r, 0, sizeof *r);
	memset(p, 0, sizeof *p);
	rc = wake_index_touched(c, &p->touched, &err);
	if (!rc && nothing_to_do(c, flags, p, r)) {
		p->out = xcalloc(1, sizeof *p->out);
		return WP_OK;
	}
	if (!rc)
		rc = wake_index_load(c, &p->ix, &r->index_note, &err);
	if (rc) {
		strlist_take(&r->errors, err);
		plan_release(p);
		return rc;
	}
	/* A game touched that the index does not know yet (made within the
	 * tick of the file system's clock the index was written in). */
	for (size_t i = 0; i < p->touched.n; i++)
		if (!wake_index_find(&p->ix, p->touched.v[i]) &&
		    campaign_game_exists(c, p->touched.v[i]))
			wake_index_set(&p->ix, p->touched.v[i], 0, WAKE_PLAIN);
	choose(c, flags, p, r);
	p->out = xcalloc(p->visit.n + 1, sizeof *p->out);
	return WP_OK;
}

void run_plan_settle(struct run_plan *p, size_t index, enum run_outcome o, long long wake,
		     const char *err)
{
	struct run_visit *v;
	if (index >= p->visit.n || p->out[index].known)
		BUG("game %zu of %zu settled twice or out of range", index, p->visit.n);
	v = &p->out[index];
	v->known = true;
	v->o = o;
	v->wake = o == RUN_FAILED || o == RUN_FAILED_IO ? 0 : wake;
	v->err = err ? xstrdup(err) : NULL;
}

/* Every game's outcome in the order of the games, into *r and the index. */
static void take_outcomes(struct run_plan *p, struct run_result *r)
{
	size_t k = 0;
	for (size_t i = 0; i < p->idle_held.n; i++)
		run_result_add(r, p->idle_held.v[i], RUN_HELD, NULL);
	for (size_t i = 0; i < p->ix.n; i++) {
		struct wake_entry *e = &p->ix.v[i];
		const struct run_visit *v;
		if (!p->look[i]) {
			if (e->flag == WAKE_HELD)
				run_result_add(r, e->id, RUN_HELD, NULL);
			continue;
		}
		v = &p->out[k++];
		if (!v->known)
			BUG("game %s of a run has no outcome", e->id);
		run_result_add(r, e->id, v->o, v->err);
		wake_index_set(&p->ix, e->id, v->wake, v->o == RUN_HELD ? WAKE_HELD : WAKE_PLAIN);
	}
}

/* The folders of the games looked at, as this run leaves them: a later
 * change of games/ does not take them for folders replaced. */
static void saw_folders(const struct campaign *c, struct run_plan *p)
{
	for (size_t i = 0; i < p->ix.n; i++)
		if (p->look[i])
			wake_index_saw(c, &p->ix, p->ix.v[i].id);
}

int run_plan_close(struct campaign *c, unsigned flags, struct run_plan *p,
		   struct run_result *r)
{
	char *err = NULL;

	take_outcomes(p, r);
	if (!(flags & TURN_DRY_RUN)) {
		saw_folders(c, p);
		/* Written once the games are committed, the marks removed
		 * once it is: a kill before either leaves looks for nothing. */
		if (p->ix.dirty && wake_index_save(c, &p->ix, &err)) {
			free(r->index_note);
			r->index_note = xasprintf("the index of games could not be written, "
						  "so the next run looks at more games: %s", err);
			r->index_failed = true;
			free(err);
		} else {
			wake_index_untouch(c, &p->touched);
		}
	}
	plan_release(p);
	return run_result_rc(r);
}

struct in_order {
	struct run_plan *p;
	size_t next;
	progress_fn *progress;
	void *arg;
};

static bool next_in_order(void *arg, size_t *index)
{
	struct in_order *o = arg;
	const struct strlist *ids = &o->p->visit;
	if (o->next >= ids->n)
		return false;
	if (o->progress)
		o->progress(o->arg, o->next, ids->n, ids->v[o->next]);
	*index = o->next++;
	return true;
}

static void add_result(void *arg, size_t index, enum run_outcome outcome, long long wake,
		       const char *err)
{
	struct in_order *o = arg;
	run_plan_settle(o->p, index, outcome, wake, err);
}

void run_plan_play(struct campaign *c, unsigned flags, struct run_plan *p,
		   progress_fn *progress, void *arg)
{
	struct in_order o = { p, 0, progress, arg };
	campaign_play_batches(c, &p->visit, flags, next_in_order, add_result, &o);
	if (progress)
		progress(arg, p->visit.n, p->visit.n, NULL);
}

int campaign_run(struct campaign *c, unsigned flags, progress_fn *progress, void *arg,
		 struct run_result *r)
{
	struct run_plan p;
	int rc = run_plan_open(c, flags, &p, r);

	if (rc)
		return rc;
	run_plan_play(c, flags, &p, progress, arg);
	return run_plan_close(c, flags, &p, r);
}
