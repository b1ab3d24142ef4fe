# print.mk - the print/ layer, included by Makefile.am.  Paths are from the
# top of the tree.
PRINT_SOURCES = print/print.h print/pdf_int.h print/pdf.c print/draw.c \
	print/text.c print/marks.c print/sheet.c print/hex.c print/poster.c \
	print/image.c print/drawview.c print/report_pdf.c print/report_pdf.h
PRINT_SOURCES += print/ttf.h print/ttf_read.c print/ttf_subset.c print/font.c
PRINT_UNIT_TESTS = check-print
PRINT_UNIT_TESTS += check-ttf
check_ttf_SOURCES = tests/unit/check-ttf.c $(TESTUTIL)
check_print_SOURCES = tests/unit/check-print.c $(TESTUTIL)
PRINT_SCRIPT_TESTS =
PRINT_DIST =
