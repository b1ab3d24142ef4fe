/* campaign.h - a campaign directory: creating it and its games, opening
 * and locking it, finding, loading and saving games, their orders files,
 * mail into the outbox.  What is done to games is in modules of its own:
 * taking orders (submit.h, intake.h), turns (turn.h, run.h, cron.h),
 * looking and undoing (status.h, validate.h, rollback.h), the game
 * master's changes (gm.h, seat.h).
 *
 *   wyrmpost.xml                 configuration
 *   games/ID/game.xml            current state (replaced atomically)
 *   games/ID/turns/NNNN.xml      the state before turn NNNN was processed
 *   games/ID/orders/NNNN/PLAYER  pending orders for turn NNNN
 *   games/ID/reports/NNNN/       reports of turn NNNN as sent (NAME.txt)
 *   games/ID/press/NNNN/         messages sent during turn NNNN (press.h)
 *   outbox/                      Maildir of outgoing mail
 *
 * The library never prints or exits: every function returns a wp_rc and,
 * on failure, a message in *err (caller frees).  The time of the run is
 * given by the caller in c->now; nothing here reads the clock.
 */
#ifndef WP_CAMPAIGN_H
#define WP_CAMPAIGN_H

#include <stdbool.h>
#include <stdint.h>

#include "conf.h"
#include "game.h"
#include "password.h"
#include "util.h"

struct campaign {
	char *dir;
	struct config cfg;
	long long now;  /* the time of this run, seconds since the epoch */
	const char *templates; /* the folder of kits the report PDFs are drawn
				  from (NULL: the installed one); the caller's */
	int lock_fd;
	struct password_cache passwords; /* the checks of this run */
	/* While a turn is played: its mails are held in outbox/tmp, their
	 * keys added here, to be released once the turn is committed
	 * (turn.c); NULL: mail goes straight to outbox/new. */
	struct strlist *held;
};

int campaign_init(const char *dir, const char *sender, const char *gamemaster,
		  char **err);
int campaign_open(struct campaign *c, const char *dir, long long now, char **err);
void campaign_close(struct campaign *c);
/* Take the campaign lock for the rest of the process's work on it. */
int campaign_lock(struct campaign *c, char **err);
/* Remove the temporary files killed writers left in game id's folder, its
 * turns/, and its reports/ and orders/ folders of turn (none for 0); for
 * commands about to write there, under the lock. */
void campaign_sweep_game(const struct campaign *c, const char *id, int turn);
/* The mails of game id that a killed or failed run left held in
 * outbox/tmp: those of a turn before turn (committed) are released to
 * outbox/new, those of turn and later (not committed: the turn is played
 * again) removed.  Errors are ignored: the next run tries again. */
void campaign_settle_held(const struct campaign *c, const char *id, int turn);

char *campaign_game_path(const struct campaign *c, const char *id, const char *rest);
int campaign_list_games(const struct campaign *c, struct strlist *ids, char **err);
/* Does games/ID hold a game (its state, or the snapshots to restore it
 * from), as campaign_list_games sees it? */
bool campaign_game_exists(const struct campaign *c, const char *id);
int campaign_load_game(const struct campaign *c, const char *id, struct game *g,
		       char **err);
/* The same for a game still in play: one that is over is refused
 * (WP_ERR_USAGE, *err saying so), for what the game master changes. */
int campaign_load_live_game(const struct campaign *c, const char *id, struct game *g,
			    char **err);

/* --- new games ------------------------------------------------------------ */
struct new_player {
	const char *name, *email;
	const char *password; /* NULL: generate one */
};
struct new_game {
	const char *id, *rules;
	bool have_seed;
	uint64_t seed;
	const char *const *options; /* "name=value" */
	size_t noptions;
	const struct new_player *players;
	size_t nplayers;
	const char *setup_text, *setup_name; /* --setup FILE, or NULL */
};
/* Create the game, mail each player a welcome with their password, and
 * list "NAME PASSWORD" for every generated password in *generated. */
int campaign_new_game(struct campaign *c, const struct new_game *ng,
		      struct strlist *generated, char **err);

/* --- the store and the outbox, for every module of the campaign --------- */
int campaign_save_game(const struct campaign *c, const struct game *g, char **err);
/* A line for people in spool/fetch.log, stamped with c->now and naming
 * source (a URL, "submit", "replies"), its control characters escaped. */
void campaign_log(const struct campaign *c, const char *source, const char *text);
/* Mail to player p of g, or to the game master when p < 0, into the outbox. */
int campaign_mail(const struct campaign *c, const struct game *g, int p, const char *key,
		  const char *subject, const char *body, const char *in_reply_to,
		  const char *auto_submitted, char **err);
/* The same with files attached (struct outpart, see outbox.h). */
struct outpart;
int campaign_mail_with(const struct campaign *c, const struct game *g, int p,
		       const char *key, const char *subject, const char *body,
		       const char *in_reply_to, const char *auto_submitted,
		       const struct outpart *attach, size_t nattach, char **err);
/* The same to any address (an observer's).  A reply to mail
 * (auto_submitted "auto-replied") beyond cfg.replies_per_day to one
 * address in one day is not written, only logged: WP_OK. */
int campaign_mail_to(const struct campaign *c, const char *to_name, const char *to,
		     const char *key, const char *subject, const char *body,
		     const char *in_reply_to, const char *auto_submitted,
		     const struct outpart *attach, size_t nattach, char **err);
/* games/ID/orders/NNNN[/PLAYER] */
char *campaign_orders_path(const struct campaign *c, const char *id, int turn,
			   const char *player);
/* Pending orders of every player for g's current turn (lines[i] filled).
 * An orders file that exists but cannot be read is WP_ERR_IO, with *err
 * naming it (err may be NULL); the others are loaded all the same. */
int campaign_load_orders(const struct campaign *c, const struct game *g, bool *has,
			 struct strlist *lines, char **err);

#endif
