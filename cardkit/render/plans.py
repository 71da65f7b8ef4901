"""The plan record: what planning one target (a game in one language) found, kept in the face
cache, so that a rebuild plans a target whose inputs are all unchanged without making any of
its HTML.

Planning a target makes each face's HTML at natural sizes (for its fit key), reads its fit
record, makes its HTML again at the sizes fitting chose (for its face key), and makes each
document's HTML for each paper (for its key). All of that follows from the target's inputs.
The record keeps the result, the faces' keys and fits and the documents' keys, under a key
(`PlanInputs.key`) covering every input the target's faces and documents are made from:
- cardkit's version and the source of the layers that read, check and render the database
  (`cardkit/*.py`, source, model, checks, faces, render) and the built-in games'
  declarations; every installed distribution with its version (Jinja, MarkupSafe, Babel,
  pydantic, ruamel.yaml, WeasyPrint...); Python's version;
- every file under templates/ (the templates, the games' reference texts, stylesheets,
  icons, fonts) and the digests of the two stylesheet sets (renderer.py), which also cover
  what the stylesheets fetch from elsewhere;
- the language's template catalogue (`locales/<ll>/LC_MESSAGES/cardkit.po`);
- the database files the target's faces and documents are made from, as they were loaded:
  the game's card files and box, its texts in the language and in English (printed where a
  translation is missing, and what a translation is confirmed against), the glossaries and
  phrasebooks of the language and of English; and the database's languages and games;
- the target itself (game, language, folder) and the pictures its faces show (each named
  by its digest, with its frame and credit: faces/art.py);
- what every game declared in data declares (any template may read any of them: titles,
  kind labels, decks).
The files the target's HTML names (a template's picture, say) are listed in the record with
their digest, which is checked when it is read.

The same record is also kept under a second key, its faces key (`PlanInputs.faces_key`):
the same inputs but the game's card files and texts. Those reach a face's HTML only through
the face itself (its card's facts, its texts in the language and in English, the names of
the cards it refers to: faces/faces.py `Face`), so each face in the record carries its
fingerprint, the digest of all of those. A target whose card files or texts changed is
planned from the record under its faces key: a face whose fingerprint the record holds is
taken from it, and only the others have their HTML made. After one edited text, that is the
edited face alone; the documents, which may show any card, are planned again.

The files are read for the key before planning reads them, and read again before a record
is kept: a file changed while a target was planned leaves no record. A record that is
missing, damaged (faces/cache.py) or does not match the target's faces is not used: the target is
planned from its HTML, and its record kept.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import sys
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel

import cardkit
from cardkit.checks.text.catalogue import catalogue_path
from cardkit.faces.cache import FaceCache, Fit, cache_key
from cardkit.faces.documents import LanguageContext
from cardkit.faces.errors import RenderError
from cardkit.faces.faces import Face
from cardkit.faces.games import Target
from cardkit.faces.stylesheets import FACE_STYLESHEETS, REFERENCE_STYLESHEETS
from cardkit.model.database import Database
from cardkit.model.games import GAMES
from cardkit.render.resources import RESOURCE_LIMIT
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.templates import all_template_files
from cardkit.source.yamlfile import Document

if TYPE_CHECKING:
    from cardkit.render.renderer import Renderer

# The layers of cardkit that make the faces' and documents' HTML from the project's files.
CODE_LAYERS = ("source", "model", "checks", "faces", "render")


@dataclass(frozen=True)
class PlannedFace:
    """A face as planned: its fingerprint (`face_fingerprint`), its fit key, its fits and the
    key of its rendering."""

    id: str
    fingerprint: str
    fit_key: str
    face_key: str
    fits: list[Fit]


@dataclass(frozen=True)
class PlanRecord:
    """A target's plan: its faces in print order, its documents' keys by paper and name,
    and the project files its HTML names, with their digest."""

    faces: list[PlannedFace]
    documents: dict[str, dict[str, str]]
    named: list[str]
    named_digest: str


def encode_record(record: PlanRecord) -> bytes:
    return json.dumps(asdict(record), sort_keys=True).encode()


def read_record(store: FaceCache, key: str, renderer: Renderer) -> PlanRecord | None:
    """The record kept under `key`; None when absent, damaged, not a record, or when a file
    its HTML names has changed."""
    stored = store.get(key)
    if stored is None:
        return None
    try:
        data = json.loads(stored)
        record = PlanRecord(
            [PlannedFace(face["id"], face["fingerprint"], face["fit_key"], face["face_key"],
                         [Fit(**fit) for fit in face["fits"]])
             for face in data["faces"]],
            {str(paper): {str(name): str(key) for name, key in documents.items()}
             for paper, documents in data["documents"].items()},
            [str(url) for url in data["named"]], str(data["named_digest"]))
        return record if renderer.named_files_digest(record.named) == record.named_digest else None
    except (ValueError, TypeError, KeyError, AttributeError, RenderError):
        return None


class PlanInputs:
    """The inputs of a build's targets, read when planning starts (see the module's
    docstring); `key` is None for every target when one of the files cannot be read."""

    def __init__(self, root: Path, database: Database, languages: list[str], renderer: Renderer):
        self.root = root
        self.database = database
        self.languages = languages
        self.renderer = renderer
        self.files = _file_digests(root, languages)
        self.stylesheets = (renderer.digest(FACE_STYLESHEETS), renderer.digest(REFERENCE_STYLESHEETS))
        self._documents: dict[int, str] = {}

    def key(self, target: Target, context: LanguageContext) -> str | None:
        """The key of the target's plan record: every input of the target."""
        return self._key("plan record", target, context, self._database_files(target, with_cards=True))

    def faces_key(self, target: Target, context: LanguageContext) -> str | None:
        """The key of the record the target's faces are taken from by fingerprint: every
        input but the game's card files and texts."""
        return self._key("faces record", target, context, self._database_files(target, with_cards=False))

    def _key(self, name: str, target: Target, context: LanguageContext, database_files: list[str]) -> str | None:
        if self.files is None:
            return None
        templates, catalogues = self.files
        database = self.database
        return cache_key(name, code_digest(), installed_libraries(), sys.version, templates, *self.stylesheets,
                         catalogues[target.language], target.game, target.language, target.folder,
                         repr(database.languages), repr(database.games), _declared_games(),
                         *database_files, repr(sorted(context.pictures.items())))

    def unchanged(self) -> bool:
        """Whether the files read for the keys still hold what they held then."""
        return (self.files is not None and _file_digests(self.root, self.languages) == self.files
                and self.renderer.current())

    def _database_files(self, target: Target, with_cards: bool) -> list[str]:
        """Each database file the target is made from (but the game's card files and texts
        unless `with_cards`), by path and the digest of its text as loaded."""
        languages = {target.language, SOURCE_LANGUAGE}
        database = self.database
        cards_and_texts = [
            *(origin for origin in database.card_origins.values() if origin.game == target.game),
            *(origin for (language, _), origin in database.text_origins.items()
              if language in languages and origin.game == target.game)] if with_cards else []
        origins = [*cards_and_texts,
                   *([database.box_origins[target.game]] if target.game in database.box_origins else []),
                   *(origin for (language, _), origin in database.glossary_origins.items() if language in languages),
                   *(origin for language, origin in database.phrasebook_origins.items() if language in languages)]
        documents = {id(origin.document): origin.document for origin in origins}
        for identity, document in documents.items():
            if identity not in self._documents:
                self._documents[identity] = document_digest(document)
        return sorted(f"{document.path} {self._documents[identity]}" for identity, document in documents.items())


def document_digest(document: Document) -> str:
    """The digest of a database file's text as loaded."""
    return hashlib.sha256((document.text or "").encode()).hexdigest()


def catalogue_digest(root: Path, language: str) -> str:
    """The digest of the language's template catalogue, "none" where it has none; raises
    InputRefused for one the boundary refuses."""
    path = catalogue_path(root, language)
    if not (path.exists() or path.is_symlink()):
        return "none"
    return hashlib.sha256(read_input(path, root=root, limit=RESOURCE_LIMIT)).hexdigest()


def face_fingerprint(face: Face) -> str:
    """The digest of everything a face is: each of its fields, a card's facts and a text
    entry whole (pydantic's JSON of every field, with the model's class), so that two faces
    with the same fingerprint make the same HTML from the same templates."""
    parts = []
    for field in dataclasses.fields(face):
        value = getattr(face, field.name)
        kind = type(value)
        shown = value.model_dump_json() if isinstance(value, BaseModel) else repr(value)
        parts.append(f"{field.name} {kind.__module__}.{kind.__qualname__} {shown}")
    return cache_key("face", *parts)


def _declared_games() -> str:
    """What every game's declaration says (faces/environment.py gives the templates any of
    them), as its frozen dataclasses show it whole."""
    return repr(sorted((name, game.declared) for name, game in GAMES.items()))


def _file_digests(root: Path, languages: list[str]) -> tuple[str, dict[str, str]] | None:
    """The digest of every file under templates/ (the project's own, and the package's it
    does not have), and of each language's template catalogue ("none" where it has none);
    None when one cannot be read, or templates/ holds a link to a folder (what lies behind
    it is read but would not be covered)."""
    hasher = hashlib.sha256()
    for folder, folders, _ in os.walk(root / "templates"):
        if any(Path(folder, name).is_symlink() for name in folders):
            return None
    try:
        for found in all_template_files(root):
            content = found.read(RESOURCE_LIMIT)
            hasher.update(f"{found.key}\n{len(content)}\n".encode())
            hasher.update(content)
        catalogues = {language: catalogue_digest(root, language) for language in languages}
    except InputRefused:
        return None
    return hasher.hexdigest(), catalogues


@cache
def code_digest() -> str:
    """The digest of the source of cardkit's top-level modules and of its CODE_LAYERS, with
    the declarations of the built-in games (model/declarations/)."""
    package = Path(cardkit.__file__).parent
    hasher = hashlib.sha256()
    paths = [*package.glob("*.py"), *(path for layer in CODE_LAYERS for pattern in ("*.py", "*.yaml")
                                      for path in (package / layer).rglob(pattern))]
    for path in sorted(paths):
        content = path.read_bytes()
        hasher.update(f"{path.relative_to(package)}\n{len(content)}\n".encode())
        hasher.update(content)
    return hasher.hexdigest()


@cache
def installed_libraries() -> str:
    """Every distribution installed where this Python finds its modules, by the name and
    version its metadata folder carries (read without importing or parsing any of them),
    but cardkit's own, whose metadata a source checkout may hold beside its code (its code
    is in the key by content): so the key does not depend on the folder it is run from."""
    found = set()
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        found.update(name for name in names if name.endswith((".dist-info", ".egg-info"))
                     and re.split(r"[-.]", name, maxsplit=1)[0].lower() != "cardkit")
    return "\n".join(sorted(found))
