"""The localized side of a card: its names and texts in one language.

Entries mirror the card facts by id. In every language but the source, `translated_from`
records, per field, the fingerprint of the English text the translation was made from,
so a changed English text makes exactly its translations stale.
"""

from __future__ import annotations

import hashlib
import unicodedata
from functools import cached_property, lru_cache
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from cardkit.model.base import Art, CardId, CardModel, FieldPath, NotBlank, Strict
from cardkit.model.duel import FateCard, Symbol
from cardkit.model.provenance import Sources

Text = Annotated[str, StringConstraints(min_length=1, max_length=2000), NotBlank]
ENTRY_METADATA = ("provisional", "translated_from", "notes", "silence")
# The keys that follow an entry's texts, in this order: its metadata, then its sources.
ENTRY_TAIL = (*ENTRY_METADATA, "sources")
# The keys of an entry that hold no text: its identity, metadata, sources and own picture.
NOT_TEXTS = ("id", "kind", "sources", "art", *ENTRY_METADATA)
Fingerprint = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{8}$")]
ProblemCode = Annotated[str, StringConstraints(pattern=r"^[a-z]+(-[a-z]+)*$")]


@lru_cache(maxsize=65536)
def fingerprint(source_text: str) -> str:
    """A short, stable digest of an English text, insensitive to Unicode normalization."""
    normalized = unicodedata.normalize("NFC", source_text.strip())
    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()[:8]


class Entry(Strict):
    id: CardId
    provisional: list[FieldPath] = Field(default_factory=list)
    translated_from: dict[FieldPath, Fingerprint] = Field(default_factory=dict)
    notes: dict[FieldPath, Text] = Field(default_factory=dict)
    silence: dict[ProblemCode, Text] = Field(default_factory=dict)
    sources: Sources = Field(default_factory=list)
    # This language's own picture for the card, for art with words in it (docs/printing.md).
    art: Art | None = None

    @cached_property
    def texts(self) -> dict[str, str]:
        """Every text of the entry by its field path (`powers.punish.text`)."""
        found: dict[str, str] = {}

        def walk(node: dict, prefix: str) -> None:
            for key, value in node.items():
                if isinstance(value, dict):
                    walk(value, f"{prefix}{key}.")
                elif isinstance(value, str):
                    found[f"{prefix}{key}"] = value

        walk(self.model_dump(exclude=set(NOT_TEXTS), exclude_none=True), "")
        return found

    def wording(self, path: str) -> str:
        """`ours` for a text the entry lists as provisional (validate requires every text
        that cites no printed wording in its language to be listed), else `printed`: what
        the export, the site and the workbench say of it."""
        return "ours" if path in self.provisional else "printed"


class NamedEntry(Entry):
    name: Text | None = None


class PowerText(Strict):
    name: Text | None = None
    text: Text | None = None


class AlienText(NamedEntry):
    kind: Literal["alien"] = "alien"
    powers: dict[CardId, PowerText] = Field(default_factory=dict)


class EmissaryText(NamedEntry):
    kind: Literal["emissary"] = "emissary"
    power: PowerText | None = None


class PrizeText(Strict):
    name: Text | None = None
    text: Text | None = None


class PrizesText(Strict):
    winner: PrizeText | None = None
    loser: PrizeText | None = None


class ContestText(Strict):
    winner: Text | None = None


class FateText(NamedEntry):
    text: Text | None = None
    prizes: PrizesText | None = None
    contest: ContestText | None = None
    resources: dict[Symbol, Text] = Field(default_factory=dict)


class DiscoveryText(FateText):
    kind: Literal["discovery"] = "discovery"


class EventText(FateText):
    kind: Literal["event"] = "event"


class MaintenanceText(FateText):
    kind: Literal["maintenance"] = "maintenance"


class ReinforcementText(NamedEntry):
    kind: Literal["reinforcement"] = "reinforcement"


def translatable_fields(card: CardModel) -> tuple[str, ...]:
    """The paths of every text a card needs in each language, in reading order."""
    return card.translatable_paths


def field_value(entry: Entry, path: str) -> str | None:
    """The text at a dotted path of an entry, or None where it is absent."""
    return entry.texts.get(path)


def field_location(path: str) -> tuple[str, ...]:
    return tuple(path.split("."))


def effect_for_field(card: CardModel, path: str):
    """The structured effect a text must express, for formulaic texts; None otherwise."""
    if not isinstance(card, FateCard):
        return None
    parts = path.split(".")
    if parts == ["text"]:
        return card.effect
    if len(parts) == 3 and parts[0] == "prizes" and parts[2] == "text" and card.duel is not None:
        prize = getattr(card.duel.prizes, parts[1], None)
        return prize.effect if prize is not None else None
    if parts == ["contest", "winner"] and card.contest is not None:
        return card.contest.winner.effect
    if len(parts) == 2 and parts[0] == "resources":
        return (getattr(card, "resources", None) or {}).get(parts[1])
    return None


def is_name(path: str) -> bool:
    return path == "name" or path.endswith(".name")
