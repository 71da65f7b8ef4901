"""The template catalogues (`locales/<ll>/LC_MESSAGES/cardkit.po`) as data: their strings
with their positions, and what in them would print wrong.

The render escapes every msgstr and never formats it (environment.py), so markup or a link
in a translation cannot reach the page as markup or fetch anything; it would print as those
characters on every card, which is as wrong. `catalogue_problems` reports it at its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardkit.checks.text.catalogue import catalogue_path
from cardkit.faces.environment import CATALOGUE_LIMIT, parsed_catalogue
from cardkit.messages import Message
from cardkit.problems import Position, Problem, error
from cardkit.source.boundary import InputRefused, read_input

# A tag, an HTML entity, a CSS url() or a URL with a scheme.
MARKUP = re.compile(r"</?[A-Za-z!?][^>]*>?|&#?\w+;|\burl\(|\b[a-z][a-z0-9+.-]*://", re.I)
EXCERPT = 40


@dataclass(frozen=True)
class TemplateString:
    position: Position
    id: str
    context: str | None
    string: str

    @property
    def label(self) -> str:
        return f"template string {self.id!r}" + (f" [{self.context}]" if self.context else "")


def template_strings(root: Path, language: str) -> list[TemplateString]:
    """The translated strings of the language's catalogue, each at its msgid's line; none
    where the language has no catalogue. Raises InputRefused for one the boundary refuses."""
    path = catalogue_path(root, language)
    if not path.exists() and not path.is_symlink():
        return []
    source = read_input(path, root=root, limit=CATALOGUE_LIMIT)
    catalog = parsed_catalogue(source, language)
    relative = path.relative_to(root)
    return [TemplateString(Position(relative, message.lineno), message.id, message.context,
                           message.string)
            for message in catalog
            if message.id and isinstance(message.id, str) and isinstance(message.string, str)
            and message.string]


def catalogue_problems(root: Path, languages: list[str]) -> list[Problem]:
    """Per language: a catalogue the boundary refuses (`file-unreadable`), and each msgstr
    holding markup or a link (`template-string-markup`), at its line in `cardkit.po`."""
    root = root.resolve()
    problems = []
    for language in languages:
        try:
            strings = template_strings(root, language)
        except InputRefused as exc:
            relative = catalogue_path(root, language).relative_to(root)
            problems.append(error(Position(relative), "file-unreadable",
                                  Message("the template catalogue is refused: {reason}",
                                          reason=exc.reason)))
            continue
        for string in strings:
            found = MARKUP.search(string.string)
            if found:
                excerpt = found.group(0)[:EXCERPT]
                problems.append(error(
                    string.position, "template-string-markup",
                    Message("{label} ({language}): the translation holds markup or a link "
                            "({excerpt}); it would print as those characters on the cards",
                            label=string.label, language=language, excerpt=repr(excerpt)),
                    suggestion="write the translation as plain text"))
    return problems
