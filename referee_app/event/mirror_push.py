"""The event online (issue 40): the tournament's public copy pushed from the venue to the cloud's
PostgreSQL, which the mirrors (`web.mirror`) serve to anyone, anywhere. The venue only ever opens
an outbound TLS connection: nothing connects in, and no viewer costs the venue anything.

What is pushed is the public projection (`public_documents`): the board's tournament document
as the hall's `/bracket` gets it, less what is not public (licence numbers and Fargo IDs unless the
organizer publishes them; table keys, device ids, passes and passwords are never in it: they live
in the phone tables' rows, which nothing here reads), and the racks so far of the phone tables'
matches. Each document goes when it changed, at most once a `poll_s`, compressed once here;
`cloud.send` writes it over the version the cloud holds (in order: each version replaces the
one before; idempotent: what the cloud holds is asked first after every connection, so a push
killed mid-way and started again resends nothing it already holds). A heartbeat every
`HEARTBEAT_S` tells the pages that the venue is still there.

`MirrorPusher` reports each round (`Published`): when the cloud last took something, and whether
the online copy is behind (a change waiting, the link down): the organizer's window says so.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee_app.event.published import board_view
from referee_app.event.session import ReadApart, read_on
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.log.store import Store
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.show import standings_view, view
from referee_app.tournament.state import State
from referee_app.venue import cloud
from referee_app.venue.model import first_line
from referee_app.worker import Worker

if TYPE_CHECKING:
    from referee_app.venue.db import Conn

POLL_S = 0.5
"""How often the organizer's database is looked at: a burst of racks goes out as one write."""
HEARTBEAT_S = 10.0
"""How often the cloud hears from a venue with nothing new: the pages call it offline after
three of them missed (`web.mirror.OFFLINE_AFTER_S`)."""
PRIVATE_ENTRY_FIELDS = ("licence", "fargo_id")
"""An entry's fields published only when the organizer chooses to."""
CTX = "Mirror"
MIRROR_WORDS = {
    "mirror_updated": QT_TRANSLATE_NOOP("Mirror", "Updated at {time}"),
    "mirror_offline": QT_TRANSLATE_NOOP(
        "Mirror", "The venue is offline since {time}: this page shows what it sent last."
    ),
}
"""The pages' words about the online copy itself (the mirror adds the times)."""
TLS_MODES = ("require", "verify-ca", "verify-full")


@dataclass(frozen=True, slots=True)
class Published:
    """One round of the push, for the window and the command's report."""

    sent: int
    """Documents written this round."""
    behind: bool
    """The online copy lacks a change the venue has (a change not sent yet, or the link down)."""
    last_sent: float | None
    """When the cloud last took a change (epoch seconds), None: not yet in this run."""
    error: str = ""


@dataclass
class Sent:
    """What this run sent: per document, the versions and bytes (the bench's uplink and the tests'
    check that a restarted push resends nothing)."""

    versions: list[tuple[str, int]] = field(default_factory=list)
    bytes: int = 0


def cloud_conninfo(conninfo: str) -> str:
    """`conninfo` with TLS required (libpq's default, "prefer", would fall back to plain text), and
    keepalives that notice a link gone quiet within seconds rather than TCP's minutes."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    given = conninfo_to_dict(conninfo)
    extra: dict[str, Any] = {"connect_timeout": 10, "keepalives_idle": 5, "keepalives_interval": 2}
    extra |= {"keepalives_count": 3, "tcp_user_timeout": 15000, "application_name": "referee-app mirror push"}
    if str(given.get("sslmode", "")) not in TLS_MODES:
        extra["sslmode"] = "require"
    return make_conninfo(conninfo, **{k: v for k, v in extra.items() if k not in given or k == "sslmode"})


def _public_entries(show: dict[str, Any], publish_licences: bool) -> None:
    if publish_licences:
        return
    for entry in show.get("entries", []):
        for key in PRIVATE_ENTRY_FIELDS:
            entry.pop(key, None)


def live_racks(store: Store, state: State) -> dict[str, list[int]]:
    """The racks so far of each bracket match a phone table is playing, from its match log's
    projection (the phone match's A and B are the bracket's a and b)."""
    t = state.tournament
    racks: dict[str, list[int]] = {}
    for match in phone_match_ids_playing(state):
        stored = store.stored_projection(t.started[match])
        if stored is not None:
            racks[match] = list(stored[1].score)
    return racks


def phone_match_ids_playing(state: State) -> list[str]:
    t = state.tournament
    return sorted(m for m in t.by_phone if m in t.started and t.slots[m].status is MatchStatus.PLAYING)


def public_documents(
    store: Store,
    tournament_id: str,
    state: State,
    languages: Mapping[str, Translate],
    site_words: Mapping[str, Mapping[str, str]],
    publish_licences: bool = False,
) -> dict[str, bytes]:
    """The public documents (name: compact JSON): "tournament", the board's document with the
    pages' words; "live", the racks so far of the matches being played."""
    t = state.tournament
    board = board_view(view(t, tournament_id), standings_view(t), languages, t).to_json()
    _public_entries(board["show"], publish_licences)
    board.pop("live", None)  # its own document: a rack does not send the whole tournament again
    for lang, tr in languages.items():
        board["words"].setdefault(lang, {}).update({k: tr(CTX, text) for k, text in MIRROR_WORDS.items()})
    board["site_words"] = {lang: dict(words) for lang, words in site_words.items()}
    board["seq"] = state.seq
    live = live_racks(store, state)
    return {"tournament": _compact(board), "live": _compact({"live": live})}


def _compact(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()


def as_doc(name: str, body: bytes) -> cloud.Doc:
    """A document as it is sent: its digest (of the JSON: the mirrors' validator) and the gzip of it
    (made once here; the mirrors hand it on as it is). `mtime=0`: the same JSON, the same bytes."""
    return cloud.Doc(name, hashlib.sha256(body).hexdigest()[:32], gzip.compress(body, 6, mtime=0))


class MirrorPusher(Worker):
    """Pushes one tournament's public documents from the organizer's database at `db_path` to the
    cloud (`conninfo`: the event's venue login). `on_report(published)` after each round."""

    name = "mirror-pusher"
    max_backoff_s = 2.0
    """A link that came back is used within two seconds: the online copy catches up at once (a
    connection tried every 2 s while the internet is down costs nothing worth saving)."""

    def __init__(
        self,
        db_path: Path,
        tournament: str,
        event: str,
        conninfo: str,
        languages: Mapping[str, Translate] | None = None,
        site_words: Mapping[str, Mapping[str, str]] | None = None,
        publish_licences: bool = False,
        poll_s: float = POLL_S,
        on_report: Callable[[Published], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__()
        self.db_path = Path(db_path)
        self.tournament = tournament
        self.event = cloud.check_event(event)
        self.conninfo = cloud_conninfo(conninfo)
        self.languages = dict(languages or {"en": english})
        self.site_words = dict(site_words or {})
        self.publish_licences = publish_licences
        self.poll_s = poll_s
        self.on_report = on_report
        self.clock = clock
        self.sent = Sent()
        self.last: Published | None = None
        self._store: Store | None = None
        self._read: ReadApart | None = None
        self._head: int | None = None
        self._conn: Conn | None = None
        self._marks: dict[str, cloud.Held] = {}
        self._docs: dict[str, cloud.Doc] = {}
        self._last_sent: float | None = None
        self._beat = 0.0

    def start(self) -> MirrorPusher:
        super().start()
        return self

    def documents(self) -> dict[str, cloud.Doc]:
        """The public documents now (the tournament replayed only past what was read last)."""
        if self._store is None:
            self._store = Store.open_readonly(self.db_path)
        store = self._store
        from referee_app.event.session import find

        self.tournament = find(store, self.tournament)
        head = store.tournament_head(self.tournament)
        if self._read is None or head != self._head:
            held = self._read
            self._read = read_on(store, self.tournament, held.state if held else None, held.last if held else None)
            self._head = head
        state = self._read.state
        bodies = public_documents(store, self.tournament, state, self.languages, self.site_words, self.publish_licences)
        for name, body in bodies.items():
            known = self._docs.get(name)
            if known is None or known.digest != hashlib.sha256(body).hexdigest()[:32]:
                self._docs[name] = as_doc(name, body)
        return dict(self._docs)

    def step(self) -> None:
        import psycopg

        self._wake.clear()
        docs = self.documents()
        if self._conn is None:
            conn = psycopg.connect(self.conninfo, autocommit=True)
            self._conn = conn
            cloud.my_event(conn, self.event)
            self._marks = cloud.held(conn, self.event)  # what a killed run sent is not sent again
        marks = self._marks
        changed = [d for name, d in sorted(docs.items()) if name not in marks or marks[name].digest != d.digest]
        now = self.clock()
        if changed:
            self._marks = cloud.send(self._conn, self.event, changed, self._marks)
            for doc in changed:
                self.sent.versions.append((doc.name, self._marks[doc.name].version))
                self.sent.bytes += len(doc.body)
            self._last_sent = self._beat = now
        elif now - self._beat >= HEARTBEAT_S:
            cloud.heartbeat(self._conn, self.event)
            self._beat = now
        self._report(Published(len(changed), False, self._last_sent))
        self._wake.wait(self.poll_s)

    def _report(self, published: Published) -> None:
        self.last = published
        if self.on_report is not None:
            self.on_report(published)

    def failed(self, exc: BaseException, retry_in_s: float) -> None:
        import psycopg

        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None
        if not isinstance(exc, psycopg.Error | cloud.CloudError) and self._store is not None:
            self._store.close()  # the database may be at fault: opened again
            self._store, self._read, self._head = None, None, None
        self._report(Published(0, True, self._last_sent, first_line(exc)))

    def finish(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._store is not None:
            self._store.close()
            self._store = None
