/* cli.c - helpers for the command files; see cli.h. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>

#include "fsutil.h"
#include "utf8.h"

const char *cli_dir = ".";
const char *cli_templates;

void cli_out(const char *text)
{
	char *shown = utf8_visible(text ? text : "");
	fputs(shown, stdout);
	free(shown);
}

const struct cmd *cli_commands;

const struct cmd *cmd_find(const char *name)
{
	for (const struct cmd *c = cli_commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* Messages carry text from mail (game ids, names, orders): shown with
 * their control characters escaped, so none reaches the terminal. */
void cli_error(const char *fmt, ...)
{
	va_list ap;
	char *msg, *shown;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	shown = utf8_visible(msg);
	fprintf(stderr, "wyrmpost: %s\n", shown);
	free(shown);
	free(msg);
}

int cli_exit_code(int rc)
{
	switch (rc) {
	case WP_OK: return EX_OK;
	case WP_ERR_USAGE: return EX_USAGE;
	case WP_ERR_NOTFOUND: return EX_NOINPUT;
	case WP_ERR_DATA: return EX_DATAERR;
	case WP_ERR_NOPERM: return EX_NOPERM;
	case WP_ERR_IO: return EX_IOERR;
	case WP_ERR_BUSY: return EX_TEMPFAIL;
	case WP_ERR_CONFIG: return EX_CONFIG;
	case WP_ERR_EXISTS: return EX_CANTCREAT;
	}
	return EX_SOFTWARE;
}

int cli_fail(int rc, char *err)
{
	if (err)
		cli_error("%s", err);
	free(err);
	return cli_exit_code(rc);
}

int cli_usage(const struct cmd *cmd, const char *fmt, ...)
{
	va_list ap;
	fputs("wyrmpost: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: wyrmpost %s\n", cmd->usage);
	return EX_USAGE;
}

long long cli_now(void)
{
	const char *fixed = getenv("WYRMPOST_NOW");
	long long t;
	if (fixed && parse_int(fixed, 0, 1LL << 40, &t))
		return t;
	return (long long)time(NULL);
}

int cli_open(struct campaign *c, bool lock)
{
	char *err = NULL;
	int rc = campaign_open(c, cli_dir, cli_now(), &err);
	c->templates = cli_templates;
	if (!rc && lock)
		rc = campaign_lock(c, &err);
	if (rc) {
		campaign_close(c);
		return cli_fail(rc, err);
	}
	return 0;
}

int cli_open_for_id(const char *verb, int argc, char **argv, struct campaign *c,
		    const char **id)
{
	if (argc > 2)
		return cli_usage(cmd_find(verb), "too many arguments");
	*id = argc == 2 ? argv[1] : NULL;
	return cli_open(c, false);
}

int cli_open_wait(struct campaign *c, int seconds)
{
	char *err = NULL;
	struct timespec start, now, nap = { 0, 200 * 1000 * 1000 };
	int rc = campaign_open(c, cli_dir, cli_now(), &err);

	c->templates = cli_templates;
	clock_gettime(CLOCK_MONOTONIC, &start);
	while (!rc) {
		if ((rc = campaign_lock(c, &err)) != WP_ERR_BUSY)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec >= seconds)
			break;
		free(err);
		err = NULL;
		rc = WP_OK;
		nanosleep(&nap, NULL);
	}
	if (rc) {
		campaign_close(c);
		return cli_fail(rc, err);
	}
	return 0;
}

int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts)
{
	return getopt_long(argc, argv, shortopts, longopts, NULL);
}
