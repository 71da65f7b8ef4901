"""Parses kept between runs give exactly what a new parse gives, and nothing else."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from cardkit.model.database import load_database
from cardkit.source.parsed import ParsedFiles
from cardkit.source.yamlfile import Document, load_yaml, parse_text

PROJECT = Path(__file__).resolve().parents[2]
BROKEN = sorted((Path(__file__).parent / "broken").glob("*.yaml"))


class DictStore:
    def __init__(self):
        self.entries: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        return self.entries.get(key)

    def put(self, key: str, payload: bytes) -> None:
        self.entries[key] = payload


def test_the_shipped_database_read_back_is_the_database_parsed():
    store = DictStore()
    first = ParsedFiles(store)
    parsed_database, parsed_problems, files = load_database(PROJECT, first)
    assert len(first.new) == files
    first.keep()

    again = ParsedFiles(store)
    database, problems, _ = load_database(PROJECT, again)
    assert not again.new  # every file read back
    assert database == parsed_database == load_database(PROJECT)[0]
    assert problems == parsed_problems


@pytest.mark.parametrize("path", BROKEN, ids=[path.stem for path in BROKEN])
def test_a_broken_file_read_back_has_the_problems_of_a_new_parse(path):
    store = DictStore()
    shown = Path("cards/duel") / path.name
    parsed = ParsedFiles(store)
    fresh = load_yaml(path, shown, parsed=parsed)
    parsed.keep()
    again = ParsedFiles(store)
    read_back = load_yaml(path, shown, parsed=again)
    assert not again.new
    assert read_back.problems == fresh.problems == load_yaml(path, shown).problems
    assert read_back.rejected_keys == fresh.rejected_keys
    assert read_back.data == fresh.data


def test_an_edited_text_is_parsed_again():
    store = DictStore()
    parsed = ParsedFiles(store)
    parsed.parse("wild:\n  value: 13\n", Document(Path("plans.yaml")), parse_text)
    parsed.keep()
    edited = parsed.parse("wild:\n  value: 12\n", Document(Path("plans.yaml")), parse_text)
    assert edited.data["wild"]["value"] == 12
    assert len(parsed.new) == 1


class _Removes:
    """A pickle that, unpickled without restriction, removes a file."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self):
        return os.remove, (str(self.path),)


def test_an_entry_that_is_not_a_parse_runs_nothing_and_the_text_is_parsed(tmp_path):
    victim = tmp_path / "keep-me"
    victim.write_text("x")
    store = DictStore()
    text, document = "wild:\n  value: 13\n", Document(Path("plans.yaml"))
    parsed = ParsedFiles(store)
    parsed.parse(text, document, parse_text)
    (key,) = parsed.new
    store.put(key, pickle.dumps(_Removes(victim)))

    read = ParsedFiles(store).parse(text, Document(Path("plans.yaml")), parse_text)
    assert victim.exists()
    assert read.data == {"wild": {"value": 13}} and not read.problems
