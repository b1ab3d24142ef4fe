/* cmd-help.c - wyrmpost help [VERB] */
#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "cli.h"
#include "engine.h"

static void list_rules(void)
{
	printf("Options every game has (--option NAME=VALUE):\n");
	for (const struct option_spec *o = core_options; o->name; o++)
		printf("  %s (default %s): %s\n", o->name, o->def, o->help);
	printf("\nRules (for 'wyrmpost new ID RULES'):\n");
	for (const struct engine *const *e = engine_list(); *e; e++) {
		printf("  %-16s %s, %d to %d players\n", (*e)->name, (*e)->title,
		       (*e)->min_players, (*e)->max_players);
		for (const struct option_spec *o = (*e)->options; o && o->name; o++)
			printf("      --option %s=... (default %s): %s\n", o->name, o->def, o->help);
	}
}

int cmd_help(int argc, char **argv)
{
	const struct cmd *cmd;
	if (argc < 2) {
		printf("usage: wyrmpost [-d DIR] VERB [ARGS]\n\n"
		       "A play-by-email turn processor.  DIR (or $WYRMPOST_DIR, or the\n"
		       "current directory) is the campaign.  Verbs:\n\n");
		for (cmd = commands; cmd->name; cmd++)
			printf("  %-10s %s\n", cmd->name, cmd->summary);
		printf("\n'wyrmpost help VERB' explains one; 'wyrmpost help rules' lists the games.\n");
		return 0;
	}
	if (!strcmp(argv[1], "rules")) {
		list_rules();
		return 0;
	}
	cmd = cmd_find(argv[1]);
	if (!cmd) {
		cli_error("no verb '%s'; see 'wyrmpost help'", argv[1]);
		return EX_USAGE;
	}
	printf("usage: wyrmpost %s\n\n%s", cmd->usage, cmd->help);
	return 0;
}
