#!/bin/sh
# backup.sh - wyrmpost export and import: a campaign in play exported and
# restored is the same campaign (its files and modes, what status says,
# what a run then does); secrets stay out without --with-secrets; the
# archive is 0600 and GNU tar reads it; an import refuses a folder that is
# not empty, and a cut or damaged archive leaves nothing behind; export
# waits for the locks a run and a delivery hold, then exits 75.
. "$top_srcdir/tests/sh/lib.sh"

C=$scratch/c
wp init --sender gm@example.org >/dev/null
wp new g1 burglar --seed 3 --option hold=no --player ann:ann@example.org:pw-ann \
	--player bob:bob@example.org:pw-bob --player cat:cat@example.org:pw-cat \
	--player dan:dan@example.org:pw-dan >/dev/null
wp new g2 heart-of-glass --seed 7 --option hold=no --player ann:ann@example.org:pw-ann \
	--player bob:bob@example.org:pw-bob --player cat:cat@example.org:pw-cat >/dev/null
orders() { # GAME PLAYER TURN LINE
	printf 'game %s\nplayer %s\npassword pw-%s\nturn %s\n%s\n' "$1" "$2" "$2" "$3" "$4" |
		wp submit >/dev/null
}
orders g1 bob 1 leave
# A stranger asks to watch: the campaign makes its secret key for the code.
printf 'From: zed@example.org\nTo: gm@example.org\nSubject: x\nMessage-ID: <w1@example.org>\n\ngame g2\nobserve\n' |
	wp submit >/dev/null
# A password file of wyrmpost.xml's, as its owner keeps it.
printf 'imap-secret\n' >"$C/imap.pw"
chmod 600 "$C/imap.pw"
export WYRMPOST_NOW=$((T0 + 86400))
wp run
orders g1 bob 2 join
for f in secret games/g1/turns/0001.xml outbox/new; do
	[ -e "$C/$f" ] || fail "the campaign has no $f to back up"
done

# tree DIR: every file and folder with its mode, and every file's sum; of
# the index of games only its games, wake times and marks (it names each
# folder's inode and time, which a restored copy has of its own)
tree() {
	(cd "$1" && find . ! -name .lock -printf '%m %y %p\n' | sort &&
	 { find . -type f ! -name .lock ! -path ./spool/wake-index -exec sha256sum {} +
	   [ ! -f spool/wake-index ] || printf '%s  %s\n' "$(sed 1d spool/wake-index |
		cut -d' ' -f1,5,6 | sha256sum | cut -d' ' -f1)" ./spool/wake-index; } | sort -k 2)
}
# same WHAT A B
same() {
	if cmp -s "$2" "$3"; then ok; else
		fail "$1 differ"
		diff "$2" "$3" | head -20 | sed 's/^/  | /' >&2
	fi
}

# --- a whole backup, and the campaign restored from it ---------------------------
expect_status 0 wp export --with-secrets -o "$scratch/all.tar"
[ "$(stat -c %a "$scratch/all.tar")" = 600 ] && ok || fail "the archive is not 0600"
if tar -tf "$scratch/all.tar" >"$scratch/list" 2>"$scratch/tar-err" && [ ! -s "$scratch/tar-err" ]
then ok; else fail "GNU tar does not read the archive"; cat "$scratch/tar-err" >&2; fi
for f in wyrmpost.xml secret imap.pw games/g1/game.xml games/g1/turns/0001.xml \
	 games/g1/orders/0002/bob outbox/new/; do
	expect_grep "^$f\$" "$scratch/list"
done
expect_no_grep '\.lock' "$scratch/list"
expect_status 0 "$WYRMPOST" import "$scratch/all.tar" -C "$scratch/copy"
expect_grep 'files restored' "$scratch/out"
expect_no_grep 'no secrets' "$scratch/out"
tree "$C" >"$scratch/tree-c"
tree "$scratch/copy" >"$scratch/tree-copy"
same "the campaign and its copy" "$scratch/tree-c" "$scratch/tree-copy"
# GNU tar extracts the same files.
mkdir "$scratch/by-tar"
tar -xf "$scratch/all.tar" -C "$scratch/by-tar"
tree "$scratch/by-tar" | grep -v ' d ' | grep -v '^[0-9a-f]\{64\} ' >"$scratch/tree-tar"
grep -v ' d ' "$scratch/tree-c" | grep -v '^[0-9a-f]\{64\} ' >"$scratch/tree-files"
same "GNU tar's files and modes" "$scratch/tree-files" "$scratch/tree-tar"
# status, and a run, give the same on both.
wp status >"$scratch/status-c"
"$WYRMPOST" -d "$scratch/copy" status >"$scratch/status-copy"
same "status" "$scratch/status-c" "$scratch/status-copy"
export WYRMPOST_NOW=$((T0 + 2 * 86400))
wp run
"$WYRMPOST" -d "$scratch/copy" run
tree "$C" >"$scratch/tree-c"
tree "$scratch/copy" >"$scratch/tree-copy"
same "the campaign and its copy after a run" "$scratch/tree-c" "$scratch/tree-copy"
grep -q 'turn="3"' "$scratch/copy/games/g1/game.xml" && ok || fail "the copy's run played nothing"

# --- secrets stay out without --with-secrets -------------------------------------
expect_status 0 wp export -o "$scratch/pub.tar"
[ "$(stat -c %a "$scratch/pub.tar")" = 600 ] && ok || fail "the archive is not 0600"
tar -tf "$scratch/pub.tar" >"$scratch/list"
expect_grep '^games/g1/game.xml$' "$scratch/list"
expect_grep '^games/g2/turns/0002.xml$' "$scratch/list"
expect_grep '^outbox/new/$' "$scratch/list"
for f in '^secret$' '^imap.pw$' '^outbox/new/.' '^sent/.*\.eml'; do
	expect_no_grep "$f" "$scratch/list"
done
if tar -xOf "$scratch/pub.tar" --wildcards 'games/*.xml' | grep -q 'pbkdf2'; then
	fail "a password hash left in a state"
else
	ok
fi
expect_status 0 "$WYRMPOST" import "$scratch/pub.tar" -C "$scratch/pub"
expect_grep 'no secrets' "$scratch/out"
expect_status 0 "$WYRMPOST" -d "$scratch/pub" check
# Nobody's password matches a blanked hash ...
printf 'game g1\nplayer ann\npassword pw-ann\nleave\n' >"$scratch/ann.txt"
expect_status 77 "$WYRMPOST" -d "$scratch/pub" submit "$scratch/ann.txt"
# ... until the game master gives a new one.
"$WYRMPOST" -d "$scratch/pub" player g1 ann password >"$scratch/pw"
pw=$(sed -n 's/^New password.*: //p' "$scratch/pw")
printf 'game g1\nplayer ann\npassword %s\nleave\n' "$pw" >"$scratch/ann.txt"
expect_status 0 "$WYRMPOST" -d "$scratch/pub" submit "$scratch/ann.txt"

# --- some games only ---------------------------------------------------------------
expect_status 0 wp export g2 --with-secrets -o "$scratch/g2.tar"
tar -tf "$scratch/g2.tar" | grep -v '^games/g2/.' >"$scratch/list"
printf 'wyrmpost.xml\ngames/\ngames/g2/\n' >"$scratch/want"
same "a one-game archive" "$scratch/want" "$scratch/list"
expect_status 66 wp export g9 -o "$scratch/g9.tar"
expect_grep 'g9: no such game' "$scratch/err"
[ ! -e "$scratch/g9.tar" ] && ok || fail "an archive written for no game"

# --- import refuses ---------------------------------------------------------------
mkdir "$scratch/full"
echo keep >"$scratch/full/notes"
expect_status 73 "$WYRMPOST" import "$scratch/all.tar" -C "$scratch/full"
expect_grep 'not empty' "$scratch/err"
[ "$(ls -A "$scratch/full")" = notes ] && ok || fail "import wrote into a folder not empty"
size=$(stat -c %s "$scratch/all.tar")
head -c $((size / 2)) "$scratch/all.tar" >"$scratch/cut.tar"
head -c $((size - 1024)) "$scratch/all.tar" >"$scratch/noend.tar"
cp "$scratch/all.tar" "$scratch/bad.tar"
# A byte of the third header (the first file's, after the comment and games/).
printf 'Z' | dd of="$scratch/bad.tar" bs=1 seek=$((4 * 512 + 10)) conv=notrunc 2>/dev/null
for t in cut noend bad; do
	expect_status 65 "$WYRMPOST" import "$scratch/$t.tar" -C "$scratch/r-$t"
	expect_grep "$t.tar: damaged or incomplete: .*nothing was restored" "$scratch/err"
	[ ! -e "$scratch/r-$t" ] && ok || fail "$t.tar left $scratch/r-$t"
done
expect_grep 'checksum is wrong' "$scratch/err"
if ls -A "$scratch" | grep -q 'import'; then fail "an import left its folder"; else ok; fi
# An empty folder there already (the host's, with its own mode) is
# filled, and stays as it was when the archive is refused; so is the
# campaign directory itself, the default.
mkdir -m 750 "$scratch/host" "$scratch/here"
expect_status 65 "$WYRMPOST" import "$scratch/cut.tar" -C "$scratch/host"
[ -z "$(ls -A "$scratch/host")" ] && ok || fail "a refused archive left files"
expect_status 0 "$WYRMPOST" import "$scratch/all.tar" -C "$scratch/host"
[ "$(stat -c %a "$scratch/host")" = 750 ] && ok || fail "import changed the folder's mode"
[ -f "$scratch/host/games/g2/game.xml" ] && ok || fail "import did not fill the folder"
expect_status 0 sh -c 'cd "$1" && "$2" import ../all.tar' - "$scratch/here" "$WYRMPOST"
[ -f "$scratch/here/wyrmpost.xml" ] && ok || fail "import did not restore into ."
expect_check "$WYRMPOST" -d "$scratch/here" check
printf 'not an archive\n' >"$scratch/text.tar"
expect_status 65 "$WYRMPOST" import "$scratch/text.tar" -C "$scratch/r-text"
expect_grep 'not a tar archive' "$scratch/err"

# --- the locks: a run, a delivery ------------------------------------------------
exec 9>"$C/.lock"
flock -n 9
expect_status 75 env WYRMPOST_LOCK_WAIT=1 "$WYRMPOST" -d "$C" export -o "$scratch/busy.tar"
expect_grep 'another wyrmpost' "$scratch/err"
exec 9>&-
exec 9>"$C/outbox/.lock"
flock -n 9
expect_status 75 env WYRMPOST_LOCK_WAIT=1 "$WYRMPOST" -d "$C" export -o "$scratch/busy.tar"
expect_grep 'delivering' "$scratch/err"
exec 9>&-
[ ! -e "$scratch/busy.tar" ] && ok || fail "an archive written without the locks"
if ls -A "$scratch" | grep -q '^\.busy'; then fail "a half archive left"; else ok; fi
# A run that ends while export waits: the archive is written.
( exec 8>"$C/.lock"; flock -n 8; sleep 2 ) &
sleep 0.5
expect_status 0 env WYRMPOST_LOCK_WAIT=20 "$WYRMPOST" -d "$C" export -o "$scratch/late.tar"
wait
tar -tf "$scratch/late.tar" >/dev/null && ok || fail "the archive after the wait is not whole"
finish
