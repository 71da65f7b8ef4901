"""The words that, standing right before a language's word for "may", make it a prohibition:
Polish "nie może" and Russian "не может" mean "cannot", not "may". `cardkit i18n init` writes
them into a new language's phrasebook as `optional.unless_preceded_by`, so the marker check
does not read a prohibition as an option before the translator has chosen the "may" words.

CLDR (Babel) has no such data, so it is kept here, by language code (the part before any
region: `pt_BR` is `pt`; Serbian in Latin letters is `sr_Latn`). A language is listed only where its negation is a word of
its own right before the verb. Not listed, on purpose: German and English, whose negation
follows the verb ("darf nicht", "may not"), and Czech and Slovak, whose negation is part of
the verb ("nemůže"), which the check's word edges keep apart from "může" already. The
translator edits the list in the phrasebook or, in an exchange file, as the unit
`phrasebook:optional.unless_preceded_by`.
"""

from __future__ import annotations

import re

NEGATIONS: dict[str, tuple[str, ...]] = {
    "be": ("не",),
    "bg": ("не",),
    "bs": ("ne",),
    "ca": ("no",),
    "el": ("δεν",),
    "es": ("no",),
    "fr": ("ne",),
    "hr": ("ne",),
    "it": ("non",),
    "pl": ("nie",),
    "pt": ("não",),
    "ro": ("nu",),
    "ru": ("не",),
    "sl": ("ne",),
    "sr": ("не",),
    "sr_Latn": ("ne",),
    "uk": ("не",),
}


def negations_of(language: str) -> tuple[str, ...]:
    """The words that negate the "may" word right after them in `language`; () where none do."""
    parts = re.split(r"[_-]", language)
    return next((NEGATIONS[code] for end in range(len(parts), 0, -1)
                 if (code := "_".join(parts[:end])) in NEGATIONS), ())
