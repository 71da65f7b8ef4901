"""Artwork: the owner's pictures, read, checked and made ready to print (docs/printing.md,
"Artwork").

A card names its picture in the `art` block of its facts; the file lies under
`art/<game>/` and is read through the project boundary like every input. Each game says in
`templates/cards/<game>/art.html` where each kind's picture goes (`art_frames`: a kind, or
`back` for its deck backs, to a frame in millimetres of the face's bleed box); a frame that
reaches the bleed box's edge runs into the bleed.

Each picture is prepared once, before anything is laid out: decoded by Pillow (PNG, JPEG,
WebP; an SVG goes to WeasyPrint as it is), turned upright, converted to sRGB (CMYK and
ICC-profiled pictures, said once per file), cropped to its frame (`cover`: around its focus
point or to its crop box) and downsampled to the build's print resolution, never up. It is
then encoded again with fixed settings and no metadata: JPEG where it is opaque, PNG where
it has transparency. The result is named by its digest (`cardkit-art:<sha256>.<ext>`), so
the HTML of a face that shows it changes exactly when the picture or its placement does,
and with it the face's cache key. It is kept in the face cache under the digest of its file
and everything its preparation depends on, so a rebuild decodes nothing it decoded before.

The effective resolution is the picture's pixels over its printed size: under
`SHARP_DPI` a warning, under `MINIMUM_DPI` an error that stops the build.
"""

from __future__ import annotations

import gettext
import hashlib
import json
import multiprocessing
import os
import warnings
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from io import BytesIO
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING

from jinja2 import Environment, TemplateNotFound

from cardkit.faces.cache import CompiledTemplates, FaceCache, cache_key
from cardkit.faces.games import kinds_of
from cardkit.faces.svg_check import SvgRefused, check_svg
from cardkit.messages import Message
from cardkit.model.base import Art
from cardkit.model.database import Database, Origin
from cardkit.problems import Problem, Severity, error, warning
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.children import die_with_parent

if TYPE_CHECKING:
    from PIL import Image

ART_FOLDER = "art"
# A scan of a card at 1200 dpi is under 60 MB even uncompressed; a larger file is refused.
ART_LIMIT = 64 * 1024 * 1024
DEFAULT_ART_DPI = 300
SHARP_DPI = 300
MINIMUM_DPI = 150
MM_PER_INCH = 25.4
URL_SCHEME = "cardkit-art:"
# What each suffix promises, as Pillow names the format it finds.
FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP", ".svg": "SVG"}
MEDIA_TYPES = {"jpg": "image/jpeg", "png": "image/png", "svg": "image/svg+xml"}
JPEG_QUALITY = 90


@cache
def _encoding() -> str:
    """The settings a re-encoding uses, in every cache key: another setting is another
    picture. Pillow is named by its release, so a rebuild whose pictures are all in the
    cache does not load it."""
    return f"Pillow {version('pillow')}, bicubic, JPEG q{JPEG_QUALITY} 4:2:0 baseline, PNG level 6"


@cache
def _srgb():
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


def art_template(game: str) -> str:
    return f"cards/{game}/art.html"


@dataclass(frozen=True)
class Frame:
    """Where a picture goes on a face: millimetres from the top left of its bleed box."""

    left: float
    top: float
    width: float
    height: float


@dataclass(frozen=True)
class Picture:
    """A picture ready for one face: `data` is served to WeasyPrint under `url`, drawn at
    `left`, `top`, `width`, `height` (mm, in the face's bleed box)."""

    url: str
    data: bytes = field(repr=False)
    left: float
    top: float
    width: float
    height: float
    credit: str
    file: str  # as the card names it, under art/<game>/
    # What was drawn: `cover` and `contain` are done here for pixel pictures; an SVG's CSS
    # does them (object-fit, object-position).
    fit: str = "fill"
    position: str = "50% 50%"
    pixels: tuple[int, int] | None = None  # the file's size; None for an SVG
    dpi: float | None = None  # at the printed size; None for an SVG

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.url.rsplit(".", 1)[1]]


@dataclass
class Pictures:
    """Every card's and deck back's picture by face id, and the pictures a language has of
    its own, with what was found preparing them."""

    by_face: dict[str, Picture] = field(default_factory=dict)
    by_language: dict[tuple[str, str], Picture] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    # One sentence per file converted to sRGB.
    notes: list[str] = field(default_factory=list)

    def of_language(self, language: str) -> dict[str, Picture]:
        """The pictures the faces of one language show, by face id."""
        return {**self.by_face, **{face_id: picture for (other, face_id), picture in self.by_language.items()
                                   if other == language}}

    @property
    def errors(self) -> list[Problem]:
        return [problem for problem in self.problems if problem.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [problem for problem in self.problems if problem.severity is Severity.WARNING]


def art_frames(environment: Environment, game: str) -> dict[str, Frame]:
    """A game's frames by kind (`back`: its deck backs); none for a game without them."""
    try:
        module = environment.get_template(art_template(game)).module
    except TemplateNotFound as exc:
        if exc.name != art_template(game):
            raise
        return {}
    return {kind: Frame(**frame) for kind, frame in getattr(module, "art_frames", {}).items()}


def prepare_pictures(database: Database, root: Path, dpi: int = DEFAULT_ART_DPI,
                     store: FaceCache | None = None, environment: Environment | None = None,
                     jobs: int | None = 1) -> Pictures:
    """The picture of every card, language override and deck back that names one, each
    problem at its `art` block. Pictures the cache does not hold are made on `jobs`
    processes (None: a core each)."""
    from cardkit.faces.environment import make_environment  # not at import: it loads the catalogues' code

    root = root.resolve()
    store = store or FaceCache(None)
    environment = environment or make_environment(root / "templates", gettext.NullTranslations(),
                                                  bytecode_cache=CompiledTemplates(store))
    pictures = Pictures()
    ready: list[tuple[Named, Frame, _Source]] = []
    for game in database.games:
        frames = art_frames(environment, game)
        named, unknown_backs = _named_pictures(database, game, environment)
        pictures.problems += unknown_backs
        for what in named:
            frame = frames.get(what.frame)
            try:
                if frame is None:
                    raise ArtRefused(
                        Message("the {game} {frame} template has no frame for a picture "
                                "(templates/{template} names none for {quoted})", game=game,
                                frame=what.frame, template=art_template(game),
                                quoted=repr(what.frame)),
                        code="art-no-frame", location=())
                ready.append((what, frame, _source(root, game, what.art, frame, dpi)))
            except ArtRefused as refused:
                pictures.problems.append(what.problem(refused.args[0], refused.code, refused.location))
    made = {source.key: store.get(source.key) for *_, source in ready}
    missing = {source.key: source for *_, source in ready if made[source.key] is None}
    for key, outcome in zip(missing, _map(_made, list(missing.values()), jobs)):
        if isinstance(outcome, bytes):
            store.put(key, outcome)
        made[key] = outcome
    converted: set[str] = set()
    for what, frame, source in ready:
        outcome = made[source.key]
        if not isinstance(outcome, bytes):
            pictures.problems.append(what.problem(*outcome))
            continue
        picture, note = _picture(outcome, what.art)
        if what.language is None:
            pictures.by_face[what.face_id] = picture
        else:
            pictures.by_language[what.language, what.face_id] = picture
        if note and source.shown not in converted:
            converted.add(source.shown)
            pictures.notes.append(f"{source.shown}: {note}")
        pictures.problems += [problem for problem in (_resolution_problem(what, source.shown, picture, frame),
                                                      _crop_problem(what, source.shown, picture, frame))
                              if problem is not None]
    return pictures


def names_pictures(database: Database) -> bool:
    """Whether any card, language entry or deck back of the database names a picture."""
    return (any(card.art is not None for card in database.cards.values())
            or any(entry.art is not None for entries in database.texts.values() for entry in entries.values())
            or any(box.backs for box in database.boxes.values()))


@dataclass(frozen=True)
class Named:
    """A picture named by an `art` block (at `location` in `origin`) for the face
    `face_id` (in `language` only, or in every language for None), to go in `frame`;
    `subject` says whose it is in messages."""

    art: Art
    origin: Origin
    location: tuple[str, ...]
    face_id: str
    frame: str
    subject: str | Message
    card_id: str | None = None
    language: str | None = None

    def problem(self, message: Message, code: str, location: tuple[str, ...] = (),
                severity=error, **extra) -> Problem:
        position = (self.origin.position(self.location + location) if location
                    else self.origin.key_position(self.location))
        return severity(position, code, Message("{subject}: {problem}", subject=self.subject,
                                                problem=message), card_id=self.card_id,
                        field=".".join(self.location + location) if self.card_id else None, **extra)


def _named_pictures(database: Database, game: str,
                    environment: Environment) -> tuple[list[Named], list[Problem]]:
    """The pictures a game names: its cards', their languages' own, its deck backs'; and a
    problem for each back named that no deck wears."""
    from cardkit.faces.backs import back_of, back_rules
    from cardkit.faces.faces import reference_cards

    rules = back_rules(environment, game)
    backs = {"reference"} if reference_cards(environment, game) else set()
    named: list[Named] = []
    for kind in kinds_of(game):
        for card in database.cards_of_kind(kind, game):
            backs.add(back_of(card, database, rules))
            if card.art is not None:
                named.append(Named(card.art, database.card_origins[card.id], ("art",), card.id,
                                   kind, card.id, card.id))
            for language in database.languages:
                entry = database.text(language, card.id)
                if entry is not None and entry.art is not None:
                    named.append(Named(entry.art, database.text_origins[language, card.id], ("art",),
                                       card.id, kind, f"{card.id} ({language})", card.id, language))
    problems = []
    box = database.boxes.get(game)
    for back, art in (box.backs.items() if box is not None else ()):
        what = Named(art, database.box_origins[game], ("backs", back), f"back-{game}-{back}",
                     "back", Message("the {back} back", back=back))
        if back in backs:
            named.append(what)
        else:
            problems.append(what.problem(Message("no deck of {game} wears a back named {back}; its "
                                                 "backs: {backs}", game=game, back=repr(back),
                                                 backs=', '.join(sorted(backs))), "art-unknown-back"))
    return named, problems


def _map(function, items: list, jobs: int | None) -> list:
    """`function` over `items`, on up to `jobs` forked processes where there is more than one."""
    workers = min(jobs or os.cpu_count() or 1, len(items))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [function(item) for item in items]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                             initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
        return list(pool.map(function, items))


# `cover` fills its frame and cuts off what overflows it: past this share of the picture
# left out, the owner most likely meant another crop, focus point or `contain`.
MOST_CUT_BY_COVER = 0.25


def _crop_problem(what: Named, shown: str, picture: Picture, frame: Frame) -> Problem | None:
    if picture.pixels is None or what.art.fit != "cover":
        return None
    width, height = picture.pixels
    region = tuple(what.art.crop) if what.art.crop is not None else (0, 0, width, height)
    kept = _covering(region, frame.width / frame.height, what.art.focus or [0.5, 0.5])
    region_width, region_height = region[2] - region[0], region[3] - region[1]
    cut = 1 - ((kept[2] - kept[0]) * (kept[3] - kept[1])) / (region_width * region_height)
    if cut <= MOST_CUT_BY_COVER:
        return None
    # Whole percent, or tenths near the quarter, so a share just over it never reads as one.
    digits = 0 if abs(round(cut * 100) - MOST_CUT_BY_COVER * 100) > 1 else 1
    if kept[2] - kept[0] < region_width:
        sides = _cut_sides((kept[0] - region[0]) / region_width, (region[2] - kept[2]) / region_width,
                           Message("{first} on the left and {second} on the right"),
                           Message("all on the left"), Message("all on the right"), digits)
    else:
        sides = _cut_sides((kept[1] - region[1]) / region_height, (region[3] - kept[3]) / region_height,
                           Message("{first} at the top and {second} at the bottom"),
                           Message("all at the top"), Message("all at the bottom"), digits)
    return what.problem(Message("{picture} is {width} x {height} px; covering its {frame_width} x "
                                "{frame_height} mm frame cuts off {cut} of it ({sides}); crop it to "
                                "the frame's {frame_width}:{frame_height} shape (in the file, or "
                                "with a crop box), or use `fit: contain` to show it whole",
                                picture=shown, width=region_width, height=region_height,
                                frame_width=f"{frame.width:g}", frame_height=f"{frame.height:g}",
                                cut=f"{cut:.{digits}%}", sides=sides),
                        "art-cropped", ("file",), severity=warning)


def _cut_sides(first: float, second: float, both: Message, first_only: Message,
               second_only: Message, digits: int) -> Message:
    """Where a cover cuts a picture, given the shares cut off at each end of one axis."""
    if first and second:
        return both.with_values(first=f"{first:.{digits}%}", second=f"{second:.{digits}%}")
    return first_only if first else second_only


def _resolution_problem(what: Named, shown: str, picture: Picture, frame: Frame) -> Problem | None:
    # Judged in whole dpi, as the message says them: a picture of the size docs/printing.md
    # recommends (815 x 1110 px for the 69 x 94 mm frame at 300 dpi) measures 299.9 dpi on
    # its whole pixels, and is sharp.
    dpi = None if picture.dpi is None else round(picture.dpi)
    if dpi is None or dpi >= SHARP_DPI:
        return None
    width, height = picture.pixels
    said = {"picture": shown, "width": width, "height": height, "dpi": str(dpi),
            "frame_width": f"{frame.width:g}", "frame_height": f"{frame.height:g}",
            "minimum": MINIMUM_DPI, "sharp": SHARP_DPI}
    if dpi < MINIMUM_DPI:
        return what.problem(Message("{picture} is {width} x {height} px and would print at {dpi} "
                                    "dpi in its {frame_width} x {frame_height} mm frame; at least "
                                    "{minimum} dpi are needed ({sharp} for a sharp print)",
                                    **said),
                            "art-resolution", ("file",))
    return what.problem(Message("{picture} is {width} x {height} px and would print at {dpi} dpi "
                                "in its {frame_width} x {frame_height} mm frame; it may print "
                                "blurred ({sharp} dpi for a sharp print)", **said),
                        "art-low-resolution", ("file",), severity=warning)


class ArtRefused(Exception):
    """A picture cardkit will not print; `location` is the key of the `art` block at fault."""

    def __init__(self, message: str, code: str = "art-unreadable", location: tuple[str, ...] = ("file",)):
        super().__init__(message)
        self.code = code
        self.location = location


@dataclass(frozen=True)
class _Source:
    """A picture file as read, and what it is to be made into."""

    shown: str  # art/<game>/<file>
    content: bytes = field(repr=False)
    format: str
    art: Art
    frame: Frame
    dpi: int
    key: str  # of the prepared picture in the face cache


def _source(root: Path, game: str, art: Art, frame: Frame, dpi: int) -> _Source:
    folder = root / ART_FOLDER / game
    path = folder / art.file
    shown = f"{ART_FOLDER}/{game}/{art.file}"
    expected = FORMATS.get(path.suffix.lower())
    if expected is None:
        raise ArtRefused(Message("{shown} is not a picture cardkit prints: its name must end in "
                                 "{formats}", shown=shown, formats=', '.join(sorted(FORMATS))))
    try:
        content = read_input(path, root=folder, limit=ART_LIMIT)
    except InputRefused as exc:
        raise ArtRefused(Message("{shown} cannot be used: {reason}", shown=shown,
                                 reason=exc.reason)) from None
    placement = {"fit": art.fit, "focus": art.focus, "crop": art.crop, "frame": asdict(frame), "dpi": dpi}
    key = cache_key("art", _encoding(), hashlib.sha256(content).hexdigest(),
                    json.dumps(placement, sort_keys=True))
    return _Source(shown, content, expected, art, frame, dpi, key)


def _made(source: _Source) -> bytes | tuple[str, str, tuple[str, ...]]:
    """The prepared picture as the cache keeps it (its record, a newline, its bytes), or
    why it is refused (message, code, location): a plain value, as it may come from
    another process."""
    try:
        if source.format == "SVG":
            record, data = _svg(source.shown, source.content, source.art, source.frame)
        else:
            record, data = _raster(source.shown, source.content, source.format, source.art,
                                   source.frame, source.dpi)
    except ArtRefused as refused:
        return refused.args[0], refused.code, refused.location
    record["url"] = f"{URL_SCHEME}{hashlib.sha256(data).hexdigest()}.{record.pop('suffix')}"
    return json.dumps(record, sort_keys=True).encode() + b"\n" + data


def _picture(stored: bytes, art: Art) -> tuple[Picture, str | None]:
    """The picture from what `_made` gives and the cache keeps, and its colour note."""
    header, _, data = stored.partition(b"\n")
    record = json.loads(header)
    note = record.pop("note")
    if record.get("pixels") is not None:
        record["pixels"] = tuple(record["pixels"])
    return Picture(data=data, credit=art.credit, file=art.file, **record), note


def _svg(shown: str, content: bytes, art: Art, frame: Frame) -> tuple[dict, bytes]:
    """An SVG goes to WeasyPrint as it is, fitted by CSS: it has no pixels to count."""
    if art.crop is not None:
        raise ArtRefused(Message("{shown} is an SVG: a crop box applies to pixel pictures only; "
                                 "use a focus point", shown=shown), code="art-crop", location=("crop",))
    if b"<svg" not in content[:4096]:
        raise ArtRefused(Message("{shown} is not an SVG picture (no <svg> element at its start)",
                                 shown=shown))
    try:
        check_svg(shown, content)
    except SvgRefused as refused:
        raise ArtRefused(refused.args[0], code="art-svg") from None
    focus = art.focus or [0.5, 0.5]
    return ({"left": frame.left, "top": frame.top, "width": frame.width, "height": frame.height,
             "fit": art.fit, "position": f"{focus[0] * 100:g}% {focus[1] * 100:g}%",
             "pixels": None, "dpi": None, "note": None, "suffix": "svg"}, content)


def _raster(shown: str, content: bytes, expected: str, art: Art, frame: Frame,
            dpi: int) -> tuple[dict, bytes]:
    image, note = _decoded(shown, content, expected, frame, dpi)
    width, height = image.size
    if art.crop is not None:
        left, top, right, bottom = art.crop
        if right > width or bottom > height:
            raise ArtRefused(Message("the crop box {crop} reaches outside {shown}, which is "
                                     "{width} x {height} px", crop=art.crop, shown=shown,
                                     width=width, height=height), code="art-crop", location=("crop",))
        region = (left, top, right, bottom)
    else:
        region = (0, 0, width, height)
    if art.fit == "cover":
        region = _covering(region, frame.width / frame.height, art.focus or [0.5, 0.5])
        placed = (frame.left, frame.top, frame.width, frame.height)
    else:
        placed = _contained(region, frame)
    region_width, region_height = region[2] - region[0], region[3] - region[1]
    effective = min(region_width / (placed[2] / MM_PER_INCH), region_height / (placed[3] / MM_PER_INCH))
    most = pixels_at(placed[2], placed[3], dpi)
    target = (min(region_width, most[0]), min(region_height, most[1]))
    from PIL import Image

    image = image.resize(target, Image.Resampling.BICUBIC, box=region)
    data, suffix = _encoded(image)
    return ({"left": placed[0], "top": placed[1], "width": placed[2], "height": placed[3],
             "pixels": [width, height], "dpi": round(effective, 2), "note": note,
             "suffix": suffix}, data)


def _decoded(shown: str, content: bytes, expected: str, frame: Frame,
             dpi: int) -> tuple[Image.Image, str | None]:
    """The picture upright in sRGB (RGB, or RGBA where it has transparency), and a note
    when its colours were converted; one larger than Pillow's pixel limit is refused with
    the size its `frame` needs at `dpi`."""
    from PIL import Image, ImageCms, ImageFile, ImageOps, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # Above Pillow's pixel limit is a refusal, as it is above twice the limit.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(BytesIO(content))
            if image.format != expected:
                raise ArtRefused(Message("{shown} holds {format}, not the {expected} its name "
                                         "promises", shown=shown,
                                         format=image.format or 'an unknown format',
                                         expected=expected))
            if getattr(image, "n_frames", 1) > 1:
                raise ArtRefused(Message("{shown} is animated ({n_frames} frames); a card prints "
                                         "one picture", shown=shown, n_frames=image.n_frames))
            # WeasyPrint lets Pillow print a truncated picture with its rest grey; a card
            # would print so without a word, so a truncated picture is refused here.
            truncated_allowed, ImageFile.LOAD_TRUNCATED_IMAGES = ImageFile.LOAD_TRUNCATED_IMAGES, False
            try:
                image.load()
            finally:
                ImageFile.LOAD_TRUNCATED_IMAGES = truncated_allowed
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        width, height = _declared_size(content)
        needed = pixels_at(frame.width, frame.height, dpi)
        raise ArtRefused(Message("{shown} is {width} x {height} px ({pixels} pixels), more than "
                                 "the {limit} pixels cardkit reads from a picture; scale it down "
                                 "to {needed_width} x {needed_height} px, the size its "
                                 "{frame_width} x {frame_height} mm frame needs at {dpi} dpi "
                                 "(docs/printing.md)", shown=shown, width=width, height=height,
                                 pixels=f"{width * height:,}", limit=f"{Image.MAX_IMAGE_PIXELS:,}",
                                 needed_width=needed[0], needed_height=needed[1],
                                 frame_width=f"{frame.width:g}", frame_height=f"{frame.height:g}",
                                 dpi=dpi), code="art-too-large") from None
    except UnidentifiedImageError:
        raise ArtRefused(Message("{shown} cannot be decoded as a picture", shown=shown)) from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ArtRefused(Message("{shown} cannot be decoded: {reason}", shown=shown, reason=exc)) from None
    image = ImageOps.exif_transpose(image)
    alpha = image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in image.info
    profile = image.info.get("icc_profile")
    note = None
    if profile or image.mode == "CMYK":
        note = (f"{image.mode} with an ICC profile, converted to sRGB" if profile
                else "CMYK without an ICC profile, converted to sRGB")
        if profile:
            try:
                source = ImageCms.ImageCmsProfile(BytesIO(profile))
                if image.mode not in ("RGB", "RGBA", "CMYK", "L"):
                    image = image.convert("RGBA" if alpha else "RGB")
                image = ImageCms.profileToProfile(image, source, _srgb(),
                                                  outputMode="RGBA" if alpha else "RGB")
            except (ImageCms.PyCMSError, OSError, ValueError) as exc:
                raise ArtRefused(Message("{shown} has an ICC profile that cannot be used: {reason}",
                                         shown=shown, reason=exc)) from None
    return image.convert("RGBA" if alpha else "RGB"), note


def _declared_size(content: bytes) -> tuple[int, int]:
    """The pixel size a picture's header declares, read by the reader Pillow found for it
    but without the pixel limit `Image.open` applies, which refused it before saying the
    size; nothing is decoded."""
    from PIL import Image

    for format in Image.ID:  # as Image.open tries them
        factory, accept = Image.OPEN[format]
        accepted = accept is None or accept(content[:16])
        if accepted and not isinstance(accepted, str):
            try:
                return factory(BytesIO(content)).size
            except (SyntaxError, IndexError, TypeError, OSError, ValueError):
                continue
    raise AssertionError("Pillow refused a picture as too large that none of its readers opens")


def _covering(region: tuple[int, int, int, int], aspect: float,
              focus: list[float]) -> tuple[int, int, int, int]:
    """The largest part of `region` with the frame's `aspect`, centred on the focus point as
    far as the region allows."""
    left, top, right, bottom = region
    width, height = right - left, bottom - top
    if width / height > aspect:
        used = max(1, min(width, round(height * aspect)))
        start = left + _clamped(focus[0] * width - used / 2, width - used)
        return (start, top, start + used, bottom)
    used = max(1, min(height, round(width / aspect)))
    start = top + _clamped(focus[1] * height - used / 2, height - used)
    return (left, start, right, start + used)


def _clamped(offset: float, most: int) -> int:
    return min(max(0, round(offset)), most)


def _contained(region: tuple[int, int, int, int], frame: Frame) -> tuple[float, float, float, float]:
    """Where the whole of `region` stands in the frame: as large as fits, centred."""
    width, height = region[2] - region[0], region[3] - region[1]
    scale = min(frame.width / width, frame.height / height)
    placed_width, placed_height = width * scale, height * scale
    return (round(frame.left + (frame.width - placed_width) / 2, 3),
            round(frame.top + (frame.height - placed_height) / 2, 3),
            round(placed_width, 3), round(placed_height, 3))


def _encoded(image: Image.Image) -> tuple[bytes, str]:
    """The picture in a fixed encoding without metadata: the same pixels, the same bytes."""
    output = BytesIO()
    if image.mode == "RGBA":
        image.save(output, "PNG", compress_level=6)
        return output.getvalue(), "png"
    image.save(output, "JPEG", quality=JPEG_QUALITY, subsampling=2, optimize=False, progressive=False)
    return output.getvalue(), "jpg"


def pixels_at(width: float, height: float, dpi: int = DEFAULT_ART_DPI) -> tuple[int, int]:
    """A size in millimetres in pixels at `dpi`, as a picture is downsampled to it."""
    return (round(width / MM_PER_INCH * dpi), round(height / MM_PER_INCH * dpi))
