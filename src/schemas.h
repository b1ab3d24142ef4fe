/* schemas.h - the RelaxNG grammars built into the program from schema/
 * (see build-aux/embed.sh); the same files are installed beside it. */
#ifndef WP_SCHEMAS_H
#define WP_SCHEMAS_H

extern const char schema_game_rng[];
extern const char schema_config_rng[];
extern const char schema_burglar_rng[];
extern const char schema_heart_of_glass_rng[];
extern const char schema_template_rng[];
extern const char schema_dragon_pants_rng[];

#endif
