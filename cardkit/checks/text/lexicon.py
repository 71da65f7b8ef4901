"""What a language's texts are searched for: glossary terms, numbers, marker words.

Built once per language from its glossary and phrasebook; every search is one compiled
regular expression over the text, case-insensitive and bounded by word edges.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from cardkit.model.glossary import Glossary
from cardkit.model.phrasebook import MarkerWords, Phrasebook

GAP = " ... "
GAP_PATTERN = r"(?:\W+\w+){0,6}?\W+"
# A number, with its sign when a minus stands right before it ("-42", not "Mega-12").
DIGITS = re.compile(r"(?<![\w-])-?\d+(?!\w)")


def form_pattern(form: str) -> str:
    """A form as a pattern; ' ... ' stands for up to six words (German separable verbs)."""
    parts = [re.escape(part).replace(r"\ ", r"\s+") for part in form.split(GAP)]
    return r"(?<!\w)" + GAP_PATTERN.join(parts) + r"(?!\w)"


class TermPattern:
    """All forms of many keys in one pattern, longest form first wherever it stands, with
    overlapping matches found too ("Freundschaft mit 1 Botschafter verbessern" holds both
    the relations term and the envoy term)."""

    def __init__(self, forms_by_key: dict[str, list[str]]):
        self.keys = list(forms_by_key)
        forms = [(form, index) for index, key in enumerate(self.keys)
                 for form in set(forms_by_key[key])]
        forms.sort(key=lambda item: len(item[0]), reverse=True)
        alternatives = [f"(?P<g{index}_{number}>{form_pattern(form)})"
                        for number, (form, index) in enumerate(forms)]
        self.pattern = re.compile("|".join(alternatives), re.IGNORECASE) if alternatives else None

    def matches(self, text: str) -> list[tuple[str, str]]:
        """(key, text as written) for every match, overlapping ones included."""
        found = []
        position = 0
        while self.pattern is not None:
            match = self.pattern.search(text, position)
            if match is None:
                break
            key_index = int(match.lastgroup[1:].split("_")[0])
            found.append((self.keys[key_index], match.group(0)))
            position = match.start() + 1
        return found


@dataclass
class MarkerMatcher:
    pattern: re.Pattern
    blockers: re.Pattern | None

    @classmethod
    def of(cls, marker: MarkerWords) -> "MarkerMatcher":
        words = "|".join(form_pattern(word) for word in sorted(marker.words, key=len, reverse=True))
        blockers = None
        if marker.unless_preceded_by:
            before = "|".join(re.escape(word) for word in marker.unless_preceded_by)
            blockers = re.compile(rf"(?<!\w)(?:{before})\s+$", re.IGNORECASE)
        return cls(re.compile(words, re.IGNORECASE), blockers)

    def found_in(self, text: str) -> list[str]:
        return [match.group(0) for match in self.pattern.finditer(text)
                if self.blockers is None or not self.blockers.search(text[:match.start()])]


@dataclass
class Lexicon:
    language: str
    glossary: Glossary = field(default_factory=dict)
    phrasebook: Phrasebook = field(default_factory=Phrasebook)

    def __post_init__(self) -> None:
        self._terms = TermPattern({term_id: term.approved for term_id, term in self.glossary.items()})
        self._forbidden = TermPattern({term_id: term.forbidden for term_id, term in self.glossary.items()})
        self._numerals = TermPattern({str(value): words for value, words in self.phrasebook.numerals.items()})
        self.markers: dict[str, MarkerMatcher] = {}
        if self.phrasebook.optional is not None:
            self.markers["optional"] = MarkerMatcher.of(self.phrasebook.optional)
        for timing, words in self.phrasebook.timing.items():
            self.markers[timing] = MarkerMatcher.of(words)

    def terms_in(self, text: str) -> set[str]:
        return {term_id for term_id, _ in self._terms.matches(text)}

    def forbidden_in(self, text: str) -> list[tuple[str, str]]:
        """(term id, variant as written) for each forbidden variant the text uses."""
        return self._forbidden.matches(text)

    def numbers_in(self, text: str) -> Counter:
        numbers = Counter(int(number) for number in DIGITS.findall(text))
        numbers.update(int(value) for value, _ in self._numerals.matches(text))
        return numbers

    def markers_in(self, text: str) -> dict[str, list[str]]:
        """Marker kind ('optional', 'before', 'after', 'when') -> the words that mark it."""
        found = {}
        for kind, matcher in self.markers.items():
            words = matcher.found_in(text)
            if words:
                found[kind] = words
        return found
