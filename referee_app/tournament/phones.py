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
import secrets

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
