"""The phone tables' keys and links (phone.md §1): made, written, fingerprinted and checked.

A key is 120 random bits in base32 (letters and digits), read in groups of four joined by dashes,
which do not count. The tournament's log keeps only a key's fingerprint (SHA-256 of the key
without its dashes), so the log never holds a key; the key itself is kept in the laptop's
database until it is replaced, for the cards and the links.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.tournament.events import PhonesSet
from referee_app.tournament.model import TournamentRefused

KEY_BITS = 120
"""Random bits of a key: phone.md asks at least 80."""
_GROUP = 4


def new_key() -> str:
    """A fresh random key, as `XXXX-XXXX-…` (24 letters and digits)."""
    text = base64.b32encode(secrets.token_bytes(KEY_BITS // 8)).decode("ascii").rstrip("=")
    return "-".join(text[i : i + _GROUP] for i in range(0, len(text), _GROUP))


def bare(key: str) -> str:
    """The key as it counts: without its dashes, in capitals."""
    return key.replace("-", "").upper()


def fingerprint(key: str) -> str:
    """What the log keeps of a key: the SHA-256 of its bare form, in hex."""
    return hashlib.sha256(bare(key).encode("utf-8")).hexdigest()


def key_fits(presented: str, fingerprint_: str) -> bool:
    """Whether a key someone presented is the one of this fingerprint (compared in constant time)."""
    if not presented or len(presented) > 200 or not presented.isascii():
        return False
    return hmac.compare_digest(fingerprint(presented), fingerprint_)


def score_link(url: str, table: int, key: str) -> str:
    """A phone table's link: the page of table `table` at `url`, its key in the fragment (phone.md §2),
    so the key never reaches a request line, a server's log or a `Referer`."""
    return f"{url.rstrip('/')}/score/{table}#k={key}"


@dataclass(frozen=True, slots=True)
class Card:
    """One phone table's card: its number, its link (with the key), and the link's QR code as rows
    of dark (True) and light modules, quiet zone included."""

    table: int
    link: str
    modules: tuple[tuple[bool, ...], ...]


class TablesBadInput(TournamentRefused):
    """A list of tables that names a table the venue does not have: bad input (exit 2), said in the
    organizer's language like a refusal."""


def phones_change(
    venue: tuple[int, ...], tables: tuple[int, ...], off: bool = False, one_phone: bool = False
) -> tuple[PhonesSet, dict[int, str | None]]:
    """The `phones_set` event making `tables` phone tables, each with a new key, one-phone tables
    with `one_phone` (or, with `off`, ordinary tables again), and the keys to keep beside the log
    (None: a key taken back). The one way, for `tournament phones` and the window; `TablesBadInput`
    for a table not the venue's."""
    if not venue:
        raise TablesBadInput(
            QT_TRANSLATE_NOOP("TournamentRefusal", "the venue has no tables yet: set them with `tournament tables`")
        )
    for table in tables:
        if table not in venue:
            raise TablesBadInput(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal",
                    "table {table} is not one of the venue's tables ({venue}): set them with `tournament tables`",
                ),
                table=table,
                venue=", ".join(str(t) for t in venue),
            )
    if off:
        return PhonesSet(off=tables), dict.fromkeys(tables)
    keys = {table: new_key() for table in tables}
    made = tuple((table, fingerprint(key)) for table, key in keys.items())
    return PhonesSet(keys=made, one_phone=one_phone), dict(keys)


CARD_CTX = "PhoneCard"
CARD_TITLE = QT_TRANSLATE_NOOP("PhoneCard", "Table {n}")
CARD_WHAT_TO_DO = QT_TRANSLATE_NOOP("PhoneCard", "Scan to score this table")


def no_address() -> TournamentRefused:
    """The cards' link needs the address the phones reach: neither given nor served at yet."""
    return TournamentRefused(
        QT_TRANSLATE_NOOP(
            "TournamentRefusal",
            "the address the phones reach this laptop at is not known yet: give --url http://ADDRESS:PORT, or serve"
            " the tournament on the network first (`tournament serve --lan`)",
        )
    )


def _unreachable(url: str) -> TournamentRefused:
    return TournamentRefused(
        QT_TRANSLATE_NOOP(
            "TournamentRefusal",
            "{url} cannot be reached from a phone: give the laptop's address on the venue's network, as"
            " http://192.168.1.20:8080",
        ),
        url=url,
    )


def lan_address() -> str | None:
    """This computer's address on the network it reaches others by (no packet is sent), or None:
    the address the phones reach it at, for the links and the cards."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only the route is looked up
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """`text` as a QR code (segno: a QR encoder is a library's work, not ours), error correction M,
    with its 4-module quiet zone."""
    import segno  # only the cards need it

    code = segno.make_qr(text, error="m", boost_error=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix_iter(scale=1, border=4))


def check_url(url: str) -> str:
    """The serving address as the phones reach it: http(s)://HOST[:PORT] on the network, never the
    laptop's own loopback; `TournamentRefused` (bad input) otherwise."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not host or parts.path not in ("", "/") or parts.query:
        raise _unreachable(url)
    try:
        loopback = ipaddress.ip_address(host).is_loopback or ipaddress.ip_address(host).is_unspecified
    except ValueError:
        loopback = host == "localhost" or host.endswith(".localhost")
    try:
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError:
        raise _unreachable(url) from None
    if loopback:
        raise _unreachable(url)
    return f"{parts.scheme}://{parts.netloc}"


def cards(phones: Mapping[int, str], keys: Mapping[int, str], url: str) -> list[Card]:
    """A card for each phone table (`phones`: table -> its key's fingerprint, as the log has it), in
    table order; each key must be this laptop's and the one in force."""
    if not phones:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal", "no table is scored on the phones: make some with `tournament phones`"
            )
        )
    made: list[Card] = []
    for table in sorted(phones):
        key = keys.get(table)
        if key is None or not key_fits(key, phones[table]):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal",
                    "table {table}: its key is not on this laptop (it was made elsewhere or taken back): give it a"
                    " new one with `tournament phones`",
                ),
                table=table,
            )
        link = score_link(url, table, key)
        made.append(Card(table, link, qr_modules(link)))
    return made
