"""One question, one writer: `validate`, an import and a workbench draft ask the runner's one
list of checks, and an import, a workbench save and `mark-translated` write a text through
the one text writer, so the same edit gives the same bytes whichever way it comes in."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.checks import runner
from cardkit.checks.runner import Check, load_checked, validate
from cardkit.cli import main
from cardkit.i18n.export import build_catalogue
from cardkit.messages import Message
from cardkit.i18n.po import write_po
from cardkit.model.texts import field_location
from cardkit.problems import error
from cardkit.render.folders import CACHE_FOLDER
from cardkit.workbench.service import Workbench
from tests.conftest import shipped_database
from tests.workbench.conftest import copy_project

GERMAN_ALIENS = Path("locales/de/duel/aliens.yaml")
GERMAN_EVENTS = Path("locales/de/duel/fate/event.yaml")
PUNISH = "powers.punish.text"
PUNISH_KEY = f"alien:iron-matron:{PUNISH}"


def no_quux(subject) -> list:
    """A check no shipped list has: a text may not say 'Quux'."""
    problems = []
    for (language, card_id), origin in subject.database.text_origins.items():
        entry = subject.database.text(language, card_id)
        for path, text in (entry.texts.items() if entry is not None else ()):
            if "Quux" in text:
                problems.append(error(origin.position(field_location(path)), "glossary-forbidden",
                                      Message("{path}: 'Quux' is no word of the game", path=path),
                                      card_id=card_id,
                                      field=path))
    return problems


def po_with(root: Path, key: str, text: str) -> Path:
    """The German catalogue as a translator sends it back with `text`, confirmed, for `key`."""
    catalogue = build_catalogue(load_checked(root).database, "de")
    units = [replace(unit, targets=(text,), needs_review=False) if unit.key == key else unit
             for unit in catalogue.units]
    po = root.parent / f"{root.name}.po"
    po.write_text(write_po(replace(catalogue, units=units)), encoding="utf-8")
    return po


def import_po(root: Path, po: Path):
    return CliRunner().invoke(main, ["i18n", "import", str(po), "--root", str(root)])


def test_a_check_added_to_the_list_runs_in_validate_an_import_and_a_draft(monkeypatch, workbench,
                                                                          project):
    monkeypatch.setattr(runner, "CHECKS", [*runner.CHECKS, Check("no quux", no_quux)])
    german = (project / GERMAN_ALIENS).read_text(encoding="utf-8")
    text = workbench.card("iron-matron").fields[2].text
    assert text.endswith("gewinnst du die Partie.")
    quux = text.replace("die Partie.", "die Quux-Partie.")

    # validate
    (project / GERMAN_ALIENS).write_text(german.replace("die Partie.", "die Quux-Partie."),
                                         encoding="utf-8")
    found = [problem for problem in validate(project).errors if problem.code == "glossary-forbidden"]
    assert [(problem.card_id, problem.field) for problem in found] == [("iron-matron", PUNISH)]
    (project / GERMAN_ALIENS).write_text(german, encoding="utf-8")

    # an import, refused at the unit's line
    po = po_with(project, PUNISH_KEY, quux)
    line = po.read_text(encoding="utf-8").splitlines().index(f'msgctxt "{PUNISH_KEY}"') + 1
    result = import_po(project, po)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"Error: {po}:{line}: {PUNISH_KEY}: glossary-forbidden: {PUNISH}: 'Quux' is no word of "
        "the game")
    assert (project / GERMAN_ALIENS).read_text(encoding="utf-8") == german

    # a workbench draft
    problems = workbench.check("iron-matron", PUNISH, quux)
    assert [problem.code for problem in problems] == ["glossary-forbidden"]
    assert problems[0].message == f"{PUNISH}: 'Quux' is no word of the game"


def a_copy(tmp_path: Path, name: str, workbench_cache: Path, prepare) -> Path:
    root = copy_project(tmp_path / name)
    shutil.copytree(workbench_cache, root / "build" / CACHE_FOLDER)
    prepare(root)
    return root


def unchanged(root: Path) -> None:
    pass


def without_the_event_text(root: Path) -> None:
    """Sweet Revenge's German entry without its text (and that text's fingerprint and its
    mark of our wording)."""
    events = root / GERMAN_EVENTS
    lines = events.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[2].startswith("  text: ") and lines[4] == "  provisional: [text]\n"
    assert lines[7] == "    text: 7515f88d\n"
    events.write_text("".join(lines[:2] + lines[5:7] + lines[8:]), encoding="utf-8")


PUNISH_REWORDED = ("Wann immer dein Gegner genau 1 Handkarte hat, muss er sie dir zeigen. Ist es "
                   "eine 20, 31 oder 42, gewinnst du die Partie.")
PUNISH_SHIPPED = ("      text: Wann immer dein Gegner genau 1 Handkarte hat, muss er sie zeigen. Ist "
                  "es eine 20, 31 \n        oder 42, gewinnst du die Partie.\n")
PUNISH_WRITTEN = ("      text: Wann immer dein Gegner genau 1 Handkarte hat, muss er sie dir zeigen. Ist "
                  "es eine 20, 31\n        oder 42, gewinnst du die Partie.\n")


# (card, field, its file, the new text, what the copy starts from, the file's text
# expected after the edit from the shipped one)
EDITS = {
    # The only fingerprint of its entry: an unconfirmed save removes translated_from, and
    # confirming puts it back where it was, before the sources.
    "a changed name": ("swarm", "name", GERMAN_ALIENS, "Der Schwarm", unchanged,
                       lambda shipped: shipped.replace("  name: Schwarm\n", "  name: Der Schwarm\n")),
    # A space typed after the name is taken off every way in.
    "a name typed with a space after it": ("swarm", "name", GERMAN_ALIENS, "Der Schwarm ", unchanged,
                                           lambda shipped: shipped.replace("  name: Schwarm\n",
                                                                           "  name: Der Schwarm\n")),
    # A text the entry lacks goes after its texts, before its metadata, its mark of our
    # wording (it cites nothing in German) into `provisional`, and its fingerprint at the
    # end of the others: the shipped file again, byte for byte.
    "a new text": ("sweet-revenge", "text", GERMAN_EVENTS,
                   "Bestimmt mit der Planetenleiste einen Planeten und liefert euch dort ein "
                   "Duell. Wer diesen Planeten kontrolliert, kann keine Schiffe aussenden.",
                   without_the_event_text, lambda shipped: shipped),
    # A fingerprint amid its entry's others: replaced where it stands by an import; removed by
    # an unconfirmed save, then put back in the order of the texts, not after the last one.
    "a text amid others": ("iron-matron", PUNISH, GERMAN_ALIENS, PUNISH_REWORDED, unchanged,
                           lambda shipped: shipped.replace(PUNISH_SHIPPED, PUNISH_WRITTEN)),
}


@pytest.mark.parametrize("case", EDITS)
def test_the_same_edit_writes_the_same_bytes_whichever_way_it_comes(tmp_path, workbench_cache, case):
    card_id, path, file, text, prepare, expected = EDITS[case]
    shipped = (copy_project(tmp_path / "shipped") / file).read_text(encoding="utf-8")
    kind = shipped_database()[0].cards[card_id].kind

    imported = a_copy(tmp_path, "imported", workbench_cache, prepare)
    result = import_po(imported, po_with(imported, f"{kind}:{card_id}:{path}", text))
    assert result.exit_code == 0, result.output

    saved = a_copy(tmp_path, "saved", workbench_cache, prepare)
    workbench = Workbench(saved, "de", saved / "build" / CACHE_FOLDER)
    card = workbench.card(card_id)
    base = next(view.text for view in card.fields if view.path == path)
    workbench.save(card_id, path, text, card.version, base, confirm=True)

    marked = a_copy(tmp_path, "marked", workbench_cache, prepare)
    workbench = Workbench(marked, "de", marked / "build" / CACHE_FOLDER)
    card = workbench.card(card_id)
    workbench.save(card_id, path, text, card.version, base, confirm=False)
    result = CliRunner().invoke(main, ["mark-translated", "--lang", "de", f"{card_id}.{path}",
                                       "--root", str(marked)])
    assert result.exit_code == 0, result.output

    confirmed = a_copy(tmp_path, "confirmed", workbench_cache, prepare)
    workbench = Workbench(confirmed, "de", confirmed / "build" / CACHE_FOLDER)
    card = workbench.card(card_id)
    draft = workbench.save(card_id, path, text, card.version, base, confirm=False)
    workbench.save(card_id, path, text, draft.card.version, text, confirm=True)

    written = (imported / file).read_text(encoding="utf-8")
    assert written == expected(shipped)
    assert (saved / file).read_text(encoding="utf-8") == written
    assert (marked / file).read_text(encoding="utf-8") == written
    assert (confirmed / file).read_text(encoding="utf-8") == written
    assert not validate(imported).errors
