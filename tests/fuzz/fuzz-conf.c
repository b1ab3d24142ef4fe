/* fuzz-conf.c - a libFuzzer target over wyrmpost.xml (src/conf.c): one
 * input is the configuration file, written to a scratch directory because
 * config_load() reads a path (relative file names in it are resolved
 * against that directory).  Besides not crashing, config_load() promises a
 * message on failure and, on success, the fields conf.h describes: a
 * sender, each <source> in both lists, and known STARTTLS values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conf.h"
#include "fsutil.h"
#include "fuzz-target.h"
#include "util.h"

#define MAX_CONF (64 * 1024)

static char *path, *dir;

static void cleanup(void)
{
	unlink(path);
	rmdir(dir);
}

/* In memory where there is a tmpfs: rewriting a file on ext4 flushes it
 * at each close (a truncated file is written back at once), which made
 * the target some thirty times slower (266 inputs a second, not 7,500). */
static void scratch(void)
{
	char shm[] = "/dev/shm/wyrmpost-fuzz-conf-XXXXXX";
	char tmp[] = "/tmp/wyrmpost-fuzz-conf-XXXXXX";
	char *tmpl = mkdtemp(shm) ? shm : tmp;
	if (tmpl == tmp && !mkdtemp(tmp))
		fuzz_broken("fuzz_conf", "cannot make a scratch directory", NULL);
	dir = xstrdup(tmpl);
	path = xasprintf("%s/wyrmpost.xml", dir);
	atexit(cleanup);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config c;
	char *err = NULL;
	FILE *f;

	if (size > MAX_CONF)
		return 0;
	if (!path)
		scratch();
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		fuzz_broken("fuzz_conf", "cannot write the scratch file", path);
	memset(&c, 0, sizeof c);
	if (config_load(&c, path, &err)) {
		if (!err)
			fuzz_broken("fuzz_conf", "load failed without a message", NULL);
		free(err);
		return 0;
	}
	if (!c.sender || !c.gamemaster)
		fuzz_broken("fuzz_conf", "loaded without a sender or gamemaster", NULL);
	if (c.sources.n != c.nfetch_sources)
		fuzz_broken("fuzz_conf", "sources and fetch_sources differ", NULL);
	for (size_t i = 0; i < c.nfetch_sources; i++) {
		if (strcmp(c.sources.v[i], c.fetch_sources[i].url))
			fuzz_broken("fuzz_conf", "a source's url differs", c.sources.v[i]);
		if (c.fetch_sources[i].starttls < CONFIG_STARTTLS_YES ||
		    c.fetch_sources[i].starttls > CONFIG_STARTTLS_NO)
			fuzz_broken("fuzz_conf", "an unknown STARTTLS value", NULL);
	}
	config_release(&c);
	return 0;
}
