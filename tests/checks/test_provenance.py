"""Provenance on a copy of the shipped database: one fault each, reported at its position."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from tests.rules.conftest import copy_database, replace_in

ES = "000_9d86faec0599c48a.txt"
DE = "003_cadf4f0e38ea8624.txt"
WILD_VALUE_SOURCE = (f"    - facts: [value]\n      cites:\n        - file: {ES}\n          lines: 603-605\n"
                     f'          quote: "«El siniestro» (valor 13)"\n        - file: {DE}\n'
                     f"          lines: '391'\n          quote: \"„Die Wilde 13“\"\n")


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
        f"cards/duel/plans.yaml:11:18: error: provenance-line-range: lines 1149-1151 are not in "
        f"{ES}, which has 1150 lines", id="past-the-end"),
    pytest.param(
        "cards/duel/plans.yaml", "lines: 603-605", "lines: 605-603",
        f"cards/duel/plans.yaml:11:18: error: provenance-line-range: lines 605-603 are not in "
        f"{ES}, which has 1150 lines", id="reversed"),
    pytest.param(
        "cards/duel/plans.yaml", f"{ES}\n          lines: 603-605", "000_9d86faec0599c48b.txt\n          lines: 603-605",
        f"cards/duel/plans.yaml:10:17: error: provenance-unknown-file: '000_9d86faec0599c48b.txt' is "
        f"not one of the rulebooks box.yaml lists ({ES}, {DE})", id="unknown-file"),
    pytest.param(
        "cards/duel/plans.yaml", "    - facts: [value]\n      cites:\n        - file: 000_9d86faec0599c48a.txt\n"
        "          lines: 603-605", "    - facts: [valeu]\n      cites:\n"
        "        - file: 000_9d86faec0599c48a.txt\n          lines: 603-605",
        "cards/duel/plans.yaml:6:3: error: provenance-missing: the fact 'value' has no source: "
        "cite it, give a reading, or list it under 'unknown'\n"
        "cards/duel/plans.yaml:8:15: error: provenance-unknown-fact: the source names 'valeu', "
        "which this entry does not give", id="unknown-fact"),
    pytest.param(
        "cards/duel/emissaries.yaml", f"      follows:\n        file: {DE}",
        "      follows:\n        file: 001_9841a4286c692375.txt",
        "cards/duel/emissaries.yaml:45:15: error: provenance-follows: 'follows' settles a "
        "disagreement between rulebooks the source cites: cite both and follow one of them",
        id="follows-uncited"),
    pytest.param(
        "locales/es/duel/plans.yaml", f"{ES}\n          lines: '604'", f"{DE}\n          lines: '391'",
        f"locales/es/duel/plans.yaml:8:17: error: provenance-language: {DE} is the 'de' "
        "rulebook; a 'es' text cites the rulebook in its own language", id="wrong-language"),
    pytest.param(
        "locales/es/duel/plans.yaml",
        f"  sources:\n    - facts: [name]\n      cites:\n        - file: {ES}\n          lines: '604'\n"
        '          quote: "«El siniestro»"\n', "",
        "locales/es/duel/plans.yaml:2:3: error: provenance-missing: the text 'name' has no "
        "source: cite it, or mark it provisional", id="spanish-name-without-source"),
    pytest.param(
        "locales/en/duel/aliens.yaml", "  name: Swarm\n  provisional: [name]\n", "  name: Swarm\n",
        "locales/en/duel/aliens.yaml:5:9: error: name-not-provisional: the English name 'name' "
        "must be listed under 'provisional': no rulebook prints the English edition's names "
        "(cite an English printing for a printed name)", id="english-name-not-provisional"),
    pytest.param(
        "cards/duel/fate/discovery.yaml", "duel.prizes.loser.effect.count, ", "",
        "cards/duel/fate/discovery.yaml:3:1: error: schema-missing-field: missing field "
        "'duel.prizes.loser.effect.count' (list it under 'unknown' if the rulebooks do not give it)",
        id="count-neither-given-nor-unknown"),
    pytest.param(
        "locales/de/duel/fate/event.yaml", "  provisional: [text]\n", "",
        "locales/de/duel/fate/event.yaml:3:9: error: wording-not-marked: 'text' is our wording (it "
        "cites no printed wording in 'de': no citation, or only our reading of the lines): list it "
        "under 'provisional'", id="our-reading-not-marked-ours"),
    pytest.param(
        "locales/en/classic/encounter.yaml", "  provisional: [name, text]\n", "  provisional: [name]\n",
        "locales/en/classic/encounter.yaml:31:9: error: wording-not-marked: 'text' is our wording (it "
        "cites no printed wording in 'en': no citation, or only our reading of the lines): list it "
        "under 'provisional'", id="english-text-citing-nothing-not-marked-ours"),
    pytest.param(
        "locales/de/classic/aliens.yaml", "  name: Amöbe\n  provisional: [name]\n", "  name: Amöbe\n",
        "locales/de/classic/aliens.yaml:6:9: error: wording-not-marked: 'name' is our wording (it "
        "cites no printed wording in 'de': no citation, or only our reading of the lines): list it "
        "under 'provisional'", id="german-name-citing-nothing-not-marked-ours"),
])
def test_each_provenance_fault_is_reported_at_its_position(tmp_path, file, old, new, expected):
    assert _problems_after(tmp_path, file, old, new) == expected.splitlines()


def test_the_shipped_database_cites_every_fact(tmp_path):
    assert validate(copy_database(tmp_path / "db")).problems == []
