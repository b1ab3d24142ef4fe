/* intake-inproc.c - mime_orders_text() without its fork; see
 * intake_inproc.h. */
#include "intake-inproc.h"

#include <stdlib.h>
#include <string.h>

#include "mime-int.h"
#include "util.h"

unsigned intake_inproc_calls;
void (*intake_inproc_check)(int rc, const char *err, const struct mime_result *r);

int __wrap_mime_orders_text(const char *raw, size_t len, const struct mime_limits *lim,
			    struct mime_result *out, char **err)
{
	size_t max = lim && lim->max_size ? lim->max_size : MIME_DEFAULT_MAX_SIZE;
	struct mime_result r;
	struct sb wire = SB_INIT;
	char *e = NULL;
	int rc, status;

	intake_inproc_calls++;
	memset(out, 0, sizeof *out);
	*err = NULL;
	if (len > max) {
		*err = xasprintf("the mail is %zu bytes, more than the limit of %zu", len, max);
		return MIME_TOO_LARGE;
	}
	rc = mime_parse_unsafe(raw, len, MIME_PARSE_FULL, &r, &e);
	if (intake_inproc_check)
		intake_inproc_check(rc, e, &r);
	mime_result_encode(rc, e, &r, &wire);
	mime_result_release(&r);
	free(e);
	/* The parent refuses what does not decode as a garbled child. */
	if (mime_result_decode(wire.buf, wire.len, &status, err, out) < 0)
		BUG("a result as the child sends it does not decode");
	sb_release(&wire);
	return status;
}
