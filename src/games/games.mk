# games.mk - rules engines beyond Burglar, included by Makefile.am.  Each
# engine adds its sources to GAMES_SOURCES, its schema to GAMES_SCHEMAS
# (embedded as schema_NAME_rng; declare it in src/schemas.h), its Check
# suites to GAMES_UNIT_TESTS and its extra files to GAMES_DIST.
GAMES_SOURCES =
GAMES_SCHEMAS =
GAMES_UNIT_TESTS =
GAMES_SCRIPT_TESTS =
GAMES_DIST =
