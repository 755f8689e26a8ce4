"""The door's site: `GET /door/{token}` (the page a player's phone opens from the door's QR),
`GET`/`POST /api/door/{token}` (the names not here yet; a check-in), `GET /me/{secret}` (the
player's own page) and `GET /api/me/{secret}` (what it shows). The answers are the event wing's
(`event.door_api.DoorApi`, behind `DoorAnswers`): the web wing sits below it. A token or a secret
travels in the path: a QR code is a link, and the page is worth no more than the link itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from aiohttp import web

from referee_app.web.phone_http import JSON, Answer, asked_languages
from referee_app.web.sites import WORDS_JSON, Named, Route, Served, Site, _asset, secured

TOKEN = re.compile(r"[0-9a-f]{20}")
SECRET = re.compile(r"[A-Za-z0-9_-]{20,100}")


class DoorAnswers(Protocol):
    """What the door's routes call (`event.serve.PhoneScoring`, on the database's thread)."""

    async def door_get(self, token: str, asked: Sequence[str] = ()) -> Answer: ...

    async def door_post(self, token: str, body: bytes, asked: Sequence[str] = ()) -> Answer: ...

    async def me_get(self, secret: str, asked: Sequence[str] = ()) -> Answer: ...


def _json(answer: Answer) -> web.Response:
    response = web.Response(status=answer.status, body=answer.encoded())
    response.headers["Content-Type"] = JSON
    return secured(response)


def _gone() -> web.Response:
    response = web.Response(status=404, body=b'{"error":"not found"}')
    response.headers["Content-Type"] = JSON
    return secured(response)


def door_site(door: DoorAnswers) -> Site:
    """The door's and the players' pages' routes, answered by `door`."""

    async def api_door(_served: Served, request: web.BaseRequest, named: Named) -> web.StreamResponse:
        token = named.get("token", "")
        asked = asked_languages(request.headers.get("Accept-Language"))
        if not TOKEN.fullmatch(token):
            return _gone()
        if request.method == "POST":
            return _json(await door.door_post(token, await request.read(), asked))
        return _json(await door.door_get(token, asked))

    async def api_me(_served: Served, request: web.BaseRequest, named: Named) -> web.StreamResponse:
        secret = named.get("secret", "")
        if not SECRET.fullmatch(secret):
            return _gone()
        return _json(await door.me_get(secret, asked_languages(request.headers.get("Accept-Language"))))

    return Site(
        "door",
        (
            _asset("/door/{token}", "text/html; charset=utf-8", "door.html"),
            _asset("/door.js", "text/javascript; charset=utf-8", "door.js"),
            _asset("/me/{secret}", "text/html; charset=utf-8", "me.html"),
            _asset("/door.css", "text/css; charset=utf-8", "door.css"),
            WORDS_JSON,
            Route("/api/door/{token}", api_door, methods=("GET", "HEAD", "POST"), body=True),
            Route("/api/me/{secret}", api_me),
        ),
        words="phone",
        events=(),
    )
