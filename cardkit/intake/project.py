"""`cardkit init`: a project folder of one's own, for a game declared in data.

    cards/<game>/game.yaml        the game's declaration: one example kind to edit
    cards/<game>/box.yaml         what the box holds ({} until known)
    cards/<game>/cards.yaml       the example kind's cards (none yet)
    locales/<ll>/<game>/cards.yaml  their texts per language (none yet)
    locales/<ll>/glossary.yaml    each language's game terms (none yet)
    locales/<ll>/LC_MESSAGES/cardkit.po  the print templates' strings, begun for <ll>
    templates/README.md           how to override one of the templates cardkit ships

Written all or none, into a folder that does not exist or is empty: nothing of the user's
is touched. It validates, builds and exports as it stands.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel import Locale, UnknownLocaleError

from cardkit.i18n.begin import begun_catalogue
from cardkit.messages import Catalogue, Message
from cardkit.model.games import BUILT_IN
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.templates import package_templates
from cardkit.source.transaction import Transaction

GAME_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
EXAMPLE_FILE = "cards"


class InitRefused(Exception):
    """A project that cannot be begun as asked; nothing was written. Each argument is a reason."""

    def __str__(self) -> str:
        return self.said(Catalogue.ENGLISH)

    def said(self, catalogue: Catalogue) -> str:
        return "\n".join(catalogue.say(reason) for reason in self.args)


def init_project(folder: Path, game: str, title: str, languages: list[str]) -> list[Path]:
    """Writes a new project for `game` into `folder`; returns the files written, relative
    to it. Raises InitRefused naming every reason the request cannot be met."""
    title = title.strip()
    reasons = []
    if not GAME_ID.fullmatch(game):
        reasons.append(Message("--game {game}: a game's id is lowercase letters, digits and hyphens "
                               "(star-traders)", game=repr(game)))
    elif game in BUILT_IN:
        reasons.append(Message("--game {game}: cardkit ships a game of that id; choose another",
                               game=repr(game)))
    if not title:
        reasons.append(Message("--title: the game's English title is empty"))
    if SOURCE_LANGUAGE not in languages:
        reasons.append(Message("--lang {languages}: English (en), the source language, is one of "
                               "them", languages=",".join(languages)))
    locales = {}
    for language in languages:
        try:
            locales[language] = Locale.parse(language)
        except (UnknownLocaleError, ValueError):
            reasons.append(Message("--lang: {language} is not a language code Babel knows (such as "
                                   "fr, pl, pt_BR)", language=repr(language)))
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        reasons.append(Message("{folder}: exists and is not an empty folder; cardkit init writes "
                               "into a new or empty folder only, so nothing of yours is touched",
                               folder=folder))
    if reasons:
        raise InitRefused(*reasons)

    files: dict[Path, str | bytes] = {
        Path("cards", game, "game.yaml"): _declaration(title),
        Path("cards", game, "box.yaml"): "# How many cards of each kind the box holds (cards: 54); "
                                         "{} while not known.\n{}\n",
        Path("cards", game, f"{EXAMPLE_FILE}.yaml"): (
            f"# The facts of each card of the kind 'card': add one with\n"
            f"#   cardkit new card ID --game {game} --name \"...\"\n{{}}\n"),
    }
    pot = (package_templates() / "cardkit.pot").read_bytes()
    for language in languages:
        files[Path("locales", language, game, f"{EXAMPLE_FILE}.yaml")] = (
            f"# The {language} texts of the cards of the kind 'card'.\n{{}}\n")
        files[Path("locales", language, "glossary.yaml")] = (
            f"# The {language} game terms: one entry per term (docs/translating.md).\n{{}}\n")
        if language != SOURCE_LANGUAGE:
            files[Path("locales", language, "LC_MESSAGES", "cardkit.po")] = begun_catalogue(
                pot, locales[language])
    files[Path("templates", "README.md")] = TEMPLATES_README
    folder.mkdir(parents=True, exist_ok=True)
    with Transaction(folder) as transaction:
        for path, content in files.items():
            transaction.write(folder / path, content)
    return list(files)


TEMPLATES_README = """\
# Your own templates

cardkit prints with the templates, stylesheets, fonts and icons it ships. To change one,
put a file of the same name here: it is used in place of the shipped one, and every file
you do not have here still comes from cardkit. For example, to restyle the cards, copy the
shipped stylesheet and edit the copy:

    cardkit templates copy cards.css

`cardkit templates list` names every shipped file (a card face of a declared game is
`cards/_declared.html`, or the template its declaration names).
"""


def _declaration(title: str) -> str:
    quoted = title.replace("\\", "\\\\").replace('"', '\\"')
    return f"""\
# The game's declaration (docs/data.md, "Adding a game"): its title and its kinds of card,
# each with its facts (the same in every language) and its texts (translated). Rename,
# add and remove kinds and facts to fit your game; `cardkit validate` says what is wrong.
title:
  en: "{quoted}"
kinds:
  card:
    file: {EXAMPLE_FILE}
    label: {{en: Card}}
    facts:
      cost: {{type: integer, min: 0, max: 99, unknown: true, label: {{en: Cost}}}}
    texts:
      text: rule
"""

