"""The one list of checks, and the one way to run it.

`CHECKS` is every check `cardkit validate` runs after the database is assembled. Whoever
asks "what would validate say" runs that list through `Checked`: `validate` and the
commands on the database under a folder (`load_checked`), the import's what-if and the
workbench's draft check on the sources as an edit would leave them (`Checked.edited`),
parsed in memory and never written to disk first. A check added to the list runs for
all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from pathlib import Path
from typing import Protocol

from cardkit.checks.copies import check_copies
from cardkit.checks.coverage import KindCount, check_box_counts, count_cards
from cardkit.checks.provenance import check_fact_provenance, check_printings_cited, check_text_provenance
from cardkit.checks.quotes import SourceTexts, check_citations, read_rulebooks
from cardkit.checks.references import check_references_of
from cardkit.checks.silence import apply_silences
from cardkit.checks.status import FieldState, check_staleness, translation_states
from cardkit.checks.text.catalogue import check_catalogues
from cardkit.checks.text.consistency import check_consistency_of
from cardkit.checks.text.lexicon import Lexicon
from cardkit.checks.text.runner import build_lexicons, check_lexicon_files, check_texts_of
from cardkit.model.database import Database, DatabaseHasErrors, assemble
from cardkit.problems import Problem, Severity
from cardkit.source.collector import uncollected
from cardkit.source.layout import LOCALE_SUPPORT_FILES
from cardkit.source.tree import Sources, load_sources
from cardkit.source.yamlfile import Document, load_text

# The render layer's fit measurement, handed in by a caller (checks sit above render).
MeasureFit = Callable[[Database, Path], list[Problem]]


@dataclass
class Report:
    root: Path
    problems: list[Problem] = field(default_factory=list)
    counts: list[KindCount] = field(default_factory=list)
    silenced: list[tuple[Problem, str]] = field(default_factory=list)
    files_checked: int = 0

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.WARNING]


class Subject:
    """What the checks look at: an assembled database and the folder it belongs to (and,
    when given, a folder of the rulebook files), with what several checks derive from it,
    each made once."""

    def __init__(self, root: Path, database: Database, rulebooks: Path | None = None,
                 lexicons: dict[str, Lexicon] | None = None):
        self.root = root
        self.database = database
        self.rulebooks = rulebooks
        if lexicons is not None:
            self.lexicons = lexicons  # made already, from the same glossaries and phrasebooks

    @cached_property
    def counts(self) -> list[KindCount]:
        return count_cards(self.database)

    @cached_property
    def lexicons(self) -> dict[str, Lexicon]:
        return build_lexicons(self.database)

    @cached_property
    def source_texts(self) -> tuple[SourceTexts, list[Problem]]:
        """The rulebooks and transcriptions read from the rulebook folder, and what stopped
        one being read."""
        return read_rulebooks(self.database, self.rulebooks)

    def states(self, language: str) -> list[FieldState]:
        return translation_states(self.database, [language]) if language in self.database.translations else []


# A check's problems in parts: by the translation whose card texts each reads, or None
# for the part that reads none.
Parts = dict[str | None, list[Problem]]


@dataclass(frozen=True)
class Check:
    """A check made again in full for every state of the database."""

    name: str
    run: Callable[[Subject], list[Problem]]

    def parts(self, subject: Subject, earlier: Parts | None, languages: frozenset[str]) -> Parts:
        return {None: self.run(subject)}


@dataclass(frozen=True)
class ByLanguage:
    """A check whose problems are those of `shared`, then of `part` for each language in
    the database's order. `shared` reads no card texts (only the card facts, the boxes, the
    glossaries and phrasebooks); the part of a language reads besides those the English
    texts and that language's texts, nothing of another translation's texts. So for a
    database that differs from an `earlier` checked one only in the card texts of the
    translations `languages`, the shared part and every other language's part are the
    earlier ones as they were."""

    name: str
    shared: Callable[[Subject], list[Problem]]
    part: Callable[[Subject, str], list[Problem]]

    def parts(self, subject: Subject, earlier: Parts | None, languages: frozenset[str]) -> Parts:
        parts = {None: earlier[None] if earlier is not None else self.shared(subject)}
        for language in subject.database.languages:
            parts[language] = (earlier[language] if earlier is not None and language not in languages
                               else self.part(subject, language))
        return parts


def _nothing(subject: Subject) -> list[Problem]:
    return []


# Every check `validate` runs on an assembled database, in order. Loading and assembling
# report their own problems first; silences apply to all of them last.
CHECKS: list[Check | ByLanguage] = [
    ByLanguage("references", _nothing,
               lambda subject, language: check_references_of(subject.database, language)),
    Check("box counts", lambda subject: check_box_counts(subject.database, subject.counts)),
    ByLanguage("provenance", lambda subject: check_fact_provenance(subject.database),
               lambda subject, language: check_text_provenance(subject.database, language)),
    # Which printings nothing cites: read from every language's texts.
    Check("printings cited", lambda subject: check_printings_cited(subject.database)),
    # Whether each citation's quote stands in its lines, where the rulebooks are at hand.
    Check("quotes", lambda subject: subject.source_texts[1]
          + check_citations(subject.database, subject.source_texts[0])
          if subject.rulebooks is not None else []),
    # Whether a text copies a run of a rulebook's words, where the rulebooks are at hand.
    Check("copies", lambda subject: check_copies(subject.database, subject.source_texts[0])
          if subject.rulebooks is not None else []),
    ByLanguage("texts", lambda subject: check_lexicon_files(subject.database),
               lambda subject, language: check_texts_of(subject.database, subject.lexicons, language)),
    Check("template catalogues", lambda subject: check_catalogues(subject.root,
                                                                  subject.database.languages)),
    ByLanguage("consistency", _nothing,
               lambda subject, language: check_consistency_of(subject.database, language)),
    ByLanguage("staleness", _nothing,
               lambda subject, language: check_staleness(subject.states(language))),
]


class Strictness(Enum):
    """What a command refuses to work on."""

    # Nothing: every problem is reported (`validate`).
    NOTHING = "nothing"
    # A database whose files do not read or whose entries fail their models: what the
    # command would work on is incomplete (status, export, import, mark-translated, review).
    UNREADABLE = "unreadable"
    # Any error `validate` reports (build).
    ANY_ERROR = "any error"


@dataclass
class Checked:
    """A database as sources, assembled model and, on first use, the report of every check."""

    root: Path
    sources: Sources
    database: Database
    # What reading the files and assembling the model found.
    load_problems: list[Problem]
    measure_fit: MeasureFit | None = None
    rulebooks: Path | None = None
    # The text checks' lexicons, once made: built from the glossaries and phrasebooks alone,
    # they serve a what-if that leaves those as they are, with what they found out already.
    lexicons: dict[str, Lexicon] | None = None

    # The checked database this one differs from only in the texts of the translations
    # named, with its checks' parts: the parts of those checks that split by language are
    # kept for every other language (`ByLanguage`).
    earlier: tuple[dict[str, Parts], frozenset[str]] | None = None
    # Each check's problems in parts, by its name; made with the report.
    parts: dict[str, Parts] = field(default_factory=dict)

    @cached_property
    def report(self) -> Report:
        subject = Subject(self.root, self.database, self.rulebooks, self.lexicons)
        problems = list(self.load_problems)
        earlier, languages = self.earlier or ({}, frozenset())
        with uncollected():
            for check in CHECKS:
                parts = check.parts(subject, earlier.get(check.name), languages)
                self.parts[check.name] = parts
                problems += [problem for part in parts.values() for problem in part]
        self.earlier = None  # its parts are kept where they still hold; the rest can go
        self.lexicons = subject.lexicons
        if self.measure_fit is not None and not any(
                problem.severity is Severity.ERROR
                for problem in apply_silences(self.database, problems)[0]):
            problems += self.measure_fit(self.database, self.root)  # only when no error stands
        kept, silenced = apply_silences(self.database, problems)
        return Report(self.root, sorted(kept, key=Problem.sort_key), subject.counts, silenced,
                      len(self.sources.all_documents()))

    def edited(self, texts: dict[Path, str],
               parse: Callable[[str, Path], Document] = load_text) -> "Checked":
        """The database as it would be with each file of `texts` (a path under the root)
        holding that text: the files parsed in memory as `load_sources` reads them (by
        `parse`, as `Sources.with_texts`), the model assembled again. Its report is what
        `validate` would say after the edit: when this one's report is made and the files
        are only texts of cards in translations, the checks that split by language are made
        again only for those translations."""
        edited = check_sources(self.root, self.sources.with_texts(texts, parse), self.measure_fit,
                               self.rulebooks)
        if not any(len(file.parts) == 3 and file.name in LOCALE_SUPPORT_FILES for file in texts):
            edited.lexicons = self.lexicons
        languages = _translations_of(texts, self.database)
        if ("report" in self.__dict__ and languages is not None
                and edited.database.languages == self.database.languages):
            edited.earlier = (self.parts, languages)
        return edited


def _translations_of(texts: dict[Path, str], database: Database) -> frozenset[str] | None:
    """The translations whose card texts the files of `texts` are, when they are nothing
    else (English texts, card facts, glossaries and phrasebooks are read by every language's
    part of a check); None otherwise."""
    languages = set()
    for file in texts:
        parts = file.parts
        if (len(parts) < 4 or parts[0] != "locales" or file.suffix != ".yaml"
                or parts[1] not in database.translations):
            return None
        languages.add(parts[1])
    return frozenset(languages)


def check_sources(root: Path, sources: Sources, measure_fit: MeasureFit | None = None,
                  rulebooks: Path | None = None) -> Checked:
    with uncollected():
        database, problems = assemble(sources)
    return Checked(root, sources, database, sources.problems + problems, measure_fit, rulebooks)


class CleanRecord(Protocol):
    """What a caller keeps of the databases the checks found without an error, so that the
    same files need not be checked again (render/checked.py)."""

    def holds(self, checked: Checked) -> bool: ...

    def keep(self, checked: Checked) -> None: ...


def load_checked(root: Path, strictness: Strictness = Strictness.NOTHING,
                 measure_fit: MeasureFit | None = None, rulebooks: Path | None = None,
                 clean: CleanRecord | None = None) -> Checked:
    """The database under `root`, refused as `strictness` says: DatabaseHasErrors lists
    every error that makes it refuse. With ANY_ERROR, a database `clean` holds as found
    without an error is not checked again (its loading problems always are)."""
    with uncollected():
        sources = load_sources(root)
    checked = check_sources(root, sources, measure_fit, rulebooks)
    load_errors = [problem for problem in checked.load_problems if problem.severity is Severity.ERROR]
    if strictness is Strictness.UNREADABLE:
        errors = load_errors
    elif strictness is Strictness.ANY_ERROR:
        if not load_errors and clean is not None and clean.holds(checked):
            errors = []
        else:
            errors = checked.report.errors
            if not errors and clean is not None:
                clean.keep(checked)
    else:
        errors = []
    if errors:
        raise DatabaseHasErrors(root, errors)
    return checked


def validate(root: Path, measure_fit: MeasureFit | None = None,
             rulebooks: Path | None = None) -> Report:
    """Every problem of the database under `root`. `measure_fit` adds whether each text
    fits its printed box; `rulebooks`, a folder of the rulebook files, whether each
    citation's quote stands in its lines."""
    with uncollected():
        return load_checked(root, measure_fit=measure_fit, rulebooks=rulebooks).report
