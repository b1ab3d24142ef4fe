/* cmd-help.c - wyrmpost help [VERB] */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli.h"
#include "engine.h"

/* The kits in the templates folder: every folder with a kit.xml, sorted. */
static void list_kits(void)
{
	const char *dir = cli_templates;
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);
	printf("\nKits (for 'wyrmpost print RULES'), from %s:\n", dir);
	if (n < 0) {
		printf("  none: the folder cannot be read\n");
		return;
	}
	for (int i = 0; i < n; i++) {
		char *kit = xasprintf("%s/%s/kit.xml", dir, names[i]->d_name);
		if (names[i]->d_name[0] != '.' && !access(kit, R_OK))
			printf("  %s\n", names[i]->d_name);
		free(kit);
		free(names[i]);
	}
	free(names);
}

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
		if ((*e)->setup_file)
			printf("      --setup FILE (optional): %s\n", (*e)->setup_file);
	}
	list_kits();
}

int cmd_help(int argc, char **argv)
{
	const struct cmd *cmd;
	if (argc < 2) {
		printf("usage: wyrmpost [-d DIR] VERB [ARGS]\n\n"
		       "A play-by-email turn processor.  DIR (or $WYRMPOST_DIR, or the\n"
		       "current directory) is the campaign.  Verbs:\n\n");
		for (cmd = cli_commands; cmd->name; cmd++)
			printf("  %-10s %s\n", cmd->name, cmd->summary);
		printf("\n'wyrmpost help VERB' explains one; 'wyrmpost help rules' lists the games and kits.\n");
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
