"""What keeps ``xlbridge serve`` safe on a shared Wi-Fi: signed logins, CSRF tokens, rate
and size limits, and the headers every answer carries.

A login is a cookie ``who.nonce.mac`` (``who`` is ``t3`` or ``director``), signed with the
journal's secret, so a restart keeps the phones logged in; its CSRF token is a second MAC of
the same nonce, put in every form and checked on every POST.

>>> signer = Signer(b"k" * 32)
>>> cookie = signer.login("t3")
>>> signer.who(cookie), signer.who(cookie.replace("t3", "t4")), signer.who("nonsense")
('t3', None, None)
>>> signer.csrf_ok(cookie, signer.csrf(cookie)), signer.csrf_ok(cookie, "forged")
(True, False)
>>> limits = RateLimit(2, 60.0)
>>> [limits.allow("1.2.3.4", now=0.0) for _ in range(3)], limits.allow("1.2.3.4", now=61.0)
([True, True, False], True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "xlbridge"
"""The table's login."""
DIRECTOR_COOKIE = "xlbridge-director"
"""The director's login, a cookie of its own: a director who plays uses one phone for both."""
LOOPBACK = frozenset({"127.0.0.1", "::1"})
BODY_LIMIT = 8 * 1024
"""The largest request body: a form of a board's result is a few hundred bytes."""

HEADERS = {
    # Nothing from outside the event: no script, no frame, no external style, font or image.
    "content-security-policy": "default-src 'self'; script-src 'none'; object-src 'none'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    # The codes are in the first address a phone opens: never sent on to another site.
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}


class Signer:
    """Logins and CSRF tokens signed with one secret."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _mac(self, *parts: str) -> str:
        return hmac.new(self._secret, "|".join(parts).encode(), hashlib.sha256).hexdigest()[:32]

    def login(self, who: str) -> str:
        """A new login cookie for ``who``."""
        nonce = secrets.token_urlsafe(12)
        return f"{who}.{nonce}.{self._mac('login', who, nonce)}"

    def who(self, cookie: str | None) -> str | None:
        """Who a cookie logs in, or None when it is not one this server signed."""
        parts = (cookie or "").split(".")
        if len(parts) != 3:
            return None
        who, nonce, mac = parts
        return who if hmac.compare_digest(mac, self._mac("login", who, nonce)) else None

    def csrf(self, cookie: str) -> str:
        """The CSRF token of a login: every form of its pages carries it."""
        return self._mac("csrf", cookie)

    def csrf_ok(self, cookie: str | None, token: str | None) -> bool:
        return bool(cookie and token) and hmac.compare_digest(self.csrf(cookie or ""), token or "")


class RateLimit:
    """At most ``count`` requests in ``seconds`` per key (a client address, a login): a
    sliding window, in memory (a restart forgets it, which only ever lets more through)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count, self.seconds = count, seconds
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        with self._lock:
            times = self._seen.setdefault(key, deque())
            while times and times[0] <= now - self.seconds:
                times.popleft()
            if len(times) >= self.count:
                return False
            times.append(now)
            if len(self._seen) > 10_000:  # a flood of addresses: forget the idle ones
                for other in [k for k, v in self._seen.items() if not v or v[-1] <= now - self.seconds]:
                    del self._seen[other]
            return True


class Guard:
    """ASGI middleware: the security headers on every answer, the body limit (413), and the
    rate limits per client address and per login (429), before the app sees the request."""

    def __init__(self, app: ASGIApp, *, by_address: RateLimit, by_login: RateLimit,
                 body_limit: int = BODY_LIMIT) -> None:
        self.app, self.by_address, self.by_login, self.body_limit = app, by_address, by_login, body_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *((k.encode(), v.encode()) for k, v in HEADERS.items())]
            await send(message)

        address = (scope.get("client") or ("?", 0))[0]
        # A login's budget is its own cookie's (a forged cookie only spends its own), a code's its code's.
        path = scope.get("path", "")
        login = path if path.startswith(("/t/", "/d/")) else _cookie(scope, director=path.startswith("/director"))
        # The serving computer itself (the director's screen, a test, a benchmark) is not a phone
        # on the Wi-Fi: its logins are limited, its address is not.
        local = address in LOOPBACK
        if (not local and not self.by_address.allow(address)) or (login and not self.by_login.allow(login)):
            await _plain(send_with_headers, 429, "Too many requests: wait a moment.")
            return
        headers = dict(scope.get("headers") or ())
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.body_limit):
            await _plain(send_with_headers, 413, "Request too large.")
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.body_limit:  # a chunked body with no length: cut off all the same
                    raise BodyTooLarge
            return message

        try:
            await self.app(scope, limited, send_with_headers)
        except BodyTooLarge:
            await _plain(send_with_headers, 413, "Request too large.")


class BodyTooLarge(Exception):
    """A request body beyond the limit, found while it was read."""


def _cookie(scope: Scope, *, director: bool) -> str:
    wanted = DIRECTOR_COOKIE if director else COOKIE
    for name, value in scope.get("headers") or ():
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, _, text = part.strip().partition("=")
                if key == wanted:
                    return text
    return ""


async def _plain(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
    await send({"type": "http.response.body", "body": (text + "\n").encode()})
