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

A sentence about a number of things is a `Plural("{count} warning", "{count} warnings",
count=n)`: a gettext plural entry (msgid and msgid_plural), its form chosen by the
language's own rule (the catalogue's Plural-Forms header), as ngettext chooses it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
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
        return isinstance(other, Message) and self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def _identity(self) -> tuple:
        return self.template, self.values


class Plural(Message):
    """A template with an English singular and plural, chosen by `count` (also a value, so
    the templates can show it) as the reader's language counts."""

    __slots__ = ("plural", "count")

    def __init__(self, singular: str, plural: str, /, count: int, **values: object):
        super().__init__(singular, count=count, **values)
        self.plural = plural
        self.count = count

    def _identity(self) -> tuple:
        return self.template, self.plural, self.values


def english_plural_index(count: int) -> int:
    return int(count != 1)


class Catalogue:
    """The translations of cardkit's messages into one language."""

    ENGLISH: "Catalogue"

    def __init__(self, language: str, translations: Mapping[str, str],
                 plurals: Mapping[tuple[str, str], tuple[str, ...]] | None = None,
                 plural_index: Callable[[int], int] = english_plural_index):
        self.language = language
        self.translations = translations
        self.plurals = plurals or {}
        self.plural_index = plural_index

    def say(self, message: Message | str) -> str:
        """The message in this language (a plain text is shown as it is)."""
        if isinstance(message, str):
            return message
        if isinstance(message, Plural):
            template = self._plural_template(message)
        else:
            template = self.translations.get(message.template, message.template)
        return fill(template, {name: self.say(value) for name, value in message.values})

    def _plural_template(self, message: Plural) -> str:
        forms = self.plurals.get((message.template, message.plural), ())
        index = self.plural_index(message.count)
        if 0 <= index < len(forms) and forms[index]:
            return forms[index]
        return message.template if english_plural_index(message.count) == 0 else message.plural


Catalogue.ENGLISH = Catalogue(ENGLISH, {})


def joined(parts: list[Message | str]) -> Message | str:
    """The parts in a list separated by commas, each said in the reader's language."""
    listed = parts[-1]
    for part in reversed(parts[:-1]):
        listed = Message("{first}, {rest}", first=part, rest=listed)
    return listed


def say_exception(exception: BaseException, catalogue: Catalogue) -> str:
    """What an exception says, in the catalogue's language: its `said(catalogue)` where it
    puts several sentences together, else its one argument (a Message or a plain text)."""
    said = getattr(exception, "said", None)
    if callable(said):
        return said(catalogue)
    if len(exception.args) == 1 and isinstance(exception.args[0], Message):
        return catalogue.say(exception.args[0])
    return str(exception)


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

    from gettext import c2py

    with path.open("rb") as stream:
        read = read_po(stream, locale=language, domain=DOMAIN)
    translated = [message for message in read if message.id and message.string
                  and not message.fuzzy]
    return Catalogue(language,
                     {message.id: message.string for message in translated
                      if isinstance(message.id, str) and isinstance(message.string, str)},
                     {tuple(message.id): tuple(message.string) for message in translated
                      if isinstance(message.id, tuple) and isinstance(message.string, tuple)},
                     c2py(read.plural_expr))


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
