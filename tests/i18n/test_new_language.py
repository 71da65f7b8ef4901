"""A new language from `cardkit i18n init` to a printed PDF, as a fan community would take it:
begun, exported to PO and checked with msgfmt, translated with polib, imported, built, and
opened in the workbench. The translations are made up here, in a scratch copy."""

from __future__ import annotations

import shutil
import subprocess

import polib
import pytest
import yaml
from babel import Locale
from click.testing import CliRunner
from starlette.testclient import TestClient

from cardkit.cli import main
from cardkit.i18n.begin import begun_catalogue
from cardkit.model.plurals import plural_forms
from cardkit.workbench.app import create_app
from cardkit.workbench.service import Workbench
from tests.conftest import PROJECT_ROOT
from tests.i18n.conftest import BABEL_2_19_SPANISH
from tests.render.pdf_content import text_runs

# Letters of each language a PDF must print (the glyph-missing check proves the fonts
# hold them; the PDF's text shows they were printed).
LETTERS = {"fr": "Œuvre éçà ê", "pl": "Żółw ąęłż ść"}


def cardkit(*arguments: str, code: int = 0):
    result = CliRunner().invoke(main, list(arguments), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result


@pytest.fixture
def scratch(tmp_path):
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT_ROOT / folder, tmp_path / "db" / folder)
    return tmp_path / "db"


def translate(po_path, language: str) -> dict[str, str]:
    """Translates three alien names and the draw_cards phrases in every plural form; returns
    the names written by card id."""
    catalogue = polib.pofile(str(po_path))
    names = {}
    for entry in catalogue:
        if entry.msgctxt.startswith("alien:") and entry.msgctxt.endswith(":name") and len(names) < 3:
            entry.msgstr = f"{LETTERS[language]} {entry.msgid}"
            names[entry.msgctxt.split(":")[1]] = entry.msgstr
        elif entry.msgctxt.startswith("phrasebook:effects.draw_cards."):
            for index in entry.msgstr_plural:
                entry.msgstr_plural[index] = f"{LETTERS[language]} {index}: {{count}}."
    catalogue.save()
    return names


def begin_and_translate(scratch, tmp_path, language: str) -> dict[str, str]:
    """Begins `language`, exports it, translates the export with polib and imports it, checking
    each step; returns the alien names written by card id."""
    root = str(scratch)
    cardkit("i18n", "init", language, "--root", root)
    begun = scratch / "locales" / language
    phrasebook = yaml.safe_load((begun / "phrasebook.yaml").read_text(encoding="utf-8"))
    assert set(phrasebook["effects"]["draw_cards"]["required"]) == set(plural_forms(language).needed)
    glossary = yaml.safe_load((begun / "glossary.yaml").read_text(encoding="utf-8"))
    assert len(glossary) >= 40
    assert all(entry == {"term": None} for entry in glossary.values())
    catalogue = polib.pofile(str(begun / "LC_MESSAGES" / "cardkit.po"))
    assert catalogue.metadata["Language"] == language and catalogue.percent_translated() == 0
    # begun, nothing translated: work to do, not a fault
    assert "0 errors, 0 warnings" in cardkit("validate", root).output
    status = cardkit("status", root, "--lang", language).output
    assert f"locales/{language}/glossary.yaml:" in status and "to fill" in status

    exported = tmp_path / f"{language}.po"
    cardkit("i18n", "export", "--root", root, "--lang", language, "--game", "duel",
            "--no-fit-budgets", "-o", str(exported))
    names = translate(exported, language)
    subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(exported)], check=True, capture_output=True)

    report = cardkit("i18n", "import", "--root", root, str(exported))
    assert "5 texts updated" in report.output
    assert "0 errors" in cardkit("validate", root).output
    forms = yaml.safe_load((begun / "phrasebook.yaml").read_text(encoding="utf-8"))
    assert set(forms["effects"]["draw_cards"]["optional"].values()) == {
        f"{LETTERS[language]} {index}: {{count}}." for index in range(plural_forms(language).count)}
    return names


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
# French in the full suite only: Polish, with more plural forms, takes the same steps in the
# fast tier.
@pytest.mark.parametrize("language", [pytest.param("fr", marks=pytest.mark.slow), "pl"])
def test_a_new_language_from_init_to_an_import_that_validates(scratch, tmp_path, language):
    assert len(begin_and_translate(scratch, tmp_path, language)) == 3


@pytest.mark.slow  # a build of the Duel in a language no face was rendered in
@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_a_new_language_is_printed_and_opened_in_the_workbench(scratch, tmp_path):
    """Polish: the most plural forms of the two and letters beyond Latin-1."""
    language = "pl"
    root = str(scratch)
    names = begin_and_translate(scratch, tmp_path, language)

    out = tmp_path / "out"
    cardkit("build", root, "--lang", language, "--game", "duel", "--paper", "a4", "--out",
            str(out), "--jobs", "1", "--quiet")
    printed = " ".join(run.text for run in text_runs(out / "duel" / language / "cards-a4.pdf"))
    for name in names.values():
        assert name.split()[0] in printed and name.split()[-1] in printed

    workbench = Workbench(scratch, language, out / ".cache")
    with TestClient(create_app(workbench, {"testserver"}, "token")) as client:
        page = client.get("/")
        assert page.status_code == 200 and f"· {language}</title>" in page.text
        cards = {card["card_id"]: card for card in client.get("/api/cards").json()["cards"]}
    assert {card_id: cards[card_id]["state"] for card_id in names} == dict.fromkeys(names, "translated")
    assert cards["iron-matron"]["state"] == "missing"


def test_the_begun_template_catalogue_numbers_plurals_as_the_exports_do(babel_spanish):
    """`pybabel init` would write the Babel release's Plural-Forms; the begun catalogue has
    gettext's, as the card texts' exports do, whichever release is installed."""
    babel_spanish(BABEL_2_19_SPANISH)
    begun = begun_catalogue((PROJECT_ROOT / "templates/cardkit.pot").read_bytes(), Locale.parse("es"))

    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in begun
