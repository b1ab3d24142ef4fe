/* cmd-submit.c - wyrmpost submit [FILE] */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "fsutil.h"

int cmd_submit(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("submit");
	struct campaign c;
	struct submit_result r;
	char *text, *err = NULL;
	size_t len;
	int rc;

	if (argc > 2)
		return cli_usage(cmd, "too many arguments");
	if (fs_read_file(argc == 2 && argv[1][0] != '-' ? argv[1] : "/dev/stdin", &text,
			 &len, &err))
		return cli_fail(WP_ERR_NOTFOUND, err);
	/* A delivery during a run waits for it rather than being deferred
	 * by the mail system for the whole run; WYRMPOST_LOCK_WAIT (seconds)
	 * sets how long, 120 by default. */
	{
		const char *w = getenv("WYRMPOST_LOCK_WAIT");
		long long wait = 120;
		if (w && !parse_int(w, 0, 3600, &wait))
			wait = 120;
		rc = cli_open_wait(&c, (int)wait);
	}
	if (rc) {
		free(text);
		return rc;
	}
	rc = campaign_submit(&c, text, len, &r, &err);
	campaign_close(&c);
	free(text);
	if (r.reply)
		fputs(r.reply, stdout);
	submit_result_release(&r);
	return rc ? cli_fail(rc, err) : 0;
}
