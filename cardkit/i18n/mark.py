"""Recording that translations are up to date with their English source.

After a translator brings a text in line with the current English, `mark_translated`
stores the English text's fingerprint beside it (`translated_from`), so the text counts
as translated until the English changes again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardkit.checks.status import FieldState, translation_states
from cardkit.model.database import Database
from cardkit.model.texts import fingerprint
from cardkit.source.edit import edit_files, set_key
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.transaction import Transaction


class MarkRefused(Exception):
    """A selector names no card or field, or a field that cannot be marked; nothing written."""


@dataclass(frozen=True)
class Selection:
    card_id: str
    path: str | None

    @classmethod
    def parse(cls, selector: str) -> "Selection":
        card_id, _, path = selector.partition(".")
        return cls(card_id, path or None)

    def covers(self, state: FieldState) -> bool:
        return state.card_id == self.card_id and self.path in (None, state.path)


def mark_translated(root: Path, database: Database, language: str,
                    selectors: list[str], everything: bool = False) -> list[FieldState]:
    """Records current fingerprints for the selected fields; returns the fields changed."""
    if language == SOURCE_LANGUAGE:
        raise MarkRefused("English is the source language: its texts are not translations")
    if language not in database.translations:
        raise MarkRefused(f"no locale {language!r} (known: {', '.join(database.translations)})")
    states = translation_states(database, [language])
    selections = [Selection.parse(selector) for selector in selectors]
    for selection in selections:
        if not any(selection.covers(state) for state in states):
            what = f"{selection.card_id}.{selection.path}" if selection.path else selection.card_id
            raise MarkRefused(f"{what!r} names no translatable text of any card")
    chosen = [state for state in states
              if state.state == "stale" and state.source_text is not None
              and (everything or any(selection.covers(state) for selection in selections))]
    for selection in selections:
        if selection.path and any(selection.covers(s) and s.state == "missing" for s in states):
            raise MarkRefused(f"{selection.card_id}.{selection.path} has no {language} text to mark")
    edits: dict[Path, list[FieldState]] = {}
    for state in chosen:
        origin = database.text_origins[(language, state.card_id)]
        edits.setdefault(root / origin.document.path, []).append(state)

    def edit_for(file_states: list[FieldState]):
        def edit(data):
            for state in file_states:
                set_key(data[state.card_id], ("translated_from", state.path),
                        fingerprint(state.source_text))
        return edit

    with Transaction(root) as transaction:
        edit_files({path: edit_for(file_states) for path, file_states in edits.items()},
                   shown=lambda path: path.relative_to(root), transaction=transaction)
    return chosen
