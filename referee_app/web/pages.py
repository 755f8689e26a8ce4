"""The phones' and the tournament's pages, served with what they first show: their words in the
phone's language (and, for `/bracket` and `/player`, the tournament as it stands), so a page draws
itself in one round trip, at its final size, instead of waiting for `/words.json` and
`/tournament.json` and then jumping.

A page is a file of the package's `web` folder with fields: `{lang}` (the language chosen: `?lang=`,
else the first of the request's `Accept-Language` the catalogue has, else English), `{words}` (every
word of the server's pages in it, as JSON for a `<script type="application/json">`), `{first}` (the
tournament's document, the same), `{title}` (the score page's "Table N") and `{w:KEY}` (one word,
as HTML text). Only these fields are filled; what fills them is escaped for where it goes.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Callable
from html import escape

_FIELD = re.compile(rb"\{(lang|words|first|title|w:[a-z_]+)\}")
_TABLE = re.compile(r"/score/([0-9]{1,4})")
_PRIMARY = re.compile(r"\s*([A-Za-z]{2,3})(?![A-Za-z])")
_CODE = re.compile(r"[a-z]{2,3}", re.ASCII)
_parsed: dict[bytes, dict[str, str]] = {}
_INLINE = re.compile(rb"<(script|style)>\{inline:([a-z]+\.(?:js|css))\}</(?:script|style)>")


def inlined(template: bytes, read: Callable[[str], bytes]) -> tuple[bytes, str]:
    """`template` with each `<script>{inline:NAME.js}</script>` (and `<style>{inline:NAME.css}</style>`)
    holding the file `read(NAME)` gives, and the `Content-Security-Policy` that lets those run and no
    other: the page then needs no round trip for its script or its style (a phone on a slow Wi-Fi
    waits for one round trip less before it can ask for the table)."""
    hashes: dict[bytes, list[str]] = {b"script": [], b"style": []}

    def inline(found: re.Match[bytes]) -> bytes:
        kind, body = found[1], read(found[2].decode())
        if b"</" + kind in body.lower() or _FIELD.search(body):
            raise ValueError(f"{found[2].decode()} cannot be inlined: it holds </{kind.decode()} or a page's field")
        hashes[kind].append("'sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() + "'")
        return b"<" + kind + b">" + body + b"</" + kind + b">"

    page = _INLINE.sub(inline, template)
    scripts, styles = " ".join(hashes[b"script"]), " ".join(hashes[b"style"])
    policy = f"default-src 'self'; script-src 'self' {scripts}; style-src 'self' {styles}; img-src 'self' data:; "
    return page, policy + "frame-ancestors *"


def filled(template: bytes, path: str, lang: str, encoded: bytes, first: Callable[[], bytes]) -> bytes:
    """`template` with its fields filled for a request of `path` in `lang`: `encoded`, the words of
    the server's pages in it (`/words.json`'s answer; empty: none, the page asks for them);
    `first`, the tournament's document (empty: none, the page asks for it)."""
    words = _words(encoded)
    table = _TABLE.fullmatch(path)
    title = words.get("p_table", "").replace("{n}", table[1]) if table else ""

    def fill(field: re.Match[bytes]) -> bytes:
        name = field[1].decode()
        if name == "lang":
            return lang.encode()
        if name == "words":
            return _in_script(encoded)
        if name == "first":
            return _in_script(first())
        if name == "title":
            return escape(title).encode()
        return escape(words.get(name[2:], "")).encode()

    return _FIELD.sub(fill, template)


def chosen(query_lang: str, accept_language: str, words_json: Callable[[str], bytes]) -> str:
    """The page's language: `?lang=`, else the request's languages in their order (the first 20),
    the first the catalogue has (its words differ from the English ones); English otherwise."""
    asked = [query_lang]
    asked += [m[1] for part in accept_language.split(",")[:20] if (m := _PRIMARY.match(part))]
    english = words_json("en")
    for code in (code.lower() for code in asked):
        if _CODE.fullmatch(code) and (code == "en" or words_json(code) != english):
            return code
    return "en"


def _words(encoded: bytes) -> dict[str, str]:
    if not encoded:
        return {}
    if (known := _parsed.get(encoded)) is None:
        known = _parsed[encoded] = {str(k): str(v) for k, v in json.loads(encoded).items()}
    return known


def _in_script(encoded: bytes) -> bytes:
    """JSON inside a `<script>` element: no `<` (so no `</script>` nor `<!--`), `>` or `&` in it."""
    return encoded.replace(b"<", b"\\u003c").replace(b">", b"\\u003e").replace(b"&", b"\\u0026")
