/* fuzz-tpl.c - a libFuzzer target over print templates (print/tpl-load.c,
 * tpl-eval.c, tpl-draw.c): one input is a template, loaded as `wyrmpost
 * print` loads each part of a kit (the XML parse, the template schema, the
 * expressions), and a template that loads is then drawn, as for a blank
 * kit, into a small-font PDF kept in memory.  A template is data a game
 * master may take from anyone, so neither step may crash; a failure must
 * come with a message. */
#include <stdlib.h>

#include "fuzz-target.h"
#include "print.h"
#include "template.h"
#include "util.h"

/* Templates are a few KB; bigger inputs only slow the fuzzer. */
#define MAX_TPL (64 * 1024)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct print_doc_opts dopts = { .paper = PRINT_A4, .small = true };
	struct tpl_opts topts = { 0 };
	struct print_doc *d;
	struct tpl *t;
	char *err = NULL;

	if (size > MAX_TPL)
		return 0;
	if (tpl_load_buffer(&t, (const char *)data, size, "fuzz.xml", &err)) {
		if (!err)
			fuzz_broken("fuzz_tpl", "load failed without a message", NULL);
		free(err);
		return 0;
	}
	if (print_doc_new(&d, &dopts, &err))
		fuzz_broken("fuzz_tpl", "libharu would not start", err);
	if (tpl_render(t, d, NULL, &topts, &err)) {
		if (!err)
			fuzz_broken("fuzz_tpl", "render failed without a message", NULL);
		free(err);
	}
	print_doc_free(d);
	tpl_free(t);
	return 0;
}
