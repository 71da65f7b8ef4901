"""Texts that copy a rulebook: `cardkit validate --rulebooks DIR` reports a name or text of
any language sharing `COPIED_RUN` or more consecutive words with a rulebook.

Facts carry over from the rulebooks, their sentences do not (docs/data.md, "Our wording").
Words are compared as quotes are, case folded and accents dropped, with a word the rulebook
breaks across a line end joined. The one text that may share a run is the printed wording
itself: a text whose source is a plain citation (no reading) of the very lines the run
stands on, quoting the card as printed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardkit.checks.quotes import SourceTexts, fold_words
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.provenance import RulebookCitation
from cardkit.model.texts import Entry, field_location
from cardkit.problems import Problem, error

COPIED_RUN = 8  # words in a row: shorter runs are the game's terms and stock phrases


@dataclass(frozen=True)
class CopiedRun:
    """A run of a text's words that stands in a rulebook."""

    file: str
    first: int  # the rulebook lines the run stands on
    last: int
    words: tuple[str, ...]


def check_copies(database: Database, texts: SourceTexts) -> list[Problem]:
    """Every run of `COPIED_RUN` words or more a name or text shares with a rulebook, at
    the text, unless the text is cited as the printed wording of those lines."""
    index = run_index(texts)
    problems: list[Problem] = []
    for (language, card_id), origin in database.text_origins.items():
        entry = database.texts.get(language, {}).get(card_id)
        if entry is None:
            continue
        for path, value in entry.texts.items():
            for run in copied_runs(value, index, texts):
                if _printed_wording(entry, path, run):
                    continue
                single = run.first == run.last
                problems.append(error(
                    origin.position(field_location(path)), "copied-wording",
                    Message("{count} words in a row stand in {file} line {line} ('{words}'): "
                            "write the text in our own words, or cite that line as its "
                            "printed wording", count=len(run.words), file=run.file, line=run.first,
                            words=" ".join(run.words))
                    if single else
                    Message("{count} words in a row stand in {file} lines {first}-{last} "
                            "('{words}'): write the text in our own words, or cite those lines "
                            "as its printed wording", count=len(run.words), file=run.file,
                            first=run.first, last=run.last, words=" ".join(run.words)),
                    card_id=card_id))
    return problems


def run_index(texts: SourceTexts) -> dict[str, list[tuple[str, int]]]:
    """Each run of `COPIED_RUN` words of every rulebook: where it starts (file, word)."""
    index: dict[str, list[tuple[str, int]]] = {}
    for file, rulebook in sorted(texts.rulebooks.items()):
        words = rulebook.words
        for start in range(len(words) - COPIED_RUN + 1):
            index.setdefault(" ".join(words[start:start + COPIED_RUN]), []).append((file, start))
    return index


def copied_runs(text: str, index: dict[str, list[tuple[str, int]]],
                texts: SourceTexts) -> Iterator[CopiedRun]:
    """Each longest run of `text`'s words that stands in a rulebook, once."""
    words = fold_words(text)
    start = 0
    while start + COPIED_RUN <= len(words):
        places = index.get(" ".join(words[start:start + COPIED_RUN]))
        if not places:
            start += 1
            continue
        file, at = places[0]
        book = texts.rulebooks[file].words
        length = COPIED_RUN
        while (start + length < len(words) and at + length < len(book)
               and words[start + length] == book[at + length]):
            length += 1
        lines = texts.rulebooks[file].word_lines
        yield CopiedRun(file, lines[at], lines[at + length - 1], tuple(words[start:start + length]))
        start += length


def _printed_wording(entry: Entry, path: str, run: CopiedRun) -> bool:
    """Whether `path` is cited, plainly, as the printed wording of the lines of `run`."""
    return any(isinstance(citation, RulebookCitation) and citation.file == run.file
               and citation.first <= run.first and run.last <= citation.last
               for group in entry.sources if group.reading is None and group.covers(path)
               for citation in group.cites)
