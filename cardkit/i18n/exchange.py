"""What translators exchange: every translatable text of a locale, and its way back.

`build_catalogue` collects, for one language, each card text with its English source,
context, notes and state, and each phrasebook effect phrase with its plural forms. The PO
and XLIFF modules write a catalogue and read an edited file back as a `ReceivedCatalogue`;
`import_catalogue` checks the whole of it against the database, then the database as the
import would leave it (`outcome.py`), and only then writes the changes into the locale's
YAML files. A translation is confirmed (its English fingerprint recorded) only when the
file says it is: not fuzzy in PO, approved and translated in XLIFF.

A unit is named by its key: `<kind>:<card-id>:<field-path>` for card texts
(`alien:iron-matron:powers.punish.text`), `phrasebook:effects.<effect>.<variant>` for
effect phrases. The key is the PO msgctxt and the XLIFF trans-unit id.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import ScalarString

from cardkit.checks.status import FieldState, translation_states
from cardkit.checks.text.lexicon import Lexicon
from cardkit.i18n.keys import PHRASEBOOK, card_key, phrase_key
from cardkit.i18n.outcome import Consequence, Place, consequences
from cardkit.i18n.plurals import PluralForms, PluralMismatch, plural_forms
from cardkit.model.database import Database
from cardkit.model.effects import COUNTED_EFFECTS, EFFECT_NAMES
from cardkit.model.phrasebook import Phrase
from cardkit.model.texts import Text, field_location, fingerprint, translatable_fields
from cardkit.problems import Position, Severity
from cardkit.source.boundary import read_input
from cardkit.source.characters import blank_description, first_forbidden, is_control, unsafe_description
from cardkit.source.edit import EditRefused, append_key, edit_files, remove_key, set_key
from cardkit.source.layout import PHRASEBOOK_FILE, SOURCE_LANGUAGE
from cardkit.source.transaction import Transaction
from cardkit.source.yamlfile import dump_text, load_yaml

PHRASE_VARIANTS = ("required", "optional")
# Keys that follow the texts of an entry: a text added to an entry goes before them.
ENTRY_METADATA = ("provisional", "translated_from", "notes", "silence")
MAX_EXCHANGE_FILE_BYTES = 16 * 1024 * 1024
CONTROL_NAMES = {"\x00": "NUL", "\x1b": "ESC", "\x85": "NEL", "\r": "carriage return",
                 "\x7f": "DEL"}


class LocaleRefused(Exception):
    """The language is unknown, the source language, or has plural rules cardkit cannot map."""


@dataclass(frozen=True)
class Fault:
    position: Position
    message: str

    def __str__(self) -> str:
        return f"{self.position.path}:{self.position.line}: {self.message}"


class ImportRefused(Exception):
    """The exchange file is malformed or does not fit the database; nothing was written."""

    def __init__(self, faults: list[Fault]):
        self.faults = sorted(faults, key=lambda fault: fault.position.line)
        super().__init__("\n".join(str(fault) for fault in self.faults))


@dataclass(frozen=True)
class Unit:
    """One text to translate. A plural unit has one target per plural form of the language;
    its source is the English singular and plural (gettext's msgid and msgid_plural)."""

    key: str
    source: str
    source_plural: str | None
    targets: tuple[str, ...]  # "" where there is no translation
    needs_review: bool
    note: str | None  # the translator's note, which travels both ways
    remarks: tuple[str, ...]  # read-only information for the translator
    reference: str | None  # where the text lives in the YAML

    @property
    def plural(self) -> bool:
        return self.source_plural is not None


@dataclass(frozen=True)
class Catalogue:
    language: str
    plural_forms: PluralForms
    units: list[Unit]
    database: str  # the games the database holds (`duel`), recorded in the exported file


@dataclass(frozen=True)
class ReceivedUnit:
    """A unit as read back from an exchange file. `sources` holds the source of each form:
    one for a singular unit; the singular and plural for a PO plural unit, the source of
    each form (singular first, then the plural repeated) for an XLIFF one."""

    key: str | None
    sources: tuple[str, ...]
    plural: bool
    targets: tuple[str, ...]
    needs_review: bool
    note: str | None
    line: int


@dataclass(frozen=True)
class ReceivedCatalogue:
    path: Path  # as messages name it
    language: str
    language_line: int
    units: list[ReceivedUnit]
    # The language and database the file records it was exported for, where it does.
    exported_for: str | None = None
    database: str | None = None


@dataclass(frozen=True)
class Change:
    """What the import did with a unit: `written`, or a `warning` about a written text, or
    `skipped` (a fuzzy phrase)."""

    position: Position  # in the exchange file
    key: str
    what: str
    kind: str = "written"


def check_language(database: Database, language: str) -> None:
    if language == SOURCE_LANGUAGE:
        raise LocaleRefused("English is the source language: its texts are not translations")
    if language not in database.translations:
        raise LocaleRefused(f"no locale {language!r} (known: {', '.join(database.translations)})")


def check_game(database: Database, game: str | None) -> None:
    if game is not None and game not in database.games:
        raise LocaleRefused(f"no game {game!r} in the database (known: {', '.join(database.games)})")


def build_catalogue(database: Database, language: str,
                    extra_notes: Mapping[str, str] | None = None,
                    game: str | None = None) -> Catalogue:
    """Every text of `language` to translate, of one game or (None) of every game. Each
    unit's remarks name the glossary terms of its English text with their approved
    `language` forms; `extra_notes` adds a remark to the unit of each key it names (such as
    how many characters fit a text's box). The phrasebook, shared by every game, goes with
    each export."""
    check_language(database, language)
    check_game(database, game)
    try:
        forms = plural_forms(language)
    except PluralMismatch as exc:
        raise LocaleRefused(str(exc)) from None
    units = [_card_unit(database, state) for state in translation_states(database, [language])
             if state.source_text is not None
             and (game is None or database.game_of(state.card_id) == game)]
    units += _phrase_units(database, language, forms)
    terms = _GlossaryRemarks(database, language)
    extra_notes = extra_notes or {}
    units = [replace(unit, remarks=unit.remarks + terms.of(unit)
                     + ((extra_notes[unit.key],) if unit.key in extra_notes else ()))
             for unit in units]
    return Catalogue(language, forms, units, game or database_name(database))


class _GlossaryRemarks:
    """`glossary: ship = Nave (also Naves)` for each glossary term an English text uses."""

    def __init__(self, database: Database, language: str):
        self.english = database.glossaries.get(SOURCE_LANGUAGE, {})
        self.translated = database.glossaries.get(language, {})
        self.language = language
        self.lexicon = Lexicon(SOURCE_LANGUAGE, self.english)

    def of(self, unit: Unit) -> tuple[str, ...]:
        used = self.lexicon.terms_in(unit.source) | self.lexicon.terms_in(unit.source_plural or "")
        return tuple(self.remark(term_id) for term_id in self.english if term_id in used)

    def remark(self, term_id: str) -> str:
        english = self.english[term_id].term
        term = self.translated.get(term_id)
        if term is None:
            return f"glossary: {english} has no approved {self.language} term yet"
        also = f" (also {', '.join(term.forms)})" if term.forms else ""
        avoid = f"; not {', '.join(term.forbidden)}" if term.forbidden else ""
        return f"glossary: {english} = {term.term}{also}{avoid}"


def database_name(database: Database) -> str:
    """What an exported file records as its database: the games whose texts it holds,
    `classic,cosmic,duel` for the whole database, or the one game it was exported for."""
    return ",".join(database.games)


def recorded_games(record: str) -> list[str]:
    return record.split(",")


def _card_unit(database: Database, state: FieldState) -> Unit:
    source_entry = database.text(SOURCE_LANGUAGE, state.card_id)
    entry = database.text(state.language, state.card_id)
    remarks = [f"{state.kind} {source_entry.name}" if source_entry and source_entry.name
               else f"{state.kind} {state.card_id}"]
    if source_entry is not None and state.path in source_entry.provisional:
        remarks.append("the English name is provisional: the printed one is not known")
    if entry is not None and state.path in entry.provisional:
        remarks.append(f"this {state.language} name is provisional: the printed one is not known")
    if source_entry is not None and state.path in source_entry.notes:
        remarks.append(f"note: {source_entry.notes[state.path]}")
    if state.state == "stale":
        remarks.append(f"needs review: this translation {state.reason}")
    return Unit(
        key=card_key(state.kind, state.card_id, state.path),
        source=state.source_text,
        source_plural=None,
        targets=(state.text or "",),
        needs_review=state.state == "stale",
        note=entry.notes.get(state.path) if entry is not None else None,
        remarks=tuple(remarks),
        reference=f"{state.position.path}:{state.position.line}",
    )


def _phrase_units(database: Database, language: str, forms: PluralForms) -> list[Unit]:
    english = database.phrasebooks.get(SOURCE_LANGUAGE)
    if english is None:
        return []
    phrasebook = database.phrasebooks.get(language)
    origin = database.phrasebook_origins.get(language)
    units = []
    for effect in EFFECT_NAMES:
        for variant in PHRASE_VARIANTS:
            source = _phrase(english, effect, variant)
            if source is None:
                continue
            target = _phrase(phrasebook, effect, variant) if phrasebook else None
            where = (origin.position(("effects", effect, variant)) if target is not None and origin
                     else None)
            reference = f"{where.path}:{where.line}" if where else None
            remarks = (f"effect {effect}, {variant}",)
            if effect in COUNTED_EFFECTS:
                targets = tuple((getattr(target, category) or "") if target else ""
                                for category in forms.categories)
                remarks += ("{count} stands for the number",)
                units.append(Unit(phrase_key(effect, variant), source.one or source.other,
                                  source.other, targets, False, None, remarks, reference))
            else:
                units.append(Unit(phrase_key(effect, variant), source.other, None,
                                  (target.other if target else "",), False, None, remarks,
                                  reference))
    return units


def _phrase(phrasebook, effect: str, variant: str):
    phrases = phrasebook.effects.get(effect) if phrasebook is not None else None
    return getattr(phrases, variant) if phrases is not None else None


# Importing.

_TEXT = TypeAdapter(Text)
_PHRASE = TypeAdapter(Phrase)


def import_catalogue(root: Path, database: Database, received: ReceivedCatalogue,
                     force: bool = False, game: str | None = None) -> list[Change]:
    """Checks every unit of `received` against the database, and the database as the
    import would leave it with the text checks of `cardkit validate`; then writes the
    changes into the locale's files and returns them with the warnings the checks found.
    Raises ImportRefused, writing nothing, when a unit does not fit or the checks find an
    error. With `force`, a card text the checks find an error in is written unconfirmed
    instead (an effect phrase has no unconfirmed state, so its errors still refuse). With
    `game`, the file must have been exported for that game alone."""
    check_game(database, game)
    forms = _check_labels(database, received, game)
    importer = _Importer(root, database, received, forms)
    importer.take_all(received.units)
    if importer.faults:
        raise ImportRefused(importer.faults)
    planned = importer.planned_texts()
    found = consequences(root, database, planned, importer.places) if planned else []
    lines = {unit.key: unit.line for unit in received.units}
    errors = [c for c in found if c.problem.severity is Severity.ERROR]
    warnings = [c for c in found if c.problem.severity is Severity.WARNING]
    unconfirmed = {c.key for c in errors if c.key is not None and not c.key.startswith(PHRASEBOOK)}
    if errors and not (force and all(c.key in unconfirmed for c in errors)):
        raise ImportRefused([_consequence_fault(received, lines, c) for c in errors]
                            + [_consequence_fault(received, lines, c, "warning: ") for c in warnings])
    if errors:
        importer = _Importer(root, database, received, forms)
        importer.take_all([replace(unit, needs_review=True) if unit.key in unconfirmed else unit
                           for unit in received.units])
        warnings = errors + warnings
    importer.write()
    return importer.changes + [_notice(received, lines, consequence) for consequence in warnings]


def _check_labels(database: Database, received: ReceivedCatalogue, game: str | None) -> PluralForms:
    """The plural forms of the file's language, once its language and database are known
    to be this database's and the ones the file was exported for (and, with `game`, that
    game alone); refused otherwise."""
    language = received.language
    header = Position(received.path, received.language_line)
    if received.exported_for is not None and received.exported_for != language:
        raise ImportRefused([Fault(header, f"the file says its language is {language!r} but it was "
                                           f"exported for {received.exported_for!r}; its texts "
                                           f"are not {language} texts: export again for "
                                           f"{language}")])
    if received.database is not None:
        foreign = [game for game in recorded_games(received.database) if game not in database.games]
        if foreign:
            raise ImportRefused([Fault(header, f"the file was exported from the database "
                                               f"{received.database!r}, not from this one "
                                               f"({database_name(database)!r})")])
        if game is not None and recorded_games(received.database) != [game]:
            raise ImportRefused([Fault(header, f"the file holds the texts of "
                                               f"{received.database!r}, not of {game!r}: "
                                               "import it into the game it was exported from")])
    try:
        check_language(database, language)
        return plural_forms(language)
    except (LocaleRefused, PluralMismatch) as exc:
        raise ImportRefused([Fault(header, str(exc))]) from None


def _notice(received: ReceivedCatalogue, lines: dict[str | None, int],
            consequence: Consequence) -> Change:
    """A problem of a written text, as the import lists it."""
    fault = _consequence_fault(received, lines, consequence)
    kind = ("error, written unconfirmed" if consequence.problem.severity is Severity.ERROR
            else "warning")
    return Change(fault.position, consequence.key or "", f"{kind}: {fault.message}", "warning")


def _consequence_fault(received: ReceivedCatalogue, lines: dict[str | None, int],
                       consequence: Consequence, prefix: str = "") -> Fault:
    problem = consequence.problem
    if consequence.key is not None:
        return Fault(Position(received.path, lines[consequence.key]),
                     f"{prefix}{consequence.key}: {problem.code}: {problem.message}")
    return Fault(Position(received.path, received.language_line),
                 f"{prefix}after the import, {problem.position}: {problem.code}: {problem.message}")


class _Importer:
    def __init__(self, root: Path, database: Database, received: ReceivedCatalogue,
                 forms: PluralForms):
        self.root = root
        self.database = database
        self.received = received
        self.language = received.language
        self.forms = forms
        self.states = {(state.card_id, state.path): state
                       for state in translation_states(database, [self.language])}
        self.faults: list[Fault] = []
        self.changes: list[Change] = []
        # The edits planned for each YAML file, applied to its round-trip data in order.
        self.files: dict[Path, list[Callable[[CommentedMap], None]]] = {}
        self.new_entries: dict[Path, set[str]] = {}
        self.seen: dict[str, int] = {}
        self.places: list[Place] = []  # where each written text will stand

    def take_all(self, units: list[ReceivedUnit]) -> None:
        for unit in units:
            self.take(unit)

    def fault(self, unit: ReceivedUnit, message: str) -> None:
        self.faults.append(Fault(Position(self.received.path, unit.line), message))

    def take(self, unit: ReceivedUnit) -> None:
        if unit.key is None:
            self.fault(unit, "this entry names no text (no msgctxt): cardkit cannot tell where "
                             "it belongs")
            return
        if unit.key in self.seen:
            self.fault(unit, f"{unit.key} appears twice (first on line {self.seen[unit.key]})")
            return
        self.seen[unit.key] = unit.line
        if not self.whole_texts(unit):
            return
        head, _, rest = unit.key.partition(":")
        if head == PHRASEBOOK:
            self.take_phrase(unit, rest)
        else:
            card_id, _, path = rest.partition(":")
            self.take_card_text(unit, head, card_id, path)

    def take_card_text(self, unit: ReceivedUnit, kind: str, card_id: str, path: str) -> None:
        card = self.database.cards.get(card_id)
        if not kind or not card_id or not path:
            self.fault(unit, f"{unit.key!r} is not a cardkit key (kind:card-id:field)")
            return
        if card is None:
            self.fault(unit, f"no card {card_id!r} in the database")
            return
        games = recorded_games(self.received.database) if self.received.database else None
        if games is not None and self.database.game_of(card_id) not in games:
            self.fault(unit, f"{card_id!r} is a card of {self.database.game_of(card_id)}, but the "
                             f"file was exported for {self.received.database!r}")
            return
        if card.kind != kind:
            self.fault(unit, f"{card_id!r} is {_with_article(card.kind)} card, not "
                             f"{_with_article(kind)} card")
            return
        if path not in translatable_fields(card):
            self.fault(unit, f"{kind} {card_id!r} has no translatable text {path!r}")
            return
        if unit.plural or len(unit.targets) != 1:
            self.fault(unit, f"{unit.key} is a single text, not a plural one")
            return
        state = self.states[(card_id, path)]
        if unit.sources != (state.source_text,):
            self.fault(unit, f"{unit.key}: the English text has changed since this file was "
                             "exported; export again and carry the translation over")
            return
        text = unit.targets[0]
        if text and not self.valid(unit, _TEXT, text):
            return
        self.plan_card_text(unit, state, text)

    def plan_card_text(self, unit: ReceivedUnit, state: FieldState, text: str) -> None:
        entry = self.database.text(self.language, state.card_id)
        current_print = fingerprint(state.source_text)
        recorded = entry.translated_from.get(state.path) if entry is not None else None
        current_note = entry.notes.get(state.path) if entry is not None else None
        changes: list[str] = []
        keys = field_location(state.path)
        edits: list[Callable[[CommentedMap], None]] = []
        if text and text != state.text:
            edits.append(lambda data: _set_text(data, keys, text))
            changes.append("text")
        if text and not unit.needs_review and recorded != current_print:
            edits.append(lambda data: set_key(data, ("translated_from", state.path), current_print))
            changes.append("translated")
        elif text and unit.needs_review and recorded == current_print:
            edits.append(lambda data: remove_key(data, ("translated_from", state.path)))
            changes.append("needs review")
        if unit.note and unit.note != current_note:
            if not self.valid(unit, _TEXT, unit.note):
                return
            edits.append(lambda data: set_key(data, ("notes", state.path), unit.note))
            changes.append("note")
        if not edits:
            return
        origin = self.database.text_origins.get((self.language, state.card_id))
        if origin is not None:
            path = self.root / origin.document.path
        else:
            card_file = self.database.card_origins[state.card_id].document.path
            path = self.root / "locales" / self.language / Path(*card_file.parts[1:])
            if state.card_id not in self.new_entries.setdefault(path, set()):
                self.new_entries[path].add(state.card_id)
                self.edits_of(path).append(lambda data: _add_entry(data, state.card_id))
        for edit in edits:
            self.edits_of(path).append(lambda data, edit=edit: edit(data[state.card_id]))
        self.places.append(Place(path.relative_to(self.root), (state.card_id, *keys), unit.key))
        self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                   ", ".join(changes)))

    def take_phrase(self, unit: ReceivedUnit, path: str) -> None:
        steps = path.split(".")
        if len(steps) != 3 or steps[0] != "effects" or steps[1] not in EFFECT_NAMES \
                or steps[2] not in PHRASE_VARIANTS:
            self.fault(unit, f"{unit.key!r} names no effect phrase "
                             "(phrasebook:effects.<effect>.required or .optional)")
            return
        _, effect, variant = steps
        source = _phrase(self.database.phrasebooks.get(SOURCE_LANGUAGE), effect, variant)
        if source is None:
            self.fault(unit, f"the English phrasebook has no phrase {path!r}")
            return
        counted = effect in COUNTED_EFFECTS
        if unit.plural != counted:
            self.fault(unit, f"{unit.key} is {'a plural' if counted else 'a single'} phrase")
            return
        if counted and len(unit.targets) != self.forms.count:
            self.fault(unit, f"{unit.key} has {len(unit.targets)} plural forms; {self.language} "
                             f"has {self.forms.count} ({self.forms.header})")
            return
        expected_sources = ((source.one or source.other,) + (source.other,) * (len(unit.sources) - 1)
                            if counted else (source.other,))
        if len(unit.sources) < 1 + counted or unit.sources != expected_sources:
            self.fault(unit, f"{unit.key}: the English phrase has changed since this file was "
                             "exported; export again and carry the translation over")
            return
        if unit.note:
            self.fault(unit, f"{unit.key}: phrasebook phrases carry no translator notes; "
                             "remove the note")
            return
        if unit.needs_review and any(unit.targets):
            self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                       "not written: it is fuzzy (needs review), and a phrase has "
                                       "no unconfirmed state; confirm it to import it", "skipped"))
            return
        categories = self.forms.categories if counted else ("other",)
        current = _phrase(self.database.phrasebooks.get(self.language), effect, variant)
        updates = {}
        for category, text in zip(categories, unit.targets):
            if not text or (current is not None and getattr(current, category) == text):
                continue
            if not self.valid(unit, _PHRASE, text):
                return
            updates[category] = text
        if not updates:
            return
        if current is None and "other" not in updates:
            self.fault(unit, f"{unit.key}: a new phrase needs its 'other' form")
            return
        origin = self.database.phrasebook_origins.get(self.language)
        file = self.root / (origin.document.path if origin
                            else Path("locales", self.language, PHRASEBOOK_FILE))
        for category, text in updates.items():
            keys = ("effects", effect, variant, category)
            self.edits_of(file).append(lambda data, keys=keys, text=text: _set_text(data, keys, text))
            self.places.append(Place(file.relative_to(self.root), keys, unit.key))
        self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                   "forms " + ", ".join(updates)))

    def whole_texts(self, unit: ReceivedUnit) -> bool:
        """Refuses control characters (but newline and tab) and the other characters no text
        may hold (`source.characters`) in a translation or note, and one of only whitespace or
        invisible characters."""
        texts = [(f"form [{index}]" if unit.plural else "the translation", text)
                 for index, text in enumerate(unit.targets)]
        texts += [("the note", unit.note)] if unit.note else []
        faults = len(self.faults)
        for what, text in texts:
            forbidden = first_forbidden(text)
            blank = blank_description(text)
            if forbidden:
                self.fault(unit, f"{unit.key}: {what} {_holds(forbidden)}")
            elif blank:
                self.fault(unit, f"{unit.key}: {what} is only {blank}; leave it empty for no "
                                 "translation")
        return len(self.faults) == faults

    def valid(self, unit: ReceivedUnit, adapter: TypeAdapter, text: str) -> bool:
        try:
            adapter.validate_python(text)
        except ValidationError as exc:
            self.fault(unit, f"{unit.key}: {exc.errors(include_url=False)[0]['msg'].lower()}")
            return False
        return True

    def edits_of(self, path: Path) -> list[Callable[[CommentedMap], None]]:
        return self.files.setdefault(path, [])

    def planned_texts(self) -> dict[Path, str]:
        """Each file the import changes, as text, as it would be written."""
        texts = {}
        for path, edits in self.files.items():
            document = load_yaml(path, path.relative_to(self.root)) if path.exists() else None
            if document is not None and document.problems:
                raise EditRefused(document)
            data = document.data if document is not None and document.data is not None \
                else CommentedMap()
            for edit in edits:
                edit(data)
            texts[path] = dump_text(data)
        return texts

    def write(self) -> None:
        def apply(edits: list[Callable[[CommentedMap], None]]) -> Callable[[Any], None]:
            def edit(data: CommentedMap) -> None:
                for one in edits:
                    one(data)
            return edit

        existing = {path: apply(edits) for path, edits in self.files.items() if path.exists()}
        created = {}
        for path, edits in self.files.items():
            if path not in existing:
                data = CommentedMap()
                apply(edits)(data)
                created[path] = dump_text(data)
        with Transaction(self.root) as transaction:
            edit_files(existing, shown=lambda path: path.relative_to(self.root),
                       transaction=transaction)
            for path, text in created.items():
                transaction.write(path, text)


def _set_text(mapping: CommentedMap, keys: tuple[str, ...], text: str) -> None:
    """Sets a text, keeping the quoting style of the one it replaces; a new top-level key
    goes before the entry's metadata (fingerprints, notes), after the other texts."""
    node: Any = mapping
    for step in keys:
        node = node.get(step) if isinstance(node, CommentedMap) else None
    if isinstance(node, ScalarString):
        text = type(node)(text)
    head = keys[0]
    metadata = [index for index, key in enumerate(mapping) if key in ENTRY_METADATA]
    if head in mapping or not metadata:
        set_key(mapping, keys, text)
        return
    value: Any = text
    for step in reversed(keys[1:]):
        value = CommentedMap({step: value})
    mapping.insert(metadata[0], head, value)


def _holds(found: re.Match) -> str:
    """`holds the control character U+001B (ESC) at character 3; ...` for a character of
    `first_forbidden`."""
    character, where = found.group(), f" at character {found.start() + 1}"
    if is_control(character):
        name = CONTROL_NAMES.get(character)
        shown = f"U+{ord(character):04X}" + (f" ({name})" if name else "")
        return (f"holds the control character {shown}{where}; only line breaks and tabs may "
                "stand in a text")
    return f"holds {unsafe_description(character, where)}"


def _with_article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _add_entry(data: CommentedMap, card_id: str) -> None:
    """A new, empty entry at the end of the file, set off by a blank line as entries are."""
    separated = bool(data)
    append_key(data, card_id, CommentedMap())
    if separated:
        data.yaml_set_comment_before_after_key(card_id, before="\n")


def read_exchange_file(path: Path) -> bytes:
    """The bytes of an exchange file: a regular file that is no link leading out of its own
    folder, of at most MAX_EXCHANGE_FILE_BYTES; refused with InputRefused otherwise."""
    return read_input(path, root=path.absolute().parent, limit=MAX_EXCHANGE_FILE_BYTES)
