#!/bin/sh
# fuzz-replay.sh - the intake fuzz target (fuzz-intake.c), linked with its
# replay main(), over every seed `make fuzz` starts from: the .eml and .mail
# files of examples/ and tests/, and ../shared/mail-corpus beside the tree
# when it is there.  Every mail must come through with each promise of
# mime.h and orders.h kept (a broken one aborts), and known mails must give
# their orders by the path they should: plain mail read directly, MIME mail
# through the in-process stand-in for the sandbox, not through a fork.
. "$top_srcdir/tests/sh/lib.sh"
replay=$top_builddir/fuzz-replay

find "$top_srcdir/examples" "$top_srcdir/tests" -type f \( -name '*.eml' -o -name '*.mail' \) |
	sort >"$scratch/seeds"
# shellcheck disable=SC2046 # the paths have no blanks
expect_status 0 "$replay" $(cat "$scratch/seeds")
cp "$scratch/out" "$scratch/replay"
if [ "$(wc -l <"$scratch/replay")" -eq "$(wc -l <"$scratch/seeds")" ]; then ok; else
	fail "$(wc -l <"$scratch/seeds") seeds but $(wc -l <"$scratch/replay") lines"
fi

line() { grep -F "/$1: " "$scratch/replay" >"$scratch/line" || { fail "no line for $1"; : >"$scratch/line"; }; }
line examples/campaign/inbox/new/1001.demo.eml
expect_grep 'via mime 0; orders: game tavern player bob, 1 line$' "$scratch/line"
line examples/orders/dan-joins.mail
expect_grep 'orders: game tavern player dan, 1 line$' "$scratch/line"
line tests/fuzz/seeds/alt-qp-html.eml
expect_grep 'mime ok, 1 text (text/plain), orders reader via mime 1; orders: game tavern player ann, 1 line$' "$scratch/line"
line tests/fuzz/seeds/b64-latin1.eml
expect_grep 'via mime 1; orders: game tavern player bob, 1 line$' "$scratch/line"
line tests/fuzz/seeds/attachment.eml
expect_grep '(text/html), orders reader via mime 1; orders: game tavern player cat, 1 line$' "$scratch/line"
line tests/fuzz/seeds/regress-cr-in-message-id.eml
expect_grep 'orders: game tavern player eve' "$scratch/line"

# A file that cannot be read is reported, and the rest still replayed.
expect_status 1 "$replay" "$scratch/missing.eml" "$top_srcdir/tests/fuzz/seeds/b64-latin1.eml"
expect_grep 'player bob' "$scratch/out"
expect_grep 'missing.eml' "$scratch/err"
finish
