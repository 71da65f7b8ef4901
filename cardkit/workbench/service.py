"""Everything the workbench page can ask and do, without HTTP: the cards with their states,
one card's fields and faces, checking a draft text, saving and confirming it.

The service keeps the loaded sources and database of one project and one language, checked
as `validate` checks them. A draft is checked as validate would check it: its file's text
as the save would write it (the one text writer, `i18n/writer.py`), parsed in memory and
given the runner's one list of checks (`Checked.edited`). A save or a change on disk
reloads only the files that changed; faces are fitted again only when their HTML at natural
size changed (the face cache's fit key), so after a save only the edited card is laid out
again. All work is serialised by one lock: WeasyPrint and the loaded documents are shared.
"""

from __future__ import annotations

import copy
import gc
import hashlib
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path

from markupsafe import Markup
from ruamel.yaml.comments import CommentedMap

from cardkit.checks.provenance import is_our_wording_in
from cardkit.checks.runner import Checked, check_sources
from cardkit.checks.status import FieldState, translation_states
from cardkit.checks.text.runner import build_lexicons
from cardkit.faces.art import prepare_pictures
from cardkit.faces.cache import CompiledTemplates, FaceCache, Fit
from cardkit.faces.documents import LanguageContext
from cardkit.faces.environment import load_translations, make_environment
from cardkit.faces.faces import Face, Printed
from cardkit.i18n.history import earlier_english
from cardkit.i18n.memory import Suggestion, TranslationMemory
from cardkit.i18n.writer import LocaleEdits, ParsedTexts, Translation, edited_text, write_texts
from cardkit.messages import Message, catalogue as messages_catalogue
from cardkit.model.database import Database
from cardkit.model.texts import field_location, translatable_fields
from cardkit.problems import Position, Problem, Severity
from cardkit.render import Fitting, Renderer, font_coverage, glyph_problems, problems_of, sizes_of
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.edit import EditRefused
from cardkit.source.layout import SOURCE_LANGUAGE, LanguageRefused, discover, translatable_language
from cardkit.source.lock import project_lock
from cardkit.source.transaction import recover
from cardkit.source.tree import load_sources
from cardkit.source.yamlfile import MAX_FILE_BYTES, Document, dump_text, load_yaml, parse_text
from cardkit.workbench.history import DiffPart, word_diff

STATE_ORDER = ("missing", "stale", "translated")
# Problems that mean the text cannot be stored at all: the file would no longer load.
UNSTORABLE = ("blank-text", "control-character", "schema-range", "schema-type")
# How long a save waits for another cardkit command writing the project (seconds).
LOCK_TIMEOUT = 10.0


class WorkbenchRefused(Exception):
    """A request the workbench cannot carry out; nothing was written."""


@dataclass
class Conflict(Exception):
    """The text on disk changed since the page loaded it: both versions, nothing written."""

    card_id: str
    path: str
    mine: str
    theirs: str | None
    version: str


@dataclass(frozen=True)
class CardSummary:
    card_id: str
    kind: str
    state: str
    errors: int
    warnings: int
    # Every name and text in English and the language, for the page's search.
    search: str
    name: str
    # Whether a text of the card is our wording: its state never shows without saying so.
    ours: bool = False


@dataclass(frozen=True)
class Term:
    english: str
    approved: list[str]


@dataclass(frozen=True)
class FieldView:
    path: str
    english: str | None
    text: str | None
    state: str
    reason: str
    budget: int | None
    terms: list[Term]
    english_note: str | None
    note: str | None
    # For a stale text: the English it was translated from (when history holds it), and
    # the word diff from that to today's English.
    earlier_english: str | None = None
    diff: list[DiffPart] = field(default_factory=list)
    # The closest confirmed translations of other texts, best first (the translation memory).
    suggestions: list[Suggestion] = field(default_factory=list)
    # `ours` for a text of our wording (listed provisional), `printed` for the printed
    # card's; None for a field with no text.
    wording: str | None = None


@dataclass(frozen=True)
class CardView:
    card_id: str
    kind: str
    state: str
    file: str
    version: str
    fields: list[FieldView]
    problems: list[Problem]
    english_face: Markup
    face: Markup


@dataclass(frozen=True)
class _Draft:
    """An edit made in memory: the problems of its field and, when the file could hold
    the text, the file's new text and the project checked with it."""

    problems: list[Problem]
    file: Path
    document: Document | None
    text: str | None = None
    after: Checked | None = None


@dataclass(frozen=True)
class Saved:
    card_id: str
    path: str
    confirmed: bool
    card: CardView
    # What the save changed of the text as typed (white space taken off its ends).
    notes: tuple[Message, ...] = ()


# How often the cycles of the projects loaded before are collected (see Workbench._settle).
LOADS_PER_COLLECTION = 20


class Workbench:
    def __init__(self, root: Path, language: str, cache_folder: Path | None = None):
        self.root = root.resolve()
        self.language = language
        self.lock = threading.RLock()
        self.store = FaceCache(cache_folder)
        # Templates compiled once and kept in the face cache, as the build keeps them: a
        # reload compiles only the templates whose source changed.
        self.templates = CompiledTemplates(self.store)
        self.fitting = Fitting(Renderer(self.root), self.store)
        self._fits: dict[tuple[str, str], tuple[str, list[Fit]]] = {}
        # The face each fit key was made from: a face equal to it, under the same templates,
        # has the same HTML and so the same key.
        self._keyed: dict[tuple[str, str], Face] = {}
        self._budgets: dict[str, dict[str, int]] = {}
        # Earlier English texts found in the history, by (file, card, field, fingerprint).
        self._earlier: dict[tuple[Path, str, str, str], str | None] = {}
        self.generation = 0
        self.loads = 0
        self.collecting: threading.Thread | None = None  # the latest collection of cycles
        self._card_states: dict[str, tuple[str, int, int]] = {}
        # Files that read when loaded and no longer do (half saved, a merge conflict), with
        # the first problem reading them found: the workbench keeps showing them as they
        # last read, and refuses to save into them until they read again.
        self.broken: dict[Path, Problem] = {}
        try:
            translatable_language(language, discover(self.root).languages)
        except LanguageRefused as exc:
            raise WorkbenchRefused(str(exc)) from None
        self.reload()

    # Loading

    def reload(self, changed: set[Path] | None = None, checked: Checked | None = None,
               text_edit: bool = False) -> set[str]:
        """Reads the project again: only the `changed` files when given (and already known),
        every file otherwise; or takes `checked`, the project already checked with the
        `changed` files as they are now on disk. `text_edit`: `checked` differs from the
        project loaded only by one card text (the workbench's own save), which changes no
        picture and no glossary, so the pictures and lexicons are kept. Returns the ids of
        the cards whose faces or states changed."""
        with self.lock:
            broken_before = dict(self.broken)
            reread = None if changed is None or checked is not None else self._reread(changed)
            if reread == {}:
                if self.broken != broken_before:
                    self.generation += 1
                return set()
            whole = reread is None and checked is None
            if checked is not None:
                self.checked = checked
            elif whole:
                self.checked = check_sources(self.root, load_sources(self.root))
                self._budgets.clear()
            else:
                self.checked = check_sources(self.root, self.checked.sources.replaced(reread))
            before = self._card_states
            self.database = self.checked.database
            if not text_edit:
                # The cards' pictures are checked as `build` and `validate --fit` check them.
                self.picture_problems = prepare_pictures(self.database, self.root, store=self.store).problems
                self.lexicons = build_lexicons(self.database)
                # The characters the fonts cannot print, as `build` and `validate` find them.
                self.coverage, self.font_problems = font_coverage(self.root, self.store)
            self.problems = (self.checked.report.problems + self.picture_problems + self.font_problems
                             + (glyph_problems(self.database, self.root, [self.language],
                                               coverage=self.coverage)
                                if self.coverage is not None else []))
            self.states = translation_states(self.database, [self.language])
            self.memory = TranslationMemory(self.database, self.language)
            if whole:
                self.contexts = {language: LanguageContext(
                    self.root, language, self.database, environment=make_environment(
                        self.root / "templates", load_translations(self.root, language),
                        bytecode_cache=self.templates, language=language))
                    for language in (SOURCE_LANGUAGE, self.language)}
            else:
                self.contexts = {language: _with_database(context, self.database)
                                 for language, context in self.contexts.items()}
            if whole:
                self._keyed.clear()  # the templates may have changed
            refitted = self._fit_all(None if whole else _languages_of(changed, self.root))
            self._card_states = {summary.card_id: (summary.state, summary.errors, summary.warnings)
                                 for summary in self.cards()}
            self.generation += 1
            self._settle()
            return refitted | {card_id for card_id, state in self._card_states.items()
                               if before.get(card_id) != state}

    def _settle(self) -> None:
        """Puts the project just loaded out of the cycle collector's reach (`gc.freeze`). It
        lives until the next load, and a full collection walking all of it in the middle of
        a check made the slowest checks many times the median (p95 of 60 drafts 220 ms,
        the slowest 1.4 s; frozen, 78 and 81 ms). What earlier loads left in cycles is
        frozen with it, so every LOADS_PER_COLLECTION loads those are collected, after the
        load, on a thread of its own holding the lock."""
        self.loads += 1
        if self.loads % LOADS_PER_COLLECTION == 0:
            self.collecting = threading.Thread(target=self._collect_cycles, daemon=True)
            self.collecting.start()
        gc.freeze()

    def _collect_cycles(self) -> None:
        with self.lock:
            gc.unfreeze()
            gc.collect()
            gc.freeze()

    def _reread(self, changed: set[Path]) -> dict[Path, Document] | None:
        """The changed files read again, by their paths under the root; None when one is not
        a loaded file (new, removed, a template), so the whole project must be read again."""
        sources = self.checked.sources
        loaded = {document.path for _, document in (*sources.card_documents,
                                                     *sources.locale_documents)}
        shown = {}
        for path in changed:
            path = path.resolve()
            if not path.is_file() or not path.is_relative_to(self.root):
                return None
            file = path.relative_to(self.root)
            if file not in loaded and not _new_text_file(file, self.database):
                return None
            shown[path.relative_to(self.root)] = path
        read = {file: load_yaml(path, file, root=self.root, round_trip=False)
                for file, path in shown.items()}
        for file, document in read.items():
            if file in loaded and document.data is None and document.problems:
                self.broken[file] = document.problems[0]
            else:
                self.broken.pop(file, None)
        texts = {document.path: document.text for _, document in (*sources.card_documents,
                                                                  *sources.locale_documents)}
        # a file written as it was loaded (the workbench's own save, seen by the watcher),
        # and one that no longer reads, kept as it last read
        return {file: document for file, document in read.items()
                if document.text != texts.get(file) and file not in self.broken}

    def _fit_all(self, languages: set[str] | None) -> set[str]:
        """Fits every face of both languages (or of `languages`, when only their texts
        changed): from memory or the face cache when its fit key is unchanged, laid out
        otherwise. Returns the ids of the faces whose HTML changed."""
        changed = set()
        for language, context in self.contexts.items():
            if languages is not None and language not in languages:
                continue
            for face in (*context.faces, *context.backs):
                known = self._fits.get((language, face.id))
                keyed = self._keyed.get((language, face.id))
                if known is not None and (keyed is face or keyed == face):
                    continue
                key = self.fitting.key(context, face)
                self._keyed[(language, face.id)] = face
                if known is not None and known[0] == key:
                    continue
                fits = self.fitting.fits(context, face, key)
                changed.add(face.id)
                self._fits[(language, face.id)] = (key, fits)
        return changed

    # Reading

    def cards(self) -> list[CardSummary]:
        with self.lock:
            summaries = []
            for face in self.contexts[self.language].faces:
                if face.card is None:
                    continue
                fields = self._states_of(face.id)
                state = min((f.state for f in fields), key=STATE_ORDER.index, default="translated")
                problems = self._problems_of(face.id)
                texts = [text for f in fields for text in (f.source_text, f.text) if text]
                name = next((f.text or f.source_text or "" for f in fields if f.path == "name"), "")
                summaries.append(CardSummary(
                    face.id, face.kind, state,
                    sum(p.severity is Severity.ERROR for p in problems),
                    sum(p.severity is Severity.WARNING for p in problems),
                    " ".join([face.id, *texts]).casefold(), name,
                    face.entry is not None and any(f.text is not None and face.entry.wording(f.path) == "ours"
                                                   for f in fields)))
            return summaries

    def card(self, card_id: str) -> CardView:
        with self.lock:
            face = self._face(card_id)
            english_face = self.contexts[SOURCE_LANGUAGE].face(card_id)
            budgets = self._budgets_of(card_id)
            entry = self.database.text(self.language, card_id)
            english_entry = self.database.text(SOURCE_LANGUAGE, card_id)
            fields = [self._field_view(state, budgets.get(state.path), entry, english_entry)
                      for state in self._states_of(card_id)]
            state = min((f.state for f in fields), key=STATE_ORDER.index, default="translated")
            file = self.database.locale_file(self.language, card_id)
            return CardView(card_id, face.kind, state, file.as_posix(), self.version(file),
                            fields, self._problems_of(card_id),
                            self._face_markup(SOURCE_LANGUAGE, english_face),
                            self._face_markup(self.language, face))

    def version(self, file: Path) -> str:
        """The version token of a project file: the digest of its bytes ("" when absent)."""
        return _version_of(self._bytes_on_disk(file))

    def _bytes_on_disk(self, file: Path) -> bytes | None:
        try:
            return read_input(self.root / file, root=self.root, limit=MAX_FILE_BYTES)
        except InputRefused:
            return None

    def _field_view(self, state: FieldState, budget: int | None, entry, english_entry) -> FieldView:
        english = state.source_text
        terms = []
        if english:
            target = self.database.glossaries.get(self.language, {})
            source = self.database.glossaries.get(SOURCE_LANGUAGE, {})
            lexicon = self.lexicons[SOURCE_LANGUAGE].for_game(self.database.game_of(state.card_id))
            for term_id in sorted(lexicon.terms_in(english)):
                terms.append(Term(source[term_id].term,
                                  target[term_id].approved if term_id in target else []))
        earlier, diff = None, []
        recorded = entry.translated_from.get(state.path) if entry is not None else None
        if state.state == "stale" and english and recorded is not None:
            english_file = self.database.text_origins[(SOURCE_LANGUAGE, state.card_id)].document.path
            found = (english_file, state.card_id, state.path, recorded)
            if found not in self._earlier:
                self._earlier[found] = earlier_english(self.root, *found)
            earlier = self._earlier[found]
            if earlier is not None:
                diff = word_diff(earlier, english)
        suggestions = self.memory.suggestions(english, state.card_id, state.path) if english else []
        return FieldView(state.path, english, state.text, state.state,
                         messages_catalogue(self.language).say(state.reason), budget, terms,
                         english_entry.notes.get(state.path) if english_entry else None,
                         entry.notes.get(state.path) if entry else None, earlier, diff,
                         suggestions, entry.wording(state.path)
                         if entry is not None and state.text is not None else None)

    def _budgets_of(self, card_id: str) -> dict[str, int]:
        """The card's fit budgets, measured for this card alone on first use and kept until
        the whole project is read again (a template may have changed); a saved text changes
        its own budget only by the length of its words. The face cache keeps them under the
        face's fit key, which changes with the card's templates, stylesheets and texts."""
        if card_id not in self._budgets:
            fit_key = self._fits[(self.language, card_id)][0]
            self._budgets[card_id] = self.fitting.budgets(self.contexts[self.language],
                                                          {card_id: fit_key}).get(card_id, {})
        return self._budgets[card_id]

    def _face(self, card_id: str) -> Face:
        if card_id not in self.database.cards:
            raise WorkbenchRefused(Message("no card {card_id}", card_id=repr(card_id)))
        return self.contexts[self.language].face(card_id)

    def _face_markup(self, language: str, face: Face) -> Markup:
        _, fits = self._fits[(language, face.id)]
        return Markup(self.contexts[language].render("review_face.html",
                                                     printed=Printed(face, sizes_of(fits))))

    def _states_of(self, card_id: str) -> list[FieldState]:
        return [state for state in self.states if state.card_id == card_id]

    def _problems_of(self, card_id: str) -> list[Problem]:
        """Problems of the card's facts, its English text, or this language's text and fit."""
        fits = self._fits[(self.language, card_id)][1]
        found = [problem for problem in self.problems if problem.card_id == card_id
                 and _concerns(problem, self.language)]
        return found + problems_of(self.database, self.language, fits, self.root / "templates")

    # Checking and saving

    def check(self, card_id: str, path: str, text: str) -> list[Problem]:
        """The problems `text` would have as the card's field `path`, without saving: every
        problem `validate` would report about that field, and whether it fits its box.

        Nothing is read from disk: the text writer makes the file's text as a save would
        write it from the loaded one, which is parsed in memory and given every check of
        validate (`Checked.edited`); the card's face is fitted with the draft."""
        with self.lock:
            return self._draft(self._translation(card_id, path, text)).problems

    def _translation(self, card_id: str, path: str, text: str) -> Translation:
        """The edit setting `text` as the field, marked as our wording where it cites no
        printed wording in this language, as every writer of a translator's text marks it."""
        return Translation(card_id, path, text=text,
                           ours=is_our_wording_in(self.database, self.language, card_id, path))

    def _draft(self, edit: Translation) -> "_Draft":
        """The loaded project with `edit` made in memory, and the problems of its field. The
        draft face's fit goes into the face cache, so a save of the same text, or the
        reload after it, lays nothing out again."""
        card_id, path = edit.card_id, edit.path
        self._require_field(card_id, path)
        file = self.database.locale_file(self.language, card_id)
        document = next((loaded for _, loaded in self.checked.sources.locale_documents
                         if loaded.path == file), None)
        if document is not None and (document.problems
                                     or not isinstance(document.data, (dict, type(None)))):
            raise WorkbenchRefused(Message("{file}: does not load, so the text cannot be checked; "
                                           "`cardkit validate` says why", file=file))
        at = (document.position((card_id, *field_location(path))) if document is not None
              else Position(file))
        faults = _value_faults(edit.text, at, card_id, path)
        if faults:
            return _Draft(faults, file, document)
        parsed = ParsedTexts([document] if document is not None else [])
        try:
            text = self._edited(file, document, edit, parsed)
        except EditRefused as exc:
            raise WorkbenchRefused(Message("the text cannot be checked: {reason}", reason=exc)) from None
        after = self.checked.edited({file: text}, parsed)
        found = [problem for problem in after.report.problems
                 if problem.position.path == file and _about(problem, card_id, path)]
        database = after.database
        if self.coverage is not None:  # at the field's line in the file as the save writes it
            origin = database.text_origins.get((self.language, card_id))
            glyphs = self.coverage.text_problem(
                origin.position(field_location(path)) if origin is not None else at, card_id,
                path, self.language, edit.text)
            found += [glyphs] if glyphs is not None else []
        if card_id in database.cards and (self.language, card_id) not in database.invalid_texts:
            context = _with_database(self.contexts[self.language], database)
            face = context.face(card_id)
            fits = self.fitting.fits(context, face)
            found += [problem for problem in
                      problems_of(database, self.language, fits, self.root / "templates")
                      if _about(problem, card_id, path)]
        return _Draft(found, file, document, text, after)

    def save(self, card_id: str, path: str, text: str, version: str, base: str | None,
             confirm: bool) -> Saved:
        """Writes `text` as the card's field `path` through the one text writer, all or
        nothing, holding the project's write lock. With `confirm` the current English's
        fingerprint is recorded (what mark-translated does); without, any recorded one is
        removed, so the text is listed as needing work.

        `version` and `base` are the file's version token and the field's text when the page
        loaded them: when the file changed since and the field on disk is no longer `base`,
        raises Conflict with both texts. A text with errors is saved only unconfirmed; one
        the file could not hold (blank, too long) is refused."""
        with self.lock:
            self._require_field(card_id, path)
            notes = ()
            if text.strip() and text != text.strip():  # only white space is refused below
                notes = (Message("{where}: white space taken off the ends of {value}",
                                 where=f"{card_id}.{path}", value=repr(text)),)
                text = text.strip()
            english = next(state.source_text for state in self._states_of(card_id)
                           if state.path == path)
            if confirm and english is None:
                raise WorkbenchRefused(Message("{card_id}.{path} has no English text to confirm "
                                               "against", card_id=card_id, path=path))
            edit = replace(self._translation(card_id, path, text), confirmed=confirm,
                           english=english)
            draft = self._draft(edit)
            errors = [problem for problem in draft.problems if problem.severity is Severity.ERROR]
            unstorable = [problem for problem in errors if problem.code in UNSTORABLE]
            if unstorable:
                raise WorkbenchRefused(Message("not saved: {message}",
                                               message=unstorable[0].sentence))
            if confirm and errors:
                raise WorkbenchRefused(Message("a text with errors can be saved only unconfirmed: "
                                               "{code}: {message}", code=errors[0].code,
                                               message=errors[0].sentence))
            file = draft.file
            if file in self.broken:
                problem = self.broken[file]
                raise WorkbenchRefused(Message(
                    "not saved: {file} does not read since it changed on disk (line {line}: "
                    "{reason}); your draft is kept: save again once the file reads",
                    file=file.as_posix(), line=problem.position.line or 1,
                    reason=problem.sentence))
            with project_lock(self.root, timeout=LOCK_TIMEOUT):
                recover(self.root, in_project=True)
                data = self._bytes_on_disk(file)  # read once: the version, the conflict and the write agree
                on_disk = _decoded(data)
                current = _version_of(data)
                if current != version:
                    theirs = _field_of(file, on_disk, card_id, path)
                    if theirs != base:
                        raise Conflict(card_id, path, text, theirs, current)
                # the draft was made from the file as it is on disk: it is what to write,
                # and the project checked with it is the project after the save
                as_loaded = on_disk == (draft.document.text if draft.document else None)
                if as_loaded and draft.text is not None:
                    texts = {file: draft.text}
                else:
                    edits = LocaleEdits(self.root)
                    edits.add(file, edit)
                    texts = edits.texts()
                write_texts(self.root, texts)
            # a picture's problem in the saved file may have moved lines: check them again
            pictures_placed = not any(problem.position.path == file for problem in self.picture_problems)
            self.reload({self.root / file}, draft.after if as_loaded else None,
                        text_edit=as_loaded and pictures_placed)
            return Saved(card_id, path, confirm, self.card(card_id), notes)

    def _edited(self, file: Path, document: Document | None, edit: Translation,
                parsed: ParsedTexts) -> str:
        """The file's text after `edit`; a file that does not exist yet begins with a comment
        saying what it holds, then the card's entry in canonical form."""
        if document is not None:
            return edited_text(document.text, file, [edit], parsed)
        game, kind = file.parts[2], file.stem
        header = (f"# {self.language} texts of the {kind} of {game}, begun in the translation "
                  "workbench.\n\n")
        return header + edited_text(None, file, [edit])

    def _require_field(self, card_id: str, path: str) -> None:
        card = self.database.cards.get(card_id)
        if card is None:
            raise WorkbenchRefused(Message("no card {card_id}", card_id=repr(card_id)))
        if path not in translatable_fields(card):
            raise WorkbenchRefused(Message("{card_id} has no translatable text {path}",
                                           card_id=repr(card_id), path=repr(path)))


def _version_of(data: bytes | None) -> str:
    return hashlib.sha256(data).hexdigest()[:16] if data is not None else ""


def _decoded(data: bytes | None) -> str | None:
    try:
        return data.decode("utf-8") if data is not None else None
    except UnicodeDecodeError:
        return None


def _field_of(file: Path, text: str | None, card_id: str, path: str) -> str | None:
    """The text of the card's field `path` in the file's `text`, if it has one."""
    if text is None:
        return None
    node = _parse(file, text).data
    for step in (card_id, *field_location(path)):
        if not isinstance(node, dict) or step not in node:
            return None
        node = node[step]
    return node if isinstance(node, str) else None


def _with_database(context: LanguageContext, database: Database) -> LanguageContext:
    """The context over another state of the same project: its compiled templates and
    catalogue kept (compiling them costs more than everything else a save does), its faces
    taken from `database`."""
    changed = copy.copy(context)
    changed.refresh(database)
    return changed


def _languages_of(files: set[Path], root: Path) -> set[str] | None:
    """The languages whose text files these are; None when one holds card facts (every
    language's faces show them)."""
    languages = set()
    for file in files:
        parts = file.resolve().relative_to(root).parts
        if parts[0] != "locales":
            return None
        languages.add(parts[1])
    return languages


def _new_text_file(file: Path, database: Database) -> bool:
    """Whether `file` is a language's file of card texts that the project did not hold yet
    (the workbench's first save of a card in a language makes one)."""
    return (len(file.parts) >= 4 and file.parts[0] == "locales" and file.suffix == ".yaml"
            and file.parts[1] in database.languages)


def _value_faults(text: str, at: Position, card_id: str, path: str) -> list[Problem]:
    """What reading the text from a file would refuse (control characters, only
    whitespace), placed at the field."""
    parsed = parse_text(dump_text(CommentedMap(text=text)), Document(at.path), round_trip=False)
    return [replace(problem, position=at, card_id=card_id, field=path)
            for problem in parsed.problems]


def _parse(file: Path, text: str) -> Document:
    return parse_text(text, Document(file, text=text))


def _about(problem: Problem, card_id: str, path: str) -> bool:
    return problem.card_id == card_id and problem.field == path


def _concerns(problem: Problem, language: str) -> bool:
    parts = problem.position.path.parts
    return parts[0] == "cards" or parts[:2] in (("locales", language), ("locales", SOURCE_LANGUAGE))
