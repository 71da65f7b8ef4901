"""Where the database's files live and what each holds.

    cards/<game>/**/<kind file>.yaml           language-neutral facts, keyed by card id
    cards/<game>/box.yaml                      how many cards of each kind the box holds
    cards/<game>/game.yaml                     a game declared in data: its kinds and facts
    locales/<lang>/<game>/**/<kind file>.yaml  names and texts of those cards in one language
    locales/<lang>/glossary.yaml               approved game terms of one language
    locales/<lang>/phrasebook.yaml             how each formulaic effect is worded

The kind of card a file holds follows from its game and its name, so
`cards/duel/fate/event.yaml` and `locales/de/duel/fate/event.yaml` both hold Event cards.
Which games there are and which file names each knows is the model's registry
(`model/games.py`); this layer only finds the files and says where each stands.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from cardkit.messages import Message
from cardkit.problems import Position, Problem, error
from cardkit.source.boundary import InputRefused, resolve_inside

SOURCE_LANGUAGE = "en"

GLOSSARY_FILE = "glossary.yaml"
PHRASEBOOK_FILE = "phrasebook.yaml"
LOCALE_SUPPORT_FILES = (GLOSSARY_FILE, PHRASEBOOK_FILE)
BOX_FILE = "box.yaml"
GAME_FILE = "game.yaml"


@dataclass(frozen=True)
class CardFile:
    path: Path
    game: str
    # The file's name without .yaml: what the game's registry knows it by.
    stem: str


@dataclass(frozen=True)
class LocaleFile:
    path: Path
    language: str
    game: str
    stem: str


@dataclass
class Layout:
    root: Path
    card_files: list[CardFile] = field(default_factory=list)
    box_files: dict[str, Path] = field(default_factory=dict)
    game_files: dict[str, Path] = field(default_factory=dict)
    locale_files: list[LocaleFile] = field(default_factory=list)
    glossary_files: dict[str, Path] = field(default_factory=dict)
    phrasebook_files: dict[str, Path] = field(default_factory=dict)
    languages: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # The links to folders found (each also in `problems`), which nothing reads through.
    linked_folders: list[Problem] = field(default_factory=list)

    def shown(self, path: Path) -> Path:
        """The path as problems name it: relative to the database root when inside it."""
        try:
            return path.relative_to(self.root)
        except ValueError:
            return path

    def add(self, path: Path) -> None:
        """Files `path`, a YAML file under the root's `cards/` or `locales/` folder, with
        what it holds by where it stands."""
        folder, *rest = path.relative_to(self.root).parts
        if folder == "cards":
            if len(rest) == 2 and rest[1] == BOX_FILE:
                self.box_files[rest[0]] = path
            elif len(rest) == 2 and rest[1] == GAME_FILE:
                self.game_files[rest[0]] = path
            elif _in_game_folder(path, Path(*rest), self):
                self.card_files.append(CardFile(path, rest[0], path.stem))
                self.card_files.sort(key=lambda known: known.path)
            return
        language, *rest = rest
        if rest and language not in self.languages:
            self.languages = sorted([*self.languages, language])
        if len(rest) == 1 and rest[0] in LOCALE_SUPPORT_FILES:
            files = self.glossary_files if rest[0] == GLOSSARY_FILE else self.phrasebook_files
            files[language] = path
        elif _in_game_folder(path, Path(*rest), self):
            self.locale_files.append(LocaleFile(path, language, rest[0], path.stem))
            self.locale_files.sort(key=lambda known: known.path)

    def copy(self) -> "Layout":
        """A copy whose lists can change without changing this layout's."""
        return replace(self, **{part.name: copy.copy(getattr(self, part.name))
                                for part in fields(self) if part.name != "root"})


class LanguageRefused(Exception):
    """A language that is not one of the database's translations."""


def translatable_language(language: str, languages: list[str]) -> str:
    """`language` when it is one of `languages` other than the source; LanguageRefused says
    why not otherwise."""
    if language == SOURCE_LANGUAGE:
        raise LanguageRefused(Message("English is the source language: its texts are not "
                                      "translations"))
    translations = [known for known in languages if known != SOURCE_LANGUAGE]
    if language not in translations:
        raise LanguageRefused(Message("no translation {language} (known: {known})",
                                      language=repr(language), known=", ".join(translations)))
    return language


class NotADatabase(Exception):
    """The folder holds no card database at all (a usage error, not a data problem)."""


def discover(root: Path) -> Layout:
    root = root.resolve() if root.exists() else root
    if not (root / "cards").is_dir():
        raise NotADatabase(Message("{root}: no card database here (expected a cards/ folder)",
                                   root=root))
    layout = Layout(root)
    for path in sorted((root / "cards").rglob("*")):
        if _is_yaml(path):
            layout.add(path)
        else:
            _note_linked_folder(path, layout)
    locales = root / "locales"
    if locales.is_dir():
        layout.languages = sorted(p.name for p in locales.iterdir() if p.is_dir())
        for path in sorted(locales.rglob("*")):
            if _is_yaml(path):
                layout.add(path)
            else:
                _note_linked_folder(path, layout)
    if SOURCE_LANGUAGE not in layout.languages:
        layout.problems.append(error(Position(layout.shown(locales)), "missing-source-locale",
                                     Message("no locales/{language}/ folder: English is the "
                                             "source language every translation is checked "
                                             "against", language=SOURCE_LANGUAGE)))
    return layout


def _note_linked_folder(path: Path, layout: Layout) -> None:
    """A `file-unreadable` error at `path` when it is a link to a folder, naming where it
    leads: no reader follows such a link, so nothing behind it would be read, and without
    this the files missing behind it would only show as their consequences."""
    if not (path.is_symlink() and path.is_dir()):
        return
    try:
        real = resolve_inside(path, layout.root)
        reason = Message("{link} is a link to the folder {folder}; links to folders are not "
                         "followed (move the folder here, or link its files one by one)",
                         link=path, folder=real)
    except InputRefused as exc:
        reason = exc.reason
    problem = error(Position(layout.shown(path)), "file-unreadable",
                    Message("not read: {reason}", reason=reason))
    layout.problems.append(problem)
    layout.linked_folders.append(problem)


def _is_yaml(path: Path) -> bool:
    return path.suffix in (".yaml", ".yml") and not path.is_dir()  # devices and FIFOs are refused when read


def _in_game_folder(path: Path, relative: Path, layout: Layout) -> bool:
    if len(relative.parts) < 2:
        layout.problems.append(error(Position(layout.shown(path)), "unknown-file",
                                     Message("card files belong in a game folder, such as "
                                             "duel/")))
        return False
    return True
