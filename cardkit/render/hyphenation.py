"""Hyphenation patterns parsed ahead of the rendering, in helper processes.

WeasyPrint hyphenates with pyphen, which parses a language's patterns the first time a
process lays out text in that language, and keeps them in `pyphen.hdcache`. German's are
large: parsing them takes about 0.6 s, as long as loading and planning the whole build, and
every worker process would parse them again. A build that may use several processes starts
one helper per pattern file as it starts, on the spare core; the workers, forked meanwhile,
render the other languages first, and each takes the parsed patterns (a pickle it loads in
a few hundredths of a second) when it first needs them.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import shutil
import tempfile
from multiprocessing.connection import wait
from pathlib import Path

import pyphen


def pattern_file(language: str) -> Path | None:
    """The pattern file pyphen reads for a language, as WeasyPrint asks for it (by the
    documents' `lang`)."""
    name = pyphen.language_fallback(language)
    return pyphen.LANGUAGES.get(name) if name else None


class PatternPrefetch:
    """Parses the pattern files of `languages` that this process has not parsed yet, each in
    a forked helper that leaves them pickled in a private folder. `load` (in this process or
    any forked from it since) waits for a language's helper and puts its patterns in
    pyphen's cache; a helper that failed leaves nothing, and pyphen then parses as it
    always would. `close`, in this process, stops the helpers and removes the folder."""

    def __init__(self, languages: list[str]):
        self.helpers: dict[Path, tuple[multiprocessing.Process, Path]] = {}
        self.folder: Path | None = None
        files = {pattern_file(language) for language in languages} - {None} - set(pyphen.hdcache)
        if not files or "fork" not in multiprocessing.get_all_start_methods():
            return
        context = multiprocessing.get_context("fork")
        self.folder = Path(tempfile.mkdtemp(prefix="cardkit-hyphenation-"))
        for number, path in enumerate(sorted(files)):
            pickled = self.folder / f"{number}.pickle"
            helper = context.Process(target=_parse, args=(path, pickled), daemon=True)
            helper.start()
            self.helpers[path] = helper, pickled

    def __enter__(self) -> PatternPrefetch:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def parsing(self, language: str) -> bool:
        """Whether a helper is still parsing the language's patterns."""
        helper = self.helpers.get(pattern_file(language))
        return helper is not None and not wait([helper[0].sentinel], timeout=0)

    def load(self, language: str) -> None:
        path = pattern_file(language)
        if path not in self.helpers or path in pyphen.hdcache:
            return
        helper, pickled = self.helpers[path]
        wait([helper.sentinel])
        try:
            pyphen.hdcache[path] = pickle.loads(pickled.read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError):
            pass

    def close(self) -> None:
        for helper, _ in self.helpers.values():
            helper.terminate()
            helper.join()
        self.helpers.clear()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _parse(path: Path, pickled: Path) -> None:
    try:
        parsed = pickle.dumps(pyphen.HyphDict(path), protocol=pickle.HIGHEST_PROTOCOL)
        partial = pickled.with_suffix(".partial")
        partial.write_bytes(parsed)
        os.replace(partial, pickled)
    except Exception:  # whatever failed, the processes that need the patterns parse them
        pass
