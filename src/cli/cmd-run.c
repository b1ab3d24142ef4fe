/* cmd-run.c - wyrmpost run [--dry-run] [--force] [-j N]: the cron job
 * (cron.h) */
#include <stdio.h>
#include <stdlib.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "cron.h"
#include "turn.h"

static void show_progress(void *arg, size_t done, size_t total, const char *id)
{
	(void)arg;
	if (id)
		fprintf(stderr, "\rwyrmpost: %zu/%zu %-32s", done + 1, total, id);
	else
		fprintf(stderr, "\r%60s\r", "");
}

/* Under cron, whose output is mailed to the game master, only what is
 * news; a person at a terminal sees every line. */
static void show_note(void *arg, const char *line, bool urgent)
{
	(void)arg;
	if (urgent || isatty(STDERR_FILENO))
		cli_error("%s", line);
}

static void show_result(const struct run_result *r, unsigned flags)
{
	for (size_t i = 0; i < r->errors.n; i++)
		cli_error("%s", r->errors.v[i]);
	if (!isatty(STDOUT_FILENO) && !(flags & TURN_DRY_RUN))
		return;
	printf("%zu games, %zu played%s, %zu held, %zu failed\n", r->games, r->processed,
	       flags & TURN_DRY_RUN ? " (dry run: nothing written)" : "", r->held, r->failed);
	for (size_t i = 0; i < r->held_ids.n; i++)
		printf("held or paused: %s (wyrmpost status %s says why)\n", r->held_ids.v[i],
		       r->held_ids.v[i]);
}

int cmd_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "force", no_argument, NULL, 'f' },
		{ "jobs", required_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd *cmd = cmd_find("run");
	struct campaign c;
	struct cron_result r;
	unsigned flags = 0;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	long long jobs = cores > 0 ? cores : 1;
	bool step_failed;
	int opt, rc;

	while ((opt = cli_getopt(argc, argv, "j:", longopts)) != -1) {
		if (opt == 'n')
			flags |= TURN_DRY_RUN;
		else if (opt == 'f')
			flags |= TURN_FORCE;
		else if (opt == 'j') {
			if (!parse_int(optarg, 1, 1024, &jobs))
				return cli_usage(cmd, "-j wants a number of processes from 1 to 1024, "
						 "not '%s'", optarg);
		} else
			return cli_usage(cmd, "bad option");
	}
	if (optind != argc)
		return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
	/* A run killed a moment ago may leave its workers (-j) a few
	 * milliseconds to die, holding the lock: wait that out, briefly. */
	rc = cli_open_wait(&c, 2);
	if (rc)
		return rc;
	/* Quiet under cron: a progress line only for a person at a terminal. */
	rc = campaign_cron(&c, flags, (unsigned)jobs, isatty(STDERR_FILENO) ? show_progress : NULL,
			   show_note, NULL, &r);
	campaign_close(&c);
	show_result(&r.run, flags);
	step_failed = r.step_failed;
	cron_result_release(&r);
	/* Mail that could not be fetched or sent is kept for the next run:
	 * tell cron to try again, unless a game failed worse. */
	if (!rc && step_failed)
		return EX_TEMPFAIL;
	return cli_exit_code(rc);
}
