/* options.h - typed game options with defaults and validation.
 *
 * Each engine lists its options in a table; the core adds its own (deadline,
 * time zone, NMR limit).  Values are kept as validated strings in the game's
 * state, so they round-trip through game.xml unchanged.
 */
#ifndef WP_OPTIONS_H
#define WP_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

enum option_type {
	OPT_INT,    /* whole number between min and max */
	OPT_BOOL,   /* yes/no, true/false, on/off, 1/0; stored as "yes"/"no" */
	OPT_ENUM,   /* one of choices, a |-separated list */
	OPT_CLOCK,  /* a time of day HH:MM */
	OPT_STRING, /* anything for which check() (if set) says yes */
};

struct option_spec {
	const char *name;
	enum option_type type;
	const char *def; /* default, itself valid */
	long long min, max; /* OPT_INT */
	const char *choices; /* OPT_ENUM */
	const char *help;
	/* OPT_STRING: extra validation; returns NULL or a reason (static). */
	const char *(*check)(const char *value);
};

struct option_value {
	const struct option_spec *spec;
	char *value; /* canonical text */
};

struct option_set {
	struct option_value *v;
	size_t n, alloc;
};
#define OPTION_SET_INIT { NULL, 0, 0 }

/* Validate value against spec and return its canonical text (caller frees),
 * or NULL with a reason in *why (static string or formatted into why_buf). */
char *option_canonical(const struct option_spec *spec, const char *value,
		       char *why_buf, size_t why_len);
/* Fill set with the defaults of every spec in the NULL-name-terminated
 * tables, then apply "name=value" assignments; returns 0, or -1 and a
 * message in *err (caller frees). */
int option_set_build(struct option_set *set, const struct option_spec *const *tables,
		     const char *const *assign, size_t nassign, char **err);
/* Set one option by name (checked); 0 or -1 with *err. */
int option_set_one(struct option_set *set, const struct option_spec *const *tables,
		   const char *name, const char *value, char **err);
const char *option_get(const struct option_set *set, const char *name);
long long option_int(const struct option_set *set, const char *name);
bool option_bool(const struct option_set *set, const char *name);
/* OPT_CLOCK: minutes after midnight. */
int option_clock(const struct option_set *set, const char *name);
void option_set_release(struct option_set *set);

#endif
