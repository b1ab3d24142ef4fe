/* intake.c - intake-bench MAILDIR: `make bench`, intake part.  Every
 * mail in MAILDIR/new and MAILDIR/cur, in name order, read and given to
 * submission_parse(): the call campaign_submit() makes for each mail that
 * `wyrmpost fetch` takes, so plain UTF-8 mail is read in this process and
 * anything else goes through mime_orders_text(), to the parser child under
 * resource limits that takes mail after mail, exactly as in fetch.  What fetch does around it (the
 * spool copy, the password check, storing the orders, the reply, every
 * file flushed) is timed separately by intake.sh; this is the part
 * that compares with a MIME parser.  Prints what it found, so the bench
 * can tell that every mail was read.
 *
 * Linked a second time as intake-bench-inproc, with mime_orders_text()
 * wrapped by intake_inproc.c's stand-in: the same parse without the child,
 * to show what the sandbox costs.  The last number printed says how many
 * mails took that way (0 in intake-bench itself). */
#include <stdio.h>
#include <stdlib.h>

#include "fsutil.h"
#include "../fuzz/intake-inproc.h"
#include "mime.h"
#include "orders.h"
#include "util.h"

int main(int argc, char **argv)
{
	static const char *const subs[] = { "new", "cur" };
	size_t mails = 0, orders = 0, lines = 0, quarantined = 0;
	char *err = NULL;

	if (argc != 2) {
		fprintf(stderr, "usage: intake-bench MAILDIR\n");
		return 64;
	}
	for (size_t s = 0; s < ARRAY_SIZE(subs); s++) {
		char *dir = xasprintf("%s/%s", argv[1], subs[s]);
		struct strlist names = STRLIST_INIT;
		if (fs_list(dir, &names, &err)) {
			fprintf(stderr, "intake-bench: %s\n", err);
			return 66;
		}
		for (size_t i = 0; i < names.n; i++) {
			char *path = xasprintf("%s/%s", dir, names.v[i]), *raw;
			struct submission sub;
			size_t len;
			if (fs_read_file(path, &raw, &len, &err)) {
				fprintf(stderr, "intake-bench: %s\n", err);
				return 66;
			}
			mails++;
			if (submission_parse(raw, len, &sub, &err) == 0) {
				orders++;
				lines += sub.n;
			} else {
				quarantined += sub.quarantine;
				free(err);
				err = NULL;
			}
			submission_release(&sub);
			free(raw);
			free(path);
		}
		strlist_clear(&names);
		free(dir);
	}
	/* As fetch does at its end; timed with the rest. */
	mime_parser_shutdown();
	printf("%zu mails, %zu with orders (%zu order lines), %zu quarantined, %u parsed "
	       "without a fork\n", mails, orders, lines, quarantined, intake_inproc_calls);
	return 0;
}
