"""The staging journal as an attacker or a copy leaves it, through the commands that write:
a planted journal never writes or takes a file outside the folder it lies in, a malformed one
is a message naming its line (never a traceback), and a project copied after a killed build
completes its own write, never the original's."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.source import transaction as transaction_module
from cardkit.source.transaction import JOURNAL, STAGING, Transaction
from tests.conftest import MINIMAL_DATABASE, with_face_cache
from tests.safety.harness import run_killed, snapshot


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def plant(folder: Path, journal: str) -> None:
    """The issue's reproduction: a staged file and a journal, as a repository or an archive
    holding a force-added `.cardkit-staging/` would bring them."""
    staging = folder / STAGING
    staging.mkdir(parents=True)
    (staging / "0").write_text("PLANTED\n")
    (staging / JOURNAL).write_text(journal)


WRITERS = {
    "fmt": lambda root, out: ["fmt", str(root)],
    "mark-translated": lambda root, out: ["mark-translated", "--lang", "es", "--all", "--root", str(root)],
    "import": lambda root, out: ["i18n", "import", str(out / "es.po"), "--root", str(root)],
    "export": lambda root, out: ["i18n", "export", "--lang", "es", "--no-fit-budgets", "--root",
                                 str(root), "-o", str(out / "es.po")],
    "build": lambda root, out: ["build", str(root), "--quiet", "--out", str(out)],
}


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_planted_journal_overwrites_nothing_outside(tmp_path: Path, minimal_database: Path,
                                                      command: str):
    """fmt, mark-translated and import recover in the database; export -o in the output's
    folder; build in its output folder. Each refuses the journal, exits 1 and changes nothing."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "es.po").write_text(run("i18n", "export", "--lang", "es", "--no-fit-budgets",
                                   "--root", str(minimal_database)).output)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    folder = out if command in ("export", "build") else minimal_database
    plant(folder, f"0\t{os.fsencode(str(victim)).hex()}\nend\n")
    before = snapshot(tmp_path)
    result = run(*WRITERS[command](minimal_database, out))
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    journal = folder / STAGING / JOURNAL
    if folder == out:  # outside the project: refused whole, as not cardkit's own
        assert result.output.startswith(f"Error: {folder / STAGING}: {NOT_STAMPED}")
    else:
        assert result.output.startswith(f"Error: {journal}:1: the target {str(victim)[:24]!r}... is "
                                        "an absolute path")
    assert result.output.endswith(f"nothing was changed; look into {folder / STAGING}, then remove it\n")
    assert snapshot(tmp_path) == before
    assert victim.read_text() == "precious\n"


NOT_STAMPED = ("was not made here by cardkit (it has no stamp matching this folder): it may "
               "have been unpacked or copied here, and is not acted on outside a project\n")


@pytest.mark.parametrize("command", ["i18n export", "sheet export"])
def test_a_well_formed_journal_planted_beside_an_output_file_is_refused(tmp_path: Path, minimal_database: Path,
                                                                        command: str):
    """The issue's reproduction: a journal unpacked into the folder an `-o FILE` writes to,
    naming a file beside it by a relative path, as cardkit's own journals do."""
    out = tmp_path / "downloads"
    out.mkdir()
    precious = out / "precious.txt"
    precious.write_text("precious\n")
    plant(out, f"0\t{b'precious.txt'.hex()}\nend\n")
    before = snapshot(tmp_path)
    arguments = {"i18n export": ["i18n", "export", "--lang", "es", "--no-fit-budgets", "-o", str(out / "es.po")],
                 "sheet export": ["sheet", "export", "--game", "duel", "--kind", "alien", "--lang", "en", "-o",
                                  str(out / "aliens.xlsx")]}[command]
    result = run(*arguments, "--root", str(minimal_database))
    assert result.exit_code == 1, result.output
    assert result.output == (f"Error: {out / STAGING}: {NOT_STAMPED}the interrupted write was neither "
                             f"completed nor discarded, and nothing was changed; look into "
                             f"{out / STAGING}, then remove it\n")
    assert snapshot(tmp_path) == before
    assert precious.read_text() == "precious\n"


def test_an_interrupted_write_of_cardkit_beside_an_output_file_is_completed(tmp_path: Path,
                                                                            minimal_database: Path):
    """The stamp cardkit writes lets its own interrupted write outside a project complete."""
    out = tmp_path / "downloads"
    out.mkdir()
    transaction = Transaction(out).__enter__()
    transaction.write(out / "old.po", "written by the interrupted command\n")
    original = transaction_module._apply
    transaction_module._apply = lambda *arguments: 0  # killed right after the commit point
    try:
        transaction._commit()
    finally:
        transaction_module._apply = original
    result = run("i18n", "export", "--lang", "es", "--no-fit-budgets", "-o", str(out / "es.po"),
                 "--root", str(minimal_database))
    assert result.exit_code == 0, result.output
    assert (out / "old.po").read_text() == "written by the interrupted command\n"
    assert (out / "es.po").exists() and not (out / STAGING).exists()


def test_a_malformed_journal_is_a_message_not_a_traceback(minimal_database: Path):
    plant(minimal_database, "0\tzz\nend\n")
    result = run("fmt", str(minimal_database))
    staging = minimal_database / STAGING
    assert result.exit_code == 1
    assert result.output == (
        f"Error: {staging / JOURNAL}:1: the target 'zz' is not a path written in hexadecimal "
        "digits\nthe interrupted write was neither completed nor discarded, and nothing was "
        f"changed; look into {staging}, then remove it\n")


def test_a_staged_name_climbing_out_takes_nothing(tmp_path: Path, minimal_database: Path):
    secret = tmp_path / "secret.txt"
    secret.write_text("secret\n")
    plan = minimal_database / "cards" / "duel" / "plans.yaml"
    before = plan.read_bytes()
    staging = minimal_database / STAGING
    staging.mkdir()
    (staging / JOURNAL).write_text(f"../../secret.txt\t{b'cards/duel/plans.yaml'.hex()}\nend\n")
    result = run("mark-translated", "--lang", "es", "--all", "--root", str(minimal_database))
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {staging / JOURNAL}:1: the staged file "
                                    "'../../secret.txt' is not a name cardkit gives a staged file")
    assert secret.read_text() == "secret\n" and plan.read_bytes() == before


BUILD = ["build", str(MINIMAL_DATABASE), "--lang", "en", "--paper", "a4", "--quiet",
         "--jobs", "1", "--out"]


def previous_build(out: Path, face_cache: Path) -> Path:
    """`out` holding the minimal database's face cache and PDFs of an earlier build."""
    with_face_cache(out, face_cache)
    for pdf in ("cards-a4.pdf", "reference-a4.pdf"):
        previous = out / "en" / pdf
        previous.parent.mkdir(parents=True, exist_ok=True)
        previous.write_bytes(b"%PDF previous build\n")
    return out


def killed_after_commit(out: Path, face_cache: Path, steps: int) -> None:
    """Kills builds into a fresh `out` ever earlier from their last disk call, until one
    dies after its commit point with a staged PDF still to move."""
    for kill_at in range(steps - 1, 0, -1):
        shutil.rmtree(out, ignore_errors=True)
        run_killed([*BUILD, str(previous_build(out, face_cache))], kill_at)
        staged = [path for path in (out / STAGING).glob("*") if path.name.isdigit()]
        if (out / STAGING / JOURNAL).exists() and staged:
            return
    raise AssertionError("no disk call of the build lies after its commit point")


def test_a_build_killed_after_its_commit_point_then_copied(tmp_path: Path, minimal_face_cache: Path):
    """Kill a build past its commit point, `cp -a A B`, build in B. B's staging folder is a
    copy, not the one cardkit made there (its stamp names A's folder): it is refused and
    nothing in B or A is touched; removed, B builds afresh. A's own recovery completes A."""
    reference = previous_build(tmp_path / "reference" / "out", minimal_face_cache)
    counted = tmp_path / "steps"
    assert run_killed([*BUILD, str(reference)], 0, count_to=counted) == 0
    new = snapshot(reference)
    first = tmp_path / "A"
    out = first / "out"
    killed_after_commit(out, minimal_face_cache, int(counted.read_text()))
    left = snapshot(first)
    assert snapshot(out) != new
    second = tmp_path / "B"
    subprocess.run(["cp", "-a", str(first), str(second)], check=True)

    copied = snapshot(second)

    result = run(*BUILD, str(second / "out"))

    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {second / 'out' / STAGING}: {NOT_STAMPED}")
    assert snapshot(second) == copied and snapshot(first) == left
    shutil.rmtree(second / "out" / STAGING)
    assert run(*BUILD, str(second / "out")).exit_code == 0
    assert snapshot(second / "out") == new
    assert run(*BUILD, str(out)).exit_code == 0
    assert snapshot(out) == new
