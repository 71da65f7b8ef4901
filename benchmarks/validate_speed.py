"""Times `cardkit validate` on a synthetic 10,000-card database in three languages.

    .venv/bin/python benchmarks/validate_speed.py [--cards 10000] [--repeat 3]

Prints the best of N runs of: merely loading every file with ruamel.yaml's round-trip
loader, cardkit's own loading, the schema layer (building the model), the reference
checks, and the text checks (glossary, icons, numbers, markers, phrasebook wording,
consistency, staleness); then the whole `cardkit validate` in this process, and as a
person runs it, in a new process, best and median with the load average. Targets:
validation adds at most 50 % over the plain load (issue 2); the text checks cost no more
than the schema layer (issue 3); `cardkit validate` at most 5 s on a quiet machine
(issue 23). `--skip-plain` leaves out the plain round-trip load, which takes the longest.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ruamel.yaml import YAML

from cardkit.checks.coverage import check_box_counts, count_cards
from cardkit.checks.references import check_references
from cardkit.checks.runner import validate
from cardkit.checks.status import check_staleness, translation_states
from cardkit.checks.text.consistency import check_consistency
from cardkit.checks.text.runner import build_lexicons, check_texts
from cardkit.model.database import assemble
from cardkit.model.texts import fingerprint
from cardkit.source.tree import load_sources

PROJECT = Path(__file__).resolve().parent.parent
CARDKIT = Path(sys.executable).with_name("cardkit")
LANGUAGES = ("en", "es", "de")

POWER_TEXT = {
    "en": "After plans are revealed, you may draw {n} cards and destroy 1 ship.",
    "es": "Después de que se muestren los Planes, puedes robar {n} cartas y destruir 1 Nave.",
    "de": "Nachdem die Pläne aufgedeckt worden sind, darfst du {n} Karten ziehen und 1 Schiff zerstören.",
}
DISCOVERY_TEXT = {"en": "Discover a planet and fight a duel there.",
                  "es": "Descubre un Planeta y libra allí un duelo.",
                  "de": "Entdeckt einen Planeten und liefert euch dort ein Duell."}
PRIZE_TEXT = {"en": "Draw 2 cards.", "es": "Roba 2 cartas.", "de": "Ziehe 2 Karten."}

FACTS = {
    "aliens": lambda i: f"  complexity: {('green', 'yellow', 'red')[i % 3]}\n"
                        f"  powers:\n    power-{i}:\n      timing: duels\n",
    "plans": lambda i: f"  colour: {('orange', 'blue')[i % 2]}\n  value: {i % 45 - 2}\n",
    "reinforcements": lambda i: f"  value: {i % 20 + 1}\n",
    "fate/discovery": lambda i: "  next: event\n  effect:\n    effect: discover_and_duel\n"
                                "  duel:\n    ship_advantage: 8\n    prizes:\n      winner:\n"
                                "        effect:\n          effect: draw_cards\n          count: 2\n",
}


def texts(stem: str, index: int, language: str) -> dict[str, str]:
    name = f"Card {index} {language}"
    if stem == "aliens":
        return {"name": name, f"powers.power-{index}.name": f"Power {index}",
                f"powers.power-{index}.text": POWER_TEXT[language].format(n=index % 5 + 2)}
    if stem == "fate/discovery":
        return {"name": name, "text": DISCOVERY_TEXT[language], "prizes.winner.name": f"Prize {index}",
                "prizes.winner.text": PRIZE_TEXT[language]}
    return {"name": name}


def entry_yaml(fields: dict[str, str], fingerprints: dict[str, str]) -> str:
    lines, powers, prizes = [], {}, {}
    for path, value in fields.items():
        parts = path.split(".")
        if parts[0] == "powers":
            powers.setdefault(parts[1], {})[parts[2]] = value
        elif parts[0] == "prizes":
            prizes.setdefault(parts[1], {})[parts[2]] = value
        else:
            lines.append(f"  {path}: {value}")
    for group, items in (("powers", powers), ("prizes", prizes)):
        if items:
            lines.append(f"  {group}:")
            for key, values in items.items():
                lines.append(f"    {key}:")
                lines += [f"      {field}: {value}" for field, value in values.items()]
    if fingerprints:
        lines.append("  translated_from:")
        lines += [f"    {path}: '{value}'" for path, value in fingerprints.items()]
    return "\n".join(lines) + "\n"


def generate(root: Path, cards: int) -> None:
    per_kind = cards // len(FACTS)
    for language in LANGUAGES:
        (root / "locales" / language).mkdir(parents=True)
        for support in ("glossary.yaml", "phrasebook.yaml"):
            shutil.copy(PROJECT / "locales" / language / support, root / "locales" / language / support)
    for stem, facts in FACTS.items():
        kind = stem.split("/")[-1]
        card_lines = []
        text_lines = {language: [] for language in LANGUAGES}
        for index in range(per_kind):
            card_id = f"{kind}-{index}"
            card_lines.append(f"{card_id}:\n{facts(index)}")
            english = texts(stem, index, "en")
            for language in LANGUAGES:
                fingerprints = {} if language == "en" else {p: fingerprint(t) for p, t in english.items()}
                text_lines[language].append(f"{card_id}:\n{entry_yaml(texts(stem, index, language), fingerprints)}")
        path = root / "cards" / "duel" / f"{stem}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(card_lines))
        for language, lines in text_lines.items():
            path = root / "locales" / language / "duel" / f"{stem}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(lines))


def best_of(repeat: int, action):
    timings, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        timings.append(time.perf_counter() - start)
    return min(timings), result


def command_times(repeat: int, root: Path) -> list[float]:
    """`cardkit validate ROOT` in a new process, each time."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([str(CARDKIT), "validate", str(root)], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def load_only(root: Path) -> None:
    yaml = YAML(typ="rt")
    for path in sorted(root.rglob("*.yaml")):
        yaml.load(path.read_text(encoding="utf-8"))


def text_checks(database) -> list:
    problems = check_texts(database, build_lexicons(database))
    problems += check_consistency(database)
    return problems + check_staleness(translation_states(database))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-plain", action="store_true")
    arguments = parser.parse_args()
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        generate(root, arguments.cards)
        report = validate(root)
        assert not report.problems, [str(p.position) + " " + p.message for p in report.problems[:5]]
        plain = None if arguments.skip_plain else best_of(arguments.repeat, lambda: load_only(root))[0]
        loading, sources = best_of(arguments.repeat, lambda: load_sources(root))
        schema, (database, _) = best_of(arguments.repeat, lambda: assemble(sources))
        references, _ = best_of(arguments.repeat,
                                lambda: check_references(database) + check_box_counts(database, count_cards(database)))
        text, _ = best_of(arguments.repeat, lambda: text_checks(database))
        full, _ = best_of(arguments.repeat, lambda: validate(root))
        command = command_times(arguments.repeat, root)
    print(f"cards: {sum(c.held for c in report.counts)} in {report.files_checked} files, "
          f"3 languages, {sum(len(t) for t in database.texts.values())} text entries")
    if plain is not None:
        print(f"plain round-trip load:        {plain:7.2f} s")
    print(f"cardkit loading (source):     {loading:7.2f} s")
    print(f"schema layer (model):         {schema:7.2f} s")
    print(f"reference and box checks:     {references:7.2f} s")
    print(f"text checks:                  {text:7.2f} s")
    print(f"cardkit validate, end to end: {full:7.2f} s")
    print(f"cardkit validate, a new process: best {min(command):.2f} s, median "
          f"{statistics.median(command):.2f} s (target <= 5 s on a quiet machine)")
    if plain is not None:
        print(f"validation adds {100 * (full - plain) / plain:5.1f} % over the plain load "
              "(target <= 50 %)")
    print(f"text checks cost {text / schema:4.2f}x the schema layer (target <= 1.00x)")
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
