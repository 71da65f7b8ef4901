"""The one writer of translated texts: whatever brings a text in (an import, a workbench
save, `mark-translated`), it is written here, so the same edit gives the same bytes.

`set_translation` sets one field of one card's entry: its text (keeping the quoting of
the text it replaces), the fingerprint of the English text it was confirmed against
(`translated_from`), and the translator's note, each in its canonical place:

- a new text goes after the entry's texts, before its metadata (`ENTRY_TAIL`);
- a new metadata mapping goes among the metadata in `ENTRY_TAIL`'s order;
- inside a mapping that is there already, a new key goes at its end;
- a new entry goes at the end of its file, set off by a blank line; a file that does not
  exist yet is created.

`LocaleEdits` gathers the edits of a command and makes each file's new text once, from the
file as it is on disk. That text is what the checks see (`Checked.edited`) and what
`write_texts` writes, in one transaction: what is checked is what is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import ScalarString

from cardkit.model.texts import ENTRY_TAIL, field_location, fingerprint
from cardkit.source.edit import EditRefused, append_key, remove_key
from cardkit.source.transaction import Transaction
from cardkit.source.yamlfile import Document, dump_text, load_yaml, parse_text


@dataclass(frozen=True)
class Translation:
    """What to set of one field of one card's entry; None leaves a part as it is."""

    card_id: str
    path: str  # the field's dotted path in the entry: `powers.punish.text`
    text: str | None = None
    # True records the fingerprint of `english` (the text is confirmed as its translation);
    # False removes a recorded fingerprint (the text needs review).
    confirmed: bool | None = None
    english: str | None = None
    note: str | None = None


def set_translation(data: CommentedMap, translation: Translation) -> None:
    """Sets the field of `translation` in a locale file's round-trip data (card id ->
    entry), creating the entry at the end of the file when it has none."""
    card_id, path = translation.card_id, translation.path
    if not isinstance(data.get(card_id), CommentedMap):
        separated = bool(data)
        append_key(data, card_id, CommentedMap())
        if separated:
            data.yaml_set_comment_before_after_key(card_id, before="\n")
    entry = data[card_id]
    if translation.text is not None:
        _set(entry, field_location(path), translation.text)
    if translation.confirmed:
        if translation.english is None:
            raise ValueError(f"{card_id}.{path}: confirming needs the English text")
        _set(entry, ("translated_from", path), fingerprint(translation.english))
    elif translation.confirmed is False:
        recorded = entry.get("translated_from")
        if isinstance(recorded, CommentedMap) and path in recorded:
            remove_key(entry, ("translated_from", path))
    if translation.note is not None:
        _set(entry, ("notes", path), translation.note)


@dataclass(frozen=True)
class PhraseForm:
    """One form of a phrasebook phrase: `("effects", "draw_cards", "required", "one")`."""

    keys: tuple[str, ...]
    text: str


Edit = Translation | PhraseForm


def set_phrase(data: CommentedMap, form: PhraseForm) -> None:
    """Sets a phrasebook form in a phrasebook's round-trip data, keeping its quoting."""
    _set(data, form.keys, form.text, in_entry=False)


def edited_text(text: str | None, file: Path, edits: list[Edit]) -> str:
    """The text of a locale file (`file`, under the root, as messages name it) after
    `edits`; None for a file that does not exist yet. Raises EditRefused when the file
    does not load cleanly."""
    data = CommentedMap()
    if text is not None:
        document = parse_text(text, Document(file, text=text))
        if document.problems:
            raise EditRefused(document)
        if document.data is not None:
            data = document.data
    for edit in edits:
        if isinstance(edit, Translation):
            set_translation(data, edit)
        else:
            set_phrase(data, edit)
    return dump_text(data)


def _set(mapping: CommentedMap, keys: tuple[str, ...], text: str, in_entry: bool = True) -> None:
    """Sets the text at `keys` under `mapping`, an entry (`in_entry`) or a file: a text it
    replaces keeps its quoting; a key new to an entry goes to its canonical place, any
    other new key at the end of its mapping."""
    head, *rest = keys
    if rest and isinstance(mapping.get(head), CommentedMap):
        _set(mapping[head], tuple(rest), text, in_entry=False)
        return
    value: Any = text
    for step in reversed(rest):
        value = CommentedMap({step: value})
    if head in mapping:
        old = mapping[head]
        mapping[head] = type(old)(text) if not rest and isinstance(old, ScalarString) else value
        return
    index = _canonical_index(mapping, head) if in_entry else None
    if index is None:
        append_key(mapping, head, value)
    else:
        mapping.insert(index, head, value)


def _canonical_index(entry: CommentedMap, key: str) -> int | None:
    """Where a new top-level key of an entry goes: before the first key that follows it
    in canonical order (a text before every metadata key, a metadata key before those
    after it in ENTRY_TAIL); None for the end."""
    later = ENTRY_TAIL[ENTRY_TAIL.index(key) + 1:] if key in ENTRY_TAIL else ENTRY_TAIL
    return next((index for index, present in enumerate(entry) if present in later), None)


class LocaleEdits:
    """The edits a command makes to locale files (paths under `root`), turned into each
    file's new text once, from the file as it is on disk."""

    def __init__(self, root: Path):
        self.root = root
        self._edits: dict[Path, list[Edit]] = {}
        self._texts: dict[Path, str] | None = None

    def add(self, file: Path, edit: Edit) -> None:
        if self._texts is not None:
            raise RuntimeError("the texts are made already")
        self._edits.setdefault(file, []).append(edit)

    @property
    def files(self) -> list[Path]:
        return list(self._edits)

    def texts(self) -> dict[Path, str]:
        """Each changed file's new text, by its path under the root, made once. Raises
        EditRefused when a file is there but does not read or load cleanly."""
        if self._texts is None:
            self._texts = {file: edited_text(self._current(file), file, edits)
                           for file, edits in self._edits.items()}
        return self._texts

    def _current(self, file: Path) -> str | None:
        path = self.root / file
        if not path.exists():
            return None
        document = load_yaml(path, file, root=self.root, round_trip=False)
        if document.problems:
            raise EditRefused(document)
        return document.text


def write_texts(root: Path, texts: dict[Path, str]) -> None:
    """Writes every file of `texts` (paths under `root`) or none, in one transaction. The
    caller holds the project lock."""
    with Transaction(root) as transaction:
        for file, text in texts.items():
            transaction.write(root / file, text)
