"""Times `cardkit validate` on a synthetic 10,000-card database against merely loading
the same files with ruamel.yaml's round-trip loader.

    .venv/bin/python benchmarks/validate_speed.py [--cards 10000] [--repeat 3]

Prints the best of N runs for each, and what validation adds over the load alone.
Target (issue 2): validation adds at most 50% over the load.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from ruamel.yaml import YAML

from cardkit.checks.runner import validate

KINDS = {
    "aliens": ("alien", lambda i: f"  complexity: {('green', 'yellow', 'red')[i % 3]}\n"
                                  f"  powers:\n    power-{i}:\n      timing: duels\n"),
    "plans": ("plan", lambda i: f"  colour: {('orange', 'blue')[i % 2]}\n  value: {i % 45 - 2}\n"),
    "reinforcements": ("reinforcement", lambda i: f"  value: {i % 20 + 1}\n"),
    "fate/discovery": ("discovery", lambda i: "  next: event\n  effect:\n    effect: discover_and_duel\n"
                                             "  duel:\n    ship_advantage: 8\n    prizes:\n"
                                             "      winner:\n        effect:\n"
                                             "          effect: draw_cards\n          count: 2\n"),
}

TEXTS = {
    "alien": lambda i, lang: f"  name: Alien {i} {lang}\n  powers:\n    power-{i}:\n"
                             f"      name: Power {i}\n      text: Draw {i % 5 + 1} cards when you win a duel.\n",
    "plan": lambda i, lang: f"  name: Plan {i} {lang}\n",
    "reinforcement": lambda i, lang: f"  name: Reinforcement {i} {lang}\n",
    "discovery": lambda i, lang: f"  name: Discovery {i} {lang}\n  text: Discover a planet and fight a duel there.\n"
                                 "  prizes:\n    winner:\n      name: Prize\n      text: Draw 2 cards.\n",
}


def generate(root: Path, cards: int) -> None:
    per_kind = cards // len(KINDS)
    for stem, (kind, facts) in KINDS.items():
        card_lines, text_lines = [], {lang: [] for lang in ("en", "es", "de")}
        for index in range(per_kind):
            card_id = f"{kind}-{index}"
            card_lines.append(f"{card_id}:\n{facts(index)}")
            for lang in text_lines:
                text_lines[lang].append(f"{card_id}:\n{TEXTS[kind](index, lang)}")
        path = root / "cards" / "duel" / f"{stem}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(card_lines))
        for lang, lines in text_lines.items():
            path = root / "locales" / lang / "duel" / f"{stem}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(lines))


def best_of(repeat: int, action) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)


def load_only(root: Path) -> None:
    yaml = YAML(typ="rt")
    for path in sorted(root.rglob("*.yaml")):
        yaml.load(path.read_text(encoding="utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        generate(root, arguments.cards)
        report = validate(root)
        assert not report.errors, report.errors[:3]
        load = best_of(arguments.repeat, lambda: load_only(root))
        full = best_of(arguments.repeat, lambda: validate(root))
    files = report.files_checked
    print(f"cards: {sum(c.held for c in report.counts)} in {files} files (3 locales)")
    print(f"round-trip load only: {load:7.2f} s")
    print(f"cardkit validate:     {full:7.2f} s")
    print(f"validation adds:      {100 * (full - load) / load:6.1f} % over the load (target: <= 50 %)")


if __name__ == "__main__":
    main()
