"""What artwork costs a build: the full-box database with a generated 1,500 x 2,100 px
picture on every card, built by `cardkit build` as a person runs it (a new process).

    .venv/bin/python benchmarks/art_speed.py [--repeat 3] [--jobs N]

Prints, with the best and the median of N rounds (each round runs every build in turn, so a
change of the machine's load falls on all of them):
  1. the cold build (`--no-cache`) of the full box without pictures and with them, and the
     ratio (target <= 1.3);
  2. the rebuild after replacing one card's picture, with the cache of a full build, against
     the cold build with pictures (target <= 12 %); each round replaces it with a new one;
  3. the size of each cards PDF against the bytes of the pictures it holds, each image
     stream counted once as stored (target <= 1.1).
The pictures are made here (gradients with a numbered grid), never downloaded; every card
whose kind has a frame gets one of its own (the Duel's tactics have none).
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

import pikepdf
from PIL import Image, ImageDraw
from ruamel.yaml import YAML

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "benchmarks"))
from full_box import generate  # noqa: E402

SIZE = (1500, 2100)
WITHOUT_FRAME = {("duel", "tactics.yaml")}
CARDKIT = Path(sys.executable).parent / "cardkit"


def picture(number: int) -> Image.Image:
    """A picture no other card has: a gradient turned by `number`, and a grid offset by it."""
    red = Image.linear_gradient("L").resize(SIZE)
    blue = Image.linear_gradient("L").rotate(number * 37 % 360).resize(SIZE)
    image = Image.merge("RGB", (red, Image.new("L", SIZE, (number * 53) % 256), blue))
    draw = ImageDraw.Draw(image)
    for x in range(number % 100, SIZE[0], 100):
        draw.line([(x, 0), (x, SIZE[1])], fill=(255, 255, 255), width=3)
    for y in range((number * 7) % 100, SIZE[1], 100):
        draw.line([(0, y), (SIZE[0], y)], fill=(255, 255, 255), width=3)
    return image


def add_art(root: Path) -> list[Path]:
    """A picture of its own for every card whose kind has a frame; returns the pictures."""
    yaml = YAML()
    pictures = []
    for card_file in sorted((root / "cards").rglob("*.yaml")):
        game = card_file.relative_to(root / "cards").parts[0]
        if card_file.name == "box.yaml" or (game, card_file.name) in WITHOUT_FRAME:
            continue
        cards = yaml.load(card_file)
        for card_id, facts in cards.items():
            path = root / "art" / game / f"{card_id}.jpg"
            path.parent.mkdir(parents=True, exist_ok=True)
            picture(len(pictures)).save(path, quality=92)
            pictures.append(path)
            facts["art"] = {"file": path.name, "credit": f"Benchmark picture {len(pictures)}, generated"}
        yaml.dump(cards, card_file)
    return pictures


def run_build(root: Path, out: Path, jobs: int | None, cache: bool) -> float:
    command = [str(CARDKIT), "build", str(root), "--out", str(out), "--quiet"]
    command += [] if cache else ["--no-cache"]
    command += [] if jobs is None else ["--jobs", str(jobs)]
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def image_bytes(pdf_path: Path) -> int:
    """The bytes of every image stream in the PDF, each object once, as stored."""
    with pikepdf.open(pdf_path) as pdf:
        return sum(len(obj.read_raw_bytes()) for obj in pdf.objects
                   if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image")


def summary(name: str, seconds: list[float]) -> str:
    return f"{name:34} best {min(seconds):6.2f} s, median {statistics.median(seconds):6.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=None, help="as `cardkit build --jobs` (default: a core each)")
    arguments = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        plain = generate(work / "plain", 177)
        with_art = work / "art"
        shutil.copytree(plain, with_art)
        pictures = add_art(with_art)
        changed = pictures[len(pictures) // 2]
        print(f"cards with a picture: {len(pictures)} ({SIZE[0]} x {SIZE[1]} px JPEG)")
        run_build(with_art, work / "warm", arguments.jobs, cache=True)

        times: dict[str, list[float]] = {"plain": [], "art": [], "one picture": []}
        for round_number in range(arguments.repeat):
            times["plain"].append(run_build(plain, work / "out-plain", arguments.jobs, cache=False))
            times["art"].append(run_build(with_art, work / "out-art", arguments.jobs, cache=False))
            picture(10_000 + round_number).save(changed, quality=92)
            times["one picture"].append(run_build(with_art, work / "warm", arguments.jobs, cache=True))
            print(f"round {round_number + 1}: load {os.getloadavg()[0]:.2f}", flush=True)

        print(summary("cold build, no pictures:", times["plain"]))
        print(summary("cold build, a picture on every card:", times["art"]))
        print(f"  ratio: best {min(times['art']) / min(times['plain']):.2f}x, median "
              f"{statistics.median(times['art']) / statistics.median(times['plain']):.2f}x (target <= 1.3)")
        print(summary("rebuild after one new picture:", times["one picture"]))
        print(f"  of a cold build with pictures: best {100 * min(times['one picture']) / min(times['art']):.1f}%, "
              f"median {100 * statistics.median(times['one picture']) / statistics.median(times['art']):.1f}% "
              "(target <= 12%)")
        for pdf_path in sorted((work / "out-art").rglob("cards-*.pdf")):
            size, images = pdf_path.stat().st_size, image_bytes(pdf_path)
            print(f"  {pdf_path.relative_to(work / 'out-art')}: {size / 1e6:.2f} MB, pictures "
                  f"{images / 1e6:.2f} MB: {size / images:.3f}x (target <= 1.1)")
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
