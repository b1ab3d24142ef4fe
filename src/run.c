/* run.c - a run: every due game of the campaign played by this process,
 * in order, and what became of each; see run.h. */
#include <stdlib.h>
#include <string.h>

#include "run.h"

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
}

struct in_order {
	const struct strlist *ids;
	size_t next;
	progress_fn *progress;
	void *arg;
	struct run_result *r;
};

static bool next_in_order(void *arg, size_t *index)
{
	struct in_order *o = arg;
	if (o->next >= o->ids->n)
		return false;
	if (o->progress)
		o->progress(o->arg, o->next, o->ids->n, o->ids->v[o->next]);
	*index = o->next++;
	return true;
}

static void add_result(void *arg, size_t index, enum run_outcome outcome, const char *err)
{
	struct in_order *o = arg;
	run_result_add(o->r, o->ids->v[index], outcome, err);
}

int campaign_run_list(const struct campaign *c, struct strlist *ids, struct run_result *r)
{
	char *err = NULL;
	int rc;

	memset(r, 0, sizeof *r);
	rc = campaign_list_games(c, ids, &err);
	if (rc)
		strlist_take(&r->errors, err);
	r->games = ids->n;
	return rc;
}

int campaign_run(struct campaign *c, unsigned flags, progress_fn *progress, void *arg,
		 struct run_result *r)
{
	struct strlist ids = STRLIST_INIT;
	struct in_order o = { &ids, 0, progress, arg, r };
	int rc = campaign_run_list(c, &ids, r);

	if (rc)
		return rc;
	campaign_play_batches(c, &ids, flags, next_in_order, add_result, &o);
	if (progress)
		progress(arg, ids.n, ids.n, NULL);
	strlist_clear(&ids);
	return run_result_rc(r);
}
