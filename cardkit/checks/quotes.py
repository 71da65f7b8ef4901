"""Citations checked against the rulebooks themselves: `cardkit validate --rulebooks DIR`.

Every rulebook citation quotes the few words of its lines that the facts rest on. With
the rulebook files at hand, each file `box.yaml` lists must be in the folder with the
number of lines it gives, and each quote must occur within its cited lines. A quote found
elsewhere in the rulebook names the nearest place it does occur, so a moved citation is one
edit to fix. Where a source is plain (neither a reading nor another rulebook's side of a
disagreement), its quote must also give the name or number it is cited for.

Quotes and rulebooks are compared folded (`fold`): without whitespace or hyphens, which
the OCR scatters inside words and across line ends, without accents, which it drops or
breaks, and without case. Readings are checked like any other citation: a reading still
quotes the lines it reads.

A printed card is checked the same way where its printing keeps a transcription (a text
file of the printing's cards, declared in `box.yaml` and read from the same folder): a
quote must stand in it, and a plain citation's quote must give what it is cited for; a
name cited without a quote must itself stand in the transcription. A printing without a
transcription is checked by its declaration only (checks/provenance.py). A published page
likewise, where `box.yaml` names the owner's transcription of it under `pages`: its quote
must stand in the transcription, and a plain citation's quote must give what it is cited
for; a page without one is checked for its shape only.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from cardkit.checks.provenance import box_fact_paths, fact_paths
from cardkit.messages import Message
from cardkit.model.database import Database, Origin
from cardkit.model.provenance import PrintingCitation, PublishedCitation, RulebookCitation, SourceGroup
from cardkit.model.texts import is_name
from cardkit.problems import Position, Problem, error
from cardkit.source.boundary import InputRefused, read_input

RULEBOOK_LIMIT = 4 * 1024 * 1024
# Whitespace, hyphens (ASCII, soft, Unicode hyphen and non-breaking hyphen) and the
# combining accents NFKD splits off a letter.
_IGNORED = re.compile(r"[\s\-\u00ad\u2010\u2011\u0300-\u036f]+")
_ACCENTS = re.compile(r"[\u0300-\u036f]+")


def fold(text: str) -> str:
    """`text` as quotes and rulebooks are compared: case folded, accents and compatibility
    forms decomposed and the accents dropped, whitespace and hyphens removed."""
    return _IGNORED.sub("", unicodedata.normalize("NFKD", text.casefold()))


_WORD = re.compile(r"[^\W_]+")
# A word the OCR or the typesetter broke across a line end with a hyphen: "encuen-" + "tro".
_BROKEN_WORD = re.compile(r"([^\W_])[-\u00ad\u2010]$")


def fold_words(text: str) -> list[str]:
    """The words of `text` as texts and rulebooks are compared word by word: case folded,
    accents dropped."""
    return _WORD.findall(_ACCENTS.sub("", unicodedata.normalize("NFKD", text.casefold())))


@dataclass(frozen=True)
class RulebookText:
    """A rulebook read for quotes: its folded text and where each line starts in it; and
    its folded words, each with the line it starts on, a word broken across lines joined."""

    folded: str
    starts: tuple[int, ...]  # the folded offset each line starts at, and the end
    words: tuple[str, ...]
    word_lines: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> RulebookText:
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # the newline that ends the last line starts none
        folded = [fold(line) for line in lines]
        starts = [0]
        for line in folded:
            starts.append(starts[-1] + len(line))
        words: list[str] = []
        word_lines: list[int] = []
        broken = False
        for number, line in enumerate(lines, 1):
            line_words = fold_words(line)
            if broken and line_words:
                words[-1] += line_words.pop(0)
            words += line_words
            word_lines += [number] * len(line_words)
            broken = bool(_BROKEN_WORD.search(line.rstrip()))
        return cls("".join(folded), tuple(starts), tuple(words), tuple(word_lines))

    @property
    def line_count(self) -> int:
        return len(self.starts) - 1

    def holds(self, quote: str, first: int, last: int) -> bool:
        """Whether the folded quote lies within lines `first` to `last` (from 1)."""
        return self.folded.find(quote, self.starts[first - 1], self.starts[last]) >= 0

    def places(self, quote: str) -> Iterator[tuple[int, int]]:
        """The first and last line of each place the folded quote occurs."""
        at = self.folded.find(quote)
        while at >= 0:
            yield (bisect.bisect_right(self.starts, at),
                   bisect.bisect_right(self.starts, at + len(quote) - 1))
            at = self.folded.find(quote, at + 1)


@dataclass(frozen=True)
class SourceTexts:
    """The rulebooks by file name, the transcriptions by printing id and those of published
    pages by address, as read."""

    rulebooks: dict[str, RulebookText]
    transcriptions: dict[str, tuple[str, RulebookText]]  # printing id: (file, text)
    pages: dict[str, tuple[str, RulebookText]] = field(default_factory=dict)  # url: (file, text)


def read_rulebooks(database: Database, folder: Path) -> tuple[SourceTexts, list[Problem]]:
    """The rulebooks every game's box lists and the transcriptions of its printings, read
    from `folder`: each must be there and have the number of lines the box gives; one that
    is not is a problem at its entry."""
    rulebooks: dict[str, RulebookText] = {}
    transcriptions: dict[str, tuple[str, RulebookText]] = {}
    pages: dict[str, tuple[str, RulebookText]] = {}
    problems: list[Problem] = []
    for game, box in database.boxes.items():
        origin = database.box_origins[game]
        for name, rulebook in box.rulebooks.items():
            if name not in rulebooks:
                text = _read(folder, name, rulebook.lines, origin.key_position(("rulebooks", name)),
                             origin.position(("rulebooks", name, "lines")), "rulebook", problems)
                if text is not None:
                    rulebooks[name] = text
        for printing_id, printing in box.printings.items():
            transcription = printing.transcription
            if transcription is None:
                continue
            at = ("printings", printing_id, "transcription")
            text = _read(folder, transcription.file, transcription.lines,
                         origin.position(at + ("file",)), origin.position(at + ("lines",)),
                         "transcription", problems)
            if text is not None:
                transcriptions[printing_id] = (transcription.file, text)
        for url, transcription in box.pages.items():
            at = ("pages", url)
            text = _read(folder, transcription.file, transcription.lines,
                         origin.position(at + ("file",)), origin.position(at + ("lines",)),
                         "transcription", problems)
            if text is not None:
                pages[url] = (transcription.file, text)
    return SourceTexts(rulebooks, transcriptions, pages), problems


def _read(folder: Path, name: str, lines: int, missing_at: Position, lines_at: Position,
          what: str, problems: list[Problem]) -> RulebookText | None:
    """A rulebook or a transcription (`what`) read from `folder`, or None and the problem."""
    try:
        data = read_input(folder / name, root=folder, limit=RULEBOOK_LIMIT)
    except (InputRefused, OSError) as exc:
        reason = exc.reason if isinstance(exc, InputRefused) else exc.strerror
        problems.append(error(missing_at, f"{what}-missing",
                              Message("{name} cannot be read from {folder}: {reason}", name=name,
                                      folder=folder, reason=reason)))
        return None
    text = RulebookText.of(data.decode("utf-8", errors="replace"))
    if text.line_count != lines:
        shown = {"file": folder / name, "line_count": text.line_count, "lines": lines}
        problems.append(error(
            lines_at, f"{what}-lines",
            (Message("{file} has {line_count} lines, not the {lines} box.yaml gives: another "
                     "text of this rulebook, whose lines the citations do not count", **shown)
             if what == "rulebook"
             else Message("{file} has {line_count} lines, not the {lines} box.yaml gives: another "
                          "text of this transcription, whose lines the citations do not count",
                          **shown))))
        return None
    return text


def check_quotes(database: Database, folder: Path) -> list[Problem]:
    """Every citation of the database against the rulebooks and transcriptions in `folder`."""
    texts, problems = read_rulebooks(database, folder)
    return problems + check_citations(database, texts)


def check_citations(database: Database, texts: SourceTexts) -> list[Problem]:
    """Every citation of the database against the rulebooks and transcriptions read."""
    problems: list[Problem] = []
    held = _cards_transcribed(database)
    for groups, origin, values, of_texts in _sourced_entries(database):
        for index, group in enumerate(groups):
            for number, citation in enumerate(group.cites):
                at = ("sources", index, "cites", number)
                if isinstance(citation, PrintingCitation):
                    cards = held.get(citation.printing)
                    if cards is None or origin.key in cards:
                        problems += _check_printed(citation, group, texts, origin, at, values,
                                                   of_texts)
                    continue
                if isinstance(citation, PublishedCitation):
                    problems += _check_published(citation, group, texts, origin, at, values)
                    continue
                rulebook = texts.rulebooks.get(citation.file)
                if rulebook is None or citation.last > rulebook.line_count \
                        or citation.first > citation.last:
                    continue  # a file unlisted or not read, or a bad range: reported already
                problems += _misplaced(citation, rulebook, origin, at)
                if _plain(group, citation):
                    problems += _not_given(citation, group, origin, at, values)
    return problems


def _cards_transcribed(database: Database) -> dict[str, set[str]]:
    """The cards each printing's transcription holds, for those that name them (the others
    hold every card citing them)."""
    return {printing_id: set(printing.transcription.cards)
            for box in database.boxes.values() for printing_id, printing in box.printings.items()
            if printing.transcription is not None and printing.transcription.cards}


def _check_printed(citation: PrintingCitation, group: SourceGroup, texts: SourceTexts,
                   origin: Origin, at: tuple, values: Callable, of_texts: bool) -> list[Problem]:
    """A printed card against its printing's transcription, where there is one: its quote
    stands in it and gives what it is cited for; without a quote, the names it is cited
    for stand in it."""
    if citation.printing not in texts.transcriptions:
        return []  # no transcription, or one not read: the declaration is all there is
    file, transcription = texts.transcriptions[citation.printing]
    whole = (1, transcription.line_count)
    if citation.quote is None:
        if not of_texts:
            return []  # a number without words around it: nothing to find
        return [error(origin.position(at + ("printing",)), "quote-not-found",
                      Message("the name {shown} stands nowhere in {file}, the transcription of "
                              "{printing}: quote the card's words, or correct the name",
                              shown=shown, file=file, printing=citation.printing),
                      card_id=origin.key)
                for fact in group.facts for shown, pattern in values(fact)
                if not pattern.search(transcription.folded)]
    if not transcription.holds(fold(citation.quote), *whole):
        return [error(origin.position(at + ("quote",)), "quote-not-found",
                      Message("the quote {quote} is nowhere in {file}, the transcription of "
                              "{printing} (compared without case, accents, whitespace or hyphens)",
                              quote=_shown(citation.quote), file=file, printing=citation.printing),
                      card_id=origin.key)]
    if group.reading is None and group.follows is None:
        return _not_given(citation, group, origin, at, values)
    return []


def _check_published(citation: PublishedCitation, group: SourceGroup, texts: SourceTexts,
                     origin: Origin, at: tuple, values: Callable) -> list[Problem]:
    """A published page's quote against the owner's transcription of the page, where there
    is one: it stands in it, and gives what a plain citation is cited for."""
    if citation.url not in texts.pages:
        return []  # no transcription, or one not read: the shape is all there is
    file, page = texts.pages[citation.url]
    if not page.holds(fold(citation.quote), 1, page.line_count):
        return [error(origin.position(at + ("quote",)), "quote-not-found",
                      Message("the quote {quote} is nowhere in {file}, the transcription of "
                              "{title} (compared without case, accents, whitespace or hyphens)",
                              quote=_shown(citation.quote), file=file, title=repr(citation.title)),
                      card_id=origin.key)]
    if group.reading is None and group.follows is None:
        return _not_given(citation, group, origin, at, values)
    return []


def _misplaced(citation: RulebookCitation, rulebook: RulebookText, origin: Origin,
               at: tuple) -> list[Problem]:
    quote = fold(citation.quote)
    if rulebook.holds(quote, citation.first, citation.last):
        return []
    places = list(rulebook.places(quote))
    if not places:
        return [error(origin.position(at + ("quote",)), "quote-not-found",
                      Message("the quote {quote} is nowhere in {file} (compared without case, "
                              "accents, whitespace or hyphens)", quote=_shown(citation.quote),
                              file=citation.file),
                      card_id=origin.key)]
    first, last = min(places, key=lambda place: _distance(place, citation))
    lines = str(first) if first == last else f"{first}-{last}"
    return [error(origin.position(at + ("lines",)), "quote-not-found",
                  Message("the quote {quote} is not in {citation} of {file}; the nearest place it "
                          "stands is {first} {lines}", quote=_shown(citation.quote),
                          citation=_lines(citation), file=citation.file,
                          first=_lines_word(first, last), lines=lines), suggestion=lines, card_id=origin.key)]


def _shown(quote: str) -> str:
    return repr(quote if len(quote) <= 48 else quote[:47] + "…")


def _distance(place: tuple[int, int], citation: RulebookCitation) -> int:
    first, last = place
    return max(citation.first - last, first - citation.last, 0)


def _lines(citation: RulebookCitation) -> str:
    return f"{_lines_word(citation.first, citation.last)} {citation.lines}"


def _lines_word(first: int, last: int) -> str:
    return "line" if first == last else "lines"


def _plain(group: SourceGroup, citation: RulebookCitation) -> bool:
    """Whether the citation must give the group's names and numbers to the letter: not a
    reading (derived), and not the other rulebook's side of a disagreement."""
    return group.reading is None and (group.follows is None or group.follows.file == citation.file)


def _not_given(citation: RulebookCitation | PrintingCitation | PublishedCitation, group: SourceGroup,
               origin: Origin, at: tuple,
               values: Callable) -> list[Problem]:
    quote = fold(citation.quote)
    return [error(origin.position(at + ("quote",)), "provenance-contradicted",
                  Message("the quote {quote} does not give {shown} for '{fact}'",
                          quote=_shown(citation.quote), shown=shown, fact=fact),
                  card_id=origin.key)
            for fact in group.facts for shown, pattern in values(fact)
            if not pattern.search(quote)]


# -- what a plain citation must give ----------------------------------------------------

def _sourced_entries(database: Database) -> Iterator[tuple[list[SourceGroup], Origin, Callable,
                                                            bool]]:
    """Each entry with sources: its groups, its origin, what a plain citation of each fact
    must give (names for texts, whole numbers for facts) as (shown, pattern) pairs, and
    whether the entry is one of texts."""
    for (language, card_id), origin in database.text_origins.items():
        entry = database.texts.get(language, {}).get(card_id)
        if entry is not None:
            yield entry.sources, origin, lambda fact, entry=entry: _names(entry, fact), True
    for card_id, card in database.cards.items():
        yield (card.sources, database.card_origins[card_id],
               lambda fact, card=card: _numbers(card, fact_paths(card), fact), False)
    for game, box in database.boxes.items():
        yield (box.sources, database.box_origins[game],
               lambda fact, box=box: _numbers(box, box_fact_paths(box), fact), False)


def _names(entry, fact: str) -> Iterator[tuple[str, re.Pattern]]:
    for path, value in entry.texts.items():
        if is_name(path) and _under(path, fact):
            yield repr(value), re.compile(re.escape(fold(value)))


def _numbers(model: BaseModel, paths: list[str], fact: str) -> Iterator[tuple[str, re.Pattern]]:
    for path in paths:
        if _under(path, fact):
            value: object = model
            for step in path.split("."):
                value = value.get(step) if isinstance(value, dict) else getattr(value, step)
            if isinstance(value, int) and not isinstance(value, bool):
                # Signs fold away with the hyphens: compare the digits.
                yield str(value), re.compile(rf"(?<!\d)0*{abs(value)}(?!\d)")


def _under(path: str, fact: str) -> bool:
    return path == fact or path.startswith(fact + ".")
