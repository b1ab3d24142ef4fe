/* events.c - the event log of a turn; see events.h. */
#include "events.h"

#include <stdarg.h>
#include <stdlib.h>

#include "util.h"

const char *events_vadd(struct events *ev, uint64_t audience, const char *fmt, va_list ap)
{
	ALLOC_GROW(ev->v, ev->n + 1, ev->alloc);
	ev->v[ev->n].text = xvasprintf(fmt, ap);
	ev->v[ev->n].audience = audience;
	return ev->v[ev->n++].text;
}

void events_add(struct events *ev, uint64_t audience, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	events_vadd(ev, audience, fmt, ap);
	va_end(ap);
}

void events_release(struct events *ev)
{
	for (size_t i = 0; i < ev->n; i++)
		free(ev->v[i].text);
	free(ev->v);
	ev->v = NULL;
	ev->n = ev->alloc = 0;
}

int event_visible(const struct event *e, int p)
{
	if (e->audience == AUD_ALL)
		return 1;
	return p >= 0 && p < MAX_PLAYERS && (e->audience & AUD(p)) != 0;
}
