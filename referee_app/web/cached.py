"""What a browser may keep: every full answer to a `GET` carries a validator (its `ETag`, a hash of
what it says), is asked again before it is reused (`Cache-Control: no-cache`), is answered `304`
with no body when the browser already has it, and goes gzip-compressed when it is text and the
browser takes gzip.

A phone on the hall's Wi-Fi then reloads a page for a few hundred bytes, and its poll of a table
that did not change costs a status line, not the whole table. A page or a table's state is never
reused unasked: the laptop is asked each time, so a new version of the app or of the score is seen
at once. An answer to a request that carried a key (`Authorization`) is the browser's alone
(`private`): no proxy between a phone and the laptop keeps it; one whose address holds its secret
(`/api/me/SECRET`, no key in a header) is never kept (`no-store`, as every other answer).
"""

from __future__ import annotations

import gzip
import hashlib

from aiohttp import web

COMPRESSED = ("text/", "application/json")
"""The kinds of answers worth compressing (the pages, their scripts and styles, the JSON)."""
SMALLEST = 256
"""Below this many bytes gzip saves less than its own header and the browser's work."""
KEPT = 128
"""How many compressed answers are kept (by validator), so a state polled by every phone is
compressed once per change, not once per phone."""
PRIVATE, SHARED = "private, no-cache", "no-cache"
# Headers that belong to the answer: the validator covers them, and a 304 carries them again.
_MEANING = ("Content-Type", "Content-Language", "X-Undo-Target", "X-Disputed")

_gzipped: dict[str, bytes] = {}


def finish(request: web.BaseRequest, response: web.StreamResponse) -> web.StreamResponse:
    """`response` made cacheable as above, or the `304` that replaces it; anything but a full
    `200` to a `GET` or `HEAD` (a refusal, a stream, an answer to a `POST`) is left as it is."""
    if request.method not in ("GET", "HEAD") or response.status != 200 or not isinstance(response, web.Response):
        return response
    if request.path.startswith("/api/") and "Authorization" not in request.headers:
        return response  # its address holds its secret (/api/me/SECRET): never kept anywhere
    body = response.body
    if not isinstance(body, bytes):
        return response
    tag = _validator(body, response)
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = PRIVATE if "Authorization" in request.headers else SHARED
    vary = response.headers.get("Vary")
    response.headers["Vary"] = f"{vary}, Accept-Encoding" if vary else "Accept-Encoding"
    if _matches(request.headers.get("If-None-Match", ""), tag):
        return _not_modified(response)
    kind = response.headers.get("Content-Type", "")
    if (
        len(body) >= SMALLEST
        and kind.startswith(COMPRESSED)
        and _takes_gzip(request.headers.get("Accept-Encoding", ""))
    ):
        response.body = _compressed(tag, body)
        response.headers["Content-Encoding"] = "gzip"
    return response


def _validator(body: bytes, response: web.StreamResponse) -> str:
    digest = hashlib.blake2b(body, digest_size=12)
    for name in _MEANING:
        digest.update(f"\n{name}: {response.headers.get(name, '')}".encode())
    return f'"{digest.hexdigest()}"'


def _matches(header: str, tag: str) -> bool:
    """An `If-None-Match` naming `tag` (weakly or not), or `*`; one pass over the header."""
    return any(part.strip().removeprefix("W/") in (tag, "*") for part in header.split(",")) if header else False


def _takes_gzip(header: str) -> bool:
    """`Accept-Encoding` names gzip (or `*`) with a weight above 0; one pass over the header."""
    for part in header.lower().split(","):
        coding, _, weight = part.partition(";")
        if coding.strip() in ("gzip", "*"):
            return weight.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _compressed(tag: str, body: bytes) -> bytes:
    if (known := _gzipped.get(tag)) is None:
        known = gzip.compress(body, compresslevel=6, mtime=0)
        if len(_gzipped) >= KEPT:
            del _gzipped[next(iter(_gzipped))]  # the oldest
        _gzipped[tag] = known
    return known


def _not_modified(response: web.StreamResponse) -> web.Response:
    """The 304 for `response`: its headers but none of its body."""
    answer = web.Response(status=304)
    for name, value in response.headers.items():
        if name not in ("Content-Type", "Content-Length", "Content-Encoding"):
            answer.headers.add(name, value)
    return answer
