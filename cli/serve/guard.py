"""Who is asking: the checks every request of ``tanktable serve`` passes first.

A seat's link is a secret, but the browser that holds it also visits other
sites. What this module keeps out:

* **DNS rebinding**: a page of ``evil.example`` whose name is made to point
  at this machine would be same-origin with the server. The ``Host`` header
  must be a name the server serves (:class:`ServedNames`): 421 otherwise.
* **Requests forged by other pages**: every request that changes something
  (any method but GET and HEAD) must carry an ``Origin`` that is the server's
  own (browsers send it with every ``fetch`` POST, also under
  ``Referrer-Policy: no-referrer``, which turns only a form's or a no-cors
  request's ``Origin`` into ``null``); a GET that carries an ``Origin`` (a
  cross-site ``fetch`` or ``EventSource``, the push stream) must carry the
  server's own too (a same-origin GET carries none). 403 otherwise.
* **Bodies a form can send**: a body is read only as ``application/json``
  (415 otherwise), which no other page can send here without the browser
  asking the server first (and this server answers no such question).
* **Framing, sniffing, leaking links**: every answer carries
  ``Content-Security-Policy`` (scripts only from the server's own files,
  ``frame-ancestors 'none'``), ``X-Content-Type-Options: nosniff`` and
  ``Referrer-Policy: no-referrer`` (a seat's link never leaves in a
  ``Referer`` header).

It also notices a request that came over plain HTTP from another machine
(:func:`plain_http_from_afar`) and warns once per address in the server's log.
JSON bodies are checked for nesting (:func:`check_nesting`) before they are
parsed, so that a deep one is a 400 and not a ``RecursionError``.
"""

from __future__ import annotations

import ipaddress
import json
import logging
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger("tanktable.serve")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_NESTING = 32
"""The deepest nesting of arrays and objects a request body may have (a move
needs 1, a new game's settings 2)."""
SAFE_METHODS = frozenset({"GET", "HEAD"})
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "style-src 'self'",
    # the boards are SVG drawn by the server, some with style attributes; no <style>
    # element nor stylesheet from elsewhere is allowed, and no script at all inline
    "style-src-attr 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
"""Sent with every answer (issue 26.5)."""
WILDCARDS = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
PLAIN_HTTP_WARNING = ("this page came over plain HTTP from another machine: its links, the "
                      "host key and every move cross the network readable by anyone on the "
                      "way; put a TLS reverse proxy in front (see docs/security.md)")


class BadServedName(ValueError):
    """A ``--public-url`` or ``--allow-host`` that names no host."""


def split_host(authority: str) -> tuple[str, int | None] | None:
    """``"Example.org:8000"`` -> ``("example.org", 8000)``, ``"[::1]"`` -> ``("::1", None)``;
    ``None`` for anything that is not a host with an optional port."""
    text = authority.strip().lower()
    if not text or any(c in text for c in "/\\@?#% \t"):
        return None
    port: int | None = None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                return None
            rest = rest[1:]
            if not rest.isdigit():
                return None
            port = int(rest)
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return None
    else:
        host, sep, rest = text.rpartition(":")
        if not sep:
            host, rest = text, ""
        elif not rest.isdigit():
            return None
        else:
            port = int(rest)
        if ":" in host or not host:
            return None
    if port is not None and not 0 < port < 65536:
        return None
    return host.rstrip("."), port


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class ServedNames:
    """The names this server answers to, and the origins its own pages have."""

    hosts: frozenset[str]
    """Host names (lower case, no port, IPv6 without brackets) a request may address."""
    any_address: bool = False
    """Listening on every address (``0.0.0.0``, ``::``): every IP address of this
    machine is one of its names (an address is no rebinding risk: it names the
    machine the browser connected to)."""
    public_origin: str | None = None
    """The ``--public-url``'s origin (``https://tanks.example.org``): a page served
    through a reverse proxy has it."""
    origins: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def of(cls, bind: str, public_url: str | None = None,
           allow_hosts: Iterable[str] = ()) -> ServedNames:
        """The names of a server listening on ``bind``: that address, ``localhost``,
        the loopback addresses when bound to one (or to every address), the
        ``--public-url``'s host and every ``--allow-host``. Raises
        :class:`BadServedName` for a public URL or host that is not one."""
        hosts = {"localhost"}
        bind = bind.strip().lower().strip("[]")
        any_address = bind in WILDCARDS
        if bind and not any_address:
            hosts.add(bind)
        if any_address or bind in LOOPBACK_NAMES or (_is_ip(bind) and ipaddress.ip_address(bind).is_loopback):
            hosts.update(LOOPBACK_NAMES)
        public_origin = None
        if public_url:
            public_origin = public_origin_of(public_url)
            parts = split_host(urlsplit(public_origin).netloc)
            assert parts is not None
            hosts.add(parts[0])
        for name in allow_hosts:
            parts = split_host(name)
            if parts is None or parts[1] is not None:
                raise BadServedName(f"--allow-host {name!r}: give a host name or address, "
                                    "without scheme, port or path (tanks.example.org)")
            hosts.add(parts[0])
        origins = frozenset({public_origin} if public_origin else set())
        return cls(frozenset(hosts), any_address, public_origin, origins)

    def host_ok(self, host_header: str) -> bool:
        """Whether a ``Host`` header names this server."""
        parts = split_host(host_header)
        if parts is None:
            return False
        host = parts[0]
        return host in self.hosts or (self.any_address and _is_ip(host))

    def origin_ok(self, origin: str, host_header: str) -> bool:
        """Whether an ``Origin`` is the server's own: the public URL's, or a served
        name with the very host and port the request was addressed to."""
        origin = origin.strip().lower()
        if origin in self.origins:
            return True
        url = urlsplit(origin)
        if url.scheme not in ("http", "https") or url.path or url.query or url.fragment:
            return False
        mine, theirs = split_host(url.netloc), split_host(host_header)
        if mine is None or theirs is None or not self.host_ok(url.netloc):
            return False
        default = 443 if url.scheme == "https" else 80
        return (mine[0], mine[1] or default) == (theirs[0], theirs[1] or default)


def public_origin_of(public_url: str) -> str:
    """The origin of a ``--public-url`` (``https://tanks.example.org``), checked:
    http or https, a host, an optional port, no path beyond ``/``."""
    url = urlsplit(public_url.strip())
    netloc = url.netloc.lower()
    if url.scheme not in ("http", "https") or split_host(netloc) is None \
            or url.path not in ("", "/") or url.query or url.fragment:
        raise BadServedName(f"--public-url {public_url!r}: give the address your friends open, "
                            "scheme and host only (https://tanks.example.org)")
    return f"{url.scheme}://{netloc}"


def check_nesting(raw: bytes, limit: int = MAX_NESTING) -> bool:
    """Whether the JSON text ``raw`` nests arrays and objects at most ``limit`` deep
    (brackets inside strings do not count). Read before parsing, which would
    otherwise recurse once per level."""
    depth = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return False
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return True


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def plain_http_from_afar(scope: Scope) -> bool:
    """A request that reached the server over plain HTTP from another machine
    (a reverse proxy on this machine, or one that says it took HTTPS, is not)."""
    if scope.get("scheme") == "https":
        return False
    forwarded = (_header(scope, b"x-forwarded-proto") or "").split(",")[0].strip().lower()
    if forwarded == "https":
        return False
    client = scope.get("client")
    if not client:
        return False
    try:
        return not ipaddress.ip_address(str(client[0])).is_loopback
    except ValueError:
        return False


class Guard:
    """ASGI middleware: the checks of the module docstring, before any route runs,
    and the security headers on every answer."""

    def __init__(self, app: ASGIApp, names: ServedNames):
        self.app = app
        self.names = names
        self.warned: set[str] = set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            status, message = refusal
            await _answer(send, status, message)
            return
        self.warn_plain_http(scope)

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, secured)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """The status and message a request is refused with, or ``None``."""
        host = _header(scope, b"host") or ""
        if not self.names.host_ok(host):
            return 421, (f"this server does not answer to the name {host[:100]!r} "
                         "(its operator may add it with --allow-host or --public-url)")
        origin = _header(scope, b"origin")
        method = scope.get("method", "GET")
        if method not in SAFE_METHODS and origin is None:
            return 403, "a request that changes something must come from the server's own page (no Origin)"
        if origin is not None and not self.names.origin_ok(origin, host):
            return 403, f"requests from {origin[:100]!r} are refused: only the server's own pages may ask"
        if method not in SAFE_METHODS:
            media = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
            if media != "application/json":
                return 415, "a request body is read only as application/json"
        return None

    def warn_plain_http(self, scope: Scope) -> None:
        """Say once per address in the log that it reaches the server over plain HTTP."""
        if not plain_http_from_afar(scope):
            return
        address = str(scope["client"][0])
        if address in self.warned or len(self.warned) > 1000:
            return
        self.warned.add(address)
        log.warning("warning: %s reached the server over plain HTTP from another machine: links, the host "
                    "key and moves cross the network unencrypted (see docs/security.md)", address)


async def _answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})
