/* validate.h - every stored game, its pending orders and its earlier
 * states read back against the schemas (`wyrmpost check`).  Named apart
 * from the verb: <check.h> is the unit tests' framework. */
#ifndef WP_VALIDATE_H
#define WP_VALIDATE_H

#include "campaign.h"
#include "util.h"

/* Validate every stored game (or game id; the configuration was read when
 * c was opened); each problem is a line in *problems.  Returns WP_OK even
 * when there are problems. */
int campaign_validate(const struct campaign *c, const char *id, struct strlist *problems,
		      char **err);

#endif
