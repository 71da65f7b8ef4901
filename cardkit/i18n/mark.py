"""Recording that translations are up to date with their English source.

After a translator brings a text in line with the current English, `mark_translated`
stores the English text's fingerprint beside it (`translated_from`) through the one text
writer, so the text counts as translated until the English changes again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardkit.checks.status import FieldState, translation_states
from cardkit.i18n.writer import LocaleEdits, Translation, write_texts
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.source.layout import LanguageRefused, translatable_language


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
    """Records current fingerprints for the selected fields; returns the fields changed.
    The caller holds the project lock."""
    try:
        translatable_language(language, database.languages)
    except LanguageRefused as exc:
        raise MarkRefused(exc.args[0]) from None
    states = translation_states(database, [language])
    selections = [Selection.parse(selector) for selector in selectors]
    for selection in selections:
        if not any(selection.covers(state) for state in states):
            what = f"{selection.card_id}.{selection.path}" if selection.path else selection.card_id
            raise MarkRefused(Message("{what} names no translatable text of any card", what=repr(what)))
    chosen = [state for state in states
              if state.state == "stale" and state.source_text is not None
              and (everything or any(selection.covers(state) for selection in selections))]
    for selection in selections:
        if selection.path and any(selection.covers(s) and s.state == "missing" for s in states):
            raise MarkRefused(Message("{field} has no {language} text to mark",
                                      field=f"{selection.card_id}.{selection.path}", language=language))
    edits = LocaleEdits(root)
    for state in chosen:
        edits.add(database.locale_file(language, state.card_id),
                  Translation(state.card_id, state.path, confirmed=True, english=state.source_text))
    write_texts(root, edits.texts())
    return chosen
