"""A language's glossary: each game term with its approved forms and forbidden variants,
and the games it belongs to."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field, GetJsonSchemaHandler, StringConstraints
from pydantic_core import PydanticCustomError, core_schema

from cardkit.model.base import CardId, NotBlank, Strict
from cardkit.model.games import GAMES
from cardkit.model.provenance import Reason

Form = Annotated[str, StringConstraints(min_length=1, max_length=80), NotBlank]


def _known_game(name: str) -> str:
    if name not in GAMES:
        shown = [repr(game) for game in GAMES]
        raise PydanticCustomError("literal_error", "Input should be {expected}", {
            "expected": ", ".join(shown[:-1]) + f" or {shown[-1]}"})
    return name


class _GameNames:
    """The schema of a game's name: one of the games registered when the schema is made,
    those declared in data included."""

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: core_schema.CoreSchema,
                                     handler: GetJsonSchemaHandler) -> dict[str, Any]:
        return {"enum": list(GAMES), "type": "string"}


# A game the registry knows when the term is read: games declared in data join it as the
# database is loaded, so this cannot be a fixed list of names.
GameName = Annotated[str, AfterValidator(_known_game), _GameNames]


class GlossaryTerm(Strict):
    """One term. `term` is the approved singular; `forms` lists further approved forms
    (plurals, German cases, verb forms); `forbidden` lists variants a text must not use.
    `games` names the games the term belongs to (none: every game). `reading` says, in one
    line, where a term no rulebook gives comes from: a term of our own wording."""

    term: Form
    forms: list[Form] = Field(default_factory=list)
    forbidden: list[Form] = Field(default_factory=list)
    definition: Annotated[str, StringConstraints(min_length=1, max_length=400), NotBlank] | None = None
    games: list[GameName] = Field(default_factory=list)
    reading: Reason | None = None

    @property
    def approved(self) -> list[str]:
        return [self.term, *self.forms]


Glossary = dict[CardId, GlossaryTerm]


def terms_of_game(glossary: Glossary, source: Glossary, game: str) -> Glossary:
    """The terms of a language's `glossary` that belong to `game`: by the term's own `games`,
    or else by its English term's (`source`), so a scope set in English holds in every
    language; a term that names no game belongs to all of them."""
    def games_of(term_id: str, term: GlossaryTerm) -> list[str]:
        return term.games or (source[term_id].games if term_id in source else [])

    return {term_id: term for term_id, term in glossary.items()
            if not games_of(term_id, term) or game in games_of(term_id, term)}
