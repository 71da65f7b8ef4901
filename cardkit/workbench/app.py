"""The workbench's web application (Starlette): the page, its script and styles, the card
templates' stylesheets, fonts and icons, a JSON API over the service, and server-sent
events when files change on disk.

Nothing is served from outside the project's `templates/` folder (or, for a file it does
not have, the templates cardkit ships), and only the kinds of file a page needs from there;
every file is read through the input boundary.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from contextlib import asynccontextmanager
from dataclasses import asdict
from pathlib import Path, PurePosixPath

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from cardkit.faces.layout import BLEED, CARD_HEIGHT, CARD_WIDTH
from cardkit.messages import Catalogue, catalogue as messages_catalogue
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.edit import EditRefused
from cardkit.source.lock import LockTimeout, LockUnavailable
from cardkit.source.templates import template_file
from cardkit.source.transaction import STAGING, WriteFailed
from cardkit.workbench.security import Guard
from cardkit.workbench.service import CardView, Conflict, Workbench, WorkbenchRefused

ASSET_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8",
               ".svg": "image/svg+xml", ".woff2": "font/woff2", ".woff": "font/woff",
               ".ttf": "font/ttf", ".otf": "font/otf", ".png": "image/png"}
ASSET_LIMIT = 16 * 1024 * 1024
# The largest request body read (a card text with its base is a few kilobytes).
BODY_LIMIT = 1024 * 1024
# The tab's icon: two overlapping cards, the back one in the page's accent colour.
FAVICON = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
           b'<rect x="3" y="5" width="16" height="22" rx="2" fill="#2f5d8a"/>'
           b'<rect x="12" y="3" width="16" height="22" rx="2" fill="#fff" stroke="#222" '
           b'stroke-width="2"/></svg>')
# How often an idle event stream sends a comment, so a closed tab is noticed (seconds).
KEEP_ALIVE = 15.0


class Events:
    """The open event streams; each gets every change as it is published."""

    def __init__(self):
        self.queues: set[asyncio.Queue] = set()

    def publish(self, message: dict | None) -> None:
        for queue in self.queues:
            queue.put_nowait(message)


def create_app(service: Workbench, hosts: set[str], token: str | None = None,
               watch: list[Path] | None = None) -> Guard:
    """The application guarded for `hosts` (`host:port`); with `watch`, files changing
    under those folders are reloaded and announced to the open pages."""
    token = token or secrets.token_urlsafe(32)
    events = Events()
    # Problems and refusals in the language being translated into, where cardkit's messages are.
    catalogue = messages_catalogue(service.language)

    async def page(request: Request) -> Response:
        html = service.contexts[service.language].render(
            "workbench/page.html", token=token, target=service.language,
            outline_width=CARD_WIDTH + 2 * BLEED, outline_height=CARD_HEIGHT + 2 * BLEED)
        return HTMLResponse(html)

    async def asset(request: Request) -> Response:
        relative = PurePosixPath(request.path_params["path"])
        media_type = ASSET_TYPES.get(relative.suffix)
        if media_type is None or ".." in relative.parts or relative.is_absolute():
            return _message(404, "not found")
        try:
            found = template_file(service.root, relative)
            # The project's own assets stay within its templates/, as they always were served.
            within = found.boundary if found.shipped else service.root / "templates"
            data = read_input(found.path, root=within, limit=ASSET_LIMIT)
        except (InputRefused, OSError, ValueError):
            return _message(404, "not found")
        return Response(data, media_type=media_type)

    async def favicon(request: Request) -> Response:
        return Response(FAVICON, media_type="image/svg+xml")

    def broken() -> list[dict]:
        """The files that stopped reading, each with the problem that stops it."""
        return [service.broken[file].as_dict(catalogue) for file in sorted(service.broken)]

    async def cards(request: Request) -> Response:
        summaries = await run_in_threadpool(service.cards)
        return JSONResponse({"generation": service.generation,
                             "cards": [asdict(summary) for summary in summaries],
                             "broken": broken()})

    async def card(request: Request) -> Response:
        try:
            view = await run_in_threadpool(service.card, request.path_params["card_id"])
        except WorkbenchRefused as exc:
            return _message(404, _said(exc, catalogue))
        return JSONResponse(_card_json(view, catalogue))

    async def check(request: Request) -> Response:
        body = await _body(request, ("card", "path", "text"))
        if isinstance(body, Response):
            return body
        try:
            problems = await run_in_threadpool(service.check, body["card"], body["path"], body["text"])
        except WorkbenchRefused as exc:
            return _message(422, _said(exc, catalogue))
        return JSONResponse({"problems": [problem.as_dict(catalogue) for problem in problems]})

    async def save(request: Request) -> Response:
        body = await _body(request, ("card", "path", "text", "version", "base", "confirm"))
        if isinstance(body, Response):
            return body
        if not isinstance(body["confirm"], bool):
            return _message(400, "confirm is true or false")
        if not isinstance(body["version"], str) or not isinstance(body["base"], (str, type(None))):
            return _message(400, "version is a string, and base a string or null")
        try:
            saved = await run_in_threadpool(service.save, body["card"], body["path"], body["text"],
                                            body["version"], body["base"], body["confirm"])
        except Conflict as conflict:
            return JSONResponse({"conflict": asdict(conflict)}, status_code=409)
        except (WorkbenchRefused, EditRefused, LockTimeout, LockUnavailable, WriteFailed) as exc:
            return _message(422, _said(exc, catalogue))
        events.publish({"generation": service.generation, "cards": [saved.card_id],
                        "broken": broken()})
        return JSONResponse({**_card_json(saved.card, catalogue),
                             "notes": [catalogue.say(note) for note in saved.notes]})

    async def stream(request: Request) -> Response:
        queue: asyncio.Queue = asyncio.Queue()
        events.queues.add(queue)

        async def messages():
            try:
                yield "retry: 1000\n\n"
                while True:
                    try:
                        message = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if message is None:
                        return
                    yield f"event: changed\ndata: {json.dumps(message)}\n\n"
            finally:
                events.queues.discard(queue)

        return StreamingResponse(messages(), media_type="text/event-stream")

    async def watch_files(stop: asyncio.Event) -> None:
        from watchfiles import awatch

        async for changes in awatch(*watch, stop_event=stop):
            changed = {Path(path) for _, path in changes if STAGING not in Path(path).parts}
            if not changed:
                continue
            try:
                cards_changed = await run_in_threadpool(service.reload, changed)
            except Exception as exc:  # a half-written file: the next change reloads again
                events.publish({"generation": service.generation, "cards": [], "error": str(exc)})
                continue
            events.publish({"generation": service.generation, "cards": sorted(cards_changed),
                            "broken": broken()})

    @asynccontextmanager
    async def lifespan(app):
        stop = asyncio.Event()
        watcher = asyncio.create_task(watch_files(stop)) if watch else None
        try:
            yield
        finally:
            stop.set()
            events.publish(None)
            if watcher is not None:
                await watcher

    app = Starlette(routes=[
        Route("/", page),
        Route("/favicon.ico", favicon),
        Route("/templates/{path:path}", asset),
        Route("/api/cards", cards),
        Route("/api/cards/{card_id}", card),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/save", save, methods=["POST"]),
        Route("/api/events", stream),
    ], lifespan=lifespan)
    app.state.events = events
    return Guard(app, hosts, token)


async def _body(request: Request, keys: tuple[str, ...]) -> dict | Response:
    """The request's JSON object with `keys`, or the response refusing it: a body over
    BODY_LIMIT is refused by its declared length before any of it is read, or as soon as
    it is read past the limit; JSON nested too deeply for the parser is a 400, not a 500."""
    too_large = _message(413, f"the request is larger than {BODY_LIMIT:,} bytes")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > BODY_LIMIT:
        return too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > BODY_LIMIT:
            return too_large
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks))
    except RecursionError:
        return _message(400, "the request is nested too deeply")
    except ValueError:
        return _message(400, "the request is not JSON")
    if not isinstance(body, dict) or any(key not in body for key in keys):
        return _message(400, f"the request needs {', '.join(keys)}")
    if not all(isinstance(body[key], str) for key in ("card", "path", "text")):
        return _message(400, "card, path and text are strings")
    return body


def _message(status: int, message: str) -> JSONResponse:
    return JSONResponse({"message": message}, status_code=status)


def _said(refused: Exception, catalogue: Catalogue) -> str:
    """A refusal in the workbench's language: the workbench's own are Messages."""
    if isinstance(refused, WorkbenchRefused):
        return catalogue.say(refused.args[0])
    return str(refused)


def _card_json(view: CardView, catalogue: Catalogue) -> dict:
    return {
        "card": view.card_id, "kind": view.kind, "state": view.state, "file": view.file,
        "version": view.version, "english_face": str(view.english_face), "face": str(view.face),
        "problems": [problem.as_dict(catalogue) for problem in view.problems],
        "fields": [{**asdict(field), "terms": [asdict(term) for term in field.terms],
                    "diff": [asdict(part) for part in field.diff],
                    "suggestions": [asdict(found) for found in field.suggestions]}
                   for field in view.fields],
    }
