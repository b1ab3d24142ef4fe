# print.mk - the print/ layer, included by Makefile.am.  Paths are from the
# top of the tree.
PRINT_SOURCES = print/print.h print/pdf_int.h print/pdf.c print/draw.c \
	print/text.c print/marks.c print/sheet.c print/hex.c print/poster.c \
	print/image.c
PRINT_SOURCES += print/ttf.h print/ttf_read.c print/ttf_subset.c print/font.c
PRINT_UNIT_TESTS = check_print
PRINT_UNIT_TESTS += check_ttf
check_ttf_SOURCES = tests/check_ttf.c tests/testutil.c tests/testutil.h
check_ttf_CFLAGS = $(TEST_CFLAGS)
check_ttf_LDADD = $(TEST_LIBS)
check_print_SOURCES = tests/check_print.c tests/testutil.c tests/testutil.h
check_print_CFLAGS = $(TEST_CFLAGS)
check_print_LDADD = $(TEST_LIBS)
PRINT_SCRIPT_TESTS =
PRINT_DIST =
