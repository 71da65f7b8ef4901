"""Which way a language's text runs: CLDR's character order for it, read through Babel, so a
language begun later (Hebrew, Arabic, Persian, Urdu) runs right to left without a list kept
here. Every page cardkit writes (cards, reference sheets, the review page, the workbench, the
site) takes its `dir` from this one answer."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from babel import Locale, UnknownLocaleError

Direction = Literal["ltr", "rtl"]


@lru_cache(maxsize=64)
def text_direction(language: str) -> Direction:
    """"rtl" for a language CLDR writes right to left, else "ltr" (also for a code Babel does
    not know: cardkit refuses such a language where it is begun, not here)."""
    try:
        order = Locale.parse(language.replace("-", "_")).character_order
    except (UnknownLocaleError, ValueError, TypeError):
        return "ltr"
    return "rtl" if order == "right-to-left" else "ltr"
