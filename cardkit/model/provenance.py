"""Where a card's facts and texts come from: rulebook lines, printed cards, readings, and
disagreements.

An entry's `sources` is a list of groups. Each group names facts (field paths) and
either cites sources (`cites`), or gives a one-line `reading` (why we read the facts this
way), or both. A citation is of one of three kinds, told apart by its keys:

- rulebook lines (`file`, `lines`), quoting the few words of its lines the facts rest on,
  as printed, so the citation can be checked against the rulebook itself;
- a printed card (`printing`, and the card's printed `number` where it shows one), which
  may quote the card's words; checked against the printing's transcription where the
  owner keeps one;
- a published page (`url`, `title`, `language`, the day it was `read`), a publisher's
  article or a published rulebook, quoting the words the facts rest on; checked against
  the page's transcription where the owner keeps one.

Where two cited rulebooks disagree, `follows` names the one the entry follows and why.
The rulebooks and the printings are declared in the game's `box.yaml` (`Rulebook`,
`Printing`); only `cardkit validate --rulebooks DIR` reads the rulebook files and the
transcriptions (checks/quotes.py).

This module imports nothing of the project but its messages, so `model.base` can build on it.
"""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Union

from pydantic import (AfterValidator, BaseModel, ConfigDict, Discriminator, Field, StringConstraints, Tag,
                      model_validator)
from pydantic_core import PydanticCustomError

from cardkit.messages import Message

RulebookFile = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]+\.txt$", max_length=128)]
LineRange = Annotated[str, StringConstraints(pattern=r"^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$")]
Reason = Annotated[str, StringConstraints(pattern=r"^[^\n]+$", min_length=1, max_length=400)]
FactPath = Annotated[str, StringConstraints(pattern=r"^[a-z_]+(\.[a-z0-9_-]+)*$", max_length=128)]
Language = Annotated[str, StringConstraints(pattern=r"^[a-z]{2}$")]
# A few words copied from the cited lines, on one line, with at least one letter or digit.
Quote = Annotated[str, StringConstraints(pattern=r"^[^\n]*\w[^\n]*$", max_length=160)]
# A printing's id, chosen by the owner: lowercase words joined by hyphens (`duel-es-1`).
PrintingId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)]
# A card's number as printed on it (`12`, `012`, `12/27`, `A3`): text, as printed.
CardNumber = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9]+([/.-][A-Za-z0-9]+)*$",
                                              max_length=16)]
Year = Annotated[int, Field(ge=1900, le=2100)]


def _web_address(value: str) -> str:
    if not _WEB_ADDRESS.fullmatch(value):
        raise PydanticCustomError("web_address", "{message}", {"message": Message(
            "{value} is not a web address: http:// or https://, a host, and no spaces",
            value=repr(value))})
    return value


def _day(value: str) -> str:
    try:
        if len(value) == 10:
            datetime.date.fromisoformat(value)
            return value
    except ValueError:
        pass
    raise PydanticCustomError("day_read", "{message}", {"message": Message(
        "{value} is not a day written year-month-day, in quotes ('2026-11-28')",
        value=repr(value))})


def _one_sentence(value: str) -> str:
    if _SENTENCE_END.search(value):
        raise PydanticCustomError("quote_sentences", "{message}", {"message": Message(
            "{value} runs on past the end of a sentence: a page is quoted by a sentence at most",
            value=repr(value if len(value) <= 48 else value[:47] + "…"))})
    return value


# A sentence's end with more words after it: a full stop, question or exclamation mark, a
# closing quotation mark perhaps, then a space.
_SENTENCE_END = re.compile(r"[.!?][\"”’»)]?\s+\S")
_WEB_ADDRESS = re.compile(r"https?://[A-Za-z0-9.-]+\.[A-Za-z]{2,}(:[0-9]{1,5})?(/[^\s]*)?")
# A published page's address, as a reader opens it.
Url = Annotated[str, StringConstraints(max_length=500), AfterValidator(_web_address)]
# The day a page was read, as text (YAML's own dates are refused): `'2026-11-28'`.
DayRead = Annotated[str, AfterValidator(_day)]
# A published page's words the facts rest on: at most a sentence of it.
PageQuote = Annotated[Quote, AfterValidator(_one_sentence)]
Title = Annotated[str, StringConstraints(pattern=r"^[^\n]*\w[^\n]*$", max_length=200)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Rulebook(_Strict):
    """One rulebook file as the project read it: its language and how many lines it has."""

    language: Language
    lines: Annotated[int, Field(ge=1, le=1_000_000)]


class Transcription(_Strict):
    """A text file of a printing's cards as printed, typed or scanned by the owner, and its
    number of lines: `validate --rulebooks DIR` reads it from DIR beside the rulebooks.
    `cards` names the cards it holds where it holds only some of those citing the printing;
    the others are checked by the printing's declaration only. Without it, every card citing
    the printing is held to the file."""

    file: RulebookFile
    lines: Annotated[int, Field(ge=1, le=1_000_000)]
    cards: Annotated[list[Annotated[str, StringConstraints(min_length=1, max_length=64)]],
                     Field(min_length=1, max_length=100_000)] | None = None


class Printing(_Strict):
    """One printing of a game's cards that the database may cite: its language and what
    the owner knows of it. A name or text cited to a printing in its own language is the
    printed wording."""

    language: Language
    publisher: Reason | None = None
    year: Year | None = None
    # The edition's own wording, as the box or the cards print it ("Primera edición").
    edition: Reason | None = None
    transcription: Transcription | None = None


class RulebookCitation(_Strict):
    """Lines of a rulebook (`'391'`, `603-605`, counting from 1) and the words in them the
    facts rest on (`quote`), in the rulebook's language and as printed, OCR noise kept."""

    file: RulebookFile
    lines: LineRange
    quote: Quote

    @property
    def first(self) -> int:
        return int(self.lines.split("-")[0])

    @property
    def last(self) -> int:
        return int(self.lines.split("-")[-1])


class PrintingCitation(_Strict):
    """A printed card of a printing `box.yaml` declares: its number as the card prints it
    (where it shows one), and, optionally, words of the card (`quote`) as printed."""

    printing: PrintingId
    number: CardNumber | None = None
    quote: Quote | None = None


class PublishedCitation(_Strict):
    """A published page, a publisher's article or a published rulebook: its address, its
    title, its language, the day the project read it, and the words of the page the facts
    rest on (`quote`, at most a sentence), as the page gives them."""

    url: Url
    title: Title
    language: Language
    read: DayRead
    quote: PageQuote


def _citation_kind(value) -> str:
    if isinstance(value, BaseModel):
        return {PrintingCitation: "printed-card", PublishedCitation: "published-page"}.get(
            type(value), "rulebook-lines")
    if isinstance(value, dict) and "printing" in value:
        return "printed-card"
    return "published-page" if isinstance(value, dict) and "url" in value else "rulebook-lines"


# The tags the union of citations carries in pydantic's error locations, which are no keys
# of the data (model/database.py leaves them out of a problem's position).
CITATION_TAGS = frozenset({"rulebook-lines", "printed-card", "published-page"})

# Every kind of citation a source may hold, told apart by its keys: a `printing` names a
# printed card, a `url` a published page, anything else is rulebook lines (and is checked
# as such).
Citation = Annotated[Union[Annotated[RulebookCitation, Tag("rulebook-lines")],
                           Annotated[PrintingCitation, Tag("printed-card")],
                           Annotated[PublishedCitation, Tag("published-page")]],
                     Discriminator(_citation_kind)]


class Follows(_Strict):
    """Where the cited rulebooks disagree: the one whose fact the entry gives, and why."""

    file: RulebookFile
    why: Reason


class SourceGroup(_Strict):
    facts: Annotated[list[FactPath], Field(min_length=1, max_length=64)]
    cites: Annotated[list[Citation], Field(max_length=16)] = Field(default_factory=list)
    reading: Reason | None = None
    follows: Follows | None = None

    @model_validator(mode="after")
    def _cited_or_read(self):
        if not self.cites and self.reading is None:
            raise PydanticCustomError("source_empty", "{message}", {"message": Message(
                "a source cites rulebook lines, printed cards or published pages ('cites'), "
                "gives a 'reading', or both")})
        return self

    def covers(self, path: str) -> bool:
        return any(path == fact or path.startswith(fact + ".") for fact in self.facts)


Sources = Annotated[list[SourceGroup], Field(max_length=64)]
