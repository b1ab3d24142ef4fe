# fuzz-lib.mk - the libFuzzer builds of the targets that need most of the
# library (fuzz/fuzz_state, _conf, _tpl, _orders), for `make fuzz-long`
# (tests/fuzz/fuzz.mk runs `make -f` on this file in the build tree).
# GNU make only: it includes the build tree's Makefile for the library's
# source lists (FUZZ_LIB_ALL), flags and libraries, and adds the pattern
# rules automake does not allow.  The objects go to fuzz/obj/, compiled with
# -fsanitize=fuzzer-no-link so that libFuzzer sees their coverage; each of
# them depends on every header of the library (a rebuild now and then is
# cheaper than a stale object under a fuzzer).
include Makefile

comma = ,
FUZZ_LIB_OBJS = $(patsubst %.c,fuzz/obj/%.o,$(filter %.c,$(FUZZ_LIB_ALL)))
FUZZ_LIB_HDRS = $(filter %.h,$(FUZZ_LIB_ALL))
FUZZ_LIB_FLAGS = $(subst -fsanitize=fuzzer$(comma),-fsanitize=fuzzer-no-link$(comma),$(FUZZ_FLAGS))
# libwyrmapp's flags are the widest: every include path, and its defines.
FUZZ_LIB_CPPFLAGS = $(DEFS) $(DEFAULT_INCLUDES) $(libwyrmapp_a_CPPFLAGS) $(CPPFLAGS) \
	-I$(srcdir)/tests/fuzz
# As for fuzz/fuzz_intake: clang reports -Wformat-nonliteral where gcc does
# not, and cannot use the -specs flag of Debian's libetpan.  Clang also
# takes a long sentence split over two lines of a string array for a
# missing comma (-Wstring-concatenation); gcc's build checks the rest.
FUZZ_WARN = $(WARN_CFLAGS) -Wno-format-nonliteral -Wno-string-concatenation
FUZZ_LINK_LIBS = $(XML_LIBS) $(NETTLE_LIBS) $(GNUTLS_LIBS) \
	$(filter-out -specs=%,$(ETPAN_LIBS)) $(HPDF_LIBS) $(DEFLATE_LIBS)

fuzz-lib-targets: $(FUZZ_TARGETS:%=fuzz/fuzz_%)
.PHONY: fuzz-lib-targets
# Kept between builds: as the pattern rule's intermediates make would
# delete them, and every target would compile the whole program again.
.SECONDARY: $(FUZZ_LIB_OBJS)

fuzz/obj/%.o: %.c $(FUZZ_LIB_HDRS) config.h
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(FUZZ_CC) $(FUZZ_LIB_FLAGS) $(FUZZ_WARN) $(FUZZ_LIB_CPPFLAGS) -c -o $@ $<

# The orders target reads the example games, and mail without the fork.
fuzz/fuzz_orders: FUZZ_EXTRA = $(srcdir)/tests/fuzz/intake-inproc.c \
	$(FUZZ_ORDERS_DEFS) -Wl,--wrap=mime_orders_text
fuzz/fuzz_%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz-main.c tests/fuzz/fuzz-target.h $(FUZZ_LIB_OBJS)
	$(AM_V_CCLD)$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_WARN) $(FUZZ_LIB_CPPFLAGS) -o $@ \
		$(srcdir)/tests/fuzz/fuzz-$*.c $(srcdir)/tests/fuzz/fuzz-main.c $(FUZZ_EXTRA) \
		$(FUZZ_LIB_OBJS) $(FUZZ_LINK_LIBS)
