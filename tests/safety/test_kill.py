"""Import, mark-translated, fmt and build killed (SIGKILL) at random steps of their writes,
20 times each in a scratch copy: afterwards every file is wholly old or wholly new, the next
command completes or discards the interrupted write and says so, no temporary file stays,
and the database validates."""

from __future__ import annotations

import random
import shutil
import signal
from pathlib import Path

import pytest

from cardkit.checks.runner import validate
from cardkit.source.transaction import STAGING, recover
from tests.conftest import MINIMAL_DATABASE, with_face_cache
from tests.safety.harness import run_killed, snapshot

RUNS = 20


def reindented(root: Path) -> None:
    """Three card files out of canonical form (four-space indentation): fmt rewrites them."""
    for name in ("plans.yaml", "reinforcements.yaml", "aliens.yaml"):
        path = root / "cards" / "duel" / name
        path.write_text(path.read_text().replace("\n  ", "\n    ").replace("\n    \n", "\n\n"))


def english_changed(root: Path) -> None:
    """English names changed in three files, so their Spanish texts are stale."""
    for relative, old, new in [("duel/plans.yaml", "The Wild One", "The Wild Card"),
                               ("duel/aliens.yaml", "Pickle", "Pickled"),
                               ("duel/fate/discovery.yaml", "Empty Spaceport", "Empty Starport")]:
        path = root / "locales" / "en" / relative
        path.write_text(path.read_text().replace(old, new, 1))


def catalogue(root: Path) -> Path:
    """A PO file changing Spanish texts in three files."""
    po = root.parent / "es.po"
    header = ('msgid ""\nmsgstr ""\n"Language: es\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n')
    units = [("alien:pickle:name", "Pickle", "Pepinillo"),
             ("plan:wild:name", "The Wild One", "El comodín"),
             ("discovery:empty-spaceport:name", "Empty Spaceport", "Puerto espacial vacío")]
    po.write_text(header + "".join(f'\nmsgctxt "{key}"\nmsgid "{source}"\nmsgstr "{target}"\n'
                                   for key, source, target in units), encoding="utf-8")
    return po


def previous_pdfs(out: Path) -> None:
    """What an earlier build of the minimal database left."""
    for language in ("en", "es"):
        (out / language).mkdir(parents=True)
        for name in ("cards-a4.pdf", "cards-letter.pdf", "reference-a4.pdf", "reference-letter.pdf"):
            (out / language / name).write_bytes(b"%PDF previous build\n")


COMMANDS = {
    "fmt": (reindented, lambda root: ["fmt", str(root)]),
    "mark-translated": (english_changed,
                        lambda root: ["mark-translated", "--lang", "es", "--all", "--root", str(root)]),
    "import": (lambda root: None,
               lambda root: ["i18n", "import", str(catalogue(root)), "--root", str(root)]),
}


def scratch(tmp_path: Path, name: str, change) -> Path:
    root = tmp_path / name / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    change(root)
    return root


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_killed_write_leaves_every_file_old_or_new(tmp_path: Path, command: str):
    change, arguments = COMMANDS[command]
    reference = scratch(tmp_path, "reference", change)
    old = snapshot(reference)
    counted = tmp_path / "steps"
    assert run_killed(arguments(reference), 0, count_to=counted) == 0
    new = snapshot(reference)
    steps = int(counted.read_text())
    assert new != old and steps > 0
    assert validate(reference).errors == []  # the new state; the old one is the fixture's
    assert validate(scratch(tmp_path, "old", change)).errors == []
    chooser = random.Random(f"{command}-kill")
    for run in range(RUNS):
        root = scratch(tmp_path, f"run-{run}", change)
        kill_at = chooser.randint(1, steps)
        assert run_killed(arguments(root), kill_at) == -signal.SIGKILL
        left = {name: data for name, data in snapshot(root).items()
                if not name.startswith(STAGING)}
        assert all(left.get(name) in (old.get(name), new.get(name))
                   for name in set(old) | set(new) | set(left)), (run, kill_at)
        interrupted = (root / STAGING).exists()
        sentence = recover(root, in_project=True)
        assert (sentence is not None) == interrupted
        assert snapshot(root) in (old, new), (run, kill_at, sentence)  # so it validates


def test_a_killed_build_leaves_the_previous_or_the_new_pdfs(tmp_path: Path, minimal_face_cache: Path):
    out = with_face_cache(tmp_path / "reference" / "out", minimal_face_cache)
    previous_pdfs(out)
    old = snapshot(out)
    counted = tmp_path / "steps"
    arguments = ["build", str(MINIMAL_DATABASE), "--lang", "en,es", "--quiet", "--jobs", "1", "--out"]
    assert run_killed([*arguments, str(out)], 0, count_to=counted) == 0
    new = snapshot(out)
    steps = int(counted.read_text())
    assert all(new[name] != data for name, data in old.items() if name.endswith(".pdf")) and steps > 0
    pdfs = sorted(name for name in old if name.endswith(".pdf"))
    chooser = random.Random("build-kill")
    for run in range(RUNS):
        out = with_face_cache(tmp_path / f"run-{run}" / "out", minimal_face_cache)
        previous_pdfs(out)
        kill_at = chooser.randint(1, steps)
        assert run_killed([*arguments, str(out)], kill_at) == -signal.SIGKILL
        recover(out)
        left = snapshot(out)
        # Every file wholly old or wholly new: the face cache's entries each on its own (a
        # build may add compiled templates its process did not hold yet), the PDFs together.
        assert all(left.get(name) in (old.get(name), new.get(name))
                   for name in set(old) | set(new) | set(left)), (run, kill_at)
        assert [left[name] for name in pdfs] in ([old[name] for name in pdfs],
                                                 [new[name] for name in pdfs]), (run, kill_at)
