/* registry.c - every rules engine built into the program. */
#include <string.h>

#include "engine.h"

static const struct engine *engines[16] = {
	&burglar_engine,
	&heart_of_glass_engine,
	&dragon_pants_engine,
	NULL,
};

const struct engine *const *engine_list(void)
{
	return engines;
}

void engine_register(const struct engine *e)
{
	size_t n = 0;
	while (engines[n])
		n++;
	if (n + 1 >= ARRAY_SIZE(engines))
		BUG("too many engines");
	engines[n] = e;
}

const struct engine *engine_find(const char *name)
{
	for (size_t i = 0; engines[i]; i++)
		if (!strcmp(engines[i]->name, name))
			return engines[i];
	return NULL;
}
