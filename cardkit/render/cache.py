"""The face cache: rendered faces and their fit, stored under `<out>/.cache/` by a key
derived from everything they depend on.

A key is the SHA-256 of cardkit's version, the digest of the stylesheets and fonts the
render used, and the face's own HTML (which holds its facts and texts as printed, the
template's output, the inline icons, the catalogue's strings and the font sizes chosen).
Whatever changes one of these changes the key, so exactly the faces that depend on a
changed input are rendered again; everything else is read back.

Each entry starts with the SHA-256 of its payload. A truncated or corrupted entry fails
that check: it is deleted and reported as missing, so it is rendered again and never printed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from cardkit import __version__
from cardkit.source.atomic import write_atomic
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.transaction import WriteFailed, reason_of

CACHE_FOLDER = ".cache"
# No face or fit record comes near this; a larger file is not one of ours.
ENTRY_LIMIT = 64 * 1024 * 1024
_DIGEST_LENGTH = 64


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
        if not path.is_file():
            return None
        try:
            stored = read_input(path, root=self.folder, limit=ENTRY_LIMIT)
        except InputRefused:
            return None
        digest, _, payload = stored.partition(b"\n")
        if len(digest) != _DIGEST_LENGTH or hashlib.sha256(payload).hexdigest().encode() != digest:
            path.unlink(missing_ok=True)
            return None
        return payload

    def put(self, key: str, payload: bytes) -> None:
        if self.folder is None:
            return
        path = self._path(key)
        try:
            write_atomic(path, hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
        except OSError as exc:
            raise WriteFailed(path, reason_of(exc)) from None

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / key
