/* cmd-run.c - wyrmpost run [--dry-run] [--force] [-j N]: the cron job */
#include <stdio.h>
#include <stdlib.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "campaign-fetch.h"
#include "campaign-send.h"
#include "run-jobs.h"
#include "turn.h"
#include "site.h"

static void show_progress(void *arg, size_t done, size_t total, const char *id)
{
	(void)arg;
	if (id)
		fprintf(stderr, "\rwyrmpost: %zu/%zu %-32s", done + 1, total, id);
	else
		fprintf(stderr, "\r%60s\r", "");
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
	struct run_result r;
	unsigned flags = 0;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	long long jobs = cores > 0 ? cores : 1;
	int opt, rc, failed_step = 0;

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
	/* The cron job: mail in, turns, mail out; one campaign lock for all. */
	if (c.cfg.sources.n && !(flags & TURN_DRY_RUN)) {
		struct intake_tally fr;
		char *err = NULL;
		bool failed = campaign_fetch(&c, &fr, &err) != 0;
		failed_step |= failed;
		/* What became of each mail is in spool/fetch.log.  Under cron,
		 * whose output is mailed to the game master, it is shown only
		 * when the fetch itself failed: a player's typo is not news. */
		for (size_t i = 0; (failed || isatty(STDERR_FILENO)) && i < fr.log.n; i++)
			cli_error("%s", fr.log.v[i]);
		intake_tally_release(&fr);
		free(err);
	}
	/* Quiet under cron: a progress line only for a person at a terminal. */
	rc = campaign_run_jobs(&c, flags, (unsigned)jobs,
			       isatty(STDERR_FILENO) ? show_progress : NULL, NULL, &r);
	if (send_configured(&c.cfg) && !(flags & TURN_DRY_RUN)) {
		struct send_result sr;
		char *err = NULL;
		if (campaign_send(&c, &sr, &err) || sr.failed)
			failed_step = 1;
		for (size_t i = 0; i < sr.log.n; i++)
			cli_error("%s", sr.log.v[i]);
		if (err)
			cli_error("%s", err);
		send_result_release(&sr);
		free(err);
	}
	/* The web archive, when wyrmpost.xml asks for one (site.h). */
	if (c.cfg.site_dir && !(flags & TURN_DRY_RUN)) {
		char *err = NULL;
		if (campaign_site(&c, c.cfg.site_dir, SITE_QUICK, &err)) {
			cli_error("site: %s", err ? err : "failed");
			failed_step = 1;
		}
		free(err);
	}
	campaign_close(&c);
	for (size_t i = 0; i < r.errors.n; i++)
		cli_error("%s", r.errors.v[i]);
	if (isatty(STDOUT_FILENO) || (flags & TURN_DRY_RUN))
	{
		printf("%zu games, %zu played%s, %zu held, %zu failed\n", r.games, r.processed,
		       flags & TURN_DRY_RUN ? " (dry run: nothing written)" : "", r.held,
		       r.failed);
		for (size_t i = 0; i < r.held_ids.n; i++)
			printf("held or paused: %s (wyrmpost status %s says why)\n",
			       r.held_ids.v[i], r.held_ids.v[i]);
	}
	strlist_clear(&r.errors);
	strlist_clear(&r.held_ids);
	/* Mail that could not be fetched or sent is kept for the next run:
	 * tell cron to try again, unless a game failed worse. */
	if (!rc && failed_step)
		return EX_TEMPFAIL;
	return cli_exit_code(rc);
}
