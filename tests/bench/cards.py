#!/usr/bin/env python3
"""cards.py OUT.pdf [DECKS] - the same deck as cards.c drawn with
ReportLab (Debian python3-reportlab), for `make bench` to compare: 54 poker
cards (63 x 88 mm) 3 x 3 on A4 with crop marks, DejaVu Sans embedded."""
import sys
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONTS = "/usr/share/fonts/truetype/dejavu/"
pdfmetrics.registerFont(TTFont("DejaVu", FONTS + "DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("DejaVuBold", FONTS + "DejaVuSans-Bold.ttf"))
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["\u2660", "\u2665", "\u2666", "\u2663"]
W, H = 63 * mm, 88 * mm


def card(c, k):
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.setLineWidth(0.3 * mm)
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(1.5 * mm, 1.5 * mm, W - 3 * mm, H - 3 * mm, 3 * mm, stroke=1, fill=1)
    if k >= 52:
        c.setFillColorRGB(0.5, 0.1, 0.5)
        c.setFont("DejaVuBold", 20)
        c.drawCentredString(W / 2, H / 2, "Joker")
        return
    red = k // 13 in (1, 2)
    c.setFillColorRGB(0.8 if red else 0, 0, 0)
    label = RANKS[k % 13] + SUITS[k // 13]
    c.setFont("DejaVuBold", 14)
    c.drawString(5 * mm, H - 10 * mm, label)
    c.setFont("DejaVu", 48)
    c.drawCentredString(W / 2, H / 2 - 8 * mm, SUITS[k // 13])
    c.saveState()
    c.translate(W - 5 * mm, 10 * mm)
    c.rotate(180)
    c.setFont("DejaVuBold", 14)
    c.drawString(0, 0, label)
    c.restoreState()


def main():
    out, decks = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
    c = canvas.Canvas(out, pagesize=A4, pageCompression=1)
    pw, ph = A4
    x0, y0 = (pw - 3 * W) / 2, (ph - 3 * H) / 2
    n = 54 * decks
    for i in range(n):
        slot = i % 9
        if slot == 0 and i:
            c.showPage()
        if slot == 0:  # crop marks in the margins, at every cut line
            c.setLineWidth(0.15 * mm)
            for j in range(4):
                x, y = x0 + j * W, y0 + j * H
                c.line(x, y0 - 6 * mm, x, y0 - 1 * mm)
                c.line(x, y0 + 3 * H + 1 * mm, x, y0 + 3 * H + 6 * mm)
                c.line(x0 - 6 * mm, y, x0 - 1 * mm, y)
                c.line(x0 + 3 * W + 1 * mm, y, x0 + 3 * W + 6 * mm, y)
        c.saveState()
        c.translate(x0 + (slot % 3) * W, y0 + (2 - slot // 3) * H)
        card(c, i % 54)
        c.restoreState()
    c.showPage()
    c.save()


if __name__ == "__main__":
    main()
