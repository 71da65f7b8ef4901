"""Loads every file of a database: the card facts and each language's texts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardkit.problems import Problem
from cardkit.source.layout import CardFile, Layout, LocaleFile, discover
from cardkit.source.yamlfile import Document, load_text, load_yaml


@dataclass
class Sources:
    layout: Layout
    card_documents: list[tuple[CardFile, Document]] = field(default_factory=list)
    locale_documents: list[tuple[LocaleFile, Document]] = field(default_factory=list)
    box_documents: dict[str, Document] = field(default_factory=dict)
    game_documents: dict[str, Document] = field(default_factory=dict)
    glossary_documents: dict[str, Document] = field(default_factory=dict)
    phrasebook_documents: dict[str, Document] = field(default_factory=dict)

    def all_documents(self) -> list[Document]:
        return ([document for _, document in self.card_documents + self.locale_documents]
                + list(self.box_documents.values()) + list(self.game_documents.values())
                + list(self.glossary_documents.values())
                + list(self.phrasebook_documents.values()))

    @property
    def problems(self) -> list[Problem]:
        found = list(self.layout.problems)
        for document in self.all_documents():
            found += document.problems
        return found

    def with_texts(self, texts: dict[Path, str],
                   parse: Callable[[str, Path], Document] = load_text) -> "Sources":
        """These sources as they would be with each file of `texts` (its path under the
        root, as documents name it) holding that text, parsed in memory as `load_sources`
        reads a file (`parse` is `load_text`, or a caller's that keeps what it parsed)."""
        return self.replaced({shown: parse(text, shown) for shown, text in texts.items()})

    def replaced(self, documents: dict[Path, Document]) -> "Sources":
        """These sources with each file of `documents` (by its path under the root) read as
        that document; a file they do not hold yet is filed where it stands."""
        layout = self.layout.copy()
        known = {document.path: document for document in self.all_documents()}
        for shown in documents:
            if shown not in known:
                layout.add(layout.root / shown)

        def document_of(path: Path) -> Document:
            shown = layout.shown(path)
            return documents[shown] if shown in documents else known[shown]

        return _gathered(layout, document_of)


def load_sources(root: Path) -> Sources:
    layout = discover(root)
    return _gathered(layout, lambda path: load_yaml(path, layout.shown(path), root=layout.root,
                                                    round_trip=False))


def _gathered(layout: Layout, document_of: Callable[[Path], Document]) -> Sources:
    sources = Sources(layout)
    for card_file in layout.card_files:
        sources.card_documents.append((card_file, document_of(card_file.path)))
    for game, path in layout.box_files.items():
        sources.box_documents[game] = document_of(path)
    for game, path in layout.game_files.items():
        sources.game_documents[game] = document_of(path)
    for language, path in layout.glossary_files.items():
        sources.glossary_documents[language] = document_of(path)
    for language, path in layout.phrasebook_files.items():
        sources.phrasebook_documents[language] = document_of(path)
    for locale_file in layout.locale_files:
        sources.locale_documents.append((locale_file, document_of(locale_file.path)))
    return sources
