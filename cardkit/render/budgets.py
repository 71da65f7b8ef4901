"""Fit budgets: how many characters each card text's box holds in a language (measured by
`fit.measure_budgets`), for the translators' notes of the export and the warnings of
`validate` and `i18n import` about a text longer than its box holds.

The face cache keeps each face's budgets under `budget_key` (the key of its fit, so a
budget is measured again exactly when the face's HTML, stylesheets or fonts change), and
`cardkit build` measures them with the faces it renders. The keys are made without
WeasyPrint where the cache records the stylesheets (`Renderer.knows_digest`): a command that
finds every budget in the cache does not load it; one that measures loads it for the faces
the cache lacks, and keeps them.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from pathlib import Path

from cardkit.faces.art import prepare_pictures
from cardkit.faces.cache import CompiledTemplates, FaceCache, budget_key
from cardkit.faces.documents import LanguageContext
from cardkit.faces.environment import load_translations, make_environment
from cardkit.faces.faces import Face
from cardkit.faces.stylesheets import FACE_STYLESHEETS
from cardkit.i18n.keys import card_key
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.texts import field_location, field_value
from cardkit.problems import Problem, warning
from cardkit.render.fitting import Fitting
from cardkit.render.renderer import Renderer
from cardkit.source.layout import SOURCE_LANGUAGE

# (kind, card id, field path) -> characters
Budgets = dict[tuple[str, str, str], int]


def language_budgets(root: Path, database: Database, language: str, store: FaceCache,
                     games: list[str] | None = None) -> Budgets:
    """The fit budgets of every card text of `language` (in `games`, by default all): from
    the face cache, measured for the faces it lacks (and then kept in it)."""
    return _Budgets(root.resolve(), store, may_render=True).of_language(database, language, measure=True,
                                                                        games=games)


def has_budgets(language: str, face: Face) -> bool:
    """Whether a face's texts have fit budgets: a card's, in a language it is translated into."""
    return face.card is not None and language != SOURCE_LANGUAGE


def budget_notes(budgets: Budgets) -> dict[str, str]:
    """A translator's note per card text, keyed as the exchange files key the text, saying
    how many characters its box holds at the smallest size."""
    return {card_key(kind, card_id, path): f"Fit budget: about {characters} characters fit "
                                           "this text's box at its smallest size."
            for (kind, card_id, path), characters in budgets.items()}


def budget_lengths(budgets: Budgets) -> dict[str, int]:
    """Each card text's budget, keyed as the exchange files key the text: the length limit
    the exports hand to translators' tools."""
    return {card_key(kind, card_id, path): characters
            for (kind, card_id, path), characters in budgets.items()}


def over_budget(text: str, budget: int) -> bool:
    """Whether a text is longer than its box holds (the workbench's counter says so too)."""
    return len(text) > budget


@dataclass
class BudgetCheck:
    """A `measure_fit` for the runner (checks/runner.py): a `fit-budget` warning for each
    translated card text longer than its box holds, by the budgets in the face cache.

    A face the cache has no budgets for is passed over in silence (plain `validate` stays
    fast), unless `measure_edited`: then the faces the first database checked (the project
    as loaded) does not have, those an edit changes (as `i18n import` checks it), are
    measured and kept."""

    store: FaceCache
    measure_edited: bool = False
    _loaded: set[str] | None = field(default=None, init=False)

    def __call__(self, database: Database, root: Path) -> list[Problem]:
        budgets = _Budgets(root.resolve(), self.store, may_render=self.measure_edited)
        measuring = self.measure_edited and self._loaded is not None
        problems = []
        for language in database.languages:
            if language != SOURCE_LANGUAGE:
                found = budgets.of_language(database, language, measuring, known=self._loaded)
                problems += _problems(database, language, found)
        if self._loaded is None:
            self._loaded = budgets.keys_seen
        return problems


class _Budgets:
    """The budgets of one project's faces, by the keys `fit_key` makes: without WeasyPrint
    where the cache records the stylesheets, else, when `may_render`, parsing them."""

    def __init__(self, root: Path, store: FaceCache, may_render: bool):
        self.root = root
        self.store = store
        self.may_render = may_render
        self.renderer = Renderer(root, store)
        self.fitting = Fitting(self.renderer, store)
        self.templates = CompiledTemplates(store)
        self.pictures = None
        self.keys_seen: set[str] = set()

    def of_language(self, database: Database, language: str, measure: bool,
                    known: set[str] | None = None, games: list[str] | None = None) -> Budgets:
        """`known`: with `measure`, keys whose faces are not measured (those of the project
        as loaded); every other face the cache lacks is."""
        if not (self.may_render or self.renderer.knows_digest(FACE_STYLESHEETS)):
            return {}  # nothing was rendered with these stylesheets: the cache holds no budget
        context = self._context(database, language, games)
        fit_keys = {face.id: self.fitting.key(context, face) for face in context.faces if has_budgets(language, face)}
        keys = {face_id: budget_key(key) for face_id, key in fit_keys.items()}
        self.keys_seen.update(keys.values())
        found = self.fitting.budgets(context, fit_keys, measuring=[
            face_id for face_id, key in keys.items() if measure and (known is None or key not in known)])
        kinds = {face.id: face.kind for face in context.faces}
        return {(kinds[face_id], face_id, path): characters
                for face_id, budgets in found.items() for path, characters in sorted(budgets.items())}

    def _context(self, database: Database, language: str, games: list[str] | None) -> LanguageContext:
        """The language's faces as the build makes them, so their keys are the build's: with
        its pictures and templates compiled as it keeps them."""
        if self.pictures is None:
            self.pictures = prepare_pictures(database, self.root, store=self.store, environment=make_environment(
                self.root / "templates", gettext.NullTranslations(), bytecode_cache=self.templates))
        environment = make_environment(self.root / "templates", load_translations(self.root, language),
                                       bytecode_cache=self.templates, language=language)
        return LanguageContext(self.root, language, database, games, environment=environment,
                               pictures=self.pictures.of_language(language))


def _problems(database: Database, language: str, budgets: Budgets) -> list[Problem]:
    problems = []
    for (_, card_id, path), budget in budgets.items():
        entry = database.text(language, card_id)
        text = field_value(entry, path) if entry is not None else None
        if text is None or not over_budget(text, budget):
            continue
        origin = database.text_origins[(language, card_id)]
        problems.append(warning(origin.position(field_location(path)), "fit-budget",
                                Message("{what} is {length} characters; its box holds about "
                                        "{budget} at its smallest size", what=f"{path} ({language})",
                                        length=len(text), budget=budget),
                                card_id=card_id, field=path,
                                suggestion="shorten the text; `cardkit validate --fit` measures "
                                           "how it prints"))
    return problems
