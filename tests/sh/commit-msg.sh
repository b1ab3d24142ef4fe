#!/bin/sh
# commit-msg.sh - the repository's commit-msg hook (build-aux/git-hooks)
# takes a subject of up to 72 characters, counted as characters, with a
# blank line before any body, and refuses the rest.
. "$top_srcdir/tests/sh/lib.sh"
hook=$top_srcdir/build-aux/git-hooks/commit-msg
x72=$(printf 'x%.0s' $(seq 72))
e72=$(printf '\303\251%.0s' $(seq 72))   # 72 characters, 144 bytes
printf 'mail: a subject\n\nwhy it changed\n' >"$scratch/good"
printf '%s\n' "$x72" >"$scratch/x72"
printf '%s\n' "$e72" >"$scratch/e72"
printf '%sy\n\nbody\n' "$x72" >"$scratch/x73"
printf '# a comment git strips\nsubject\n# another\n\nbody\n' >"$scratch/comments"
printf 'subject\nbody with no blank line\n' >"$scratch/joined"
printf '\n\nbody\n' >"$scratch/empty"
for m in good x72 e72 comments; do expect_status 0 sh "$hook" "$scratch/$m"; done
for m in x73 joined empty; do expect_status 1 sh "$hook" "$scratch/$m"; done
expect_status 1 sh "$hook" "$scratch/x73"
expect_grep 'is 73 characters' "$scratch/err"
finish
