/* cmd-submit.c - wyrmpost submit [FILE]: one mail or orders text, from a
 * file or standard input, through the same intake as fetch (intake.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "intake.h"

int cmd_submit(int argc, char **argv)
{
	const struct cmd *cmd = cmd_find("submit");
	const char *file = argc == 2 && argv[1][0] != '-' ? argv[1] : NULL;
	const char *w = getenv("WYRMPOST_LOCK_WAIT");
	long long wait = 120;
	struct campaign c;
	struct intake_result in;
	char *err = NULL;
	int fd = STDIN_FILENO, rc;

	if (argc > 2)
		return cli_usage(cmd, "too many arguments");
	if (file && (fd = open(file, O_RDONLY | O_CLOEXEC)) < 0) {
		cli_error("cannot open '%s': %s", file, strerror(errno));
		return EX_NOINPUT;
	}
	/* A delivery during a run waits for it rather than being deferred
	 * by the mail system for the whole run; WYRMPOST_LOCK_WAIT (seconds)
	 * sets how long, 120 by default. */
	if (w && !parse_int(w, 0, 3600, &wait))
		wait = 120;
	rc = cli_open_wait(&c, (int)wait);
	if (rc) {
		if (file)
			close(fd);
		return rc;
	}
	rc = campaign_intake(&c, fd, &in, &err);
	campaign_close(&c);
	if (file)
		close(fd);
	if (in.reply)
		cli_out(in.reply);
	for (size_t i = 0; i < in.tally.log.n; i++)
		cli_error("%s", in.tally.log.v[i]);
	/* A mail is delivered once it is stored, answered, logged or set
	 * apart: any other status makes a mail system bounce it (to its
	 * sender: backscatter) or keep it and try again for ever.  Only a
	 * failure that trying again may cure is EX_TEMPFAIL.  Orders typed by
	 * the game master get their verdict as the status. */
	if (rc) {
		cli_error("%s", err ? err : "the mail could not be taken");
		free(err);
		rc = in.mail ? EX_TEMPFAIL : cli_exit_code(rc);
	} else {
		rc = cli_exit_code(in.mail ? WP_OK : in.verdict);
	}
	intake_result_release(&in);
	return rc;
}
