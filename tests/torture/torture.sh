#!/bin/sh
# torture.sh [SAMPLE] - kill anywhere: each command of a game master's day
# (`run` reading a Maildir and mailing through a sendmail command, with one
# process and with two workers playing the games (-j 2), `submit` of typed
# orders, of a mail and of an `observe`, `fetch`, `send`, `rollback`) is
# killed with SIGKILL just before one of
# the calls that change files (killpoint.so, loaded with LD_PRELOAD), then
# given again; the campaign must end byte for byte, dot files included, as
# after one uninterrupted command.  SAMPLE kill points per command, spread
# over all of them (`make check-slow`: a few); 0: every one (`make torture`).
#
# Left out of the comparison: spool/fetch.log, which is a log: a killed
# fetch has written its lines, and the second writes them again; and the
# lock file.  Mail handed to the sendmail command twice is the documented
# at-least-once delivery (wyrmpost(1), send); the sink is outside the tree.
. "$top_srcdir/tests/sh/lib.sh"
sample=${1:-${TORTURE_SAMPLE:-4}}
kp=${KILLPOINT_SO:?run through make check or make torture}
[ -f "$kp" ] || { echo "torture.sh: $kp missing"; exit 77; }
total=0

mkdir -p "$scratch/mta"
cat >"$scratch/fakesendmail" <<EOS
#!/bin/sh
n=\$(ls "$scratch/mta" | wc -l)
cat >"$scratch/mta/\$n.eml"
EOS
chmod +x "$scratch/fakesendmail"

wp init --sender tavern@example.org >/dev/null
cat >"$scratch/c/wyrmpost.xml" <<EOX
<?xml version="1.0" encoding="UTF-8"?>
<wyrmpost format="1">
  <sender name="The Tavern" address="tavern@example.org"/>
  <source url="maildir:inbox"/>
  <sendmail command="$scratch/fakesendmail -i"/>
</wyrmpost>
EOX
mkdir -p "$scratch/c/inbox/new" "$scratch/c/inbox/cur" "$scratch/c/inbox/tmp"
for g in g1 g2; do
	wp new $g burglar --seed 3 --deadline 24h --player ann:ann@example.test:pa \
		--player bob:bob@example.test:pb --player cat:cat@example.test:pc \
		--option seats=3 --option rounds=2 >/dev/null
done
mail() { # NAME FROM GAME PLAYER PASSWORD ORDER
	{ printf 'From: %s <%s@example.test>\nTo: tavern@example.org\n' "$2" "$2"
	  printf 'Subject: orders\nMessage-ID: <%s@example.test>\n\n' "$1"
	  printf 'game %s\nplayer %s\npassword %s\n%s\n' "$3" "$4" "$5" "$6"; } \
		>"$scratch/c/inbox/new/$1"
}
mail m1 ann g1 ann pa leave
mail m2 bob g2 bob wrong leave
mail m3 cat g2 cat pc leave
cp "$scratch/c/inbox/new/m1" "$scratch/c/inbox/new/m1-again"

tree() { # DIR -> every file but the log and the lock, with its checksum
	# A state's password hashes are salted afresh each time one is set
	# (player replace, password): they are left out of its checksum.
	# The index of games names games/'s time and each folder's inode,
	# which differ between copies: its games, wake times and marks do not.
	(cd "$1" && { find . -type f ! -path ./spool/fetch.log ! -name .lock \
		! -path ./spool/wake-index ! -name '*.xml' ! -name '*.eml' | xargs sha256sum
	  [ ! -f spool/wake-index ] || printf '%s  %s\n' "$(sed 1d spool/wake-index |
		cut -d' ' -f1,5,6 | sha256sum | cut -d' ' -f1)" ./spool/wake-index
	  # A generated password (player password) is new each time too.
	  find . -type f -name '*.eml' | while read -r f; do
		printf '%s  %s\n' "$(sed 's/^\(Your password for this game is: \).*/\1/' "$f" |
			sha256sum | cut -d' ' -f1)" "$f"
	  done
	  find . -type f -name '*.xml' | while read -r f; do
		printf '%s  %s\n' "$(sed 's/password="[^"]*"/password=""/g' "$f" |
			sha256sum | cut -d' ' -f1)" "$f"
	  done; } | sort -k 2)
}

# torture NAME START-DIR NOW COMMAND...: kill COMMAND at sampled points;
# then COMMAND again, or the words of $then (after COMMAND, in the clean
# reference too) when set
then=
torture() {
	name=$1 start=$2 now=$3
	shift 3
	rm -rf "$scratch/ref"
	cp -R "$start" "$scratch/ref"
	WYRMPOST_NOW=$now WYRMPOST_KILL_COUNT="$scratch/count" LD_PRELOAD="$kp" \
		"$WYRMPOST" -d "$scratch/ref" "$@" >/dev/null 2>&1 || true
	n=$(cat "$scratch/count")
	if [ -n "$then" ]; then
		# Killed before it changed anything, it is not done at all.
		rm -rf "$scratch/ref0"
		cp -R "$start" "$scratch/ref0"
		WYRMPOST_NOW=$now "$WYRMPOST" -d "$scratch/ref0" $then >/dev/null 2>&1 || true
		tree "$scratch/ref0" >"$scratch/ref0.sums"
		WYRMPOST_NOW=$now "$WYRMPOST" -d "$scratch/ref" $then >/dev/null 2>&1 || true
	fi
	tree "$scratch/ref" >"$scratch/ref.sums"
	if [ "$sample" -eq 0 ] || [ "$sample" -ge "$n" ]; then step=1; else step=$((n / sample)); fi
	k=1
	while [ $k -le "$n" ]; do
		rm -rf "$scratch/k"
		cp -R "$start" "$scratch/k"
		set +e
		WYRMPOST_NOW=$now WYRMPOST_KILL_AT=$k LD_PRELOAD="$kp" \
			"$WYRMPOST" -d "$scratch/k" "$@" >/dev/null 2>&1
		st=$?
		set -e
		[ $st -eq 137 ] && ok || fail "$name: not killed at point $k of $n (status $st)"
		if [ -n "$then" ]; then
			WYRMPOST_NOW=$now "$WYRMPOST" -d "$scratch/k" $then >/dev/null 2>&1 || true
		else
			WYRMPOST_NOW=$now "$WYRMPOST" -d "$scratch/k" "$@" >/dev/null 2>&1 || true
		fi
		tree "$scratch/k" >"$scratch/got.sums"
		if cmp -s "$scratch/ref.sums" "$scratch/got.sums"; then ok
		elif [ -n "$then" ] && cmp -s "$scratch/ref0.sums" "$scratch/got.sums"; then ok
		else
			fail "$name: killed at point $k of $n, then again: not as one clean $1"
			diff "$scratch/ref.sums" "$scratch/got.sums" >&2 || true
		fi
		total=$((total + 1))
		k=$((k + step))
	done
}

cp -R "$scratch/c" "$scratch/s0"
T1=$((T0 + 86400))
# With workers, a kill in one of them kills the run (killpoint.c); the
# campaign must still end as after one clean run, and as with -j 1.
torture run "$scratch/s0" $T1 run -j 2
cp "$scratch/ref.sums" "$scratch/j2.sums"
torture run "$scratch/s0" $T1 run -j 1
cmp -s "$scratch/ref.sums" "$scratch/j2.sums" && ok || fail "run -j 2 differs from run -j 1"
# A batch of one game (a test hook): g1's batch is committed by a thread
# while g2 plays, so kills come in the middle of both at once.
export WYRMPOST_RUN_BATCH=1
torture run "$scratch/s0" $T1 run -j 1
unset WYRMPOST_RUN_BATCH
cmp -s "$scratch/ref.sums" "$scratch/j2.sums" && ok || fail "run in batches of one differs"

# Later in the day: a player's mail through submit, more mail for fetch,
# a turn whose reports wait in the outbox for send, and a rollback.
cp -R "$scratch/ref" "$scratch/s1"
printf 'game g1\nplayer bob\npassword pb\nleave\n' >"$scratch/orders.txt"
torture submit "$scratch/s1" $((T1 + 60)) submit "$scratch/orders.txt"
# The same through the intake a mail takes (procmail's pipe: the envelope
# line, the spool, the Message-ID index), and an observe whose code is
# mailed (a fixed secret: a made one is random, never the same twice).
{ printf 'From cat@example.test  Fri Jan 15 09:00:00 2027\n'
  printf 'From: Cat <cat@example.test>\nMessage-ID: <sm1@example.test>\n\n'
  printf 'game g1\nplayer cat\npassword pc\nleave\n'; } >"$scratch/mail.eml"
torture submit-mail "$scratch/s1" $((T1 + 60)) submit "$scratch/mail.eml"
printf 'From: Zed <zed@example.test>\nMessage-ID: <ob@example.test>\n\ngame g1\nobserve\n' \
	>"$scratch/observe.eml"
printf '%064d\n' 7 >"$scratch/s1/secret"
chmod 600 "$scratch/s1/secret"
torture observe "$scratch/s1" $((T1 + 60)) submit "$scratch/observe.eml"
cp -R "$scratch/ref" "$scratch/s2"
mail m4 cat g1 cat pc leave
cp "$scratch/c/inbox/new/m4" "$scratch/s2/inbox/new/m4"
torture fetch "$scratch/s2" $((T1 + 120)) fetch
cp -R "$scratch/ref" "$scratch/s3"
WYRMPOST_NOW=$((T1 + 86400)) "$WYRMPOST" -d "$scratch/s3" turn g1 >/dev/null
torture send "$scratch/s3" $((T1 + 86400)) send
cp -R "$scratch/ref" "$scratch/s4"
torture rollback "$scratch/s4" $((T1 + 86400)) rollback g1
# The game master's changes that mail before they save (issue 29): each
# killed, then given again, ends as one clean change, its mails once and
# its history line once; and a `run` after the kill finishes it as well.
cp -R "$scratch/ref" "$scratch/s5"
torture end "$scratch/s5" $((T1 + 90000)) game g2 end
torture replace "$scratch/s5" $((T1 + 90000)) player g2 bob replace dan:dan@example.test:pd
then=run
torture end-run "$scratch/s5" $((T1 + 90000)) game g2 end
torture replace-run "$scratch/s5" $((T1 + 90000)) player g2 bob replace dan:dan@example.test:pd
then=
# Every other verb the same way, given again and followed by a run.
both() { # NAME START NOW ARGS...
	n1=$1 s=$2 t=$3
	shift 3
	then= && torture "$n1" "$s" "$t" "$@"
	then=run && torture "$n1-run" "$s" "$t" "$@"
	then=
}
T5=$((T1 + 90000))
both set "$scratch/s5" $T5 game g2 set deadline=48h
both pause "$scratch/s5" $T5 game g2 pause
cp -R "$scratch/s5" "$scratch/s6"
WYRMPOST_NOW=$T5 "$WYRMPOST" -d "$scratch/s6" game g2 pause >/dev/null
both resume "$scratch/s6" $T5 game g2 resume
both address "$scratch/s5" $T5 player g2 ann address ann2@example.test
both password "$scratch/s5" $T5 player g2 ann password
both drop "$scratch/s5" $T5 player g2 cat drop
both offer "$scratch/s5" $T5 offer g2 bob
# A seat asked for by mail (with the code mailed back to the asker) waits
# for the game master: given, or turned down.
cp -R "$scratch/s5" "$scratch/s7"
WYRMPOST_NOW=$T5 "$WYRMPOST" -d "$scratch/s7" offer g2 bob >/dev/null
ask() { # CODE
	printf 'From: Eve <eve@example.test>\nMessage-ID: <ask%s@x>\n\ngame g2\nplayer eve\npassword evesecret\ntakeover bob %s\n' \
		"$1" "$1" >"$scratch/ask.eml"
	WYRMPOST_NOW=$T5 "$WYRMPOST" -d "$scratch/s7" submit "$scratch/ask.eml" >/dev/null
}
ask ""
code=$(sed -n 's/^takeover bob \([a-z2-9]*\)\r*$/\1/p' "$scratch"/s7/outbox/new/g2-*-takeover-confirm-* | head -n 1)
[ ${#code} -eq 10 ] && ok || fail "no takeover code for the approve torture"
ask "$code"
grep -q 'req-name="eve"\|eve' "$scratch/s7/games/g2/game.xml" && ok || fail "eve's request not stored"
both approve "$scratch/s7" $T5 approve g2 bob
both refuse "$scratch/s7" $T5 approve g2 bob --refuse
echo "torture.sh: $total kills"
finish
