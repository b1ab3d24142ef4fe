#!/usr/bin/python3
"""intake.py MAILDIR - `make bench`, intake part: the comparison.
Python's standard email package over every mail in MAILDIR/new and
MAILDIR/cur: parsed with policy.default, the headers wyrmpost reads taken,
every part walked and the text of each text part decoded (transfer encoding
and charset), as wyrmpost's MIME layer does.  Prints how many mails and
texts it saw, for intake.sh to check."""
import email
import email.policy
import os
import sys


def main():
    top = sys.argv[1]
    mails = texts = 0
    for sub in ("new", "cur"):
        d = os.path.join(top, sub)
        for name in sorted(os.listdir(d)):
            with open(os.path.join(d, name), "rb") as f:
                msg = email.message_from_binary_file(f, policy=email.policy.default)
            for h in ("From", "Message-ID", "Subject", "In-Reply-To", "Return-Path",
                      "Auto-Submitted", "Precedence", "X-Loop"):
                msg.get(h)
            for part in msg.walk():
                if part.get_content_maintype() == "text":
                    part.get_content()
                    texts += 1
            mails += 1
    print("%d mails, %d texts" % (mails, texts))


if __name__ == "__main__":
    main()
