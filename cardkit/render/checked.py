"""The record of a database the checks found without an error, kept in the face cache.

A build refuses a database as `cardkit validate` would. After Python's imports, the checks
are most of what loading costs, and a build, the site made after it and a rebuild with
nothing changed would run them on the very same files. So once the checks find a database
without an error, the cache keeps a record under a key over everything they read:
- each file of the database (card facts, boxes, game declarations, texts, glossaries,
  phrasebooks), by its path and the digest of its text as loaded; the database's languages
  and games;
- each language's template catalogue (`locales/<ll>/LC_MESSAGES/cardkit.po`);
- the code of the layers that read and check the database (plans.py `code_digest`), every
  installed distribution with its version, and Python's version.
A load whose key the cache holds skips the checks. What loading itself finds (a file that
cannot be read or parsed) is never skipped: any error there runs the checks and refuses the
build as before. Only the checks a build runs are recorded: none that measure fit or read
the rulebooks.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from cardkit.checks.runner import Checked
from cardkit.checks.text.catalogue import catalogue_path
from cardkit.faces.cache import FaceCache, cache_key
from cardkit.render.plans import code_digest, installed_libraries
from cardkit.render.resources import RESOURCE_LIMIT
from cardkit.source.boundary import InputRefused, read_input

CLEAN = b"no error"


class CleanChecks:
    """The records of databases found without an error, in `store`. What `keep` is given is
    written by `write`, once the build knows it writes anything (the store may not exist
    yet when the database is loaded)."""

    def __init__(self, store: FaceCache):
        self.store = store
        self.kept: list[str] = []

    def holds(self, checked: Checked) -> bool:
        key = self._key(checked)
        return key is not None and self.store.get(key) == CLEAN

    def keep(self, checked: Checked) -> None:
        key = self._key(checked)
        if key is not None:
            self.kept.append(key)

    def write(self) -> None:
        for key in self.kept:
            self.store.put(key, CLEAN)
        self.kept.clear()

    @staticmethod
    def _key(checked: Checked) -> str | None:
        """None where the checks read more than the files named above, or a catalogue
        cannot be read."""
        if checked.measure_fit is not None or checked.rulebooks is not None:
            return None
        database = checked.database
        files = sorted(f"{document.path} {_digest((document.text or '').encode())}"
                       for document in checked.sources.all_documents())
        try:
            catalogues = [f"{language} {_catalogue_digest(checked.root, language)}"
                          for language in database.languages]
        except InputRefused:
            return None
        return cache_key("checked without an error", code_digest(), installed_libraries(), sys.version,
                         repr(database.languages), repr(database.games), *files, *catalogues)


def _catalogue_digest(root: Path, language: str) -> str:
    path = catalogue_path(root, language)
    if not (path.exists() or path.is_symlink()):
        return "none"
    return _digest(read_input(path, root=root, limit=RESOURCE_LIMIT))


def _digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()
