"""The face cache: rendered faces and their fit, stored under `<out>/.cache/` by a key
derived from everything they depend on. Whatever reads faces (the build, the review, the
workbench) finds them here by the keys this module makes: `fit_key` for a face's fit
record, `face_key` for its rendering, `document_key` for a reference sheet or duplex check.

A key is the SHA-256 of cardkit's version, the digest of the stylesheets and fonts the
render used (with the pictures the CSS names), the digest of the files the HTML names (a
template's pictures; a card's own picture is named in the HTML by its digest), and the
face's own HTML (which holds its facts and texts as printed, the
template's output, the inline icons, the catalogue's strings and the font sizes chosen).
Whatever changes one of these changes the key, so exactly the faces that depend on a
changed input are rendered again; everything else is read back.

Each entry starts with the SHA-256 of its payload. A truncated or corrupted entry fails
that check: it is deleted and reported as missing, so it is rendered again and never printed.
Entries are written whole (a temporary file renamed into place) but not flushed to the disk
one by one: what a crash leaves of one fails the same check.

An entry is read as the project boundary reads an input (source/boundary.py
`read_own_file`), but for the path's folders: only a regular file is read, never blocking
on a FIFO, up to a limit, and a link in an entry's place is not followed. The folders are
the cache's own and an entry's name is its hexadecimal key, so nothing but a link leads
elsewhere, and what is read through a linked folder is used only if it passes the digest
check: resolving every folder of every path, as the boundary does, took three quarters of
the time of reading an entry, and a rebuild reads a thousand of them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Protocol

from jinja2.bccache import Bucket, BytecodeCache

from cardkit import __version__
from cardkit.faces.stylesheets import FACE_STYLESHEETS
from cardkit.source.atomic import write_atomic
from cardkit.source.boundary import InputRefused, read_own_file
from cardkit.source.transaction import WriteFailed, reason_of

# No face or fit record comes near this; a larger file is not one of ours.
ENTRY_LIMIT = 64 * 1024 * 1024
_DIGEST_LENGTH = 64


class Digests(Protocol):
    """What a key needs of the renderer (renderer.py, which stores through this cache): the
    digests of a stylesheet set and of the files an HTML document names."""

    def digest(self, stylesheets: str) -> str: ...

    def resources_digest(self, html: str) -> str: ...


def cache_key(*parts: str) -> str:
    """The key of a rendered thing: cardkit's version and every part it depends on."""
    hasher = hashlib.sha256(f"cardkit {__version__}".encode())
    for part in parts:
        encoded = part.encode("utf-8")
        hasher.update(len(encoded).to_bytes(8, "big"))
        hasher.update(encoded)
    return hasher.hexdigest()


class FaceCache:
    """Entries under `folder`; with `folder` None nothing is read or kept (`--no-cache`)."""

    def __init__(self, folder: Path | None):
        self.folder = folder

    def open(self) -> "FaceCache":
        """Makes the folder, so an output folder that cannot take the cache fails before
        anything is rendered; raises WriteFailed."""
        if self.folder is not None:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise WriteFailed(self.folder, reason_of(exc)) from None
        return self

    def get(self, key: str) -> bytes | None:
        """The payload stored under `key`; None when absent, unreadable or damaged."""
        if self.folder is None:
            return None
        path = self._path(key)
        try:
            stored = read_own_file(path, limit=ENTRY_LIMIT)
        except InputRefused:
            return None
        digest, _, payload = stored.partition(b"\n")
        if len(digest) != _DIGEST_LENGTH or hashlib.sha256(payload).hexdigest().encode() != digest:
            path.unlink(missing_ok=True)
            return None
        return payload

    def holds(self, key: str) -> bool:
        """Whether an entry is stored under `key` (unread: `get` may still find it damaged)."""
        return self.folder is not None and self._path(key).is_file()

    def put(self, key: str, payload: bytes) -> None:
        if self.folder is None:
            return
        path = self._path(key)
        try:
            # Not durable: an entry a crash left damaged fails its digest and is made again,
            # and waiting for the disk on each of a cold build's thousands of entries cost it
            # up to a fifth of its time on a busy disk (docs/performance.md).
            write_atomic(path, hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload, durable=False)
        except OSError as exc:
            raise WriteFailed(path, reason_of(exc)) from None

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / key


@dataclass(frozen=True)
class Fit:
    """How one text of one face fits in one language: the record the cache keeps of a
    face's fit, one per text."""

    face_id: str
    path: str
    nominal: float
    size: float
    fits: bool
    overflow_mm: float = 0.0

    @property
    def shrunk(self) -> bool:
        return self.size < self.nominal


def fit_key(renderer: Digests, natural: str) -> str:
    """The key of a face's fit: its HTML at its natural sizes, and the stylesheets and
    fonts it is rendered with."""
    return cache_key("fit", renderer.digest(FACE_STYLESHEETS), renderer.resources_digest(natural), natural)


def face_key(renderer: Digests, html: str) -> str:
    """The key of a face's rendering (a one-page PDF): its HTML at the sizes fitting chose."""
    return cache_key("face", renderer.digest(FACE_STYLESHEETS), renderer.resources_digest(html), html)


def document_key(renderer: Digests, html: str, stylesheets: str) -> str:
    """The key of a document rendered for one paper (reference sheets, duplex check), kept
    with its fonts named by content (`fontmerge.tag_by_content`), unlike entries of earlier
    builds."""
    return cache_key("document, fonts named by content", renderer.digest(stylesheets),
                     renderer.resources_digest(html), html)


def encode_fits(fits: list[Fit]) -> bytes:
    """A face's fits as the face cache keeps them."""
    return json.dumps([asdict(fit) for fit in fits], sort_keys=True).encode()


def cached_fits(store: FaceCache, key: str) -> list[Fit] | None:
    """The fits the cache holds under `key`; None when absent, damaged or not fits."""
    record = store.get(key)
    if record is None:
        return None
    try:
        return [Fit(**fit) for fit in json.loads(record)]
    except (ValueError, TypeError):
        return None


def budget_key(fit_key: str) -> str:
    """The key of a face's fit budgets (render/budgets.py), which depend on what its fit
    does: its HTML at natural sizes (the texts whose words fill the boxes), stylesheets and
    fonts."""
    return cache_key("budgets", fit_key)


def encode_budgets(budgets: dict[str, int]) -> bytes:
    """A face's fit budgets, by field path, as the face cache keeps them."""
    return json.dumps(budgets, sort_keys=True).encode()


def cached_budgets(store: FaceCache, key: str) -> dict[str, int] | None:
    """The fit budgets the cache holds under `key`; None when absent, damaged or not budgets."""
    record = store.get(key)
    if record is None:
        return None
    try:
        budgets = json.loads(record)
    except ValueError:
        return None
    if not isinstance(budgets, dict) or not all(isinstance(value, int) for value in budgets.values()):
        return None
    return budgets


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, shared by the languages' environments (which differ only
    in their catalogues) and kept in the face cache, so a template is compiled once and
    again only when its source changes (Jinja checks the source's checksum)."""

    def __init__(self, store: FaceCache):
        self.store = store
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        key = cache_key("template", bucket.key)
        if key not in self.compiled:
            stored = self.store.get(key)
            if stored is None:
                return
            self.compiled[key] = stored
        bucket.bytecode_from_string(self.compiled[key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        key = cache_key("template", bucket.key)
        self.compiled[key] = bucket.bytecode_to_string()
        self.store.put(key, self.compiled[key])
