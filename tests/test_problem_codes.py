"""The registered problem codes and the documented ones are the same set."""

from __future__ import annotations

import re

import pytest

from cardkit.problems import CODES, Position, error
from tests.conftest import PROJECT_ROOT


def test_every_registered_code_is_documented_and_nothing_else():
    documented = re.findall(r"^\| `([a-z-]+)` \|", (PROJECT_ROOT / "docs/problems.md").read_text(), re.M)

    assert sorted(documented) == sorted(CODES)


def test_an_unregistered_code_is_refused():
    with pytest.raises(ValueError, match="not registered"):
        error(Position("x.yaml"), "made-up-code", "message")
