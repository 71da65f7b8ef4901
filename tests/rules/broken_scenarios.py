"""Broken scenario fixtures of any game: each file's header names its one fault, as
`# code: CODE` (a fault of the file, found before the replay) or not (a failure of the
replay), and `# expect: LINE:COLUMN: MESSAGE`."""

from __future__ import annotations

from pathlib import Path


def header(path: Path, field: str) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {field}: "):
            return line.removeprefix(f"# {field}: ")
    return None


def assert_its_one_fault(path: Path, result) -> None:
    """The replay of `path` reports exactly the fault its header names."""
    assert not result.passed
    code = header(path, "code")
    if code is not None:
        # A fault of the file itself: the scenario is not run at all.
        [problem] = result.problems
        reported = f"{problem.position.line}:{problem.position.column}: {problem.message}"
        assert problem.code == code
        assert problem.position.path == Path(path.name)
        assert result.failure is None
    else:
        assert not result.problems
        failure = result.failure
        reported = f"{failure.position.line}:{failure.position.column}: {failure.message}"
    assert reported == header(path, "expect")
