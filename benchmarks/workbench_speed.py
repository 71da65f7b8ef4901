"""How fast the workbench answers: save to updated card, and problems after typing stops.

    .venv/bin/python benchmarks/workbench_speed.py [--repeat 3]

On a copy of the shipped database and on a generated full box (172 cards and the 5
quick-reference cards: 177 faces per language, from the generator of
benchmarks/validate_speed.py), the workbench is served by uvicorn on 127.0.0.1 and asked
over HTTP, as the page asks it. Prints, best of N:
  - starting: reading the project and fitting every face, with an empty and a warm face cache;
  - problems: the check of a draft text (every validate check for the field, and its fit),
    and with the page's debounce added, the time from the last keystroke to the problems;
  - save: writing a changed text to the response holding the re-rendered card.
Targets (issue 11): save to updated card <= 1.5 s, problems <= 300 ms after typing stops.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from validate_speed import generate  # run as a script: benchmarks/ is on the path
from cardkit.render.cache import CACHE_FOLDER
from cardkit.workbench.app import create_app
from cardkit.workbench.security import TOKEN_HEADER
from cardkit.workbench.server import Server, bind, own_hosts
from cardkit.workbench.service import Workbench

PROJECT = Path(__file__).resolve().parent.parent
# The page waits this long after the last keystroke before it asks (templates/workbench/workbench.js).
CHECK_DELAY = float(re.search(r"CHECK_DELAY = (\d+)",
                              (PROJECT / "templates/workbench/workbench.js").read_text()).group(1)) / 1000
FULL_BOX_CARDS = 172


def best_of(repeat: int, action) -> float:
    times = []
    for index in range(repeat):
        start = time.perf_counter()
        action(index)
        times.append(time.perf_counter() - start)
    return min(times)


def shipped(root: Path) -> tuple[str, str, str]:
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, root / folder)
    return "iron-matron", "powers.punish.text", (
        "Wann immer dein Gegner genau 1 Handkarte hat, muss er sie dir zeigen. Ist es eine 20, 31 "
        "oder 42, gewinnst du die Partie.")


def full_box(root: Path) -> tuple[str, str, str]:
    generate(root, FULL_BOX_CARDS)
    shutil.copytree(PROJECT / "templates", root / "templates")
    for language in ("en", "es", "de"):
        shutil.copytree(PROJECT / "locales" / language / "LC_MESSAGES",
                        root / "locales" / language / "LC_MESSAGES")
    return "aliens-7", "powers.power-7.text", (
        "Nachdem die Pläne aufgedeckt worden sind, darfst du 4 Karten ziehen und 1 Schiff zerstören.")


def measure(name: str, prepare, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        card, path, text = prepare(root)
        cache = root / "build" / CACHE_FOLDER
        cold = time.perf_counter()
        Workbench(root, "de", cache)
        cold = time.perf_counter() - cold
        warm = best_of(repeat, lambda _: Workbench(root, "de", cache))
        service = Workbench(root, "de", cache)
        sock = bind("127.0.0.1", 0)
        port = sock.getsockname()[1]
        server = Server(uvicorn.Config(create_app(service, own_hosts("127.0.0.1", port), "token"),
                                       log_level="warning", lifespan="on"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.01)
        base = f"http://127.0.0.1:{port}"
        headers = {"Origin": base, TOKEN_HEADER: "token"}
        with httpx.Client(base_url=base, timeout=60) as client:
            client.get(f"/api/cards/{card}")  # the card's fit budgets, measured once

            def check(index: int) -> None:
                draft = text.replace("1", str(index + 2), 1)
                response = client.post("/api/check", headers=headers,
                                       json={"card": card, "path": path, "text": draft})
                assert response.status_code == 200, response.text

            def save(index: int) -> None:
                view = client.get(f"/api/cards/{card}").json()
                current = next(field["text"] for field in view["fields"] if field["path"] == path)
                response = client.post("/api/save", headers=headers, json={
                    "card": card, "path": path, "text": f"{text} ({index})", "version": view["version"],
                    "base": current, "confirm": False})
                assert response.status_code == 200, response.text
                assert f"({index})" in response.json()["face"]

            checking = best_of(repeat, check)
            saving = best_of(repeat, save)
        server.should_exit = True
        thread.join(10)
        sock.close()
    faces = len(service.contexts["de"].faces)
    print(f"{name} ({faces} faces per language):")
    print(f"  start, empty face cache:         {cold:7.2f} s")
    print(f"  start, warm face cache:          {warm:7.2f} s")
    print(f"  check a draft (HTTP):            {checking * 1000:7.0f} ms")
    print(f"  problems after typing stops:     {(checking + CHECK_DELAY) * 1000:7.0f} ms "
          f"(with the page's {CHECK_DELAY * 1000:.0f} ms debounce; target 300 ms)")
    print(f"  save to updated card (HTTP):     {saving:7.2f} s (target 1.5 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())} "
          f"on {os.cpu_count()} cores")
    measure("shipped database", shipped, arguments.repeat)
    measure("generated full box", full_box, arguments.repeat)
    print(f"load average after:  {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
