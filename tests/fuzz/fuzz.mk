# fuzz.mk - the libFuzzer targets (tests/fuzz/fuzz-*.c) and the intake
# benchmark (tests/bench/intake.sh), included at the end of Makefile.am.
# Paths are from the top of the tree.  docs/fuzzing.md says how to run them.
#
# The targets: intake (one mail), state (a game.xml), conf (a wyrmpost.xml),
# tpl (a print template), orders (a game byte and an orders text).
# `make fuzz [FUZZ_SECONDS=60]` builds intake with clang and libFuzzer
# under AddressSanitizer and UBSan, then runs it (tests/fuzz/fuzz-run.sh) on the
# corpus fuzz/corpus in the build tree; `make fuzz-long [FUZZ_RUNS=10000000]`
# builds all of them and runs each for FUZZ_RUNS inputs
# (tests/fuzz/fuzz-long.sh).  They are developer targets, not part of `make
# check`; what `make check` runs is each target linked with a replay main()
# over its seeds (fuzz-replay, tests/fuzz/replay-seeds.sh), so that every
# target always compiles and every crash once found stays fixed.
#
# The fuzz target's two links (and intake-bench-inproc's) replace
# mime_orders_text() -- the fork into the sandboxed child -- with the
# in-process stand-in of tests/fuzz/intake-inproc.c (GNU ld --wrap): the fuzzer
# has to see the parser's coverage, and a replayed crash has to happen
# where it can be debugged.

check_PROGRAMS += fuzz-replay
BENCHES += intake-bench intake-bench-inproc
fuzz_replay_SOURCES = tests/fuzz/fuzz-replay.c tests/fuzz/fuzz-intake.c tests/fuzz/fuzz-intake.h \
	tests/fuzz/intake-inproc.c tests/fuzz/intake-inproc.h
fuzz_replay_LDFLAGS = -Wl,--wrap=mime_orders_text
SCRIPT_TESTS += tests/fuzz/fuzz-replay.sh

# The other targets, each with replay-main.c for `make check`.
FUZZ_TARGETS = state conf tpl orders
FUZZ_REPLAY = tests/fuzz/replay-main.c tests/fuzz/fuzz-target.h
# The orders target reads orders from the example games' states; like the
# intake target it reads mail without the sandbox's fork.
FUZZ_ORDERS_DEFS = -DFUZZ_STATES='"$(abs_top_srcdir)/examples/campaign/games"'
check_PROGRAMS += fuzz-replay-state fuzz-replay-conf fuzz-replay-tpl fuzz-replay-orders
fuzz_replay_state_SOURCES = tests/fuzz/fuzz-state.c $(FUZZ_REPLAY)
fuzz_replay_conf_SOURCES = tests/fuzz/fuzz-conf.c $(FUZZ_REPLAY)
fuzz_replay_tpl_SOURCES = tests/fuzz/fuzz-tpl.c $(FUZZ_REPLAY)
fuzz_replay_orders_SOURCES = tests/fuzz/fuzz-orders.c $(FUZZ_REPLAY) \
	tests/fuzz/intake-inproc.c tests/fuzz/intake-inproc.h
fuzz_replay_orders_CPPFLAGS = $(AM_CPPFLAGS) $(FUZZ_ORDERS_DEFS)
fuzz_replay_orders_LDFLAGS = -Wl,--wrap=mime_orders_text
SCRIPT_TESTS += tests/fuzz/replay-seeds.sh
# (The seed directory and any script must not share a stem: make's built-in
# rule %: %.sh would turn a tests/fuzz/seeds.sh into a file tests/fuzz/seeds
# in a VPATH build, and make dist would ship that instead of the seeds.)
EXTRA_DIST += tests/fuzz/fuzz-main.c tests/fuzz/fuzz-lib.mk tests/fuzz/fuzz-run.sh \
	tests/fuzz/fuzz-long.sh tests/fuzz/fuzz-intake.dict tests/fuzz/seeds \
	tests/bench/intake.sh tests/bench/intake-gen.py tests/bench/intake.py

# `make bench`, intake part (the bench target runs `make bench-intake`):
# N order mails (BENCH_MAILS, default 2000) into a Maildir, then
# intake-bench (the MIME intake and orders reader of `wyrmpost fetch`, the
# sandboxed child included), intake-bench-inproc (the same without the
# fork), Python's email package, and a whole `wyrmpost fetch`, each over
# that Maildir.
intake_bench_SOURCES = tests/bench/intake.c tests/fuzz/intake-inproc.c tests/fuzz/intake-inproc.h
intake_bench_inproc_SOURCES = $(intake_bench_SOURCES)
intake_bench_inproc_LDFLAGS = -Wl,--wrap=mime_orders_text
bench-intake: wyrmpost intake-bench intake-bench-inproc
	$(SHELL) $(srcdir)/tests/bench/intake.sh $(abs_top_builddir) $(abs_top_srcdir) $(BENCH_MAILS)
.PHONY: bench-intake

FUZZ_SECONDS = 60
FUZZ_CC = clang
# -O1 -g: the speed libFuzzer is tuned for, with usable stack traces.
FUZZ_FLAGS = -std=gnu11 -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
# Only what intake needs: the orders reader, the MIME layer, util.
FUZZ_SRC = $(srcdir)/tests/fuzz/fuzz-intake.c $(srcdir)/tests/fuzz/intake-inproc.c $(srcdir)/lib/util.c $(srcdir)/lib/utf8.c $(srcdir)/src/orders.c \
	$(srcdir)/mail/header.c $(srcdir)/mail/mime.c $(srcdir)/mail/mime-sandbox.c $(srcdir)/mail/mime-parse.c $(srcdir)/mail/mime-decode.c \
	$(srcdir)/mail/mime-html.c
FUZZ_HDR = $(srcdir)/tests/fuzz/fuzz-intake.h $(srcdir)/tests/fuzz/intake-inproc.h $(srcdir)/lib/util.h $(srcdir)/lib/utf8.h $(srcdir)/src/orders.h \
	$(srcdir)/src/games/engine.h $(srcdir)/src/games/game-state.h $(srcdir)/mail/header.h $(srcdir)/mail/mime.h $(srcdir)/mail/mime-int.h

# The project's warnings, made errors as configured.  Clang, unlike gcc,
# also reports -Wformat-nonliteral for vsnprintf() on the va_list of a
# function that is itself format-checked (util.c's xvasprintf, sb_vaddf).
# libetpan's pkg-config Libs carry a Debian -specs flag clang cannot use
# (../shared/LIBETPAN.md section 1).
fuzz/fuzz_intake: $(FUZZ_SRC) $(FUZZ_HDR) config.h
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { \
		echo "make fuzz: needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev)" >&2; \
		exit 1; }
	@$(MKDIR_P) fuzz
	$(AM_V_GEN)$(FUZZ_CC) $(FUZZ_FLAGS) $(WARN_CFLAGS) -Wno-format-nonliteral \
		$(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) -o $@ \
		$(FUZZ_SRC) -Wl,--wrap=mime_orders_text \
		$(XML_LIBS) $(filter-out -specs=%,$(ETPAN_LIBS)) || { \
		echo "make fuzz: $(FUZZ_CC) could not build with -fsanitize=fuzzer; is libFuzzer there (Debian: libclang-rt-14-dev)?" >&2; \
		exit 1; }

fuzz: fuzz/fuzz_intake
	$(SHELL) $(srcdir)/tests/fuzz/fuzz-run.sh $(abs_top_builddir)/fuzz/fuzz_intake \
		$(abs_top_builddir)/fuzz $(abs_top_srcdir) $(FUZZ_SECONDS)

# The other targets need most of the library, so `make fuzz-long` builds
# the library once more with clang, instrumented, from the very lists the
# libraries are built from (a source added to a library is fuzzed with it):
# tests/fuzz/fuzz-lib.mk, a GNU make file that includes this Makefile for
# those lists and adds the pattern rules automake would not take.
FUZZ_LIB_ALL = $(libwyrmlib_a_SOURCES) $(libwyrmmail_a_SOURCES) $(libwyrmprint_a_SOURCES) \
	$(nodist_libwyrmprint_a_SOURCES) $(libwyrmgames_a_SOURCES) \
	$(nodist_libwyrmgames_a_SOURCES) $(libwyrmapp_a_SOURCES) $(nodist_libwyrmapp_a_SOURCES)
fuzz-targets: $(BUILT_SOURCES) config.h
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { \
		echo "make fuzz-long: needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev)" >&2; \
		exit 1; }
	$(MAKE) -f $(srcdir)/tests/fuzz/fuzz-lib.mk fuzz-lib-targets

FUZZ_RUNS = 10000000
fuzz-long: fuzz/fuzz_intake fuzz-targets
	$(SHELL) $(srcdir)/tests/fuzz/fuzz-long.sh $(abs_top_builddir)/fuzz $(abs_top_srcdir) \
		$(FUZZ_RUNS) intake $(FUZZ_TARGETS)

# The binary, the corpus, crashes and logs: all under fuzz/.
clean-local: fuzz-clean
fuzz-clean:
	-rm -rf fuzz
.PHONY: fuzz fuzz-long fuzz-targets fuzz-clean
