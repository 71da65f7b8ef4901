"""What a stale translation was made from: the earlier English text, found in the project's
git history by its fingerprint. The export writes it as the previous msgid (`#| msgid`, as
`msgmerge --previous` does) and the workbench shows a word diff from it."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cardkit.model.texts import field_location, fingerprint
from cardkit.source.yamlfile import Document, parse_text

# How far back the history is searched for the English a fingerprint was taken of.
COMMITS_SEARCHED = 50


def earlier_english(root: Path, english_file: Path, card_id: str, path: str,
                    wanted: str) -> str | None:
    """The English text of `card_id`'s field `path` whose fingerprint is `wanted`, from the
    versions of `english_file` (relative to `root`) that git recorded; None when the project
    has no history or none of its versions holds that text."""
    commits = _git(root, "log", f"-{COMMITS_SEARCHED}", "--format=%H", "--", english_file.as_posix())
    if commits is None:
        return None
    for commit in commits.split():
        text = _git(root, "show", f"{commit}:./{english_file.as_posix()}")
        if text is None:
            continue
        document = parse_text(text, Document(english_file))
        value = _value_at(document.data, (card_id, *field_location(path)))
        if isinstance(value, str) and fingerprint(value) == wanted:
            return value
    return None


def _value_at(data, location: tuple[str, ...]):
    for step in location:
        if not isinstance(data, dict) or step not in data:
            return None
        data = data[step]
    return data


def _git(root: Path, *arguments: str) -> str | None:
    try:
        run = subprocess.run(["git", "-C", str(root), *arguments], capture_output=True,
                             text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return run.stdout if run.returncode == 0 else None
