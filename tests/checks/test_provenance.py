"""Provenance on a copy of the shipped database: one fault each, reported at its position."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.provenance import check_against_rulebooks
from cardkit.checks.runner import validate
from cardkit.model.database import load_database
from tests.rules.conftest import copy_database, replace_in
from tests.test_shipped_database import SEEDS

ES = "000_9d86faec0599c48a.txt"
DE = "003_cadf4f0e38ea8624.txt"
WILD_VALUE_SOURCE = (f"    - facts: [value]\n      cites:\n        - {{file: {ES}, lines: 603-605}}\n"
                     f"        - {{file: {DE}, lines: '391'}}\n")


def _problems_after(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    root = copy_database(tmp_path / "db")
    replace_in(root / file, old, new)
    return [format_problem(problem) for problem in validate(root).problems]


@pytest.mark.parametrize("file, old, new, expected", [
    pytest.param(
        "cards/duel/plans.yaml", WILD_VALUE_SOURCE, "",
        "cards/duel/plans.yaml:6:3: error: provenance-missing: the fact 'value' has no source: "
        "cite it, give a reading, or list it under 'unknown'", id="source-removed"),
    pytest.param(
        "cards/duel/plans.yaml", "lines: 603-605", "lines: 1149-1151",
        f"cards/duel/plans.yaml:10:51: error: provenance-line-range: lines 1149-1151 are not in "
        f"{ES}, which has 1150 lines", id="past-the-end"),
    pytest.param(
        "cards/duel/plans.yaml", "lines: 603-605", "lines: 605-603",
        f"cards/duel/plans.yaml:10:51: error: provenance-line-range: lines 605-603 are not in "
        f"{ES}, which has 1150 lines", id="reversed"),
    pytest.param(
        "cards/duel/plans.yaml", f"{ES}, lines: 603-605", "000_9d86faec0599c48b.txt, lines: 603-605",
        f"cards/duel/plans.yaml:10:18: error: provenance-unknown-file: '000_9d86faec0599c48b.txt' is "
        f"not one of the rulebooks box.yaml lists ({ES}, {DE})", id="unknown-file"),
    pytest.param(
        "cards/duel/plans.yaml", "    - facts: [value]\n      cites:\n        - {file: 000_9d86faec0599c48a.txt, lines: 603-605}",
        "    - facts: [valeu]\n      cites:\n        - {file: 000_9d86faec0599c48a.txt, lines: 603-605}",
        "cards/duel/plans.yaml:6:3: error: provenance-missing: the fact 'value' has no source: "
        "cite it, give a reading, or list it under 'unknown'\n"
        "cards/duel/plans.yaml:8:15: error: provenance-unknown-fact: the source names 'valeu', "
        "which this entry does not give", id="unknown-fact"),
    pytest.param(
        "cards/duel/emissaries.yaml", f"      follows:\n        file: {DE}",
        "      follows:\n        file: 001_9841a4286c692375.txt",
        "cards/duel/emissaries.yaml:30:15: error: provenance-follows: 'follows' settles a "
        "disagreement between rulebooks the source cites: cite both and follow one of them",
        id="follows-uncited"),
    pytest.param(
        "locales/es/duel/plans.yaml", f"{ES}, lines: '604'", f"{DE}, lines: '391'",
        f"locales/es/duel/plans.yaml:8:18: error: provenance-language: {DE} is the 'de' "
        "rulebook; a 'es' text cites the rulebook in its own language", id="wrong-language"),
    pytest.param(
        "locales/es/duel/plans.yaml",
        f"  sources:\n    - facts: [name]\n      cites:\n        - {{file: {ES}, lines: '604'}}\n", "",
        "locales/es/duel/plans.yaml:2:3: error: provenance-missing: the text 'name' has no "
        "source: cite it, or mark it provisional", id="spanish-name-without-source"),
    pytest.param(
        "locales/en/duel/aliens.yaml", "  name: Swarm\n  provisional: [name]\n", "  name: Swarm\n",
        "locales/en/duel/aliens.yaml:5:9: error: name-not-provisional: the English name 'name' "
        "must be listed under 'provisional': no rulebook prints the English edition's names",
        id="english-name-not-provisional"),
    pytest.param(
        "cards/duel/fate/discovery.yaml", "duel.prizes.loser.effect.count, ", "",
        "cards/duel/fate/discovery.yaml:3:1: error: schema-missing-field: missing field "
        "'duel.prizes.loser.effect.count' (list it under 'unknown' if the rulebooks do not give it)",
        id="count-neither-given-nor-unknown"),
])
def test_each_provenance_fault_is_reported_at_its_position(tmp_path, file, old, new, expected):
    assert _problems_after(tmp_path, file, old, new) == expected.splitlines()


def test_the_shipped_database_cites_every_fact(tmp_path):
    assert validate(copy_database(tmp_path / "db")).problems == []


def _contradictions_after(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    root = copy_database(tmp_path / "db")
    replace_in(root / file, old, new)
    database, problems, _ = load_database(root)
    assert problems == []
    return [format_problem(problem) for problem in check_against_rulebooks(database, SEEDS)]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not next to the project")
def test_a_number_the_cited_lines_do_not_give_is_a_contradiction(tmp_path):
    assert _contradictions_after(tmp_path, "cards/duel/plans.yaml", "value: 13", "value: 14") == [
        f"cards/duel/plans.yaml:10:51: error: provenance-contradicted: lines 603-605 of {ES} "
        "do not give 14 for 'value'",
        f"cards/duel/plans.yaml:11:51: error: provenance-contradicted: line 391 of {DE} "
        "do not give 14 for 'value'",
    ]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not next to the project")
def test_a_name_the_cited_lines_do_not_give_is_a_contradiction(tmp_path):
    assert _contradictions_after(tmp_path, "locales/es/duel/plans.yaml",
                                 "name: El siniestro", "name: El diestro") == [
        f"locales/es/duel/plans.yaml:8:51: error: provenance-contradicted: line 604 of {ES} "
        "do not give 'El diestro' for 'name'",
    ]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not next to the project")
def test_a_reading_is_not_held_to_the_letter_of_its_lines(tmp_path):
    assert _contradictions_after(tmp_path, "locales/de/duel/aliens.yaml",
                                 "name: Eingelegter", "name: Eingemachter") == []
