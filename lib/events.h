/* events.h - what happened in a turn, each item with its audience.
 *
 * An engine reports everything that happened as events; the core turns them
 * into each player's report.  An event is seen by everybody or by the players
 * named in its audience mask, so a report shows a player exactly what that
 * player may know.
 */
#ifndef WP_EVENTS_H
#define WP_EVENTS_H

#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>

#define MAX_PLAYERS 64
#define AUD_ALL UINT64_MAX
#define AUD(p) ((uint64_t)1 << (p))

struct event {
	uint64_t audience;
	char *text; /* one line, UTF-8, no trailing newline */
};

struct events {
	struct event *v;
	size_t n, alloc;
};
#define EVENTS_INIT { NULL, 0, 0 }

void events_add(struct events *ev, uint64_t audience, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same from a va_list, for an engine's own printf-like helpers;
 * returns the text added (the events own it). */
const char *events_vadd(struct events *ev, uint64_t audience, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
void events_release(struct events *ev);
/* May player p (or the public, p < 0) see event e? */
int event_visible(const struct event *e, int p);

#endif
