#!/usr/bin/python3
"""intake-gen.py MAILDIR N - `make bench`, intake part: N order mails
into the Maildir MAILDIR (new/, cur/, tmp/), the mix a game master's inbox
sees.  Deterministic (a fixed seed), so runs compare.

Every mail holds valid orders: mail i comes from player i % 4 (ann, bob,
cat, dan, with the passwords intake.sh gives them) of game
t(i / 4 + 1), one mail per player as in a real turn, so each one takes the
whole path:
  35 %  plain text, UTF-8, 8bit, a reply quoting the last report
  15 %  text/plain, quoted-printable (non-ASCII comments, long lines)
  15 %  text/plain, base64, ISO-8859-1
  25 %  multipart/alternative: quoted-printable plain part and its HTML twin
  10 %  multipart/mixed: HTML body "see attachment", orders.txt, a PDF
"""
import base64
import os
import quopri
import random
import sys

PLAYERS = ("ann", "bob", "cat", "dan")
ORDERS = ("join 5", "join 12 seat 2", "leave", "hold", "join 7", "join 15")
COMMENTS = ("# the dragon sleeps, I hope", "# Grüße aus der Höhle",
            "# ¡cuidado con el dragón!", "# encore un tour, s'il vous plaît")
REPORT = ["tavern: turn %d report", "", "The dragon stirs under the mountain.",
          "Ann holds the silver cup; Bob waits by the door.",
          "The hoard: 14 coins, 3 gems, the crown of the old king.",
          "Next deadline: 20:00 Europe/London.", ""] + \
         ["row %d: . . # . . * . . # . ." % i for i in range(12)]


def orders_text(rng, game, player, comment):
    lines = ["game " + game, "player " + player, "password pw-" + player]
    if comment:
        lines.append(rng.choice(COMMENTS))
    lines += [rng.choice(ORDERS) for _ in range(rng.randint(1, 3))]
    return "\n".join(lines) + "\n"


def headers(rng, i, player, subject, extra):
    h = ["Return-Path: <%s@example.org>" % player,
         "Received: from mail.example.org (mail.example.org [192.0.2.%d])\n"
         "\tby mx.tavern.example (Postfix) with ESMTPS id %08X\n"
         "\tfor <tavern@example.org>; Tue, 24 Nov 2026 18:%02d:%02d +0000"
         % (i % 250 + 1, rng.getrandbits(32), i % 60, (i * 7) % 60),
         "From: %s <%s@example.org>" % (player.capitalize(), player),
         "To: tavern@example.org",
         "Subject: " + subject,
         "Date: Tue, 24 Nov 2026 18:%02d:%02d +0000" % (i % 60, (i * 7) % 60),
         "Message-ID: <bench-%06d-%08x@example.org>" % (i, rng.getrandbits(32)),
         "In-Reply-To: <tavern-turn-3@tavern.example>",
         "User-Agent: " + rng.choice(("Mutt/2.2.9", "Thunderbird/115.4", "K-9 Mail",
                                      "Microsoft Outlook 16.0", "Roundcube Webmail/1.6"))]
    return "\n".join(h + extra) + "\n\n"


def quoted_report(turn):
    return "\n".join("> " + (line % turn if "%d" in line else line) for line in REPORT) + "\n"


def qp(text):
    return quopri.encodestring(text.encode("utf-8")).decode("ascii")


def b64(data):
    return base64.encodebytes(data).decode("ascii")


def html_of(text):
    body = "".join("<div>%s</div>\n" % (line.replace("&", "&amp;").replace("<", "&lt;")
                                        or "<br>") for line in text.splitlines())
    return ("<html><head><meta charset=\"utf-8\"><style>div { margin: 0 }</style></head>\n"
            "<body>\n%s<blockquote>turn 3 report ...</blockquote>\n</body></html>\n" % body)


def mail(rng, i):
    player = PLAYERS[i % len(PLAYERS)]
    game = "t%04d" % (i // len(PLAYERS) + 1)
    kind = rng.random()
    subject = "Re: [%s] turn 3 report" % game
    if kind < 0.35:
        body = orders_text(rng, game, player, rng.random() < 0.5) + "\nOn turn 3 the tavern wrote:\n" + \
            quoted_report(3) + "-- \n" + player.capitalize() + "\n"
        return headers(rng, i, player, subject, [
            "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit"]) + body
    if kind < 0.50:
        text = orders_text(rng, game, player, True) + "# " + "a long remark about the dragon " * 4 + "\n"
        return headers(rng, i, player, "=?utf-8?q?Z=C3=BCge_f=C3=BCr_Runde_3?=", [
            "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable"]) + qp(text)
    if kind < 0.65:
        text = orders_text(rng, game, player, False) + "# \u00e0 bient\u00f4t\n"
        return headers(rng, i, player, "orders", [
            "MIME-Version: 1.0", "Content-Type: text/plain; charset=iso-8859-1",
            "Content-Transfer-Encoding: base64"]) + b64(text.encode("iso-8859-1"))
    boundary = "=_%016x" % rng.getrandbits(64)
    if kind < 0.90:
        text = orders_text(rng, game, player, True)
        return headers(rng, i, player, subject, [
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"%s\"" % boundary]) + \
            "--%s\nContent-Type: text/plain; charset=utf-8\n" \
            "Content-Transfer-Encoding: quoted-printable\n\n%s\n" \
            "--%s\nContent-Type: text/html; charset=utf-8\n" \
            "Content-Transfer-Encoding: quoted-printable\n\n%s\n--%s--\n" % (
                boundary, qp(text + "\n" + quoted_report(3)), boundary, qp(html_of(text)),
                boundary)
    inner = "=_%016x" % rng.getrandbits(64)
    pdf = b"%PDF-1.4\n" + bytes(rng.getrandbits(8) for _ in range(6000)) + b"\n%%EOF\n"
    return headers(rng, i, player, subject, [
        "MIME-Version: 1.0", "Content-Type: multipart/mixed; boundary=\"%s\"" % boundary]) + \
        "This is a multi-part message in MIME format.\n" \
        "--%s\nContent-Type: multipart/alternative; boundary=\"%s\"\n\n" \
        "--%s\nContent-Type: text/html; charset=utf-8\n\n" \
        "<p>My orders are in the attachment.</p>\n--%s--\n\n" \
        "--%s\nContent-Type: text/plain; charset=utf-8; name=\"orders.txt\"\n" \
        "Content-Disposition: attachment; filename=\"orders.txt\"\n" \
        "Content-Transfer-Encoding: base64\n\n%s\n" \
        "--%s\nContent-Type: application/pdf; name=\"turn-3.pdf\"\n" \
        "Content-Disposition: attachment; filename=\"turn-3.pdf\"\n" \
        "Content-Transfer-Encoding: base64\n\n%s\n--%s--\n" % (
            boundary, inner, inner, inner, boundary,
            b64(orders_text(rng, game, player, False).encode()), boundary, b64(pdf), boundary)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: intake-gen.py MAILDIR N")
    top, n = sys.argv[1], int(sys.argv[2])
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(top, sub), exist_ok=True)
    rng = random.Random(2026)
    for i in range(n):
        # Maildir names: unique, and in delivery order when sorted.
        name = "%d.M%06dP%d.bench" % (1795000000 + i, i, 4242)
        with open(os.path.join(top, "new", name), "wb") as f:
            f.write(mail(rng, i).encode("utf-8"))


if __name__ == "__main__":
    main()
