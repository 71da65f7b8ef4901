"""The fast writer of plain entries gives ruamel.yaml's bytes, or leaves the entry to it."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from cardkit.source.plain_emitter import plain_entries
from cardkit.source.yamlfile import Document, dump_text, parse_text

PROJECT = Path(__file__).resolve().parents[2]


def by_ruamel(key, value) -> str:
    """The entry as the text writer has ruamel.yaml write it (mappings made ruamel.yaml's
    own, lists as they come)."""
    def commented(node):
        if isinstance(node, dict):
            return CommentedMap({inner: commented(item) for inner, item in node.items()})
        return node

    return dump_text(CommentedMap({key: commented(value)}))


def plain(node):
    """The data as a sheet or a command gives it: plain mappings, texts and numbers, and lists
    plain or, where the file writes one on a line, marked so, as the text writer marks them."""
    if isinstance(node, dict):
        return {str(key): plain(value) for key, value in node.items()}
    if isinstance(node, list):
        items = [plain(item) for item in node]
        return flow(items) if node.fa.flow_style() else items
    if isinstance(node, bool) or node is None:
        return node
    return int(node) if isinstance(node, int) else str(node)


def flow(items: list) -> CommentedSeq:
    written = CommentedSeq(items)
    written.fa.set_flow_style()
    return written


def test_every_plain_entry_of_the_shipped_database_is_written_as_ruamel_yaml_writes_it():
    plain_count = others = 0
    for path in sorted([*(PROJECT / "cards").rglob("*.yaml"), *(PROJECT / "locales").rglob("*.yaml")]):
        text = path.read_text(encoding="utf-8")
        data = plain(parse_text(text, Document(path, text=text)).data)
        if not isinstance(data, dict):
            continue
        for key, lines in plain_entries(data).items():
            if lines is None:
                others += 1
            else:
                plain_count += 1
                assert "".join(lines) == by_ruamel(key, data[key]), f"{path}: {key}"
    assert plain_count > 300 and others > 100  # both ways are taken


def test_a_text_that_needs_quotes_folding_or_reads_as_another_type_is_written_as_ruamel_yaml_would():
    for text in ["07", "1.5", "true", "null", "3-5", "2 cartas", "yes: no", "# not a comment",
                 "- item", "'quoted'", "ends with a space ", "Zieh 2 Karten." + " lang" * 20, "a\nb",
                 "dos  espacios: x", "Über", ""]:
        lines = plain_entries({"card": {"name": text}})["card"]
        assert lines is None or "".join(lines) == by_ruamel("card", {"name": text}), text
    assert plain_entries({"card": {"name": "Über"}})["card"] == ["card:\n", "  name: Über\n"]
    assert plain_entries({"card": {"number": "07"}})["card"] == ["card:\n", "  number: '07'\n"]
    assert plain_entries({"card": {"name": "a\nb"}})["card"] is None


PLAIN_KEYS = st.builds(lambda first, rest: first + rest, st.sampled_from("abxyz"),
                       st.text(alphabet="abcxyz019-", max_size=8))
KEYS = st.one_of(PLAIN_KEYS, PLAIN_KEYS, PLAIN_KEYS, PLAIN_KEYS,
                 st.text(alphabet="abcXYZ019-_ :", min_size=1, max_size=8))
# Texts mostly of the characters a plain text may hold, then of anything YAML reads twice.
PLAIN_LOOKING = st.builds(lambda first, rest: first + rest, st.sampled_from("aZäßÜo05"),
                          st.text(alphabet="aZäßÜo09 .,;!?()'-/_", max_size=95))
TEXTS = st.one_of(PLAIN_LOOKING, PLAIN_LOOKING, PLAIN_LOOKING,
                  st.text(alphabet="aZäßÜ09 .,;:!?#'\"()-/_\n\t{}[]&*%@`|>~ÿ\u00a0\u200b", max_size=30))
SCALARS = st.one_of(TEXTS, st.integers(-10**20, 10**20), st.booleans(),
                    st.sampled_from(["true", "Null", "no", "0x1F", "1_000", "2026-11-29", "~", "07",
                                     "1", "12", "1.5", "1e3", "2 cartas", "3-5", "it's"]))
VALUES = st.recursive(SCALARS, lambda children: st.one_of(
    st.lists(children, min_size=1, max_size=3), st.lists(SCALARS, min_size=1, max_size=4).map(flow),
    st.dictionaries(KEYS, children, min_size=1, max_size=3),
    st.dictionaries(KEYS, children, min_size=1, max_size=3), st.sampled_from([[], {}])), max_leaves=8)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(PLAIN_KEYS, VALUES, min_size=1, max_size=3))
def test_generated_entries_are_written_as_ruamel_yaml_writes_them_or_left_to_it(entries):
    written = plain_entries(entries)
    assert list(written) == list(entries)
    for key, lines in written.items():
        assert lines is None or "".join(lines) == by_ruamel(key, entries[key])
