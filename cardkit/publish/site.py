"""`cardkit site`: a static card gallery, one page per card and language, built from the
face cache.

    index.html                          the languages
    assets/site.css, assets/site.js     the one stylesheet and script (templates/site/)
    <ll>/index.html                     every card of every game, searchable and filtered
    <ll>/search-index.js                the language's search index (names and texts)
    <ll>/<game>/index.html              one game's cards, and its PDFs
    <ll>/<game>/<kind>/index.html       one kind's cards
    <ll>/<game>/<kind>/<id>.html|.png   a card's page and its face
    <ll>/<game>/back/<back>.png         the deck backs
    <ll>/<game>/cards-<paper>.pdf, reference-<paper>.pdf

Every link and image is relative, and no page loads anything from outside the folder, so it
works opened from disk (file://) as from any static host. The search index is a script that
sets a variable rather than a JSON file fetched by the page, since browsers refuse to fetch
files from a page opened from disk. The card data (facts, sources, texts and their states) is
the JSON export's (export/dataset.py), so the gallery and the dataset never disagree.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import quote
from xml.sax.saxutils import escape

from babel import Locale
from jinja2 import Template

from cardkit.checks.text.catalogue import catalogue_path
from cardkit.export.dataset import game_dataset
from cardkit.faces.cache import FaceCache, cache_key
from cardkit.faces.documents import LanguageContext
from cardkit.faces.errors import RenderError
from cardkit.faces.faces import Face
from cardkit.faces.games import Target, kinds_of
from cardkit.model.database import Database
from cardkit.publish.outputs import Made, Outputs
from cardkit.publish.raster import Raster, Rasterised, Renderings, face_job, rasterise_all
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.templates import template_file, template_files

# Cards on screen: about 520 px tall, sharp on a screen of twice the usual density.
SITE_RASTER = Raster(dpi=150, area="trim")
ASSETS = ("site.css", "site.js")
ASSET_LIMIT = 1 << 20
# A card's state: its texts' worst (English cards are the source; a card with no text to
# translate has none).
CARD_STATES = ("missing", "stale", "unconfirmed", "confirmed", "source", "none")


@dataclass(frozen=True)
class SiteCard:
    """What the pages show of one card in one language."""

    face: Face
    record: dict
    language: str
    state: str

    @property
    def id(self) -> str:
        return self.face.id

    @property
    def game(self) -> str:
        return self.face.game

    @property
    def kind(self) -> str:
        return self.face.kind

    # The name of a card the rulebooks show without one, in the page's language: what its
    # face prints, from the same macros (a planet by its symbol, a tactic by its colour).
    our_name: str = ""

    @property
    def name(self) -> str:
        return self.face.text("name") or self.face.source_text("name") or self.our_name

    @property
    def name_in_english(self) -> bool:
        """Whether the name shown is the English one, the language having none yet."""
        return (self.language != SOURCE_LANGUAGE and not self.face.text("name")
                and bool(self.face.source_text("name")))

    @property
    def page(self) -> PurePosixPath:
        """Its page, relative to the site's folder."""
        return PurePosixPath(self.language, self.game, self.kind, f"{self.id}.html")

    @property
    def fields(self) -> list[tuple[str, dict, dict]]:
        """Each text: its path, its record in this language and in English."""
        texts = self.record["texts"]
        return [(path, field, texts[SOURCE_LANGUAGE]["fields"][path])
                for path, field in texts[self.language]["fields"].items()]

    @property
    def search_text(self) -> str:
        return " ".join(field["text"] for _, field, _ in self.fields if "text" in field)

    @property
    def other_languages_text(self) -> str:
        """The card's names and texts in every other language, so a search finds a card by
        its English or Spanish name on the German pages."""
        return " ".join(field["text"] for language, texts in sorted(self.record["texts"].items())
                        if language != self.language
                        for field in texts["fields"].values() if "text" in field)


def write_site(made: Made, outputs: Outputs) -> tuple[dict[Path, bytes], list[str]]:
    """The site (outputs.py), into its own folder."""
    pages, rasterised = site_files(made.database, made.contexts, made, made.documents, made.store,
                                   made.jobs, outputs.site_base)
    return {outputs.site / name: data for name, data in pages.items()}, [f"site/{name}" for name in rasterised]


def site_files(database: Database, contexts: dict[Target, LanguageContext], renderings: Renderings,
               documents: dict[Target, dict[str, bytes]], store: FaceCache,
               processes: int | None = None,
               base_url: str | None = None) -> tuple[dict[str, bytes], list[str]]:
    """Every file of the site by its path under the site folder, and the images that had
    to be rasterised. `documents` holds each target's PDFs by file name. With the
    `base_url` the site will be served from, every page names its canonical address and
    `sitemap.xml` lists them all."""
    records = {game: game_dataset(database, game)["cards"] for game in database.games}
    rulebooks = {file: (game, book.language) for game, box in sorted(database.boxes.items())
                 for file, book in box.rulebooks.items()}
    languages = sorted({target.language for target in contexts})
    games = sorted({target.game for target in contexts})
    cards: dict[Target, list[SiteCard]] = {}
    images = {}
    for target, context in contexts.items():
        our_names = context.environment.from_string(OUR_NAMES)
        cards[target] = [SiteCard(face, records[target.game][face.id], target.language,
                                  _card_state(records[target.game][face.id], target.language),
                                  _our_name(our_names, face))
                         for face in context.faces if face.card is not None]
        for card in cards[target]:
            images[str(card.page.with_suffix(".png"))] = face_job(renderings, target, card.face, SITE_RASTER)
        worn = {card.face.back_id for card in cards[target]}
        for back in context.backs:
            if back.id in worn:  # a page shows it (not the reference cards' back)
                images[str(_back_image(target, back))] = face_job(renderings, target, back, SITE_RASTER)
    rasterised: Rasterised = rasterise_all(images, store, processes)
    files: dict[str, bytes | str] = dict(rasterised.images)
    for name in ASSETS:
        files[f"assets/{name}"] = _asset(next(iter(contexts.values())), name)
    for language in languages:
        targets = [target for target in contexts if target.language == language]
        everything = [card for target in targets for card in cards[target]]
        site = _Pages(contexts[targets[0]], language, languages, games, store, base_url, rulebooks)
        files[f"{language}/search-index.js"] = _search_index(everything)
        files[f"{language}/index.html"] = site.render(
            "site/index.html", PurePosixPath(language, "index.html"), everything,
            {target.game: documents[target] for target in targets})
        for target in targets:
            folder = PurePosixPath(language, target.game)
            for name, pdf in documents[target].items():
                files[str(folder / name)] = pdf
            files[str(folder / "index.html")] = site.render(
                "site/index.html", folder / "index.html", cards[target],
                {target.game: documents[target]}, game=target.game)
            for kind in kinds_of(target.game):
                of_kind = [card for card in cards[target] if card.kind == kind]
                if of_kind:
                    files[str(folder / kind / "index.html")] = site.render(
                        "site/index.html", folder / kind / "index.html", of_kind, {},
                        game=target.game, kind=kind)
            for card in cards[target]:
                back = _back_image(target, contexts[target].face(card.face.back_id))
                picture = contexts[target].pictures.get(card.id)
                files[str(card.page)] = site.render(
                    "site/card.html", card.page, [card], {}, game=card.game, kind=card.kind,
                    card=card, back=str(back), facts=_flatten(card.record["facts"]),
                    credit=picture.credit if picture is not None else None)
    files["index.html"] = next(iter(contexts.values())).render(
        "site/languages.html", languages=languages, language_names=language_names(languages))
    if base_url is not None:
        files["sitemap.xml"] = _sitemap(base_url, sorted(name for name in files if name.endswith(".html")))
    return {name: content.encode("utf-8") if isinstance(content, str) else content
            for name, content in files.items()}, rasterised.made


def language_names(languages: list[str]) -> dict[str, str]:
    """Each language by its own name (CLDR's, through Babel): English, español, Deutsch."""
    return {language: Locale.parse(language).get_display_name(language) for language in languages}


def _back_image(target: Target, back: Face) -> PurePosixPath:
    return PurePosixPath(target.language, target.game, "back", f"{back.back}.png")


OUR_NAMES = ('{% from "macros.html" import planet_name, tactic_name %}'
             '{% if face.kind == "planet" %}{{ planet_name(face.card.symbol) }}'
             '{% elif face.kind == "tactic" %}{{ tactic_name(face.card.colour) }}{% endif %}')


def _our_name(our_names: Template, face: Face) -> str:
    """The name a face prints for a card without one of its own, or "" (`our_names` is
    OUR_NAMES compiled in the face's language)."""
    return " ".join(our_names.render(face=face).split())


def _card_state(record: dict, language: str) -> str:
    states = [field["state"] for field in record["texts"][language]["fields"].values()]
    return min(states, key=CARD_STATES.index, default="none")


class _Pages:
    """The pages of one language, each kept in the face cache under everything it shows
    (the cards' records and names, the links) and the templates, icons and catalogue it is
    rendered with, so a rebuild renders only the pages of what changed."""

    def __init__(self, context: LanguageContext, language: str, languages: list[str],
                 games: list[str], store: FaceCache, base_url: str | None = None,
                 rulebooks: dict[str, tuple[str, str]] | None = None):
        self.context = context
        self.base_url = base_url
        # Each rulebook file a citation may name: its game and language, the language named
        # in this page's ("Cosmic Encounter Duel, rulebook in Spanish").
        self.rulebooks = {file: {"game": game, "language": book_language,
                                 "language_name": Locale.parse(book_language).get_display_name(language)}
                          for file, (game, book_language) in (rulebooks or {}).items()}
        self.language = language
        self.languages = languages
        self.games = games
        self.store = store
        self.code = _site_code(context)

    def render(self, template: str, page: PurePosixPath, cards: list[SiteCard],
               documents: dict[str, dict[str, bytes]], game: str | None = None,
               kind: str | None = None, **extra) -> bytes:
        shown = [[card.id, card.name, card.name_in_english, card.state, str(card.page), card.record]
                 for card in cards]
        key = cache_key("site-page", self.code, template, str(page), json.dumps(
            [shown, {name: sorted(files) for name, files in documents.items()}, game, kind,
             self.languages, self.games, extra.get("back"), extra.get("credit"), self.base_url,
             self.rulebooks],
            sort_keys=True))
        html = self.store.get(key)
        if html is None:
            html = self.context.render(template, **self.values(page, cards, documents, game, kind),
                                       **extra).encode("utf-8")
            self.store.put(key, html)
        return html

    def values(self, page: PurePosixPath, cards: list[SiteCard], documents: dict[str, dict[str, bytes]],
               game: str | None, kind: str | None) -> dict:
        link = lambda target: _relative(page, PurePosixPath(target))  # noqa: E731
        return dict(
            page_language=self.language, languages=self.languages, games=self.games,
            language_names=language_names(self.languages), search=page.name == "index.html",
            cards=cards, game=game, kind=kind,
            kinds=list(dict.fromkeys(card.kind for card in cards)),
            states=[state for state in CARD_STATES if any(card.state == state for card in cards)],
            documents={name: sorted(files) for name, files in documents.items()},
            image=link(page.with_suffix(".png")), link=link,
            other_language=lambda language: _relative(page, PurePosixPath(language, *page.parts[1:])),
            address=(lambda target: _absolute(self.base_url, PurePosixPath(target)))
            if self.base_url else None,
            page_path=str(page), rulebooks=self.rulebooks,
        )


def _site_code(context: LanguageContext) -> str:
    """The digest of what the pages of the context's language are rendered with: the
    gallery's templates, the shared macros and icons, the classic artifacts' timing the
    card pages word their fact with, and the language's catalogue."""
    root = context.root
    files = [(found.key, found.path, found.boundary) for found in
             [*template_files(root, "site"), *template_files(root, "icons", "*.svg"),
              template_file(root, "macros.html"), template_file(root, "cards/classic/timing.html")]]
    catalogue = catalogue_path(root, context.language)
    files = sorted([*files, (catalogue.relative_to(root).as_posix(), catalogue, root)])
    hasher = hashlib.sha256()
    for name, path, boundary in files:
        if path.is_file():
            try:
                content = read_input(path, root=boundary, limit=ASSET_LIMIT)
            except InputRefused as exc:
                raise RenderError(f"refused to read {exc}") from None
            hasher.update(f"{name}\n{len(content)}\n".encode())
            hasher.update(content)
    return hasher.hexdigest()


def _flatten(facts: dict, prefix: str = "") -> list[tuple[str, object]]:
    """Facts as (dotted path, value) in the record's (sorted) order; the page words them."""
    rows = []
    for key, value in facts.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            rows += _flatten(value, path + ".")
        else:
            rows.append((path, value))
    return rows


def _search_index(cards: list[SiteCard]) -> str:
    """The language's cards for the page's search, as a script (see the module's note)."""
    entries = [{"id": card.id, "game": card.game, "kind": card.kind, "state": card.state,
                "name": card.name, "text": card.search_text,
                "other": card.other_languages_text, "page": str(card.page)}
               for card in cards]
    payload = json.dumps(entries, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"window.cardkitSearchIndex = {payload};\n"


def _absolute(base_url: str, target: PurePosixPath) -> str:
    return base_url.rstrip("/") + "/" + quote(str(target))


def _sitemap(base_url: str, pages: list[str]) -> str:
    """Every page's address, as the sitemaps.org protocol lists them for search engines."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    lines += [f"  <url><loc>{escape(_absolute(base_url, PurePosixPath(page)))}</loc></url>" for page in pages]
    lines += ["</urlset>", ""]
    return "\n".join(lines)


def _relative(page: PurePosixPath, target: PurePosixPath) -> str:
    """The link from `page` to `target`, both relative to the site's folder."""
    return PurePosixPath(os.path.relpath(str(target), str(page.parent))).as_posix()


def _asset(context: LanguageContext, name: str) -> bytes:
    try:
        return template_file(context.root, f"site/{name}").read(ASSET_LIMIT)
    except InputRefused as exc:
        raise RenderError(f"refused to read {exc}") from None

