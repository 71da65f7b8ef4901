"""What a language's texts are searched for: glossary terms, numbers, marker words.

Built once per language from its glossary and phrasebook; every search is one compiled
regular expression over the text, case-insensitive and bounded by word edges.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from cardkit.model.glossary import Glossary, terms_of_game
from cardkit.model.phrasebook import MarkerWords, Phrasebook

GAP = " ... "
GAP_PATTERN = r"(?:\W+\w+){0,6}?\W+"
# A number, with its sign when a minus stands right before it ("-42", not "Mega-12").
DIGITS = re.compile(r"(?<![\w-])-?\d+(?!\w)")


def form_pattern(form: str) -> str:
    """A form as a pattern; ' ... ' stands for up to six words (German separable verbs)."""
    parts = [re.escape(part).replace(r"\ ", r"\s+") for part in form.split(GAP)]
    return r"(?<!\w)" + GAP_PATTERN.join(parts) + r"(?!\w)"


WORD = re.compile(r"\w+")


@lru_cache(maxsize=16384)
def words_of(text: str) -> frozenset[str]:
    """The text's words, casefolded: what every search is first filtered by."""
    return frozenset(WORD.findall(text.casefold())) | {""}


class TermPattern:
    """Finds the forms of many keys in a text. Each form is its own pattern, tried only when
    the text holds the form's first word, so a text costs a handful of searches however
    large the glossary. Where forms of different length start at the same place, only the
    longest counts ("planet bar" is not also "planet"); matches starting inside a longer
    one still count ("Freundschaft mit 1 Botschafter verbessern" holds the envoy too)."""

    def __init__(self, forms_by_key: dict[str, list[str]]):
        self._by_first_word: dict[str, list[tuple[str, re.Pattern]]] = {}
        for key, forms in forms_by_key.items():
            for form in set(forms):
                first = WORD.search(form.casefold())
                pattern = re.compile(form_pattern(form), re.IGNORECASE)
                self._by_first_word.setdefault(first.group(0) if first else "", []).append((key, pattern))

    def matches(self, text: str) -> list[tuple[str, str]]:
        """(key, text as written) for every match, in reading order."""
        words = words_of(text)
        longest: dict[int, tuple[int, str, str]] = {}
        for word in words:
            for key, pattern in self._by_first_word.get(word, ()):
                for match in pattern.finditer(text):
                    start, end = match.span()
                    if start not in longest or end > longest[start][0]:
                        longest[start] = (end, key, match.group(0))
        return [(key, written) for _, (_, key, written) in sorted(longest.items())]


@dataclass
class MarkerMatcher:
    pattern: re.Pattern
    first_words: frozenset[str]
    blockers: re.Pattern | None

    @classmethod
    def of(cls, marker: MarkerWords) -> "MarkerMatcher":
        words = "|".join(form_pattern(word) for word in sorted(marker.words, key=len, reverse=True))
        blockers = None
        if marker.unless_preceded_by:
            before = "|".join(re.escape(word) for word in marker.unless_preceded_by)
            blockers = re.compile(rf"(?<!\w)(?:{before})\s+$", re.IGNORECASE)
        first_words = frozenset(WORD.findall(word.casefold())[0] for word in marker.words)
        return cls(re.compile(words, re.IGNORECASE), first_words, blockers)

    def found_in(self, text: str) -> list[str]:
        if self.first_words.isdisjoint(words_of(text)):
            return []
        return [match.group(0) for match in self.pattern.finditer(text)
                if self.blockers is None or not self.blockers.search(text[:match.start()])]


@dataclass(frozen=True)
class Analysis:
    terms: set[str]
    numbers: Counter
    markers: dict[str, list[str]]


@dataclass
class Lexicon:
    language: str
    glossary: Glossary = field(default_factory=dict)
    phrasebook: Phrasebook = field(default_factory=Phrasebook)
    # The English glossary, whose terms' games scope this one's (`for_game`).
    source: Glossary = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._analyses: dict[str, Analysis] = {}
        self._of_game: dict[str, Lexicon] = {}
        self._terms = TermPattern({term_id: term.approved for term_id, term in self.glossary.items()})
        self._forbidden = TermPattern({term_id: term.forbidden for term_id, term in self.glossary.items()})
        self._numerals = TermPattern({str(value): words for value, words in self.phrasebook.numerals.items()
                                      if words})
        self.markers: dict[str, MarkerMatcher] = {
            kind: MarkerMatcher.of(marker) for kind, marker in self.phrasebook.marker_words().items()}

    def for_game(self, game: str) -> Lexicon:
        """This lexicon with only the glossary terms that belong to `game`."""
        if game not in self._of_game:
            glossary = terms_of_game(self.glossary, self.source, game)
            self._of_game[game] = self if len(glossary) == len(self.glossary) else \
                Lexicon(self.language, glossary, self.phrasebook, self.source)
        return self._of_game[game]

    def analyse(self, text: str) -> "Analysis":
        """Terms, numbers and markers of a text, remembered: an English text is compared
        with each of its translations."""
        analysis = self._analyses.get(text)
        if analysis is None:
            analysis = Analysis(self.terms_in(text), self.numbers_in(text), self.markers_in(text))
            self._analyses[text] = analysis
        return analysis

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
