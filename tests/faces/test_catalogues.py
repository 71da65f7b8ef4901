"""The templates' own strings: every one extracted by Babel is translated in every catalogue."""

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from cardkit.cli import main
from cardkit.model.database import load_database

PROJECT = Path(__file__).resolve().parents[2]
TEMPLATES = PROJECT / "templates"


def template_strings() -> set[tuple[str | None, str]]:
    """Every (context, message) the templates use."""
    return set(template_files())


def template_files() -> dict[tuple[str | None, str], set[str]]:
    """Every (context, message) the templates use, with the template files that use it."""
    return {key: {file for file, _ in uses} for key, uses in template_uses().items()}


def template_comments() -> dict[tuple[str | None, str], list[str]]:
    """Every (context, message) the templates use, with its translator comments in the
    order of the files, each once."""
    return {key: list(dict.fromkeys(comment for _, comments in uses for comment in comments))
            for key, uses in template_uses().items()}


def template_uses() -> dict[tuple[str | None, str], list[tuple[str, list[str]]]]:
    """Every (context, message) the templates use, with each file that uses it and the
    translator comments there, extracted as templates/babel.cfg extracts them."""
    method_map = [("**.html", "cardkit.faces.extraction.extract_templates")]
    options = {"**.html": {"extensions": "jinja2.ext.i18n", "trim_blocks": "True",
                           "lstrip_blocks": "True"}}
    uses: dict[tuple[str | None, str], list[tuple[str, list[str]]]] = {}
    for file, _, message, comments, context in extract_from_dir(
            TEMPLATES, method_map, options, comment_tags=("Translators:",)):
        uses.setdefault((context, message), []).append((file, comments))
    return uses


# Every language the project holds, found as it is: no fixed list.
LANGUAGES = sorted(folder.name for folder in (PROJECT / "locales").iterdir() if folder.is_dir())


def catalogue_faults(root: Path, language: str) -> dict[str, object]:
    """What keeps a language's template catalogue from translating every template string."""
    with (root / "locales" / language / "LC_MESSAGES" / "cardkit.po").open("rb") as stream:
        catalog = read_po(stream, locale=language)
    translated = {(message.context, message.id): message.string for message in catalog if message.id}
    strings = template_strings()
    return {
        "run pybabel extract and update (templates/babel.cfg)": strings - translated.keys(),
        "catalogue holds strings no template uses": translated.keys() - strings,
        "untranslated": {key for key, value in translated.items() if not value},
        "fuzzy": {(message.context, message.id) for message in catalog if message.id and message.fuzzy},
    }


def test_the_template_catalogue_holds_every_template_string():
    """templates/cardkit.pot is what `cardkit i18n init` begins a language from."""
    with (TEMPLATES / "cardkit.pot").open("rb") as stream:
        catalog = read_po(stream)
    assert {(message.context, message.id) for message in catalog if message.id} == template_strings()


def test_every_template_string_says_where_it_prints_and_how_much_room_it_has():
    """Each string's `#.` lines are the translator comments of the templates, and every
    string has one; the language catalogues carry them too (`pybabel update`)."""
    comments = template_comments()
    assert all(found and all(comment.startswith("Translators: ") for comment in found)
               for found in comments.values()), [key for key, found in comments.items() if not found]
    for path in (TEMPLATES / "cardkit.pot", *sorted(PROJECT.glob("locales/*/LC_MESSAGES/cardkit.po"))):
        with path.open("rb") as stream:
            catalog = read_po(stream)
        assert {(message.context, message.id): " ".join(message.auto_comments) for message in catalog
                if message.id} == {key: " ".join(found) for key, found in comments.items()}, path


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_translates_every_template_string(language):
    assert len(template_strings()) > 50
    assert {fault: found for fault, found in catalogue_faults(PROJECT, language).items() if found} == {}


@pytest.mark.slow
def test_the_check_fires_for_a_begun_language(tmp_path):
    """A language begun with `cardkit i18n init` has every template string untranslated."""
    root = tmp_path / "db"
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, root / folder)
    result = CliRunner().invoke(main, ["i18n", "init", "pt_BR", "--root", str(root)])
    assert result.exit_code == 0, result.output

    faults = catalogue_faults(root, "pt_BR")

    assert faults["untranslated"] == template_strings()
    assert [fault for fault, found in faults.items() if found] == ["untranslated"]


@pytest.mark.parametrize("language, terms", [
    ("es", ["Rezagado", "Líder", "Destino", "Mantenimiento", "Influencia", "ventaja numérica",
            "Vórtice", "Explosión", "Escudo", "Recuperación", "preparada", "gastada"]),
    ("de", ["Bummler", "Anführer", "Schicksal", "Nachschub", "Stärke", "Schiffsvorteil", "Warp",
            "Feuer", "Schild", "Erholen", "bereit", "eingesetzt"]),
])
def test_catalogues_use_the_editions_terms(language, terms):
    text = (PROJECT / "locales" / language / "LC_MESSAGES" / "cardkit.po").read_text(encoding="utf-8")
    for term in terms:  # guard-ok: the terms are the literal lists of the parametrize above
        assert term in text


@pytest.mark.parametrize("context, spanish", [
    ("complexity", "desconocida"),
    ("powers", "desconocidos"),
    ("power", "desconocido"),
])
def test_not_known_agrees_with_its_noun_in_spanish(context, spanish):
    with (PROJECT / "locales/es/LC_MESSAGES/cardkit.po").open("rb") as stream:
        catalog = read_po(stream, locale="es")
    assert catalog.get("not known", context=context).string == spanish


# The template files each game alone uses; the encounter card is classic's and cosmic's. A game
# declared in data (vanguard) prints on the shared declared face and has none of its own.
GAME_TEMPLATES = {"classic": ("cards/classic/", "reference/classic.html", "cards/_encounter.html"),
                  "cosmic": ("cards/cosmic/", "reference/cosmic.html", "cards/_encounter.html")}


def test_german_terms_of_the_games_no_german_rulebook_gives_are_flagged_ours():
    """No German rulebook of classic or current Cosmic Encounter is known: the German entries
    only their templates use (Wurmloch, Verhandlung, ...) are our terms, flagged
    `provisional` as our names and texts are; the Duel's come from its German rulebook."""
    database, _, _ = load_database(PROJECT)
    unprinted = [game for game, box in database.boxes.items()
                 if "de" not in {rulebook.language for rulebook in box.rulebooks.values()}]
    assert sorted(unprinted) == ["classic", "cosmic", "vanguard"]
    theirs = tuple(prefix for game in unprinted for prefix in GAME_TEMPLATES.get(game, ()))
    ours = {key for key, files in template_files().items()
            if all(file.startswith(theirs) for file in files)}
    with (PROJECT / "locales/de/LC_MESSAGES/cardkit.po").open("rb") as stream:
        catalog = read_po(stream, locale="de")
    flagged = {(message.context, message.id) for message in catalog
               if message.id and "provisional" in message.flags}
    assert flagged == ours
    assert {("artifact timing", "When a player is about to claim compensation"),
            (None, "Negotiate"), (None, "Morph")} <= flagged
    assert catalog.get("Morph").string == "Verwandlung"
