"""Where a card's facts and texts come from: rulebook lines, readings, and disagreements.

An entry's `sources` is a list of groups. Each group names facts (field paths) and
either cites rulebook lines (`cites`), or gives a one-line `reading` (why we read the
facts this way), or both. Each citation quotes the few words of its lines the facts rest
on, as printed, so the citation can be checked against the rulebook itself. Where two
cited rulebooks disagree, `follows` names the one the entry follows and why. The
rulebooks themselves are listed, with their line counts, in the game's `box.yaml`; only
`cardkit validate --rulebooks DIR` reads them (checks/quotes.py).

`Citation` is what a group's `cites` holds: rulebook lines, so far. A printed card as a
source (a printing and its card number) is meant to join it as a second model, told apart
by its keys (`file` names a rulebook), so that a group can cite both; each check then
handles the kinds of citation it knows.

This module imports nothing of the project but its messages, so `model.base` can build on it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from cardkit.messages import Message

RulebookFile = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]+\.txt$", max_length=128)]
LineRange = Annotated[str, StringConstraints(pattern=r"^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$")]
Reason = Annotated[str, StringConstraints(pattern=r"^[^\n]+$", min_length=1, max_length=400)]
FactPath = Annotated[str, StringConstraints(pattern=r"^[a-z_]+(\.[a-z0-9_-]+)*$", max_length=128)]
Language = Annotated[str, StringConstraints(pattern=r"^[a-z]{2}$")]
# A few words copied from the cited lines, on one line, with at least one letter or digit.
Quote = Annotated[str, StringConstraints(pattern=r"^[^\n]*\w[^\n]*$", max_length=160)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Rulebook(_Strict):
    """One rulebook file as the project read it: its language and how many lines it has."""

    language: Language
    lines: Annotated[int, Field(ge=1, le=1_000_000)]


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


# Every kind of citation a source may hold; rulebook lines so far.
Citation = RulebookCitation


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
                "a source cites rulebook lines ('cites'), gives a 'reading', or both")})
        return self

    def covers(self, path: str) -> bool:
        return any(path == fact or path.startswith(fact + ".") for fact in self.facts)


Sources = Annotated[list[SourceGroup], Field(max_length=64)]
