"""Running the workbench: binding its address (a busy port is a clear refusal, not a
traceback), serving with uvicorn until Ctrl-C, and watching the project's files."""

from __future__ import annotations

import errno
import socket

import uvicorn

from cardkit.workbench.app import create_app
from cardkit.workbench.service import Workbench

LOOPBACK = "127.0.0.1"
# How long open pages (their event streams) may hold up stopping (seconds).
SHUTDOWN_GRACE = 1


class AddressUnavailable(Exception):
    """The address or port cannot be bound; nothing was started."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (port 0 picks a free one)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # A workbench stopped a moment ago leaves its connections in TIME-WAIT; without this,
    # starting it again at once is refused as "in use" while nothing listens.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise AddressUnavailable(f"port {port} on {host} is already in use (another workbench or "
                                     "program listens there); choose another with --port") from None
        raise AddressUnavailable(f"cannot listen on {host}:{port}: "
                                 f"{(exc.strerror or str(exc)).lower()}") from None
    return sock


WILDCARD = "0.0.0.0"


def own_hosts(host: str, port: int) -> set[str]:
    """The Host values a request to this workbench may carry: the address it listens on,
    and for loopback or every address (0.0.0.0) the names this machine answers to, so that
    a browser elsewhere can reach it by the machine's name or address while a foreign name
    (DNS rebinding) is still refused."""
    names = {host}
    if host in (LOOPBACK, WILDCARD):
        names |= {LOOPBACK, "localhost"}
    if host == WILDCARD:
        names |= machine_names()
    names.discard(WILDCARD)
    return {f"{name}:{port}" for name in names}


def machine_names() -> set[str]:
    """This machine's host name, full name and the IPv4 addresses they resolve to."""
    names = {socket.gethostname(), socket.getfqdn()}
    for name in list(names):
        try:
            names |= {info[4][0] for info in socket.getaddrinfo(name, None, socket.AF_INET)}
        except OSError:
            continue
    return {name for name in names if name}


def page_address(host: str, port: int) -> str:
    """The address to open the workbench at (a wildcard is no address a browser can open)."""
    return f"http://{socket.gethostname() if host == WILDCARD else host}:{port}/"


def serve(service: Workbench, sock: socket.socket) -> None:
    """Serves until interrupted (Ctrl-C or SIGTERM), then closes the event streams and the
    file watcher and returns."""
    host, port = sock.getsockname()[:2]
    folders = [service.root / name for name in ("cards", "locales", "templates")
               if (service.root / name).is_dir()]
    app = create_app(service, own_hosts(host, port), watch=folders)
    config = uvicorn.Config(app, log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=SHUTDOWN_GRACE)
    Server(config).run(sockets=[sock])


class Server(uvicorn.Server):
    """Ends the pages' event streams as soon as stopping begins: an open stream would
    otherwise hold the server until the grace period ran out, and be cancelled noisily."""

    async def shutdown(self, sockets=None) -> None:
        self.config.app.app.state.events.publish(None)
        await super().shutdown(sockets)
