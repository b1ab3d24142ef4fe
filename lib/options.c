/* options.c - typed game options; see options.h. */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char *bool_word(const char *v)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
		if (!ascii_casecmp(v, yes[i]))
			return "yes";
		if (!ascii_casecmp(v, no[i]))
			return "no";
	}
	return NULL;
}

static bool enum_has(const char *choices, const char *v)
{
	size_t n = strlen(v);
	const char *p = choices;
	while (*p) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		if (len == n && !strncmp(p, v, n))
			return true;
		if (!bar)
			break;
		p = bar + 1;
	}
	return false;
}

static bool clock_parse(const char *v, int *minutes)
{
	int h, m;
	char tail;
	if (strlen(v) != 5 || v[2] != ':' || sscanf(v, "%2d:%2d%c", &h, &m, &tail) != 2)
		return false;
	if (h < 0 || h > 23 || m < 0 || m > 59)
		return false;
	*minutes = h * 60 + m;
	return true;
}

char *option_canonical(const struct option_spec *spec, const char *value,
		       char *why, size_t why_len)
{
	long long n;
	int minutes;
	const char *reason;

	switch (spec->type) {
	case OPT_INT:
		if (parse_int(value, spec->min, spec->max, &n))
			return xasprintf("%lld", n);
		snprintf(why, why_len, "must be a whole number from %lld to %lld",
			 spec->min, spec->max);
		return NULL;
	case OPT_BOOL:
		if (bool_word(value))
			return xstrdup(bool_word(value));
		snprintf(why, why_len, "must be yes or no");
		return NULL;
	case OPT_ENUM:
		if (enum_has(spec->choices, value))
			return xstrdup(value);
		snprintf(why, why_len, "must be one of %s", spec->choices);
		return NULL;
	case OPT_CLOCK:
		if (clock_parse(value, &minutes))
			return xasprintf("%02d:%02d", minutes / 60, minutes % 60);
		snprintf(why, why_len, "must be a time of day such as 06:00");
		return NULL;
	case OPT_STRING:
		reason = spec->check ? spec->check(value) : NULL;
		if (!reason)
			return xstrdup(value);
		snprintf(why, why_len, "%s", reason);
		return NULL;
	}
	BUG("option type %d", (int)spec->type);
}

static const struct option_spec *find_spec(const struct option_spec *const *tables,
					   const char *name)
{
	for (; *tables; tables++)
		for (const struct option_spec *s = *tables; s->name; s++)
			if (!strcmp(s->name, name))
				return s;
	return NULL;
}

static struct option_value *find_value(const struct option_set *set, const char *name)
{
	for (size_t i = 0; i < set->n; i++)
		if (!strcmp(set->v[i].spec->name, name))
			return &set->v[i];
	return NULL;
}

int option_set_one(struct option_set *set, const struct option_spec *const *tables,
		   const char *name, const char *value, char **err)
{
	const struct option_spec *spec = find_spec(tables, name);
	struct option_value *ov;
	char why[160];
	char *canon;

	if (!spec) {
		*err = xasprintf("unknown option '%s'", name);
		return -1;
	}
	canon = option_canonical(spec, value, why, sizeof why);
	if (!canon) {
		*err = xasprintf("option '%s' %s, not '%s'", name, why, value);
		return -1;
	}
	ov = find_value(set, name);
	if (!ov) {
		ALLOC_GROW(set->v, set->n + 1, set->alloc);
		ov = &set->v[set->n++];
		ov->spec = spec;
		ov->value = NULL;
	}
	free(ov->value);
	ov->value = canon;
	return 0;
}

int option_set_build(struct option_set *set, const struct option_spec *const *tables,
		     const char *const *assign, size_t nassign, char **err)
{
	for (const struct option_spec *const *t = tables; *t; t++)
		for (const struct option_spec *s = *t; s->name; s++)
			if (option_set_one(set, tables, s->name, s->def, err))
				BUG("default of option %s: %s", s->name, *err);
	for (size_t i = 0; i < nassign; i++) {
		const char *eq = strchr(assign[i], '=');
		char *name;
		int rc;
		if (!eq || eq == assign[i]) {
			*err = xasprintf("option '%s' is not NAME=VALUE", assign[i]);
			return -1;
		}
		name = xstrndup(assign[i], (size_t)(eq - assign[i]));
		rc = option_set_one(set, tables, name, eq + 1, err);
		free(name);
		if (rc)
			return -1;
	}
	return 0;
}

const char *option_get(const struct option_set *set, const char *name)
{
	struct option_value *ov = find_value(set, name);
	if (!ov)
		BUG("option %s not set", name);
	return ov->value;
}

long long option_int(const struct option_set *set, const char *name)
{
	long long n;
	if (!parse_int(option_get(set, name), -(1LL << 62), 1LL << 62, &n))
		BUG("option %s is not a number", name);
	return n;
}

bool option_bool(const struct option_set *set, const char *name)
{
	return !strcmp(option_get(set, name), "yes");
}

int option_clock(const struct option_set *set, const char *name)
{
	int minutes;
	if (!clock_parse(option_get(set, name), &minutes))
		BUG("option %s is not a clock time", name);
	return minutes;
}

void option_set_release(struct option_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->v[i].value);
	free(set->v);
	set->v = NULL;
	set->n = set->alloc = 0;
}
