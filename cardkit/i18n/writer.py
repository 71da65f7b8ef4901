"""The one writer of translated texts: whatever brings a text in (an import, a workbench
save, `mark-translated`), it is written here, so the same edit gives the same bytes.

`set_translation` sets one field of one card's entry: its text (keeping the quoting of
the text it replaces), the mark of our wording (`provisional`, for a text that cites no
printed wording in its language: `checks.provenance.is_our_wording` decides, the caller
asks), the fingerprint of the English text it was confirmed against (`translated_from`),
and the translator's note, each in its canonical place:

- a new text goes after the entry's texts, before its metadata (`ENTRY_TAIL`);
- a new metadata mapping goes among the metadata in `ENTRY_TAIL`'s order;
- inside a mapping that is there already, a new key goes at its end, but a new fingerprint
  or note goes among the others in the order of the entry's texts (one order, whatever
  the history of the edits);
- a new entry goes at the end of its file, set off by a blank line; a file that does not
  exist yet is created.

`edited_text` makes a file's new text from its text and its edits. It edits the lines
(`source/splice.py`), so only the lines of the keys an edit sets change, however the file
is formatted; the result is read back and compared with the data the edits should give,
and where the lines alone cannot do it, the round-trip data is edited instead (as `fmt`
would write the file). `LocaleEdits` gathers the edits of a command and makes each file's
new text once, from the file as it is on disk: that text is what the checks see
(`Checked.edited`) and what `write_texts` writes, in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import ScalarString

from cardkit.model.texts import ENTRY_TAIL, NOT_TEXTS, field_location, fingerprint
from cardkit.source.edit import EditRefused, append_key, remove_key
from cardkit.source.splice import Splice, Unsplicable
from cardkit.source.transaction import Transaction
from cardkit.source.yamlfile import Document, dump_text, load_text, load_yaml, parse_text


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
    # True lists the field under the entry's `provisional` (the text is our wording), in
    # the order of the entry's texts, unless it is listed there already.
    ours: bool = False


@dataclass(frozen=True)
class PhraseForm:
    """One form of a phrasebook phrase: `("effects", "draw_cards", "required", "one")`."""

    keys: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class PhraseWords:
    """A phrasebook list of words, written on one line: `("optional", "words")`."""

    keys: tuple[str, ...]
    words: tuple[str, ...]


# The keys that follow a card's facts in its entry: a new fact goes before them.
FACTS_TAIL = ("sources",)


@dataclass(frozen=True)
class EntryValue:
    """One value of a card's entry in a facts or locale file, set as data (a fact, the
    `unknown` or `provisional` list, a source group list), or removed (`value` None): what
    `cardkit new` and the sheet import write beside the texts. With no `keys`, `value` is
    a whole new entry, in its canonical order, for the end of the file. Otherwise a new
    entry is made at the end of the file; a key new to an entry goes before the keys `tail`
    names (an entry's metadata and sources), `unknown` at its start."""

    card_id: str
    keys: tuple[str, ...]
    value: Any
    tail: tuple[str, ...] = ENTRY_TAIL


Edit = Translation | PhraseForm | PhraseWords | EntryValue


def set_translation(document: "_Document", translation: Translation) -> None:
    """Sets the field of `translation` in a locale file (card id -> entry), making the entry
    at the end of the file when it has none."""
    card_id, path = translation.card_id, translation.path
    if translation.confirmed and translation.english is None:
        raise ValueError(f"{card_id}.{path}: confirming needs the English text")
    fingerprint_of = fingerprint(translation.english) if translation.confirmed else None
    if not isinstance(document.value((card_id,)), list):
        entry: dict = {}
        if translation.text is not None:
            entry.update(_nested(field_location(path), translation.text))
        if translation.ours:
            entry["provisional"] = _flow_lists([path])
        if fingerprint_of is not None:
            entry["translated_from"] = {path: fingerprint_of}
        if translation.note is not None:
            entry["notes"] = {path: translation.note}
        if card_id in (document.value(()) or []):
            document.put((card_id,), entry)
        else:
            document.append_entry(card_id, entry)
        return
    if translation.text is not None:
        _set(document, (card_id,), field_location(path), translation.text)
    if translation.ours:
        _mark_ours(document, card_id, path)
    if fingerprint_of is not None:
        _set_by_text(document, card_id, "translated_from", path, fingerprint_of)
    elif translation.confirmed is False and path in (document.value((card_id, "translated_from"))
                                                      or []):
        document.remove((card_id, "translated_from", path), keep=1)
    if translation.note is not None:
        _set_by_text(document, card_id, "notes", path, translation.note)


def _set_by_text(document: "_Document", card_id: str, mapping: str, path: str, value: str) -> None:
    """Sets `path` in a mapping of an entry keyed by its texts (`translated_from`, `notes`): a
    path new to it goes before the first path whose text follows its own in the entry, so the
    mapping keeps the order of the texts whatever order the edits came in (a fingerprint
    removed by an unconfirmed save and confirmed later lands where an import leaves it)."""
    present = document.value((card_id, mapping))
    if not isinstance(present, list) or path in present:
        _set(document, (card_id,), (mapping, path), value)
        return
    order = _text_paths(document, (card_id,))
    rank = order.index(path) if path in order else len(order)
    before = next((key for key in present if key in order and order.index(key) > rank), None)
    document.put((card_id, mapping, path), value, before=before)


def _mark_ours(document: "_Document", card_id: str, path: str) -> None:
    """Lists `path` under the entry's `provisional`, before the first path there whose text
    follows its own in the entry."""
    present = document.scalars((card_id, "provisional")) or []
    if path in present:
        return
    order = _text_paths(document, (card_id,))
    rank = order.index(path) if path in order else len(order)
    at = next((index for index, key in enumerate(present)
               if key in order and order.index(key) > rank), len(present))
    _set(document, (card_id,), ("provisional",), _flow_lists(present[:at] + [path] + present[at:]))


def _text_paths(document: "_Document", keys: tuple, prefix: str = "") -> list[str]:
    """The field paths of the texts under `keys` of an entry, in the order they stand."""
    paths = []
    for key in document.value(keys) or []:
        if not prefix and key in NOT_TEXTS:
            continue
        value = document.value(keys + (key,))
        if isinstance(value, list):
            paths += _text_paths(document, keys + (key,), f"{prefix}{key}.")
        elif value is not None:
            paths.append(f"{prefix}{key}")
    return paths


def set_phrase(document: "_Document", form: PhraseForm) -> None:
    """Sets a phrasebook form, keeping its quoting; a new one at the end of its mapping."""
    _set(document, (), form.keys, form.text, in_entry=False)


def set_phrase_words(document: "_Document", edit: PhraseWords) -> None:
    """Sets a phrasebook list of words; a new one at the end of its mapping."""
    _set(document, (), edit.keys, _flow_lists(list(edit.words)), in_entry=False)


def set_entry_value(document: "_Document", edit: EntryValue) -> None:
    """Sets (or, for None, removes) one value of a card's entry, in its canonical place."""
    card_id, keys = edit.card_id, edit.keys
    present = document.value((card_id,))
    if edit.value is None:
        if isinstance(present, list) and _holds(document, (card_id, *keys)):
            document.remove((card_id, *keys), keep=1)
        return
    value = _flow_lists(edit.value)
    if not isinstance(present, list):
        entry = _nested(keys[1:], value)
        if card_id in (document.value(()) or []):
            document.put((card_id,), {keys[0]: entry})
        else:
            document.append_entry(card_id, {keys[0]: entry})
        return
    _set(document, (card_id,), keys, value, tail=edit.tail)


def _holds(document: "_Document", keys: tuple) -> bool:
    *outer, key = keys
    present = document.value(tuple(outer))
    return isinstance(present, list) and key in present


def _flow_lists(value: Any) -> Any:
    """Lists of plain values written on one line, as the shipped files write `unknown`."""
    if isinstance(value, dict):
        return {key: _flow_lists(item) for key, item in value.items()}
    if isinstance(value, list) and all(not isinstance(item, (dict, list)) for item in value):
        flow = CommentedSeq(value)
        flow.fa.set_flow_style()
        return flow
    if isinstance(value, list):
        return [_flow_lists(item) for item in value]
    return value


def _set(document: "_Document", base: tuple, keys: tuple[str, ...], text: Any,
         in_entry: bool = True, tail: tuple[str, ...] = ENTRY_TAIL) -> None:
    """Sets the text at `keys` under the mapping at `base`, an entry (`in_entry`) or the
    file: a text it replaces keeps its quoting; a key new to an entry goes to its
    canonical place, any other new key at the end of its mapping."""
    at = base
    for depth, step in enumerate(keys):
        present = document.value(at)
        if depth < len(keys) - 1 and isinstance(document.value(at + (step,)), list):
            at += (step,)
            continue
        value = _nested(keys[depth + 1:], text)
        before = _following(present, step, tail) if in_entry and depth == 0 else None
        document.put(at + (step,), value, before=None if step in present else before)
        return


def _nested(keys: tuple[str, ...], text: str) -> Any:
    value: Any = text
    for step in reversed(keys):
        value = {step: value}
    return value


def _following(present: list[str], key: str, tail: tuple[str, ...] = ENTRY_TAIL) -> str | None:
    """The key of an entry a new `key` goes before: the first that follows it in canonical
    order (a text or fact comes before every key of `tail`, a key of `tail` before those
    after it there, `unknown` before all); None for the end."""
    if key == "unknown":
        return present[0] if present else None
    later = tail[tail.index(key) + 1:] if key in tail else tail
    return next((name for name in present if name in later), None)


class _Document(Protocol):
    """A locale file as the edits see it: its lines (`Splice`) or its data (`_Data`);
    `value` gives a mapping's keys as a list."""

    def value(self, keys: tuple) -> Any: ...

    def scalars(self, keys: tuple) -> list[str] | None: ...

    def put(self, keys: tuple, value: Any, before: str | None = None) -> None: ...

    def append_entry(self, key: str, value: Any) -> None: ...

    def remove(self, keys: tuple, keep: int) -> None: ...


class _Data:
    """Edits made on a file's data: the round-trip data (kept comments and quoting), or
    plain data read back to compare with what the lines became."""

    def __init__(self, data: dict, round_trip: bool):
        self.data = data
        self.round_trip = round_trip

    def _at(self, keys: tuple) -> Any:
        node: Any = self.data
        for step in keys:
            if not isinstance(node, dict) or step not in node:
                return None
            node = node[step]
        return node

    def value(self, keys: tuple) -> Any:
        node = self._at(keys)
        return list(node) if isinstance(node, dict) else node

    def scalars(self, keys: tuple) -> list[str] | None:
        node = self._at(keys)
        return [str(item) for item in node] if isinstance(node, list) else None

    def put(self, keys: tuple, value: Any, before: str | None = None) -> None:
        *outer, key = keys
        mapping = self._at(tuple(outer))
        value = _commented(value) if self.round_trip else value
        if key in mapping:
            old = mapping[key]
            keeps_quoting = isinstance(old, ScalarString) and isinstance(value, str)
            mapping[key] = type(old)(value) if keeps_quoting else value
        elif before is not None and self.round_trip:
            mapping.insert(list(mapping).index(before), key, value)
        elif before is not None:
            items = list(mapping.items())
            index = list(mapping).index(before)
            mapping.clear()
            mapping.update(items[:index] + [(key, value)] + items[index:])
        elif self.round_trip:
            append_key(mapping, key, value)
        else:
            mapping[key] = value

    def append_entry(self, key: str, value: Any) -> None:
        if not self.round_trip:
            self.data[key] = value
            return
        separated = bool(self.data)
        append_key(self.data, key, _commented(value))
        if separated:
            self.data.yaml_set_comment_before_after_key(key, before="\n")

    def remove(self, keys: tuple, keep: int) -> None:
        if self.round_trip:
            remove_key(self._at(keys[:keep]), keys[keep:])
            return
        *outer, key = keys
        del self._at(tuple(outer))[key]
        if not self._at(tuple(outer)) and len(outer) > keep:
            self.remove(tuple(outer), keep)


def _commented(value: Any) -> Any:
    if isinstance(value, dict) and not isinstance(value, CommentedMap):
        return CommentedMap({key: _commented(item) for key, item in value.items()})
    return value


def _apply(document: _Document, edits: list[Edit]) -> None:
    new_entries: dict[str, Any] = {}
    for edit in edits:
        if isinstance(edit, EntryValue) and not edit.keys:
            new_entries[edit.card_id] = _flow_lists(edit.value)
            continue
        if new_entries:
            _append_entries(document, new_entries)
            new_entries = {}
        if isinstance(edit, Translation):
            set_translation(document, edit)
        elif isinstance(edit, EntryValue):
            set_entry_value(document, edit)
        elif isinstance(edit, PhraseWords):
            set_phrase_words(document, edit)
        else:
            set_phrase(document, edit)
    if new_entries:
        _append_entries(document, new_entries)


def _append_entries(document: _Document, entries: dict[str, Any]) -> None:
    """Whole new entries at the end of the file: in one edit of its lines where it is
    edited by lines (one parse, not one per entry)."""
    if isinstance(document, Splice):
        document.append_entries(entries)
        return
    for key, value in entries.items():
        document.append_entry(key, value)


def edited_text(text: str | None, file: Path, edits: list[Edit],
                parse: Callable[[str, Path], Document] = load_text) -> str:
    """The text of a locale file (`file`, under the root, as messages name it) after
    `edits`; None for a file that does not exist yet. Raises EditRefused when the file
    does not load cleanly. `parse` reads a text as `load_text` does (a caller that keeps
    what it parsed passes its own, so no text is parsed twice)."""
    if text is not None:
        before = parse(text, file)
        if before.problems:
            raise EditRefused(before)
        expected = _plain(before.data) if before.data is not None else {}
    else:
        expected = {}
    try:
        if not isinstance(expected, dict):
            raise Unsplicable("a file that is not a mapping")
        lines = Splice(text or "")
        _apply(lines, edits)
        _apply(_Data(expected, round_trip=False), edits)
        after = parse(lines.text, file)
        if not after.problems and _ordered(_plain(after.data)) == _ordered(expected):
            return lines.text
    except Unsplicable:
        pass
    data = CommentedMap()
    if text is not None:
        document = parse_text(text, Document(file, text=text))
        if document.problems:
            raise EditRefused(document)
        if document.data is not None:
            data = document.data
    _apply(_Data(data, round_trip=True), edits)
    return dump_text(data)


class ParsedTexts:
    """`load_text`, once per text and file: an edit reads a file's text as it was and as
    edited, the checks read the edited text again, and a large file takes a while to parse.
    `known` are documents parsed already (the files as loaded)."""

    def __init__(self, known: Iterable[Document] = ()):
        self._parsed = {(document.text, document.path): document for document in known
                        if document.text is not None}

    def __call__(self, text: str, file: Path) -> Document:
        if (text, file) not in self._parsed:
            self._parsed[text, file] = load_text(text, file)
        return self._parsed[text, file]


def _plain(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_plain(item) for item in data]
    return data


def _ordered(data: Any) -> Any:
    """The data with each mapping as the list of its items, so that order counts."""
    if isinstance(data, dict):
        return [(key, _ordered(value)) for key, value in data.items()]
    if isinstance(data, list):
        return [_ordered(item) for item in data]
    return data


@dataclass(frozen=True)
class EntryChanges:
    """The entries (card ids, or a phrasebook's top keys) an edit of one file adds,
    changes and removes."""

    added: list[str]
    changed: list[str]
    removed: list[str]


class LocaleEdits:
    """The edits a command makes to locale files (paths under `root`), turned into each
    file's new text once, from the file as it is on disk."""

    def __init__(self, root: Path):
        self.root = root
        self._edits: dict[Path, list[Edit]] = {}
        self._texts: dict[Path, str] | None = None
        self._before: dict[Path, str | None] = {}
        # Every text these edits read, parsed once; `Checked.edited` takes it to read the
        # new texts.
        self.parse = ParsedTexts()

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
            self._before = {file: self._current(file) for file in self._edits}
            self._texts = {file: edited_text(self._before[file], file, edits, self.parse)
                           for file, edits in self._edits.items()}
        return self._texts

    def entry_changes(self) -> dict[Path, EntryChanges]:
        """Each file whose data the edits change, with the entries they add, change and
        remove, compared with the file as it was: what writing the texts does, whatever
        the edits meant to do."""
        changes = {}
        for file, text in self.texts().items():
            before = self._before[file]
            if text == before:
                continue
            old = self.parse(before, file).data if before is not None else None
            new = self.parse(text, file).data
            old, new = (old if isinstance(old, dict) else {}), (new if isinstance(new, dict) else {})
            entries = EntryChanges(added=[key for key in new if key not in old],
                                   changed=[key for key in new if key in old and new[key] != old[key]],
                                   removed=[key for key in old if key not in new])
            if entries.added or entries.changed or entries.removed:
                changes[file] = entries
        return changes

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
