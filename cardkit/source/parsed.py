"""Parsed YAML files kept between runs, by the exact text they were parsed from.

Parsing (ruamel.yaml's round-trip loader, in Python) is most of what loading a database
costs. A build keeps each file's parse in its cache under the SHA-256 of cardkit's version,
the name the file is shown by and its text: parsing is a function of these alone, so a
file read back holds exactly the data, positions and problems a new parse would give, and
an edited file is parsed again. What is kept is a pickle; it is read back allowing only the
classes a parse is made of (ruamel.yaml's containers and scalars, problems, paths), so an
entry can rebuild data and nothing else.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import ruamel.yaml

from cardkit import __version__, problems
from cardkit.source import policy, yamlfile
from cardkit.source.yamlfile import Document

# Modules whose classes (only classes: no function, nothing they import) make up a parse,
# and the few built-in ones it uses.
_PARSE_MODULES = {"ruamel.yaml.comments", "ruamel.yaml.scalarstring", "ruamel.yaml.scalarint",
                  "ruamel.yaml.scalarfloat", "ruamel.yaml.scalarbool", "ruamel.yaml.anchor",
                  "ruamel.yaml.tokens", "ruamel.yaml.error", "cardkit.problems", "pathlib"}
_BUILTINS = {("builtins", "set"), ("builtins", "frozenset"), ("builtins", "object"),
             ("copyreg", "_reconstructor")}


class Store(Protocol):
    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, payload: bytes) -> None: ...


class ParsedFiles:
    """Parses read from `store` (the build's face cache, whose entries carry their own
    digest); new ones are written to it by `keep`, once the caller has accepted them."""

    def __init__(self, store: Store):
        self.store = store
        self.new: dict[str, bytes] = {}

    def parse(self, text: str, document: Document, parse: Callable[[str, Document], Document]) -> Document:
        """`parse(text, document)`, or what it gave before for this text and file name."""
        key = _key(text, document)
        stored = self.store.get(key)
        if stored is not None:
            try:
                document.data, document.problems, document.rejected_keys = _ParseUnpickler(
                    io.BytesIO(stored)).load()
                return document
            except Exception:  # anything but a parse written by this code: parse again
                document.data, document.problems, document.rejected_keys = None, [], set()
        parse(text, document)
        self.new[key] = pickle.dumps((document.data, document.problems, document.rejected_keys),
                                     protocol=pickle.HIGHEST_PROTOCOL)
        return document

    def keep(self) -> None:
        """Writes the parses made since the last call into the store."""
        for key, payload in self.new.items():
            self.store.put(key, payload)
        self.new.clear()


def _key(text: str, document: Document) -> str:
    hasher = hashlib.sha256(f"cardkit {__version__} {_PARSER}\n{document.path}\n".encode())
    hasher.update(text.encode("utf-8"))
    return hasher.hexdigest()


def _parser_digest() -> str:
    """What a parse is made by besides its text: ruamel.yaml's version and the code of the
    parse and its policy, so a parse kept by other code (a new check) is not read back."""
    hasher = hashlib.sha256(ruamel.yaml.__version__.encode())
    for module in (yamlfile, policy, problems):
        hasher.update(Path(module.__file__).read_bytes())
    return hasher.hexdigest()


_PARSER = _parser_digest()


class _ParseUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if (module, name) in _BUILTINS:
            return super().find_class(module, name)
        if module in _PARSE_MODULES and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a parse")
