# print.mk - the print/ layer, included by Makefile.am.  Paths are from the
# top of the tree.
PRINT_SOURCES = print/print.h print/pdf-int.h print/hpdf-glue.c print/hpdf-glue.h print/pdf.c print/pdf-mem.c print/draw.c \
	print/text.c print/marks.c print/sheet.c print/hex.c print/poster.c \
	print/image.c print/drawview.c print/report-pdf.c print/report-pdf.h \
	print/svgview.c print/svgview.h print/report-tpl.c
PRINT_SOURCES += print/ttf.h print/ttf-read.c print/ttf-subset.c print/font.c
PRINT_SOURCES += print/translit.h print/translit.c
PRINT_UNIT_TESTS = check-print
PRINT_UNIT_TESTS += check-ttf check-translit
check_translit_SOURCES = tests/unit/check-translit.c $(TESTUTIL)
check_ttf_SOURCES = tests/unit/check-ttf.c $(TESTUTIL)
check_print_SOURCES = tests/unit/check-print.c $(TESTUTIL)
PRINT_SCRIPT_TESTS = tests/sh/reports.sh
PRINT_DIST = tests/sh/textgeom.awk
