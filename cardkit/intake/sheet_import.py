"""`cardkit sheet import`: a sheet's rows (read by `sheet_cells.py`) turned into edits.

A new id is a new card (the facts it lacks listed under `unknown`), a changed cell is an
edited field, an empty cell leaves its field as it is, and so does a cell as it was exported
(the row's base says which; `sheet_cells.py`). The edits go through the one writer
(`i18n/writer.py`), the database as they would leave it through every check of `validate`
(`Checked.edited`); any error refuses the whole sheet, naming the cell, and nothing is
written. The faults of the sheet's cells and those the checks find in the rows that read
come in one round. An unchanged export imports as no edit at all.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardkit.checks.provenance import is_our_wording, own_printings, traces_sources
from cardkit.checks.runner import Checked
from cardkit.i18n.writer import FACTS_TAIL, EntryChanges, EntryValue, LocaleEdits, Translation, write_texts
from cardkit.intake.grid import BASE_HEADER, Grid, SheetRefused
from cardkit.intake.new import file_of
from cardkit.intake.sheet_cells import SheetRow, in_cell_order, read_layout, read_rows
from cardkit.intake.sheet_layout import BASE, card_facts, flat_paths, nested
from cardkit.messages import Message, Plural, joined
from cardkit.model.kinds import CardKind, Game
from cardkit.model.provenance import PrintingCitation, SourceGroup
from cardkit.model.texts import fingerprint
from cardkit.problems import Problem, Severity
from cardkit.source.layout import SOURCE_LANGUAGE

_POSITION = re.compile(r":\d+(:\d+)?")


NEW_CARD = Message("new card")


@dataclass
class SheetChange:
    card_id: str
    what: Message | str  # NEW_CARD, or the fields changed


@dataclass
class SheetReport:
    changes: list[SheetChange]  # per card added or changed, in the sheet's order
    files: dict[Path, EntryChanges]  # per file written, the cards it adds and changes
    notes: list[Message] = field(default_factory=list)  # what was read otherwise than typed

    def summary(self) -> list[Message]:
        """A line per file written with the cards it adds and changes, then the cards in
        all: `locales/de/duel/plans.yaml: 1 card added`, `2 cards added, 1 changed`."""
        lines = [Message("{kind}: {fault}", kind=Message("warning"), fault=note) for note in self.notes]
        lines += [Message("{file}: {counted}", file=file.as_posix(),
                          counted=_counted(len(entries.added), len(entries.changed),
                                           len(entries.removed)))
                  for file, entries in self.files.items()]
        if not self.changes:
            return lines + [Message("no change")]
        new = sum(change.what == NEW_CARD for change in self.changes)
        return lines + [_counted(new, len(self.changes) - new)]


def _counted(added: int, changed: int, removed: int = 0) -> Message:
    """`1 card added`, `2 cards changed`, `1 card added, 2 changed`."""
    first_said = {"added": lambda n: Plural("{count} card added", "{count} cards added", count=n),
                  "changed": lambda n: Plural("{count} card changed", "{count} cards changed", count=n),
                  "removed": lambda n: Plural("{count} card removed", "{count} cards removed", count=n)}
    then_said = {"added": lambda n: Message("{count} added", count=n),
                 "changed": lambda n: Message("{count} changed", count=n),
                 "removed": lambda n: Message("{count} removed", count=n)}
    counts = [(number, what) for number, what in ((added, "added"), (changed, "changed"),
                                                  (removed, "removed")) if number]
    (first, what), *rest = counts
    return joined([first_said[what](first), *(then_said[what](number) for number, what in rest)])


def import_sheet(checked: Checked, grid: Grid, game_name: str | None = None,
                 kind_name: str | None = None, overwrite: bool = False) -> SheetReport:
    """Checks the sheet, then the database as the import would leave it with the rows that
    read, and writes the edits all or none. Raises SheetRefused naming every cell at fault
    (in the order of the cells, then the checks' errors), a cell changed both in the sheet
    and in the database since the export among them unless `overwrite`; the
    caller holds the project lock. The report's files are what the writing changed,
    compared as data."""
    database = checked.database
    game, kind, columns = read_layout(grid, database, game_name, kind_name)
    notes: list[Message] = []
    rows, cell_faults = read_rows(grid, columns, kind, database, game, notes, overwrite)
    faults = in_cell_order(cell_faults)
    edits = LocaleEdits(checked.root)
    changes = [change for row in rows
               if (change := _plan_row(checked, game, kind, row, edits)) is not None]
    if not edits.files:
        if faults:
            raise SheetRefused(faults)
        return SheetReport([], {}, notes)
    if not any(column is not None and column.path == BASE for column in columns) \
            and any(change.what != NEW_CARD for change in changes):
        place = grid.file if grid.sheet is None else f"{grid.file}, sheet {grid.sheet}"
        notes.append(Message("{place}: no {column} column (a sheet made by hand, or exported by an "
                             "older cardkit), so a cell changed in the database since the sheet was "
                             "made cannot be told from an edit: the sheet's value is written over it",
                             place=place, column=repr(BASE_HEADER)))
    texts = edits.texts()
    after = checked.edited(texts, edits.parse)
    errors = [problem for problem in after.report.problems if problem.severity is Severity.ERROR]
    # The database as it is is checked only when the edited one has errors, to leave out
    # those it had already: a clean import runs the checks once.
    before = Counter(_identity(problem) for problem in checked.report.problems) if errors else Counter()
    for problem in errors:
        if before[_identity(problem)]:
            before[_identity(problem)] -= 1
            continue
        faults.append(Message("{cell}: {problem}", cell=_cell_of(grid, rows, problem),
                              problem=problem.sentence))
    if faults:
        raise SheetRefused(faults)
    written = edits.entry_changes()
    write_texts(checked.root, {file: texts[file] for file in written})
    return SheetReport(changes, written, notes)


def _identity(problem: Problem) -> tuple:
    return (problem.code, str(problem.position.path), problem.card_id, problem.field,
            _POSITION.sub("", problem.message))


def _cell_of(grid: Grid, rows: list[SheetRow], problem: Problem) -> str:
    parts = problem.position.path.parts
    language = parts[1] if parts and parts[0] == "locales" and len(parts) > 1 else None
    row = next((row for row in rows if row.card_id == problem.card_id), None)
    if row is None:
        return grid.file if grid.sheet is None else f"{grid.file}, sheet {grid.sheet}"
    column = 0
    if problem.field is not None:
        fields = {problem.field, _numbered_from_one(problem.field)}
        column = next((index for (lang, path), index in row.cells.items() if lang == language
                       and any(path == field or path.startswith(field + ".")
                               or field.startswith(path + ".") for field in fields)), 0)
    return grid.where(row.index, column)


def _numbered_from_one(field: str) -> str:
    """A problem's field path (list items from 0, as the data is addressed) with its list
    items numbered from 1, as the sheet's columns number them."""
    return ".".join(str(int(step) + 1) if step.isdigit() else step for step in field.split("."))


def _plan_row(checked: Checked, game: Game, kind: CardKind, row: SheetRow, edits: LocaleEdits) -> SheetChange | None:
    card = checked.database.cards.get(row.card_id)
    old = card_facts(card) if card is not None else {}
    new = nested(row.facts, copy.deepcopy(old))
    sources = _cited(card.sources if card is not None else [], row.printings.get(None), list(row.facts))
    facts_file = file_of(checked, game, kind, None)
    if card is None:
        unknown = [name for name in kind.facts.required_facts if name not in new]
        if kind.texts is not None and "name" not in row.texts.get(SOURCE_LANGUAGE, {}):
            unknown.append("name")
        whole = ({"unknown": unknown} if unknown or not new else {}) | new
        edits.add(facts_file, EntryValue(row.card_id, (), whole | ({"sources": sources} if sources else {})))
        changed = []
    else:
        present = flat_paths(old)
        brought = [path for path, value in row.facts.items() if present.get(path) != value]
        unknown = [path for path in card.unknown
                   if not any(given == path or given.startswith(path + ".") for given in brought)
                   and not (path == "name" and "name" in row.texts.get(SOURCE_LANGUAGE, {}))]
        fact_edits = [EntryValue(row.card_id, keys, value, tail=FACTS_TAIL)
                      for keys, value in _differences(old, new)]
        if unknown != card.unknown:
            fact_edits.insert(0, EntryValue(row.card_id, ("unknown",), unknown or None, tail=FACTS_TAIL))
        if sources is not None:
            fact_edits.append(EntryValue(row.card_id, ("sources",), sources, tail=FACTS_TAIL))
        for edit in fact_edits:
            edits.add(facts_file, edit)
        changed = [".".join(edit.keys) for edit in fact_edits]
    for language in sorted((set(row.texts) | set(row.printings) | set(row.confirmed)) - {None}):
        changed += _plan_texts(checked, game, kind, row, language, edits)
    if card is None:
        return SheetChange(row.card_id, NEW_CARD)
    return SheetChange(row.card_id, ", ".join(changed)) if changed else None


def _differences(old: Any, new: Any, keys: tuple = ()) -> list[tuple[tuple, Any]]:
    if isinstance(old, dict) and isinstance(new, dict) and keys:
        found = []
        for key, value in new.items():
            if key not in old:
                found.append((keys + (key,), value))
            else:
                found += _differences(old[key], value, keys + (key,))
        return found
    if not keys:
        return [item for key, value in new.items() for item in
                ([((key,), value)] if key not in old else _differences(old[key], value, (key,)))]
    return [] if old == new else [(keys, new)]


def _cited(groups, printing: tuple[str, str | None] | None, given: list[str]) -> list | None:
    """The entry's sources with the paths `given` cited to the printing the row names, or
    None when they stand as they are."""
    if printing is None or printing[0] is None:
        return None
    dumped = [group.model_dump(mode="json", exclude_defaults=True) for group in groups]
    citation = {"printing": printing[0]} | ({"number": printing[1]} if printing[1] else {})
    at = next((index for index, group in enumerate(groups) for cite in group.cites
               if isinstance(cite, PrintingCitation)), None)
    if at is None:
        dumped.append({"facts": [], "cites": [citation]})
        at = len(dumped) - 1
    else:
        cites = dumped[at]["cites"]
        index = next(i for i, cite in enumerate(groups[at].cites) if isinstance(cite, PrintingCitation))
        present = cites[index]
        if "number" not in citation and "number" in present and present.get("printing") == printing[0]:
            citation["number"] = present["number"]  # an empty number cell never deletes
        kept = {key: value for key, value in present.items() if key == "quote"}
        cites[index] = citation | kept
    others = [group for index, group in enumerate(groups) if index != at]
    facts = list(dumped[at]["facts"])
    for path in given:
        if any(group.covers(path) for group in others) or _covers(facts, path):
            continue
        top = path.split(".")[0]
        mentioned = any(fact.split(".")[0] == top for group in others for fact in group.facts)
        facts.append(path if mentioned else top)
    dumped[at]["facts"] = facts
    if not facts:
        dumped.pop(at)
    original = [group.model_dump(mode="json", exclude_defaults=True) for group in groups]
    return None if dumped == original else dumped


def _covers(facts: list[str], path: str) -> bool:
    return any(path == fact or path.startswith(fact + ".") for fact in facts)


def _plan_texts(checked: Checked, game: Game, kind: CardKind, row: SheetRow, language: str,
                edits: LocaleEdits) -> list[str]:
    database = checked.database
    entry = database.texts.get(language, {}).get(row.card_id)
    english = database.texts.get(SOURCE_LANGUAGE, {}).get(row.card_id)
    english_texts = (dict(english.texts) if english is not None else {}) | row.texts.get(SOURCE_LANGUAGE, {})
    old = entry.texts if entry is not None else {}
    recorded = entry.translated_from if entry is not None else {}
    given = row.texts.get(language, {})
    confirming = language != SOURCE_LANGUAGE and row.confirmed.get(language, False)
    # Each text to set, and whether to confirm it (True), unconfirm it (False) or neither.
    settings: dict[str, tuple[str | None, bool | None]] = {}
    for path, text in given.items():
        confirm = None
        if confirming and path in english_texts and recorded.get(path) != fingerprint(english_texts[path]):
            confirm = True
        elif language != SOURCE_LANGUAGE and not confirming and old.get(path) != text and path in recorded:
            confirm = False
        if old.get(path) != text or confirm is not None:
            settings[path] = (text if old.get(path) != text else None, confirm)
    groups = entry.sources if entry is not None else []
    sources = _cited(groups, row.printings.get(language), list(given))
    final = sources if sources is not None else [group.model_dump(mode="json", exclude_defaults=True)
                                                 for group in groups]
    box = database.boxes.get(game.name)
    own = own_printings(box, language)
    printed = {path for group in final for path in old | given if _covers(group["facts"], path)
               and any(cite.get("printing") in own for cite in group.get("cites", []))}
    provisional = list(entry.provisional) if entry is not None else []
    wanted = [path for path in provisional if path not in printed]
    if traces_sources(box):
        wanted += [path for path, text in given.items() if old.get(path) != text and path not in wanted
                   and is_our_wording(_groups(final), path, language, own)]
    file = file_of(checked, game, kind, language)
    if entry is None:
        whole = nested({path: text for path, (text, _) in settings.items()}, {})
        if wanted:
            whole["provisional"] = wanted
        confirmed = {path: fingerprint(english_texts[path])
                     for path, (_, confirm) in settings.items() if confirm}
        if confirmed:
            whole["translated_from"] = confirmed
        if sources:
            whole["sources"] = sources
        if not whole:
            return []
        edits.add(file, EntryValue(row.card_id, (), whole))
        return [f"{language}:{path}" for path in settings] + \
            [f"{language}:{key}" for key in ("sources", "provisional") if key in whole]
    for path, (text, confirm) in settings.items():
        edits.add(file, Translation(row.card_id, path, text=text, confirmed=confirm,
                                    english=english_texts.get(path) if confirm else None))
    changed = [f"{language}:{path}" for path in settings]
    if sources is not None:
        edits.add(file, EntryValue(row.card_id, ("sources",), sources))
        changed.append(f"{language}:sources")
    if wanted != provisional:
        edits.add(file, EntryValue(row.card_id, ("provisional",), wanted or None))
        changed.append(f"{language}:provisional")
    return changed


def _groups(dumped: list[dict]) -> list[SourceGroup]:
    """The source groups of an entry as the import writes them; one that does not hold is
    left out here and refused by the checks after."""
    groups = []
    for group in dumped:
        try:
            groups.append(SourceGroup.model_validate(group))
        except ValidationError:
            pass
    return groups
