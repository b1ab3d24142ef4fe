#!/bin/sh
# control-chars.sh - text a game would keep (a Heart of Glass name, a
# narration) that holds a control character or a noncharacter is refused
# line by line at the intake, with a verdict naming the character; the
# rest of the mail is played, and the game stays readable by every command
# after its turn.  Once through `submit`, once from a real Maildir.
. "$top_srcdir/tests/sh/lib.sh"

C=$scratch/c
md=$scratch/Maildir
mkdir -p "$md/new" "$md/cur" "$md/tmp"
wp init --sender tavern@example.org >/dev/null
sed -i "s|</wyrmpost>|  <source url=\"maildir:$md\"/>\n</wyrmpost>|" "$C/wyrmpost.xml"
wp new h1 heart-of-glass --seed 3 --deadline 24h --player ann:ann@example.test:annpw1 \
	--player bob:bob@example.test:bobpw1 --player cat:cat@example.test:catpw1 >/dev/null
rm -f "$C/outbox/new/"*

mail() { # FROM MESSAGE-ID PLAYER PASSWORD BODY-LINES...: a mail on stdout
	printf 'From: %s\nTo: tavern@example.org\nSubject: orders\nMessage-ID: %s\n\n' "$1" "$2"
	printf 'game h1\nplayer %s\npassword %s\n' "$3" "$4"
	shift 4
	printf '%s\n' "$@"
}
esc=$(printf '\033') soh=$(printf '\001') bs=$(printf '\010')
fffe=$(printf '\357\277\276')

# Ann by submit: a name with SOH, a narration line with an escape sequence,
# a nature with U+FFFE.  Three verdicts [bad-character]; pick and tokens
# are stored.
mail 'Ann <ann@example.test>' '<a1@example.test>' ann annpw1 \
	"name Ann${soh}ie" "nature a ${esc}[31mred${esc}[0m thief" \
	"describe quick${fffe}" 'pick body' 'tokens heart mind' >"$scratch/a.eml"
expect_status 0 wp submit "$scratch/a.eml"
reply=$(ls "$C/outbox/new/"* | head -1)
[ "$(grep -c 'rejected \[bad-character\]' "$reply")" -eq 3 ] && ok ||
	fail "three lines refused for their characters"
expect_grep 'character 9 of the line is U+0001' "$reply"
expect_grep 'U+001B' "$reply"
expect_grep 'U+FFFE' "$reply"
expect_grep 'accepted: pick body' "$reply"
expect_grep 'name Ann\\x01ie' "$reply"        # shown, never sent raw
expect_grep 'describe quick\\xef\\xbf\\xbe' "$reply"
if LC_ALL=C grep -q "[$soh$esc$bs]" "$reply" "$C/games/h1/orders/0001/ann"; then
	fail "a control character reached a reply or the stored orders"
else
	ok
fi
expect_grep 'pick body' "$C/games/h1/orders/0001/ann"
rm -f "$C/outbox/new/"*

# Bob from the Maildir: a backspace in his name, then his name alone.
mail 'Bob <bob@example.test>' '<b1@example.test>' bob bobpw1 \
	"name Bo${bs}b" 'pick mind' >"$md/new/1.b.host"
expect_status 0 wp fetch
[ ! -e "$md/new/1.b.host" ] && ok || fail "bob's mail left in the Maildir"
expect_grep 'rejected \[bad-character\]' "$C/outbox/new/"*
expect_grep 'pick mind' "$C/games/h1/orders/0001/bob"

# The turn runs at the deadline; every command reads the game after it.
WYRMPOST_NOW=$((T0 + 86400 + 60)) expect_status 0 wp run
expect_grep '<game .*turn="2"' "$C/games/h1/game.xml"
if LC_ALL=C grep -q "[$soh$esc$bs]\|$fffe" "$C/games/h1/game.xml"; then
	fail "a control character or noncharacter reached game.xml"
else
	ok
fi
expect_status 0 xmllint --noout "$C/games/h1/game.xml"
expect_status 0 wp status h1
expect_status 0 wp check h1
expect_status 0 wp report h1 --player ann
# What a command prints is escaped too, whatever a file holds: a report
# written by a version before the gate, with ESC, BEL and a C1 CSI in it.
csi=$(printf '\302\233') bel=$(printf '\007')
printf 'old text %s[2J%s %s31m\n' "$esc" "$bel" "$csi" >>"$C/games/h1/reports/0001/public.txt"
expect_status 0 wp report h1
expect_grep 'old text \\x1b\[2J\\x07 \\xc2\\x9b31m' "$scratch/out"
if LC_ALL=C grep -q "[$esc$bel]\|$csi" "$scratch/out"; then
	fail "report printed raw control characters"
else
	ok
fi
printf 'From: Ann <ann@example.test>\nMessage-ID: <a9@example.test>\n\ngame h1\nplayer ann\npassword annpw1\nname A%sB\n' \
	"$csi" >"$scratch/c1.eml"
expect_status 0 wp submit "$scratch/c1.eml"
if LC_ALL=C grep -q "$csi\|$esc" "$scratch/out"; then
	fail "submit printed raw control characters"
else
	ok
fi
expect_status 0 wp rollback h1
expect_status 0 wp status h1
finish
