"""A game declared in YAML alone, two kinds, taken through what an owner does: validate,
`new`, a spreadsheet out and back, status, a PO file out and back, a build whose PDF text
is read back, its PNG images, the JSON export and the site. No Python of the game's own:
the test writes only its YAML."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner
from pypdf import PdfReader

from cardkit.cli import main
from cardkit.model.games import BUILT_IN, GAMES, use_declared
from tests.conftest import PROJECT_ROOT

GAME = """\
title:
  en: Star Traders
  es: Comerciantes estelares
kinds:
  ship:
    file: ships
    label: {en: Ship, es: Nave}
    facts:
      cost: {type: integer, min: 0, max: 12, unknown: true, label: {en: Cost, es: Coste}}
      class: {type: choice, values: [scout, freighter], required: true}
      speed: {type: number, min: 0}
      home: {type: reference, kind: port}
      crew: {type: list, of: text}
      armed: yes-no
    texts:
      ability: rule
      motto: flavour
  port:
    file: ports
    label: {en: Port, es: Puerto}
    deck: places
    facts:
      docks: {type: integer, min: 1, max: 9, required: true}
    texts:
      rule: rule
"""

FILES = {
    "cards/traders/game.yaml": GAME,
    "cards/traders/box.yaml": "ships: 4\nports: 1\n",
    "cards/traders/ships.yaml": """\
swift:
  cost: 3
  class: scout
  speed: 2.5
  home: haven
  crew: [Ada, Bo]
  armed: true
hauler:
  unknown: [cost, motto]
  class: freighter
  home: haven
""",
    "cards/traders/ports.yaml": "haven:\n  docks: 4\n",
    "locales/en/traders/ships.yaml": """\
swift:
  name: Swift
  ability: Move two spaces.
  motto: Fast and light.
hauler:
  name: Hauler
  ability: Carry 3 goods.
""",
    "locales/en/traders/ports.yaml": "haven:\n  name: Haven\n  rule: Ships here are safe.\n",
    "locales/es/traders/ports.yaml": "{}\n",
}

SPANISH = {"port:haven:name": "Refugio", "port:haven:rule": "Aquí las naves están a salvo.",
           "ship:swift:name": "Veloz", "ship:swift:ability": "Mueve dos casillas.",
           "ship:swift:motto": "Rápida y ligera.", "ship:hauler:name": "Carguero",
           "ship:hauler:ability": "Lleva 3 mercancías."}


@pytest.fixture
def project(tmp_path) -> Path:
    root = tmp_path / "traders"
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    shutil.copytree(PROJECT_ROOT / "templates", root / "templates")
    yield root
    use_declared([])  # the registry as the Python games alone, for the tests that follow


def cardkit(*arguments: str) -> str:
    result = CliRunner().invoke(main, list(arguments), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.slow  # it builds PDFs, PNGs and a site
def test_a_game_declared_in_yaml_goes_through_every_step(project, tmp_path):
    root = str(project)
    assert "0 errors, 3 warnings" in cardkit("validate", root)  # the Spanish texts to come
    assert set(GAMES) == {*BUILT_IN, "traders"}

    cardkit("new", "ship", "rover", "--game", "traders", "--name", "Rover", "--fact", "class=scout",
            "--root", root)
    assert "rover:\n  unknown: [cost, ability, motto]\n  class: scout\n" in (
        project / "cards/traders/ships.yaml").read_text(encoding="utf-8")
    cardkit("validate", root)

    sheet = tmp_path / "ships.csv"
    cardkit("sheet", "export", "--game", "traders", "--kind", "ship", "--lang", "en,es", "-o", str(sheet),
            "--root", root)
    with sheet.open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.DictReader(stream, delimiter=";"))
    header = list(rows[0])
    assert header[:7] == ["traders ship", "cost", "class", "speed", "home", "crew", "armed"]
    added = {"traders ship": "nova", "cost": "5", "class": "scout", "speed": "1.5", "home": "haven",
             "crew": "Cy, Di", "armed": "no", "en:name": "Nova", "en:ability": "Jump once.",
             "en:motto": "Bright."}
    with sheet.open("a", encoding="utf-8", newline="") as stream:
        csv.writer(stream, delimiter=";").writerow([added.get(column, "") for column in header])
    cardkit("sheet", "import", str(sheet), "--root", root)
    assert "nova:\n  cost: 5\n  class: scout\n  speed: 1.5\n  home: haven\n  crew: [Cy, Di]\n  armed: false\n" in (
        project / "cards/traders/ships.yaml").read_text(encoding="utf-8")
    cardkit("validate", root)

    status = cardkit("status", root)
    assert [line.split() for line in status.splitlines() if line.startswith("es ")] == [
        ["es", "traders", "port", "0", "0", "2"], ["es", "traders", "ship", "0", "0", "9"]]

    po_file = tmp_path / "es.po"
    cardkit("i18n", "export", "--lang", "es", "-o", str(po_file), "--no-fit-budgets", "--root", root)
    with po_file.open("rb") as stream:
        catalog = read_po(stream)
    filled = 0
    for message in catalog:
        if message.context in SPANISH:
            message.string = SPANISH[message.context]
            filled += 1
    assert filled == len(SPANISH)
    with po_file.open("wb") as stream:
        write_po(stream, catalog)
    cardkit("i18n", "import", str(po_file), "--build-dir", str(tmp_path / "build"), "--root", root)
    assert "name: Veloz" in (project / "locales/es/traders/ships.yaml").read_text(encoding="utf-8")
    status = cardkit("status", root)
    assert [line.split() for line in status.splitlines() if line.startswith("es ")] == [
        ["es", "traders", "port", "2", "0", "0"], ["es", "traders", "ship", "5", "0", "4"]]

    out = tmp_path / "build"
    cardkit("build", root, "--out", str(out), "--paper", "a4", "--lang", "es", "--jobs", "1", "--quiet",
            "--format", "pdf,png")
    images = sorted(path.relative_to(out / "es" / "png").as_posix() for path in (out / "es" / "png").rglob("*.png"))
    assert images == ["back/places.png", "back/ship.png", "port/haven.png", "ship/hauler.png",
                      "ship/nova.png", "ship/rover.png", "ship/swift.png"]
    pages = [page.extract_text() for page in PdfReader(out / "es" / "cards-a4.pdf").pages]
    faces = next(text for text in pages if "Veloz" in text)
    for printed in ("NAVE", "Veloz", "Mueve dos casillas.", "Rápida y ligera.", "Coste: 3",
                    "Class: scout", "Speed: 2.5", "Home: Refugio", "Crew: Ada, Bo", "Armed", "Carguero",
                    "Coste: not known", "PUERTO", "Refugio", "Docks: 4"):
        assert printed in faces
    backs = next(text for text in pages if "Comerciantes estelares" in text)
    # Behind each face its deck's back: the ships' and the places' (the port's label).
    assert backs.split("\n") == ["NAVE", "Comerciantes estelares"] * 4 + ["PUERTO", "Comerciantes estelares"]

    exported = tmp_path / "json"
    cardkit("export", "json", root, "-o", str(exported))
    data = json.loads((exported / "traders.json").read_text(encoding="utf-8"))
    schema = json.loads((exported / "cardkit-export-1.schema.json").read_text(encoding="utf-8"))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data)) == []
    assert "traders" in json.dumps(data)
    assert "Mueve dos casillas." in json.dumps(data, ensure_ascii=False)
    assert '"cost": 3' in json.dumps(data)

    site = tmp_path / "site"
    cardkit("site", root, "--out", str(site), "--jobs", "1")
    page = (site / "es" / "traders" / "ship" / "swift.html").read_text(encoding="utf-8")
    assert "Veloz" in page and "Star Traders" in page and "Ship" in page
