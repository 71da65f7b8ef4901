"""`cardkit new`: one card added by hand, as a canonical stub the owner fills in.

The stub is the card's entry in its kind's facts file, every required fact it cannot fill
listed under `unknown` (so it validates as it stands), and, given a name, its English
text entry (`provisional`, the mark of our wording, until an English printing is cited
for it). Facts the owner gives at once (`--fact value=3`) are written as given, and are
what validate will ask a source for. Both files are written through the one writer
(`i18n/writer.py`) after the what-if check of `validate` (`Checked.edited`), in one
transaction; the caller holds the project lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from cardkit.checks.runner import Checked
from cardkit.i18n.writer import EntryValue, LocaleEdits, write_texts
from cardkit.intake.sheet_cells import stripped
from cardkit.intake.sheet_layout import nested
from cardkit.model.base import CardId
from cardkit.messages import Catalogue, Message
from cardkit.model.games import GAMES
from cardkit.model.kinds import CardKind, Game
from cardkit.model.schema import leaf_types
from cardkit.model.texts import NOT_TEXTS
from cardkit.problems import Position, Severity
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.yamlfile import load_text

class NewRefused(Exception):
    """The card cannot be added as asked; nothing was written. Each argument is a reason."""

    def __str__(self) -> str:
        return self.said(Catalogue.ENGLISH)

    def said(self, catalogue: Catalogue) -> str:
        return "\n".join(catalogue.say(reason) for reason in self.args)


@dataclass(frozen=True)
class Step:
    """Something to fill in next, where."""

    position: Position
    what: Message


@dataclass(frozen=True)
class GivenText:
    """A text typed with `--text`: in `language` (None: English), for `field` (None: the
    kind's one text besides the name)."""

    language: str | None
    field: str | None
    text: str


def new_card(checked: Checked, game_name: str, kind_name: str, card_id: str,
             name: str | None = None, facts: dict[str, Any] | None = None,
             more_texts: list[GivenText] | None = None, notes: list[Message] | None = None) -> list[Step]:
    """Adds the card and returns what to fill in next; raises NewRefused, writing nothing.
    White space taken off the ends of the id, name and texts is noted in `notes`."""
    notes = [] if notes is None else notes
    card_id = stripped(card_id, "ID", notes)
    name = stripped(name, "--name", notes)
    more_texts = [GivenText(text.language, text.field, stripped(text.text, "--text", notes))
                  for text in more_texts or []]
    facts = dict(facts or {})
    database = checked.database
    game = _game(checked, game_name)
    kind = _kind(game, kind_name)
    try:
        TypeAdapter(CardId).validate_python(card_id)
    except ValidationError:
        raise NewRefused(Message("{card} is not a card id: lowercase letters and digits in words "
                                 "joined by hyphens (iron-matron), at most 64",
                                 card=repr(card_id))) from None
    if card_id in database.card_origins:
        at = database.card_origins[card_id].key_position()
        raise NewRefused(Message("{card} exists already: {position}", card=repr(card_id),
                                 position=f"{at.path}:{at.line}"))
    missing = [field for field, info in kind.facts.model_fields.items()
               if info.is_required() and field != "id" and field not in facts]
    if missing:
        given = " ".join(f"--fact {field}=..." for field in missing)
        raise NewRefused(Message("{game} {kind} cards cannot leave {fields} unknown: give {given}",
                                 game=game.name, kind=kind.name, fields=", ".join(missing),
                                 given=given))
    typed = _texts(checked, game, kind, name, [text for text in more_texts if text.text is not None])
    english = typed.get(SOURCE_LANGUAGE, {})
    unknown = [field for field in kind.facts.required_facts if field not in facts]
    if kind.texts is not None and "name" not in english:
        unknown.append("name")
    if game.declared is not None:
        # A declared kind's texts besides the name: listed unknown until written, as facts are.
        unknown += [path for path in kind.facts.TEXT_PATHS
                    if path not in unknown and path not in english]

    facts_file = file_of(checked, game, kind, None)
    edits = LocaleEdits(checked.root)
    edits.add(facts_file, EntryValue(card_id, (), ({"unknown": unknown} if unknown or not facts else {}) | facts))
    for language, by_path in typed.items():
        edits.add(file_of(checked, game, kind, language),
                  EntryValue(card_id, (), nested(by_path, {}) | {"provisional": list(by_path)}))
    text_file = file_of(checked, game, kind, SOURCE_LANGUAGE) if english else None
    texts = edits.texts()
    after = checked.edited(texts, edits.parse)
    problems = after.report.problems
    # The database as it is is checked only when the edited one has errors not about the new
    # card, to leave out those it had already: adding to a clean database checks once.
    if any(problem.severity is Severity.ERROR and problem.card_id != card_id for problem in problems):
        before = {(problem.code, problem.card_id, problem.field) for problem in checked.report.problems}
        brought = [problem for problem in problems
                   if (problem.code, problem.card_id, problem.field) not in before]
    else:
        brought = [problem for problem in problems if problem.card_id == card_id]
    refused = [problem for problem in brought if problem.severity is Severity.ERROR
               and problem.code != "provenance-missing"]
    if refused:
        raise NewRefused(*(Message("{position}: {problem}", position=f"{p.position.path}:{p.position.line}",
                                   problem=p.sentence) for p in refused))
    write_texts(checked.root, texts)
    return _steps(texts, facts_file, text_file, card_id, unknown, brought, checked, game)


def _texts(checked: Checked, game: Game, kind: CardKind, name: str | None,
           given: list[GivenText]) -> dict[str, dict[str, str]]:
    """The texts to write, by language and path: the English name and each `--text`."""
    texts: dict[str, dict[str, str]] = {SOURCE_LANGUAGE: {"name": name}} if name is not None else {}
    if not given:
        return texts
    if kind.texts is None:
        raise NewRefused(Message("{game} {kind} cards have no texts; give no --text", game=game.name,
                                 kind=kind.name))
    plain = [field for field in kind.texts.model_fields
             if field not in NOT_TEXTS and leaf_types(kind.texts, field) == {"string"}]
    others = [field for field in plain if field != "name"]
    for text in given:
        language = text.language or SOURCE_LANGUAGE
        if language not in checked.database.languages:
            raise NewRefused(Message("the database has no language {language}; it has {known}",
                                     language=repr(language),
                                     known=", ".join(checked.database.languages)))
        field = text.field
        if field is None:
            if len(others) != 1:
                raise NewRefused(Message("{game} {kind} cards have the texts {fields}: name the one "
                                         "you give, as --text FIELD=TEXT", game=game.name,
                                         kind=kind.name, fields=", ".join(plain)))
            field = others[0]
        elif field.split(".")[0] in NOT_TEXTS or leaf_types(kind.texts, field) != {"string"}:
            raise NewRefused(Message("{game} {kind} cards have no text {field}; their texts are "
                                     "{fields}", game=game.name, kind=kind.name, field=repr(field),
                                     fields=", ".join(plain)))
        if field in texts.get(language, {}):
            raise NewRefused(Message("the {language} text {field} is given twice", language=language,
                                     field=repr(field)))
        texts.setdefault(language, {})[field] = text.text
    return texts


def _game(checked: Checked, name: str) -> Game:
    held = sorted(game for game in GAMES if game in checked.database.boxes)
    if name not in GAMES or name not in held:
        raise NewRefused(Message("the database has no game {game}; it has {known}", game=repr(name),
                                 known=", ".join(held) or Message("none")))
    return GAMES[name]


def _kind(game: Game, name: str) -> CardKind:
    kind = game.kind(name)
    if kind is None:
        raise NewRefused(Message("{game} has no card kind {kind}; its kinds are {kinds}",
                                 game=game.name, kind=repr(name),
                                 kinds=", ".join(kind.name for kind in game.kinds)))
    return kind


def file_of(checked: Checked, game: Game, kind: CardKind, language: str | None) -> Path:
    """The file that holds the kind's cards (facts, or texts in `language`): the one there
    is, or where a new one goes, mirroring the facts file's folder."""
    layout = checked.sources.layout
    found = ([file.path for file in layout.card_files if file.game == game.name
              and file.stem == kind.file_stem] if language is None else
             [file.path for file in layout.locale_files if file.game == game.name
              and file.language == language and file.stem == kind.file_stem])
    if found:
        return layout.shown(found[0])
    if language is None:
        return Path("cards", game.name, f"{kind.file_stem}.yaml")
    facts = file_of(checked, game, kind, None)
    return Path("locales", language, *facts.parts[1:])


def _steps(texts: dict[Path, str], facts_file: Path, text_file: Path | None, card_id: str,
           unknown: list[str], brought: list, checked: Checked, game: Game) -> list[Step]:
    facts = load_text(texts[facts_file], facts_file)
    steps = []
    if unknown:
        steps.append(Step(facts.key_position((card_id, "unknown")),
                          Message("give {fields} with a source (a declared printing or rulebook "
                                  "lines), and take each off `unknown` (docs/fields.md lists the "
                                  "fields)", fields=", ".join(unknown))))
    steps += [Step(problem.position, problem.sentence) for problem in brought]
    if text_file is not None:
        english = load_text(texts[text_file], text_file)
        steps.append(Step(english.key_position((card_id, "provisional")),
                          Message("the name is ours (provisional) until cited to an English "
                                  "printing; cite one under `sources` and drop `provisional`")
                          if english.data[card_id]["provisional"] == ["name"] else
                          Message("the texts are ours (provisional) until cited to an English "
                                  "printing; cite one under `sources` and drop `provisional`")))
    box = checked.database.boxes[game.name]
    if not box.printings:
        origin = checked.database.box_origins[game.name]
        steps.append(Step(origin.position(()),
                          Message("declare the printing you type the card from under `printings`")))
    return steps
