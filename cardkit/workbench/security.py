"""What keeps other web pages and other hosts away from the workbench.

A page the translator visits elsewhere could make their browser send requests to the
workbench on 127.0.0.1. So every request must name one of the workbench's own addresses as
its Host (which also defeats DNS rebinding), a request that carries an Origin must come
from the workbench's own page, and every write must carry the session's token, which only
the workbench's own page holds: it is written into that page, which other origins cannot
read.
"""

from __future__ import annotations

import hmac
import json

# Sent with every response: the page loads nothing from elsewhere, runs no inline script,
# is never framed, and names no referrer.
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
]
TOKEN_HEADER = "x-cardkit-token"
SAFE_METHODS = ("GET", "HEAD")


class Guard:
    """ASGI middleware refusing requests of other hosts, other origins, and writes without
    the session token; `hosts` are the `host:port` names the workbench answers to."""

    def __init__(self, app, hosts: set[str], token: str):
        self.app = app
        self.hosts = hosts
        self.origins = {f"http://{host}" for host in hosts}
        self.token = token

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}
        refusal = self.refusal(scope["method"], headers)
        if refusal is not None:
            await _refuse(send, refusal)
            return

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def refusal(self, method: str, headers: dict[str, str]) -> str | None:
        """Why a request is refused, or None."""
        if headers.get("host") not in self.hosts:
            return "refused: the request is not addressed to this workbench (Host)"
        origin = headers.get("origin")
        if origin is not None and origin not in self.origins:
            return "refused: the request comes from another site (Origin)"
        if method not in SAFE_METHODS:
            if origin is None:
                return "refused: a write must come from the workbench's page (no Origin)"
            if not hmac.compare_digest(headers.get(TOKEN_HEADER, ""), self.token):
                return "refused: a write must carry this session's token"
        return None


async def _refuse(send, reason: str) -> None:
    body = json.dumps({"message": reason}).encode()
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})
