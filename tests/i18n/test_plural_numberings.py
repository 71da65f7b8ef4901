"""A Spanish catalogue numbered as gettext, Poedit and Weblate number it (two forms) and one
numbered by Babel 2.19's CLDR formula (three, the second for millions) both import into the
shipped database, each changing exactly the texts edited in it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from tests.conftest import PROJECT_ROOT
from tests.i18n.conftest import BABEL_2_19_SPANISH, snapshot

EDITED_NAME = ('msgctxt "alien:amoeba:name"\nmsgid "Amoeba"\nmsgstr "Ameba"',
               'msgctxt "alien:amoeba:name"\nmsgid "Amoeba"\nmsgstr "Ameba gigante"')
EDITED_PHRASE = ('msgstr[0] "Roba {count} carta."', 'msgstr[0] "Roba {count} carta ya."')


@pytest.fixture
def shipped(tmp_path) -> Path:
    root = tmp_path / "shipped"
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, root / folder)
    return root


def exported_spanish(root: Path, tmp_path: Path) -> str:
    output = tmp_path / "es.po"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", "es", "--format", "po",
                                       "-o", str(output), "--root", str(root)])
    assert result.exit_code == 0, result.output
    text = output.read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in text
    for old, _ in (EDITED_NAME, EDITED_PHRASE):
        assert text.count(old) == 1
    return text


def as_babel_2_19_numbers_it(text: str) -> str:
    """Each plural entry with the three forms of Babel 2.19's Spanish, the form for
    millions left empty as Babel's export left it."""
    text = text.replace('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
                        f'"Plural-Forms: nplurals={BABEL_2_19_SPANISH[0]}; '
                        f'plural={BABEL_2_19_SPANISH[1]};\\n"')
    renumbered, count = re.subn(r'msgstr\[1\] (".*")', r'msgstr[1] ""\nmsgstr[2] \1', text)
    assert count == 10
    return renumbered


def imported(root: Path, text: str, tmp_path: Path):
    edited = tmp_path / "edited.po"
    for old, new in (EDITED_NAME, EDITED_PHRASE):
        text = text.replace(old, new)
    edited.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["i18n", "import", str(edited), "--root", str(root)])


def assert_exactly_the_edits_landed(root: Path, before: dict) -> None:
    after = snapshot(root)
    changed = {path for path in after if after[path] != before[path]}
    aliens, phrasebook = Path("locales/es/classic/aliens.yaml"), Path("locales/es/phrasebook.yaml")
    assert changed == {aliens, phrasebook}
    assert after[phrasebook].decode() == before[phrasebook].decode().replace(
        "      one: Roba {count} carta.\n", "      one: Roba {count} carta ya.\n")
    assert after[aliens].decode().replace("Ameba gigante", "Ameba", 1) \
        == before[aliens].decode()


@pytest.mark.slow
def test_a_catalogue_numbered_as_gettext_and_poedit_number_it_imports(shipped, tmp_path):
    text = exported_spanish(shipped, tmp_path).replace(
        "plural=(n != 1);", "plural=n != 1;")  # as Poedit writes it, without parentheses
    before = snapshot(shipped)

    result = imported(shipped, text, tmp_path)

    assert result.exit_code == 0, result.output
    assert "2 texts updated" in result.output
    assert_exactly_the_edits_landed(shipped, before)


def test_a_catalogue_numbered_by_babel_2_19s_formula_imports(shipped, tmp_path, babel_spanish):
    babel_spanish(BABEL_2_19_SPANISH)
    text = as_babel_2_19_numbers_it(exported_spanish(shipped, tmp_path))
    before = snapshot(shipped)

    result = imported(shipped, text, tmp_path)

    assert result.exit_code == 0, result.output
    assert_exactly_the_edits_landed(shipped, before)


@pytest.mark.slow
def test_a_form_for_millions_is_taken_into_the_phrase(shipped, tmp_path, babel_spanish):
    """A translator who words the form for millions adds it to the phrase; no count a card
    shows needs it, so none is asked for."""
    babel_spanish(BABEL_2_19_SPANISH)
    text = as_babel_2_19_numbers_it(exported_spanish(shipped, tmp_path)).replace(
        'msgstr[1] ""\nmsgstr[2] "Roba {count} cartas."',
        'msgstr[1] "Roba {count} de cartas."\nmsgstr[2] "Roba {count} cartas."')

    result = imported(shipped, text, tmp_path)

    assert result.exit_code == 0, result.output
    phrasebook = (shipped / "locales/es/phrasebook.yaml").read_text(encoding="utf-8")
    assert "      many: Roba {count} de cartas.\n" in phrasebook
