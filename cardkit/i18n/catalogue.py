"""What translators exchange, as data: the catalogue cardkit sends out, the one that comes
back, and what an import did. No I/O here; `export.py` builds a catalogue from the
database, `po.py` and `xliff.py` write it and read an edited file back, `importer.py`
takes what came back into the database.

A unit is named by its key: `<kind>:<card-id>:<field-path>` for card texts
(`alien:iron-matron:powers.punish.text`), `phrasebook:effects.<effect>.<variant>` for
effect phrases (`keys.py`). The key is the PO msgctxt and the XLIFF trans-unit id. A unit
going out and one coming back carry the same fields under the same names (`UnitTexts`);
one going out adds what cardkit tells the translator, one coming back its line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardkit.messages import Catalogue, Message
from cardkit.model.plurals import PluralForms
from cardkit.problems import Position

class LocaleRefused(Exception):
    """A game the database does not hold, or a language whose plural rules cardkit cannot map."""


@dataclass(frozen=True)
class Fault:
    position: Position
    message: Message | str

    def __str__(self) -> str:
        return self.said(Catalogue.ENGLISH)

    def said(self, catalogue: Catalogue) -> str:
        return f"{self.position.path}:{self.position.line}: {catalogue.say(self.message)}"


class ImportRefused(Exception):
    """The exchange file is malformed or does not fit the database; nothing was written."""

    def __init__(self, faults: list[Fault]):
        self.faults = sorted(faults, key=lambda fault: fault.position.line)
        super().__init__("\n".join(str(fault) for fault in self.faults))

    def said(self, catalogue: Catalogue) -> str:
        return "\n".join(fault.said(catalogue) for fault in self.faults)


@dataclass(frozen=True)
class UnitTexts:
    """One text to translate, as both directions carry it. A plural unit has one target
    per plural form of the language; its sources are the English singular and plural
    (gettext's msgid and msgid_plural). Coming back from XLIFF, a plural unit has the
    source of each form: the singular, then the plural repeated."""

    key: str | None  # None only coming back, from an entry that names none
    sources: tuple[str, ...]
    plural: bool
    targets: tuple[str, ...]  # "" where there is no translation
    needs_review: bool
    note: str | None  # the translator's note, which travels both ways


@dataclass(frozen=True)
class OutgoingUnit(UnitTexts):
    remarks: tuple[str, ...] = ()  # read-only information for the translator
    reference: str | None = None  # where the text lives in the YAML
    # The English a stale translation was made from, where the project's history holds it.
    previous: str | None = None
    # The characters its box holds (the fit budget), handed to tools as a length limit.
    max_length: int | None = None


@dataclass(frozen=True)
class IncomingUnit(UnitTexts):
    line: int = 0  # in the exchange file


@dataclass(frozen=True)
class OutgoingCatalogue:
    language: str
    plural_forms: PluralForms
    units: list[OutgoingUnit]
    database: str  # the games the database holds (`duel`), recorded in the exported file


@dataclass(frozen=True)
class IncomingCatalogue:
    path: Path  # as messages name it
    language: str
    language_line: int
    units: list[IncomingUnit]
    # The language and database the file records it was exported for, where it does.
    exported_for: str | None = None
    database: str | None = None
    # The numbering of plural forms the file declares (a PO header's Plural-Forms), where it
    # declares one; an XLIFF file's is known by its forms' count.
    plural_forms: PluralForms | None = None


@dataclass(frozen=True)
class Change:
    """What the import did with a unit: `written`, or a `warning` about a written text, or
    `skipped` (a fuzzy phrase)."""

    position: Position  # in the exchange file
    key: str
    what: Message | str
    kind: str = "written"


def database_record(games: list[str]) -> str:
    """What an exported file records as its database: the games whose texts it holds,
    `classic,cosmic,duel` for the whole database, or the one game it was exported for."""
    return ",".join(games)


def recorded_games(record: str) -> list[str]:
    """The games an exported file's database record names (`classic,cosmic,duel`)."""
    return record.split(",")
