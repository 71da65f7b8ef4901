"""The registered problem codes and the documented ones are the same set."""

from __future__ import annotations

import re

import pytest

from cardkit.messages import Message
from cardkit.problems import CODES, Position, error
from tests.conftest import PROJECT_ROOT


def test_every_registered_code_is_documented_and_nothing_else():
    documented = re.findall(r"^\| `([a-z-]+)` \|", (PROJECT_ROOT / "docs/problems.md").read_text(), re.M)

    assert sorted(documented) == sorted(CODES)


def test_an_unregistered_code_is_refused():
    with pytest.raises(ValueError, match="not registered"):
        error(Position("x.yaml"), "made-up-code", Message("message"))


def test_a_plain_string_is_refused_as_a_message():
    """Every message is a template of cardkit's catalogue, never a sentence made on the spot."""
    with pytest.raises(TypeError, match="a problem's message is a Message"):
        error(Position("x.yaml"), "yaml-syntax", "YAML does not parse")
