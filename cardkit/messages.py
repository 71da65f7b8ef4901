"""cardkit's own sentences (problem messages, the workbench's words), each stated once as an
English template with named values, and translated where it is shown.

A check says what it found once: `Message("numbers differ from the English text: {here} here,
{english} in English", here=..., english=...)`. Nothing is translated there. Whoever shows
the message (the CLI, the workbench page) asks the catalogue of the reader's language for
the template's translation and fills in the values; a value may be a Message itself (a
character's description inside a problem), translated the same way. Templates hold plain
names in braces, filled in one pass (`cardkit.placeholders.fill`), never by `str.format`, so
no translation can fail or reach an attribute.

The catalogues are gettext PO files beside this module: `locale/cardkit-messages.pot`,
extracted with Babel from every `Message("...")` of the package (`locale/babel.cfg` says
how), and `locale/<ll>/LC_MESSAGES/cardkit-messages.po` per language, read with Babel at run
time. A template the catalogue does not translate (or marks fuzzy) is shown in English.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from cardkit.placeholders import fill

ENGLISH = "en"
DOMAIN = "cardkit-messages"
LOCALE_FOLDER = Path(__file__).parent / "locale"
# Where gettext looks for the language of messages, in its order (LANGUAGE is a list).
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class Message:
    """An English template with named values; `str()` gives it in English."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: object):
        self.template = template
        self.values = tuple((name, value if isinstance(value, (str, Message)) else str(value))
                            for name, value in values.items())

    def with_values(self, **values: object) -> "Message":
        """The same template with these values too: for a template stated once where its
        values are not yet known."""
        return Message(self.template, **dict(self.values), **values)

    def __str__(self) -> str:
        return Catalogue.ENGLISH.say(self)

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.template, self.values) == (other.template,
                                                                                 other.values)

    def __hash__(self) -> int:
        return hash((self.template, self.values))


class Catalogue:
    """The translations of cardkit's messages into one language."""

    ENGLISH: "Catalogue"

    def __init__(self, language: str, translations: Mapping[str, str]):
        self.language = language
        self.translations = translations

    def say(self, message: Message | str) -> str:
        """The message in this language (a plain text is shown as it is)."""
        if isinstance(message, str):
            return message
        template = self.translations.get(message.template, message.template)
        return fill(template, {name: self.say(value) for name, value in message.values})


Catalogue.ENGLISH = Catalogue(ENGLISH, {})


def catalogue_file(language: str) -> Path:
    return LOCALE_FOLDER / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=None)
def languages() -> list[str]:
    """The languages cardkit's messages are translated into, English first."""
    return [ENGLISH, *sorted(folder.parent.parent.name
                             for folder in LOCALE_FOLDER.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))]


@lru_cache(maxsize=None)
def catalogue(language: str) -> Catalogue:
    """The catalogue of `language` (a code such as `de`); English for a language cardkit's
    messages are not translated into."""
    path = catalogue_file(language)
    if language == ENGLISH or not path.is_file():
        return Catalogue.ENGLISH
    # Babel is imported only here: English, the default, costs the CLI nothing.
    from babel.messages.pofile import read_po

    with path.open("rb") as stream:
        read = read_po(stream, locale=language, domain=DOMAIN)
    return Catalogue(language, {message.id: message.string for message in read
                                if message.id and isinstance(message.id, str)
                                and isinstance(message.string, str) and message.string
                                and not message.fuzzy})


def language_from_environment(environment: Mapping[str, str]) -> str:
    """The language of messages as gettext chooses it: the first of LANGUAGE's list, else of
    LC_ALL, LC_MESSAGES and LANG (`de_DE.UTF-8` is `de`), that cardkit's messages are
    translated into; English when none is, or when the locale is C or POSIX."""
    known = languages()
    for variable in LANGUAGE_VARIABLES:
        value = environment.get(variable, "")
        if not value:
            continue
        for name in value.split(":") if variable == "LANGUAGE" else (value,):
            code = name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            if code in ("c", "posix"):
                return ENGLISH
            if code in known:
                return code
        if variable != "LANGUAGE":
            return ENGLISH
    return ENGLISH


def reader_catalogue(environment: Mapping[str, str] | None = None) -> Catalogue:
    """The catalogue of the language the environment asks messages in (gettext's variables)."""
    return catalogue(language_from_environment(os.environ if environment is None else environment))
