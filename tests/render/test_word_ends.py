"""Hyphenation leaves no short word end on a line of its own: the stylesheets'
`hyphenate-limit-chars` keeps at least five letters after every automatic break, so a
paragraph's last line never holds only "neta." or "das." (it did twelve times in the
reference sheets, among 141 short ends over the whole box)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

SHORTEST_WORD_END = 5  # templates/cards.css and reference.css: hyphenate-limit-chars: 7 2 5
AUTOMATIC_HYPHEN = "\u2010"  # WeasyPrint's hyphenate-character; a word's own hyphen is U+002D


def word_ends(text: str) -> list[tuple[str, str]]:
    """Every automatic break in `text` (pdftotext's lines): the line it ends and the word end
    on the next line."""
    lines = text.splitlines()
    return [(line, re.match(r"\w*", following).group())
            for line, following in zip(lines, lines[1:]) if line.endswith(AUTOMATIC_HYPHEN)]


def test_word_ends_are_read_from_the_lines():
    text = f"su suministro al pla{AUTOMATIC_HYPHEN}\nneta.\nPrint-\nand-play"
    assert word_ends(text) == [(f"su suministro al pla{AUTOMATIC_HYPHEN}", "neta")]


def test_no_automatic_break_leaves_a_short_word_end(box_build):
    """Every PDF of every game, language and paper, the cards and the reference sheets."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (Debian package poppler-utils) is not installed; .ci/run installs it")
    pdfs = sorted(path for path in box_build.rglob("*.pdf") if ".cache" not in path.parts)
    breaks, short = 0, []
    for pdf in pdfs:
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        for line, end in word_ends(text):
            breaks += 1
            if len(end) < SHORTEST_WORD_END:
                short.append((pdf.relative_to(box_build), line[-30:], end))
    assert len(pdfs) >= 36 and breaks > 100  # the build hyphenates, and the lines were read
    assert short == []
