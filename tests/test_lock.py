"""requirements.lock, what ./dev and CI install, still satisfies pyproject.toml's ranges:
every dependency pinned to a version its range allows, with the hashes pip checks."""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import PROJECT_ROOT

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def locked() -> dict[str, tuple[str, int]]:
    """Each pinned package's version and how many hashes it carries."""
    pins: dict[str, tuple[str, int]] = {}
    name = None
    for line in (PROJECT_ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        match = PIN.match(line)
        if match:
            name = canonicalize_name(match.group(1))
            pins[name] = (match.group(2), 0)
        elif name and line.strip().startswith("--hash=sha256:"):
            version, hashes = pins[name]
            pins[name] = (version, hashes + 1)
    return pins


def declared() -> list[Requirement]:
    project = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    texts = project["dependencies"] + [text for extra in project["optional-dependencies"].values()
                                       for text in extra]
    return [Requirement(text) for text in texts]


def test_every_range_of_pyproject_is_pinned_to_a_version_it_allows():
    pins = locked()
    requirements = [requirement for requirement in declared()
                    if requirement.marker is None or requirement.marker.evaluate()]
    assert len(requirements) > 20
    unmet = [f"{requirement}: locked {pins.get(canonicalize_name(requirement.name), ('nothing',))[0]}"
             for requirement in requirements
             if canonicalize_name(requirement.name) not in pins
             or not requirement.specifier.contains(pins[canonicalize_name(requirement.name)][0],
                                                   prereleases=True)]
    assert unmet == [], "run ./dev lock"


def test_every_pin_carries_its_hashes():
    pins = locked()
    assert len(pins) > 40
    assert [name for name, (_, hashes) in pins.items() if hashes == 0] == []

