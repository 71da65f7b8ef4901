"""The loader policy: what YAML can express beyond plain data is refused where it stands."""

from __future__ import annotations

import os
from pathlib import Path

from cardkit.source.yamlfile import Document, load_yaml, parse_text


def problems(text: str) -> list[tuple[str, str]]:
    document = parse_text(text, Document(Path("x.yaml")))
    return [(str(problem.position), problem.code) for problem in document.problems]


def test_a_merge_key_bomb_is_refused_without_expanding_it():
    lines = ["a0: &a0 {x: 1}"]
    for level in range(1, 10):
        lines.append(f"a{level}: &a{level}\n  <<: [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    found = problems("\n".join(lines) + "\n")  # expanded, 9**9 entries would never finish
    assert sorted(found, key=lambda item: int(item[0].split(":")[1])) == [(f"x.yaml:{line}:3", "yaml-merge-key") for line in range(3, 21, 2)]


def test_a_huge_integer_is_refused_before_conversion():
    assert problems("a: " + "7" * 5000 + "\nb: -" + "1" * 16 + "\nc: 123456789012345\n") == [
        ("x.yaml:1:4", "number-too-large"), ("x.yaml:2:4", "number-too-large")]


def test_json_numbers_and_plain_scalars_pass():
    document = parse_text("a: 12\nb: -3\nc: 1.5\nd: true\ne: ~\nf: text\ng: '013'\nh: !!str 12\n",
                          Document(Path("x.yaml")))
    assert document.problems == []
    assert dict(document.data) == {"a": 12, "b": -3, "c": 1.5, "d": True, "e": None, "f": "text",
                                   "g": "013", "h": "12"}


def test_other_number_forms_and_dates_are_refused():
    assert problems("a: 0o17\nb: 1_000\nc: .inf\nd: 2026-11-22\n") == [
        ("x.yaml:1:4", "yaml-number-form"), ("x.yaml:2:4", "yaml-number-form"),
        ("x.yaml:3:4", "yaml-number-form"), ("x.yaml:4:4", "yaml-tag")]


def test_a_tag_on_the_whole_document_leaves_no_data():
    document = parse_text("!!python/object:os.system {}\n", Document(Path("x.yaml")))
    assert [problem.code for problem in document.problems] == ["yaml-tag"]
    assert document.data is None


def test_an_aliased_refused_value_is_reported_once():
    document = parse_text("a: &x !foo 1\nb: [*x, *x, *x]\n", Document(Path("x.yaml")))
    assert [(str(p.position), p.code) for p in document.problems] == [("x.yaml:1:4", "yaml-tag")]
    assert document.rejected_keys == {"a", "b"}


def test_messages_quote_a_short_escaped_excerpt():
    document = parse_text("a: !!int " + "z" * 500 + "\n", Document(Path("x.yaml")))
    assert document.problems[0].message == (
        "!!int on 'zzzzzzzzzzzzzzzzzzzzzzzz'..., which is not a whole number")


def test_a_link_to_outside_is_named_and_its_content_never_quoted(tmp_path: Path):
    root = tmp_path / "db"
    (root / "cards").mkdir(parents=True)
    secret = tmp_path / "shadow"
    secret.write_text("root:*:19000:0:99999:7:::\n")
    (root / "cards" / "plans.yaml").symlink_to(secret)
    document = load_yaml(root / "cards" / "plans.yaml", Path("cards/plans.yaml"), root=root)
    [problem] = document.problems
    assert (problem.code, str(problem.position)) == ("file-unreadable", "cards/plans.yaml:1:1")
    assert problem.message == (f"not read: {root / 'cards' / 'plans.yaml'} is a link to {secret}, "
                               f"outside {root}; only files inside it are read")
    assert "root:*" not in problem.message and document.data is None


def test_a_fifo_and_a_device_are_refused_without_blocking(tmp_path: Path):
    os.mkfifo(tmp_path / "plans.yaml")
    (tmp_path / "aliens.yaml").symlink_to("/dev/zero")
    fifo = load_yaml(tmp_path / "plans.yaml", Path("plans.yaml"), root=Path("/"))
    device = load_yaml(tmp_path / "aliens.yaml", Path("aliens.yaml"), root=Path("/"))
    assert [p.message for p in fifo.problems] == ["not read: is a FIFO (named pipe), not a regular file"]
    assert [p.message for p in device.problems] == ["not read: is a device, not a regular file"]


def test_folded_and_literal_texts_pass():
    document = parse_text("a: >-\n  one\n  two\nb: |\n  three\n  four\n", Document(Path("x.yaml")))
    assert document.problems == []
    assert (document.data["a"], document.data["b"]) == ("one two", "three\nfour\n")


def test_a_bell_escape_is_a_control_character():
    assert problems('a: "bell \\a"\n') == [("x.yaml:1:4", "control-character")]
