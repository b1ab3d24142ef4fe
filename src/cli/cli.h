/* cli.h - what the thin command files share: the verb table, turning
 * library codes into exit statuses, and messages on stderr. */
#ifndef WP_CLI_H
#define WP_CLI_H

#include <getopt.h>
#include <stdbool.h>

#include "campaign.h"

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;   /* one line: "new ID RULES [options]" */
	const char *summary; /* one line for `wyrmpost help` */
	const char *help;    /* the rest of `wyrmpost help VERB` */
};

/* The verb table (wyrmpost.c), handed over by main before a verb runs:
 * each command file finds its usage line in it, and help its list.  Held
 * here so that no command file reaches back up into main's file. */
extern const struct cmd *cli_commands;
/* The verb of that name in cli_commands, or NULL. */
const struct cmd *cmd_find(const char *name);

/* The campaign directory from -d, WYRMPOST_DIR, or ".". */
extern const char *cli_dir;
/* The folder of kits (and report templates): WYRMPOST_TEMPLATES, or the
 * installed one (datadir.h).  Every campaign cli_open opens draws its
 * reports from it. */
extern const char *cli_templates;

/* "wyrmpost: message" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Text the library made (a report, a reply, a status), which may carry
 * text from mail, on stdout with its control characters escaped. */
void cli_out(const char *text);
/* Print err (if any), free it, and return the exit status for rc. */
int cli_fail(int rc, char *err);
int cli_exit_code(int rc);
/* A usage error for cmd: message, usage line, EX_USAGE. */
int cli_usage(const struct cmd *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The time of this run: the clock, or WYRMPOST_NOW (seconds since the
 * epoch) so tests and replays can fix it. */
long long cli_now(void);
/* Open (and lock, if asked) the campaign; prints and returns an exit status
 * on failure, 0 on success. */
int cli_open(struct campaign *c, bool lock);
/* For a verb that takes at most one game id and no option (`check [ID]`,
 * `status [ID]`): the arguments checked and the campaign opened without
 * the lock; *id is the id given, or NULL.  0, or the exit status. */
int cli_open_for_id(const char *verb, int argc, char **argv, struct campaign *c,
		    const char **id);
/* The same with the lock, waiting up to seconds while another wyrmpost
 * holds it (a mail delivered by procmail during a run). */
int cli_open_wait(struct campaign *c, int seconds);
/* Parse the options of a verb with getopt_long; argv[0] is the verb. */
int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts);

int cmd_init(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_submit(int argc, char **argv);
int cmd_turn(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_rollback(int argc, char **argv);
int cmd_press(int argc, char **argv);
int cmd_broadcast(int argc, char **argv);
int cmd_game(int argc, char **argv);
int cmd_player(int argc, char **argv);
int cmd_offer(int argc, char **argv);
int cmd_approve(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_fetch(int argc, char **argv);
int cmd_send(int argc, char **argv);
int cmd_print(int argc, char **argv);
int cmd_site(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_import(int argc, char **argv);

#endif
