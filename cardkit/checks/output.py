"""Problems written for people (text), for programs (json) and for GitHub workflows."""

from __future__ import annotations

import json

from cardkit.checks.runner import Report
from cardkit.messages import Catalogue, Message, Plural, reader_catalogue
from cardkit.problems import Problem, Severity

FORMATS = ("text", "json", "github")
# The severity as a line for people says it: `error`, `Fehler`, `error` (es).
SEVERITY_WORDS = {Severity.ERROR: Message("error"), Severity.WARNING: Message("warning")}


def format_problem(problem: Problem, catalogue: Catalogue | None = None) -> str:
    """The problem as a line for people, its message in the reader's language (gettext's
    environment variables; English by default), its severity too; the code stays as it is, so
    the docs can be searched for it."""
    catalogue = reader_catalogue() if catalogue is None else catalogue
    line = (f"{problem.position}: {catalogue.say(SEVERITY_WORDS[problem.severity])}: {problem.code}: "
            f"{problem.message_in(catalogue)}")
    for related in problem.related:
        line += "\n" + catalogue.say(Message("{position}: note: first defined here", position=related))
    return line


def render_report(report: Report, output_format: str) -> str:
    catalogue = reader_catalogue()
    if output_format == "json":
        return json.dumps({
            "root": str(report.root),
            "files": report.files_checked,
            "errors": len(report.errors),
            "warnings": len(report.warnings),
            "problems": [problem.as_dict(catalogue) for problem in report.problems],
            "silenced": [dict(problem.as_dict(catalogue), reason=reason)
                         for problem, reason in report.silenced],
            "counts": [count.__dict__ for count in report.counts],
        }, indent=2, ensure_ascii=False) + "\n"
    if output_format == "github":
        return "".join(_github_annotation(problem, catalogue) + "\n" for problem in report.problems)
    lines = [format_problem(problem, catalogue) for problem in report.problems]
    lines.append(catalogue.say(_summary(report)))
    return "\n".join(lines) + "\n"


def _summary(report: Report) -> Message:
    by_game: dict[str, list[str]] = {}
    for c in report.counts:
        by_game.setdefault(c.game, []).append(
            f"{c.kind} {c.held}" + (f"/{c.in_box}" if c.in_box is not None else ""))
    held = "; ".join(f"{game}: {', '.join(kinds)}" for game, kinds in by_game.items())
    counted = {"errors": Plural("{count} error", "{count} errors", count=len(report.errors)),
               "warnings": Plural("{count} warning", "{count} warnings", count=len(report.warnings)),
               "files": Plural("{count} file", "{count} files", count=report.files_checked),
               "held": held or Message("none")}
    if report.silenced:
        return Message("{errors}, {warnings}, {silenced} in {files}. Cards held (of the box): {held}",
                       silenced=Plural("{count} silenced", "{count} silenced", count=len(report.silenced)),
                       **counted)
    return Message("{errors}, {warnings} in {files}. Cards held (of the box): {held}", **counted)


def _github_annotation(problem: Problem, catalogue: Catalogue) -> str:
    def escape(value: str, in_property: bool = False) -> str:
        value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        return value.replace(":", "%3A").replace(",", "%2C") if in_property else value

    position = problem.position
    properties = (f"file={escape(str(position.path), True)},line={position.line},"
                  f"col={position.column},title={escape(problem.code, True)}")
    return f"::{problem.severity.value} {properties}::{escape(problem.message_in(catalogue))}"
