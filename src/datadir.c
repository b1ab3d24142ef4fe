/* datadir.c - the installed data, or the source tree's (see datadir.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datadir.h"
#include "util.h"

/* Is the running program the one built in WYRMPOST_BUILDDIR? */
static bool running_from_build_tree(void)
{
	char exe[PATH_MAX], build[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return false;
	*slash = '\0';
	/* The build directory as configured may itself hold symbolic links. */
	if (!realpath(WYRMPOST_BUILDDIR, build))
		return false;
	return !strcmp(exe, build);
}

/* installed, or in_tree where the program runs from its build tree and
 * the source tree has that folder. */
static const char *data_dir(const char *installed, const char *in_tree)
{
	struct stat st;
	if (running_from_build_tree() && !stat(in_tree, &st) && S_ISDIR(st.st_mode))
		return in_tree;
	return installed;
}

const char *datadir_templates(void)
{
	static const char *dir;
	if (!dir)
		dir = data_dir(WYRMPOST_DATADIR "/templates", WYRMPOST_SRCDIR "/templates");
	return dir;
}

const char *datadir_rules(void)
{
	static const char *dir;
	if (!dir)
		dir = data_dir(WYRMPOST_DOCDIR "/rules", WYRMPOST_SRCDIR "/docs/rules");
	return dir;
}

const char *datadir_guides(void)
{
	static const char *dir;
	if (!dir)
		dir = data_dir(WYRMPOST_DOCDIR, WYRMPOST_SRCDIR "/docs");
	return dir;
}
