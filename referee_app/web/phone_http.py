"""The phone tables' site (phone.md §2, §3): `GET /score/{table}` (the page), `GET` and `POST
/api/score/{table}` (the API), and ours beside it, `POST /api/score/{table}/dispute` (a player's
"I don't agree": `event.phone_results`), a route table served beside the tournament's
(`sites.TOURNAMENT`).

The answers are the API's (`Scoring`: the event wing's, behind a protocol, since the web wing
sits below it); it decides on a thread of its own (the database's), which a route awaits, never
blocking the loop: one hand-off per request. The server reads the body (a body over
`sites.MAX_BODY` is the API's 413, in words). The key
travels only in the `Authorization` header: the page's link carries it in its fragment, which no
browser sends, and nothing here logs a request line. The request's `Accept-Language` (the page
sends the language it shows) is handed on as the languages it asks for: the answer's words are in
the first of them the server offers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from aiohttp import web

from referee_app.web.sites import CALL_CSS, CALL_JS, WORDS_JSON, Named, Route, Served, Site, _asset, _page, secured

TABLE = re.compile(r"[0-9]{1,4}")
JSON = "application/json; charset=utf-8"
LANGUAGE = re.compile(r"([A-Za-z]{2,3})(?:-[A-Za-z0-9]{1,8})*(?:[ \t]*;[ \t]*q[ \t]*=[ \t]*([01](?:\.[0-9]{0,3})?))?")
"""One language of an `Accept-Language` header, stripped: its primary subtag and its weight. Each
run of blanks has one place only, so a header of spaces costs linear time (two runs side by side
made a crafted 8 KB header cost 0.2 s of the loop's time)."""


def asked_languages(header: str | None) -> tuple[str, ...]:
    """The languages an `Accept-Language` header asks for, most wanted first, as their primary
    subtags in lower case ("fr-CA;q=0.8" is "fr"); a weight of 0, "*" and anything malformed are
    left out, the first 20 only."""
    weighted: dict[str, float] = {}
    for part in (header or "").split(",")[:20]:
        matched = LANGUAGE.fullmatch(part.strip(" \t"))
        if matched is None:
            continue
        code, weight = matched[1].lower(), float(matched[2] or 1)
        if weight > 0 and weight > weighted.get(code, 0):
            weighted[code] = weight
    return tuple(sorted(weighted, key=lambda code: -weighted[code]))  # stable: the header's order on a tie


class Answer(Protocol):
    @property
    def status(self) -> int: ...

    @property
    def undo_target(self) -> int | None: ...

    @property
    def disputed(self) -> tuple[str, ...]: ...

    def encoded(self) -> bytes: ...


class Scoring(Protocol):
    """What the phone routes call (`referee_app.event.serve.PhoneScoring`); `asked`: the
    request's languages, most wanted first (`asked_languages`)."""

    async def get(self, table: int, authorization: str | None, address: str, asked: Sequence[str] = ()) -> Answer: ...

    async def post(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer: ...

    async def dispute(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer: ...

    async def here(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer: ...

    def early(self, status: int, table: str, asked: Sequence[str] = ()) -> Answer:
        """404 (a path naming no table) or 413 (a body too large), nothing asked of the tournament."""
        ...


def _json(status: int, body: bytes, undo_target: int | None = None, disputed: tuple[str, ...] = ()) -> web.Response:
    response = web.Response(status=status, body=body)
    response.headers["Content-Type"] = JSON
    if undo_target is not None:
        response.headers["X-Undo-Target"] = str(undo_target)  # what the page's undo names
    if disputed:
        response.headers["X-Disputed"] = ",".join(disputed)  # the seats who said "I don't agree"
    return secured(response)


def _answer(answer: Answer) -> web.Response:
    return _json(answer.status, answer.encoded(), answer.undo_target, answer.disputed)


def phone_site(scoring: Scoring) -> Site:
    """The phone tables' routes, answered by `scoring`."""

    async def api(_served: Served, request: web.BaseRequest, named: Named) -> web.StreamResponse:
        table = named.get("table", "")
        asked = asked_languages(request.headers.get("Accept-Language"))
        if not TABLE.fullmatch(table):
            return _answer(scoring.early(404, table, asked))
        address = request.remote or ""
        authorization = request.headers.get("Authorization")
        if request.method == "POST":
            body = await request.read()  # read whole by the server already
            write = (
                scoring.dispute
                if request.path.endswith("/dispute")
                else scoring.here
                if request.path.endswith("/here")
                else scoring.post
            )
            answer = await write(int(table), authorization, address, body, asked)
        else:
            answer = await scoring.get(int(table), authorization, address, asked)
        return _answer(answer)

    async def too_large(_served: Served, request: web.BaseRequest, named: Named) -> web.StreamResponse:
        return _answer(
            scoring.early(413, named.get("table", ""), asked_languages(request.headers.get("Accept-Language")))
        )

    page = _page("/score/{table}", "score.html")
    return Site(
        "phones",
        (
            page,
            _asset("/score.js", "text/javascript; charset=utf-8", "score.js"),
            _asset("/score.css", "text/css; charset=utf-8", "score.css"),
            CALL_JS,
            CALL_CSS,
            _asset("/here.js", "text/javascript; charset=utf-8", "here.js"),
            WORDS_JSON,  # the page's words (the same route as the other sites': served with them, or alone)
            Route("/api/score/{table}", api, methods=("GET", "HEAD", "POST"), body=True, too_large=too_large),
            Route("/api/score/{table}/dispute", api, methods=("POST",), body=True, too_large=too_large),
            Route("/api/score/{table}/here", api, methods=("POST",), body=True, too_large=too_large),
        ),
        words="phone",
        events=(),
    )
