"""The marks that end a sentence in the scripts cardkit's languages may be written in, each
with the English mark it stands for, and the invisible characters a card text should not
hold.

End marks are Unicode's Sentence_Terminal characters (PropList.txt) with a meaning English
punctuation has, plus the colon, semicolon and ellipsis forms, as Unicode names them
(`ARABIC QUESTION MARK` is a `?`, `IDEOGRAPHIC FULL STOP` and `DEVANAGARI DANDA` are a `.`).
A mark written on a word rather than after it (the Armenian question and exclamation
marks) cannot end a text and is left out, as are the inverted and initial marks that open
one (Spanish `¿`, Adlam's initial marks).
"""

from __future__ import annotations

# English mark: the characters of every script that stand for it.
_END_MARKS = {
    ".": ".\u0589\u06d4\u0701\u0702\u0964\u0965\u1362\u166e\u1803\u1809\u17d4\u104b\u2cf9\u2cfe"
         "\u2e3c\u3002\ua4ff\ua60e\ua6f3\ua8ce\ua8cf\uaa5d\uaa5e\uaa5f\ufe12\ufe52\uff0e\uff61"
         "\U00010a56\U00010a57\U00011047\U00011048\U000110c0\U000110c1\U00011141\U00011142"
         "\U000111c5\U000111c6\U00011238\U00011239\U0001144b\U0001144c\U000115c2\U000115c3"
         "\U00011641\U00011642\U00011c41\U00011c42\U00016a6e\U00016a6f\U00016af5\U00016e98",
    "?": "?\u037e\u061f\u1367\u1945\u2047\u2049\u203d\u2cfa\u2cfb\u2e2e\u2e54\ua60f\ua6f7\ufe16"
         "\ufe56\uff1f\U00011143",
    "!": "!\u07f9\u1944\u203c\u2048\u2e53\ufe15\ufe57\uff01",
    ":": ":\u1365\u1366\u1804\u205d\ua6f4\ufe13\ufe55\uff1a",
    ";": ";\u061b\u1364\u204f\u2e35\ua6f6\ufe14\ufe54\uff1b",
    "…": "\u2026\u1801\u22ef\ufe19",
}
END_MARKS = {mark: english for english, marks in _END_MARKS.items() for mark in marks}

# Closing quotes and brackets, of every script, that may follow a sentence's end mark:
# `... (a 42).`, `... «ya».`, `...。」`
CLOSERS = "\"'»«“”„‘’)]\u300d\u300f\uff09\uff3d\u300b\u3009\u3011\u3015\u3017\u3019\u301b"

ZERO_WIDTH_SPACE = "\u200b"
JOINERS = "\u200c\u200d"  # zero-width non-joiner and joiner
TATWEEL = "\u0640"
INVISIBLE = ZERO_WIDTH_SPACE + JOINERS + TATWEEL
