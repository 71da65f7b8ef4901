"""Loads every file of a database: the card facts and each language's texts."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardkit.problems import Problem
from cardkit.source.layout import CardFile, Layout, LocaleFile, discover
from cardkit.source.parsed import ParsedFiles
from cardkit.source.yamlfile import Document, load_yaml


@dataclass
class Sources:
    layout: Layout
    card_documents: list[tuple[CardFile, Document]] = field(default_factory=list)
    locale_documents: list[tuple[LocaleFile, Document]] = field(default_factory=list)
    box_documents: dict[str, Document] = field(default_factory=dict)
    glossary_documents: dict[str, Document] = field(default_factory=dict)
    phrasebook_documents: dict[str, Document] = field(default_factory=dict)

    def all_documents(self) -> list[Document]:
        return ([document for _, document in self.card_documents + self.locale_documents]
                + list(self.box_documents.values()) + list(self.glossary_documents.values())
                + list(self.phrasebook_documents.values()))

    @property
    def problems(self) -> list[Problem]:
        found = list(self.layout.problems)
        for document in self.all_documents():
            found += document.problems
        return found


def load_sources(root: Path, parsed: ParsedFiles | None = None) -> Sources:
    """Every file of the database under `root`; `parsed` keeps parses between runs."""
    layout = discover(root)
    sources = Sources(layout)

    def load(path: Path) -> Document:
        return load_yaml(path, layout.shown(path), root=layout.root, parsed=parsed)

    for card_file in layout.card_files:
        sources.card_documents.append((card_file, load(card_file.path)))
    for game, path in layout.box_files.items():
        sources.box_documents[game] = load(path)
    for language, path in layout.glossary_files.items():
        sources.glossary_documents[language] = load(path)
    for language, path in layout.phrasebook_files.items():
        sources.phrasebook_documents[language] = load(path)
    for locale_file in layout.locale_files:
        sources.locale_documents.append((locale_file, load(locale_file.path)))
    return sources
