/* datadir.h - where the program's data lives: the kits under templates/,
 * the rules pages under docs/rules/, the player guides under docs/.
 *
 * An installed wyrmpost reads them from $(pkgdatadir).  A wyrmpost run from
 * the tree it was built in (./configure && make, no make install) reads
 * them from the source tree it was configured from, so every command works
 * straight after a build; that tree is only used when the running program
 * is the one in the build tree and the source tree still has templates/.
 * (The schemas are built into the program and never looked up.) */
#ifndef WP_DATADIR_H
#define WP_DATADIR_H

/* The directory holding one folder per kit.  Static storage. */
const char *datadir_templates(void);
/* The rules as played, one NAME.md a game: $(docdir)/rules, or the source
 * tree's docs/rules likewise.  Static storage. */
const char *datadir_rules(void);

/* The player guides, one NAME.md a game: $(docdir), or the source tree's
 * docs likewise.  Static storage. */
const char *datadir_guides(void);

#endif
