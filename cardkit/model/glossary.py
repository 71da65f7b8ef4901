"""A language's glossary: each game term with its approved forms and forbidden variants."""

from __future__ import annotations

from typing import Annotated

from pydantic import StringConstraints

from cardkit.model.base import CardId, NotBlank, Strict

Form = Annotated[str, StringConstraints(min_length=1, max_length=80), NotBlank]


class GlossaryTerm(Strict):
    """One term. `term` is the approved singular; `forms` lists further approved forms
    (plurals, German cases, verb forms); `forbidden` lists variants a text must not use."""

    term: Form
    forms: list[Form] = []
    forbidden: list[Form] = []
    definition: Annotated[str, StringConstraints(min_length=1, max_length=400), NotBlank] | None = None

    @property
    def approved(self) -> list[str]:
        return [self.term, *self.forms]


Glossary = dict[CardId, GlossaryTerm]
