/* status.h - the games at a glance, or one game in detail, for people. */
#ifndef WP_STATUS_H
#define WP_STATUS_H

#include "campaign.h"
#include "util.h"

/* A table of the games (or of one game in detail) into out; WP_ERR_DATA,
 * the first in *err, if a game in the table cannot be read. */
int campaign_status(const struct campaign *c, const char *id, struct sb *out, char **err);

#endif
