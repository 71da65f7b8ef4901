"""Taking an edited exchange file back into the database.

`import_catalogue` checks every unit of an `IncomingCatalogue` against the database (keys,
English sources, lengths, control characters, the file's recorded language and games),
plans its changes through the one text writer (`writer.py`), and checks the database as
those files would leave it with every check of `cardkit validate` (`Checked.edited`, in
memory). A problem the import brings in is traced, by its card and field
(`Problem.field`), to the unit whose text it is about, or, for a card whose wording a
changed phrase breaks, to that phrase; errors refuse the whole file at the translator's
own lines. Only then are the very texts that were checked written, in one transaction.

A translation is confirmed (its English fingerprint recorded) only when the file says it
is: not fuzzy in PO, approved and translated in XLIFF.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from cardkit.checks.provenance import is_our_wording_in
from cardkit.checks.runner import Checked
from cardkit.checks.status import FieldState, translation_states
from cardkit.i18n.catalogue import (Change, Fault, ImportRefused, IncomingCatalogue, IncomingUnit,
                                    database_record, recorded_games)
from cardkit.i18n.export import check_game, listed_words, marker_source
from cardkit.i18n.keys import PHRASEBOOK
from cardkit.messages import Message, Plural, joined
from cardkit.model.plurals import (PluralForms, PluralMismatch, accepted_plural_forms,
                                   plural_forms)
from cardkit.i18n.writer import LocaleEdits, PhraseForm, PhraseWords, Translation, write_texts
from cardkit.model.database import Database
from cardkit.model.effects import COUNTED_EFFECTS, EFFECT_NAMES
from cardkit.model.phrasebook import (PHRASE_VARIANTS, Phrase, Word, marker_lists, marker_location,
                                      phrase_of)
from cardkit.model.texts import Text, effect_for_field, fingerprint, translatable_fields
from cardkit.problems import Position, Problem, Severity
from cardkit.source.boundary import read_input
from cardkit.source.characters import blank_description, first_forbidden, is_control, unsafe_description
from cardkit.source.layout import PHRASEBOOK_FILE, SOURCE_LANGUAGE, LanguageRefused, translatable_language

MAX_EXCHANGE_FILE_BYTES = 16 * 1024 * 1024
CONTROL_NAMES = {"\x00": "NUL", "\x1b": "ESC", "\x85": "NEL", "\r": "carriage return",
                 "\x7f": "DEL"}
# Positions inside messages (`at locales/es/duel/aliens.yaml:4:9`) move when an import adds
# lines; a problem is the same problem wherever its line went.
_POSITION = re.compile(r":\d+:\d+")

_TEXT = TypeAdapter(Text)
_PHRASE = TypeAdapter(Phrase)
_WORD = TypeAdapter(Word)


def read_exchange_file(path: Path) -> bytes:
    """The bytes of an exchange file: a regular file that is no link leading out of its own
    folder, of at most MAX_EXCHANGE_FILE_BYTES; refused with InputRefused otherwise."""
    return read_input(path, root=path.absolute().parent, limit=MAX_EXCHANGE_FILE_BYTES)


# The problems a change of marker words brings to texts it does not touch, with the marker
# kinds whose words can be why.
MARKER_CODES = {"optional-mismatch": ("optional",), "timing-mismatch": ("before", "after", "when")}

# How pofilter begins each comment it adds (`# (pofilter) xmltags: ...`).
POFILTER_MARK = "(pofilter)"


@dataclass(frozen=True)
class Consequence:
    problem: Problem  # in the database as it would be after the import
    key: str | None  # the unit whose text the problem is about, if one is


def import_catalogue(checked: Checked, received: IncomingCatalogue, force: bool = False,
                     game: str | None = None) -> list[Change]:
    """Checks every unit of `received` against the database, and the database as the
    import would leave it with every check of `cardkit validate`; then writes the checked
    texts into the locale's files and returns the changes with the warnings the checks
    found. Raises ImportRefused, writing nothing, when a unit does not fit or the checks
    find an error; LanguageRefused or LocaleRefused for a language or game the database does
    not hold. With `force`, a card text the checks find an error in is written unconfirmed
    instead (an effect phrase has no unconfirmed state, so its errors still refuse). With
    `game`, the file must have been exported for that game alone. The caller holds the
    project lock."""
    database = checked.database
    check_game(database, game)
    received = replace(received, language=_recorded_language(received, database.languages))
    forms = _check_labels(database, received, game)
    plan = _Plan(checked.root, database, received, forms)
    plan.take_all(received.units)
    if plan.faults:
        raise ImportRefused(plan.faults)
    lines = {unit.key: unit.line for unit in received.units}
    found = _consequences(checked, plan)
    unconfirmed: set[str | None] = set()  # card texts written unconfirmed for their errors
    if force and _errors(found) and all(_is_card_text(c.key) for c in _errors(found)):
        unconfirmed = {c.key for c in _errors(found)}
        plan = _Plan(checked.root, database, received, forms)
        plan.take_all([replace(unit, needs_review=True) if unit.key in unconfirmed else unit
                       for unit in received.units])
        found = _consequences(checked, plan)
    errors, warnings = _errors(found), [c for c in found if c.problem.severity is Severity.WARNING]
    if any(c.key not in unconfirmed for c in errors):
        raise ImportRefused([_consequence_fault(received, lines, c) for c in errors]
                            + [_consequence_fault(received, lines, c, Message("warning")) for c in warnings])
    if plan.edits.files:
        write_texts(checked.root, plan.edits.texts())
    return plan.changes + [_notice(received, lines, c) for c in errors + warnings]


def _errors(found: list[Consequence]) -> list[Consequence]:
    return [c for c in found if c.problem.severity is Severity.ERROR]


def _is_card_text(key: str | None) -> bool:
    return key is not None and not key.startswith(PHRASEBOOK)


def _consequences(checked: Checked, plan: "_Plan") -> list[Consequence]:
    """The problems the database would have with the planned texts that it does not have
    now, each with the unit it is about."""
    if not plan.edits.files:
        return []
    before = Counter(_identity(problem) for problem in checked.report.problems)
    after = checked.edited(plan.edits.texts(), plan.edits.parse)
    found = []
    for problem in after.report.problems:
        identity = _identity(problem)
        if before[identity]:
            before[identity] -= 1
            continue
        key = plan.unit_about(problem, after.database)
        if key is None and problem.card_id is not None and problem.severity is Severity.WARNING:
            continue  # about a card the import leaves alone (beginning a game lists them all)
        found.append(Consequence(problem, key))
    return found


def _identity(problem: Problem) -> tuple:
    return (problem.code, str(problem.position.path), problem.card_id, problem.field,
            _POSITION.sub("", problem.message))


def _recorded_language(received: IncomingCatalogue, languages: list[str]) -> str:
    """The file's language as the database records it: a region of the language the file
    was exported for (or, in a file without that record, of one of the database's
    languages) is that language, as tools write it (`de_DE`, Poedit's `de-DE`, XLIFF
    `es-ES`). Any other language stays as written, for `_check_labels` to refuse."""
    language = received.language
    base = re.split(r"[_-]", language, maxsplit=1)[0]
    known = [received.exported_for] if received.exported_for is not None else languages
    return base if language not in known and base in known else language


def _check_labels(database: Database, received: IncomingCatalogue, game: str | None) -> PluralForms:
    """The plural forms of the file's language, once its language and database are known
    to be this database's and the ones the file was exported for (and, with `game`, that
    game alone); refused otherwise."""
    language = received.language
    header = Position(received.path, received.language_line)
    if received.exported_for is not None and received.exported_for != language:
        raise ImportRefused([Fault(header, Message(
            "the file says its language is {language} but it was exported for {exported}; its "
            "texts are not {code} texts: export again for {code}", language=repr(language),
            exported=repr(received.exported_for), code=language))])
    if received.database is not None:
        foreign = [game for game in recorded_games(received.database) if game not in database.games]
        if foreign:
            raise ImportRefused([Fault(header, Message(
                "the file was exported from the database {recorded}, not from this one ({this})",
                recorded=repr(received.database), this=repr(database_record(database.games))))])
        if game is not None and recorded_games(received.database) != [game]:
            raise ImportRefused([Fault(header, Message(
                "the file holds the texts of {recorded}, not of {game}: import it into the game "
                "it was exported from", recorded=repr(received.database), game=repr(game)))])
    try:
        translatable_language(language, database.languages)
        return received.plural_forms or plural_forms(language)
    except (LanguageRefused, PluralMismatch) as exc:
        raise ImportRefused([Fault(header, exc.args[0])]) from None


def _notice(received: IncomingCatalogue, lines: dict[str | None, int],
            consequence: Consequence) -> Change:
    """A problem of a written text, as the import lists it."""
    fault = _consequence_fault(received, lines, consequence)
    kind = (Message("error, written unconfirmed") if consequence.problem.severity is Severity.ERROR
            else Message("warning"))
    return Change(fault.position, consequence.key or "",
                  Message("{kind}: {fault}", kind=kind, fault=fault.message), "warning")


def _consequence_fault(received: IncomingCatalogue, lines: dict[str | None, int],
                       consequence: Consequence, prefix: Message | None = None) -> Fault:
    problem = consequence.problem
    if consequence.key is not None:
        fault = Fault(Position(received.path, lines[consequence.key]),
                      Message("{key}: {code}: {problem}", key=consequence.key, code=problem.code,
                              problem=problem.sentence))
    else:
        fault = Fault(Position(received.path, received.language_line),
                      Message("after the import, {position}: {code}: {problem}",
                              position=problem.position, code=problem.code, problem=problem.sentence))
    if prefix is None:
        return fault
    return replace(fault, message=Message("{kind}: {fault}", kind=prefix, fault=fault.message))


@dataclass
class _Plan:
    """Every unit of a received catalogue checked against the database, and what each
    changes planned through the text writer."""

    root: Path
    database: Database
    received: IncomingCatalogue
    forms: PluralForms
    faults: list[Fault] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    # The key of the unit that sets each card text, by (card id, field path), and each
    # phrase, by (effect, variant).
    card_texts: dict[tuple[str, str], str] = field(default_factory=dict)
    phrases: dict[tuple[str, str], str] = field(default_factory=dict)
    # The key of the unit that sets a marker kind's words or negations, by kind.
    marker_words: dict[str, str] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)

    def __post_init__(self):
        self.language = self.received.language
        self.states = {(state.card_id, state.path): state
                       for state in translation_states(self.database, [self.language])}
        self.edits = LocaleEdits(self.root)

    def take_all(self, units: list[IncomingUnit]) -> None:
        for unit in units:
            self.take(unit)

    def fault(self, unit: IncomingUnit, message: Message) -> None:
        self.faults.append(Fault(Position(self.received.path, unit.line), message))

    def unit_about(self, problem: Problem, database: Database) -> str | None:
        """The key of the unit a problem after the import is about: the unit of the text it
        names (`unit_of_field`); else, for an untouched text, the marker words whose change
        makes its meaning differ from the English; else the first unit of its card (a
        problem of the whole card, such as the texts it still lacks). None for a problem of
        a card the import does not touch."""
        key = self.unit_of_field(problem, database)
        if key is None and problem.code in MARKER_CODES:
            key = next((self.marker_words[kind] for kind in MARKER_CODES[problem.code]
                        if kind in self.marker_words), None)
        if key is None and problem.card_id is not None:
            key = next((key for (card_id, _), key in self.card_texts.items()
                        if card_id == problem.card_id), None)
        return key

    def unit_of_field(self, problem: Problem, database: Database) -> str | None:
        """The key of the unit whose text a problem after the import is about: the card text
        or phrase form it names in this language's files, or the phrase that words a
        formulaic card text (a changed phrase is why an unchanged text no longer says what
        its card does)."""
        if problem.field is None or problem.position.path.parts[:2] != ("locales", self.language):
            return None
        if problem.card_id is None:  # a phrase form: effects.<effect>.<variant>.<category>
            steps = problem.field.split(".")
            return self.phrases.get((steps[1], steps[2])) if steps[0] == "effects" else None
        key = self.card_texts.get((problem.card_id, problem.field))
        card = database.cards.get(problem.card_id)
        effect = effect_for_field(card, problem.field) if key is None and card is not None else None
        if effect is None:
            return key
        variant = "optional" if getattr(effect, "optional", False) else "required"
        return self.phrases.get((effect.effect, variant))

    def take(self, unit: IncomingUnit) -> None:
        if unit.key is None:
            self.fault(unit, Message("this entry names no text (no msgctxt): cardkit cannot tell "
                                     "where it belongs"))
            return
        if unit.key in self.seen:
            self.fault(unit, Message("{key} appears twice (first on line {line})", key=unit.key,
                                     line=self.seen[unit.key]))
            return
        self.seen[unit.key] = unit.line
        unit = self.without_diagnostics(unit)
        if not self.whole_texts(unit):
            return
        head, _, rest = unit.key.partition(":")
        if head == PHRASEBOOK and rest.split(".")[0] == "effects":
            self.take_phrase(unit, rest)
        elif head == PHRASEBOOK:
            self.take_marker_words(unit, rest)
        else:
            card_id, _, path = rest.partition(":")
            self.take_card_text(unit, head, card_id, path)

    def without_diagnostics(self, unit: IncomingUnit) -> IncomingUnit:
        """The unit without the comments pofilter adds to the translator's comment (lines
        `(pofilter) check: ...`): they are a tool's findings, not a note to store; the
        import says it left them out."""
        if unit.note is None:
            return unit
        lines = unit.note.split("\n")
        kept = [line for line in lines if not line.startswith(POFILTER_MARK)]
        if len(kept) == len(lines):
            return unit
        dropped = len(lines) - len(kept)
        self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                   Plural("{key}: {count} pofilter comment left out: a tool's "
                                          "findings are not a translator's note",
                                          "{key}: {count} pofilter comments left out: a tool's "
                                          "findings are not a translator's note",
                                          count=dropped, key=unit.key),
                                   "warning"))
        return replace(unit, note="\n".join(kept).strip("\n") or None)

    def take_card_text(self, unit: IncomingUnit, kind: str, card_id: str, path: str) -> None:
        card = self.database.cards.get(card_id)
        if not kind or not card_id or not path:
            self.fault(unit, Message("{key} is not a cardkit key (kind:card-id:field)",
                                     key=repr(unit.key)))
            return
        if card is None:
            self.fault(unit, Message("no card {card} in the database", card=repr(card_id)))
            return
        games = recorded_games(self.received.database) if self.received.database else None
        if games is not None and self.database.game_of(card_id) not in games:
            self.fault(unit, Message("{card} is a card of {game}, but the file was exported for "
                                     "{recorded}", card=repr(card_id),
                                     game=self.database.game_of(card_id),
                                     recorded=repr(self.received.database)))
            return
        if card.kind != kind:
            self.fault(unit, Message("{card} is a card of the kind {kind}, not {asked}",
                                     card=repr(card_id), kind=card.kind, asked=kind))
            return
        if path not in translatable_fields(card):
            self.fault(unit, Message("{kind} {card} has no translatable text {field}", kind=kind,
                                     card=repr(card_id), field=repr(path)))
            return
        if unit.plural or len(unit.targets) != 1:
            self.fault(unit, Message("{key} is a single text, not a plural one", key=unit.key))
            return
        state = self.states[(card_id, path)]
        if unit.sources != (state.source_text,):
            self.fault(unit, Message("{key}: the English text has changed since this file was "
                                     "exported; export again and carry the translation over",
                                     key=unit.key))
            return
        text = unit.targets[0]
        if text != text.strip():  # a space typed after a name would travel into every output
            taken_off = Message("{key}: {code}: {problem}", key=unit.key, code="whitespace", problem=Message(
                "white space taken off the ends of {value}", value=repr(text)))
            self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                       Message("{kind}: {fault}", kind=Message("warning"), fault=taken_off),
                                       "warning"))
            text = text.strip()
        if text and not self.valid(unit, _TEXT, text):
            return
        if unit.note and not self.valid(unit, _TEXT, unit.note):
            return
        self.plan_card_text(unit, state, text)

    def plan_card_text(self, unit: IncomingUnit, state: FieldState, text: str) -> None:
        entry = self.database.text(self.language, state.card_id)
        current = fingerprint(state.source_text)
        recorded = entry.translated_from.get(state.path) if entry is not None else None
        current_note = entry.notes.get(state.path) if entry is not None else None
        translation = Translation(state.card_id, state.path, english=state.source_text)
        changes: list[Message] = []
        if text and text != state.text:
            translation = replace(translation, text=text, ours=is_our_wording_in(
                self.database, self.language, state.card_id, state.path))
            changes.append(Message("text"))
        if text and not unit.needs_review and recorded != current:
            translation = replace(translation, confirmed=True)
            changes.append(Message("translated"))
        elif text and unit.needs_review and (recorded == current or Message("text") in changes):
            translation = replace(translation, confirmed=False)
            changes.append(Message("needs review"))
        if unit.note and unit.note != current_note:
            translation = replace(translation, note=unit.note)
            changes.append(Message("note"))
        if not changes:
            return
        self.edits.add(self.database.locale_file(self.language, state.card_id), translation)
        self.card_texts[(state.card_id, state.path)] = unit.key
        self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                   joined(changes)))

    def forms_numbering(self, count: int) -> PluralForms:
        """The plural forms a phrase of `count` forms is numbered by: the file's declared
        numbering, or (an XLIFF file declares none) the accepted numbering with that many."""
        if self.received.plural_forms is not None:
            return self.forms
        return next((forms for forms in accepted_plural_forms(self.language)
                     if forms.count == count), self.forms)

    def take_phrase(self, unit: IncomingUnit, path: str) -> None:
        steps = path.split(".")
        if len(steps) != 3 or steps[0] != "effects" or steps[1] not in EFFECT_NAMES \
                or steps[2] not in PHRASE_VARIANTS:
            self.fault(unit, Message("{key} names no effect phrase "
                                     "(phrasebook:effects.<effect>.required or .optional)",
                                     key=repr(unit.key)))
            return
        _, effect, variant = steps
        source = phrase_of(self.database.phrasebooks.get(SOURCE_LANGUAGE), effect, variant)
        if source is None:
            self.fault(unit, Message("the English phrasebook has no phrase {path}", path=repr(path)))
            return
        counted = effect in COUNTED_EFFECTS
        if unit.plural != counted:
            self.fault(unit, Message("{key} is a plural phrase", key=unit.key) if counted
                       else Message("{key} is a single phrase", key=unit.key))
            return
        forms = self.forms_numbering(len(unit.targets)) if counted else self.forms
        if counted and len(unit.targets) != forms.count:
            self.fault(unit, Message("{key} has {given} plural forms; {language} has {count} "
                                     "({header})", key=unit.key, given=len(unit.targets),
                                     language=self.language, count=forms.count,
                                     header=forms.header))
            return
        expected_sources = ((source.one or source.other,) + (source.other,) * (len(unit.sources) - 1)
                            if counted else (source.other,))
        if len(unit.sources) < 1 + counted or unit.sources != expected_sources:
            self.fault(unit, Message("{key}: the English phrase has changed since this file was "
                                     "exported; export again and carry the translation over",
                                     key=unit.key))
            return
        if unit.note:
            self.fault(unit, Message("{key}: phrasebook phrases carry no translator notes; "
                                     "remove the note", key=unit.key))
            return
        if unit.needs_review and any(unit.targets):
            self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                       Message("not written: it is fuzzy (needs review), and a "
                                               "phrase has no unconfirmed state; confirm it to "
                                               "import it"), "skipped"))
            return
        slots = forms.slots if counted else (("other",),)
        current = phrase_of(self.database.phrasebooks.get(self.language), effect, variant)
        updates = {}
        for slot, text in zip(slots, unit.targets):
            if not text:
                continue
            if not self.valid(unit, _PHRASE, text):
                return
            updates |= {category: text for category in slot
                        if current is None or getattr(current, category) != text}
        if not updates:
            return
        file = self.phrasebook_file()
        for category, text in updates.items():
            self.edits.add(file, PhraseForm(("effects", effect, variant, category), text))
        self.phrases[(effect, variant)] = unit.key
        self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                   Message("forms {categories}",
                                           categories=", ".join(updates))))

    def take_marker_words(self, unit: IncomingUnit, path: str) -> None:
        """A list of marker words (or of the negations of `optional`), the words separated by
        commas, written as the phrasebook's list. An empty text leaves the list as it is."""
        english = self.database.phrasebooks.get(SOURCE_LANGUAGE)
        lists = {".".join(marker_location(kind) + (name,)): (kind, name, marker)
                 for kind, name, marker in marker_lists(english)}
        if path not in lists:
            self.fault(unit, Message("{key} names nothing of the phrasebook (known: {known})",
                                     key=repr(unit.key), known=", ".join(
                                         [f"{PHRASEBOOK}:effects.<effect>.<variant>",
                                          *(f"{PHRASEBOOK}:{known}" for known in lists)])))
            return
        kind, name, marker = lists[path]
        if unit.plural or len(unit.targets) != 1:
            self.fault(unit, Message("{key} is a single text, not a plural one", key=unit.key))
            return
        if unit.sources != (marker_source(marker, name),):
            self.fault(unit, Message("{key}: the English words have changed since this file was "
                                     "exported; export again and carry the translation over",
                                     key=unit.key))
            return
        if unit.note:
            self.fault(unit, Message("{key}: phrasebook words carry no translator notes; "
                                     "remove the note", key=unit.key))
            return
        text = unit.targets[0]
        if not text:
            return
        if unit.needs_review:
            self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                       Message("not written: it is fuzzy (needs review), and "
                                               "the phrasebook's words have no unconfirmed state; "
                                               "confirm them to import them"), "skipped"))
            return
        words = [word.strip() for word in text.split(",")]
        if not all(words):
            self.fault(unit, Message("{key}: an empty word between commas; write the words as "
                                     "'one, two'", key=unit.key))
            return
        if not all(self.valid(unit, _WORD, word) for word in words):
            return
        if words == listed_words(self.database.phrasebooks.get(self.language), kind, name):
            return
        self.edits.add(self.phrasebook_file(), PhraseWords(marker_location(kind) + (name,),
                                                           tuple(words)))
        self.marker_words[kind] = unit.key
        self.changes.append(Change(Position(self.received.path, unit.line), unit.key,
                                   Message("negations") if name == "unless_preceded_by"
                                   else Message("words")))

    def phrasebook_file(self) -> Path:
        origin = self.database.phrasebook_origins.get(self.language)
        return origin.document.path if origin else Path("locales", self.language, PHRASEBOOK_FILE)

    def whole_texts(self, unit: IncomingUnit) -> bool:
        """Refuses control characters (but newline and tab) and the other characters no text
        may hold (`source.characters`) in a translation or note, and one of only whitespace or
        invisible characters."""
        texts = [(Message("form [{index}]", index=index) if unit.plural else Message("the translation"),
                  text) for index, text in enumerate(unit.targets)]
        texts += [(Message("the note"), unit.note)] if unit.note else []
        faults = len(self.faults)
        for what, text in texts:
            forbidden = first_forbidden(text)
            blank = blank_description(text)
            if forbidden:
                self.fault(unit, Message("{key}: {what} holds {found}", key=unit.key, what=what,
                                         found=_holds(forbidden)))
            elif blank:
                self.fault(unit, Message("{key}: {what} is only {blank}; leave it empty for no "
                                         "translation", key=unit.key, what=what, blank=blank))
        return len(self.faults) == faults

    def valid(self, unit: IncomingUnit, adapter: TypeAdapter, text: str) -> bool:
        try:
            adapter.validate_python(text)
        except ValidationError as exc:
            error = exc.errors(include_url=False)[0]
            if error["type"] == "string_too_long":
                self.fault(unit, Message("{key}: longer than the {limit} characters a text may hold",
                                         key=unit.key, limit=error["ctx"]["max_length"]))
            else:
                self.fault(unit, Message("{key}: {reason}", key=unit.key, reason=error["msg"].lower()))
            return False
        return True


def _holds(found: re.Match) -> Message:
    """`the control character U+001B (ESC) at character 3; ...` for a character of
    `first_forbidden`, to follow "holds"."""
    character, where = found.group(), Message(" at character {number}", number=found.start() + 1)
    if is_control(character):
        name = CONTROL_NAMES.get(character)
        shown = f"U+{ord(character):04X}" + (f" ({name})" if name else "")
        return Message("the control character {character}{where}; only line breaks and tabs may "
                       "stand in a text", character=shown, where=where)
    return unsafe_description(character, where)
