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

import sys

from cardkit.checks.runner import Checked
from cardkit.faces.cache import FaceCache, cache_key
from cardkit.render.plans import catalogue_digest, code_digest, document_digest, installed_libraries
from cardkit.source.boundary import InputRefused

CLEAN = b"no error"


class CleanChecks:
    """The records of databases found without an error, in `store`. What `keep` is given is
    written by `write`, once the build knows it writes anything (the store may not exist
    yet when the database is loaded)."""

    def __init__(self, store: FaceCache):
        self.store = store
        self.kept: list[str] = []
        self._last: tuple[Checked, str | None] | None = None  # a database and its key

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

    def _key(self, checked: Checked) -> str | None:
        """The record's key, worked out once for a database (asked if it holds it, then
        kept once checked); None where the checks read more than the files named above, or
        a catalogue cannot be read."""
        if self._last is None or self._last[0] is not checked:
            self._last = (checked, _key_of(checked))
        return self._last[1]


def _key_of(checked: Checked) -> str | None:
    if checked.measure_fit is not None or checked.rulebooks is not None:
        return None
    database = checked.database
    files = sorted(f"{document.path} {document_digest(document)}" for document in checked.sources.all_documents())
    try:
        catalogues = [f"{language} {catalogue_digest(checked.root, language)}" for language in database.languages]
    except InputRefused:
        return None
    return cache_key("checked without an error", code_digest(), installed_libraries(), sys.version,
                     repr(database.languages), repr(database.games), *files, *catalogues)
