"""What every model shares: strict validation and the `unknown` list.

Strict mode keeps YAML's types honest: `value: "13"` is a wrong type, not a 13.
`unknown` lists the facts (and texts) the rulebooks do not give for a card; only those
may be left out, so a missing fact is either declared or an error.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from cardkit.messages import Message
from cardkit.model.provenance import Sources
from cardkit.source.characters import blank_description, character_message, first_forbidden

CardId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)]
FieldPath = Annotated[str, StringConstraints(pattern=r"^[a-z_]+(\.[a-z0-9_-]+)*$", max_length=128)]


def _not_blank(value: str) -> str:
    blank = blank_description(value)
    if blank:
        raise PydanticCustomError("blank_text", "{message}", {"message": Message(
            "a text of only {blank}", blank=blank)})
    forbidden = first_forbidden(value)
    if forbidden:
        raise PydanticCustomError("control_character", "{message}",
                                  {"message": character_message(forbidden.group())})
    return value


# A text that says something, in characters that print: not only whitespace or invisible
# characters, and no control character but newline and tab, nor any other character
# `source.characters` refuses (names, texts, glossary terms; also those that arrive through
# an import or the workbench rather than the YAML loader, which refuses them itself).
NotBlank = AfterValidator(_not_blank)


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# A path under the game's art folder: names of letters, digits, `_`, `-` and `.` separated
# by slashes, none starting with a dot (so no `..`, no hidden file).
ArtPath = Annotated[str, StringConstraints(
    pattern=r"^[A-Za-z0-9_-][A-Za-z0-9_.-]*(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$", max_length=256)]
Fraction = Annotated[float, Field(ge=0, le=1)]
Pixel = Annotated[int, Field(ge=0)]


class Art(Strict):
    """`file` under `art/<game>/`; `fit`: `cover` fills the frame and crops what runs over
    (around `focus`, a point given as fractions of the picture's width and height, or to
    `crop`, a box in pixels: left, top, right, bottom), `contain` shows all of it inside the
    frame; `credit`: whose picture it is and under which licence, printed with the cards."""

    file: ArtPath
    fit: Literal["cover", "contain"] = "cover"
    focus: Annotated[list[Fraction], Field(min_length=2, max_length=2)] | None = None
    crop: Annotated[list[Pixel], Field(min_length=4, max_length=4)] | None = None
    credit: Annotated[str, StringConstraints(min_length=1, max_length=300), NotBlank]

    @model_validator(mode="after")
    def _one_way_to_choose(self):
        if self.focus is not None and self.crop is not None:
            raise PydanticCustomError("art_focus_and_crop", "{message}", {"message": Message(
                "give either a focus point or a crop box, not both")})
        if self.crop is not None and not (self.crop[0] < self.crop[2] and self.crop[1] < self.crop[3]):
            raise PydanticCustomError("art_crop_empty", "{message}", {"message": Message(
                "the crop box [left, top, right, bottom] must have right > left and bottom > top")})
        return self


class CardModel(Strict):
    """A card's language-neutral facts; `id` comes from the key the card is filed under."""

    id: CardId
    unknown: list[FieldPath] = Field(default_factory=list)
    sources: Sources = Field(default_factory=list)
    # The owner's picture for the card, if any: not a fact of the rulebooks.
    art: Art | None = None

    # Facts that must be given unless listed in `unknown`.
    required_facts: ClassVar[tuple[str, ...]] = ()
    # Parts of facts that must be given unless listed in `unknown`, as the field reference
    # names them (`powers.<id>.timing`); the kind's own validator checks them.
    required_parts: ClassVar[tuple[str, ...]] = ()

    @model_validator(mode="after")
    def _facts_given_or_declared_unknown(self):
        for name in type(self).required_facts:
            given = getattr(self, name) not in (None, {}, [])
            if not given and name not in self.unknown:
                raise PydanticCustomError("fact_missing", "missing field {field}", {"field": name})
            if given and name in self.unknown and not self.partial_allowed(name):
                raise PydanticCustomError("fact_declared_unknown", "{message}", {"message": Message(
                    "field {field} is given but also listed under unknown", field=name)})
        return self

    def partial_allowed(self, name: str) -> bool:
        """Whether a fact may be given in part while listed as unknown (tactic halves)."""
        return False

    def text_paths(self) -> list[str]:
        """The paths of every text the card has in each language, in reading order, before
        those listed under `unknown` are left out."""
        return ["name"]

    def knows(self, path: str) -> bool:
        return not any(path == u or path.startswith(u + ".") for u in self.unknown)

    @cached_property
    def translatable_paths(self) -> tuple[str, ...]:
        """The paths of every text the card needs in each language, in reading order: its
        text paths but those listed under `unknown`. Made once: every check asks."""
        return tuple(path for path in self.text_paths() if self.knows(path))
