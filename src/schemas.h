/* schemas.h - the campaign's RelaxNG grammars, built into the program from
 * schema/ (build-aux/embed.sh); the same files are installed beside it.
 * A game's own grammar is built in with the game (build-aux/games-c.sh),
 * the templates' with print/. */
#ifndef WP_SCHEMAS_H
#define WP_SCHEMAS_H

extern const char schema_game_rng[];
extern const char schema_config_rng[];

#endif
