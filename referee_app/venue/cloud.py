"""The event online: the cloud's PostgreSQL (any managed one), which a venue pushes its public
copy to and the mirrors read. Every statement against it is here, as the event server's are in `db`.

One row per (event, document): the document's JSON, compressed once by the venue (gzip: the
mirror hands it on as it is), its version (one more than the one it replaces: in order, and a
write of a version the cloud holds changes nothing), its digest (the mirrors' validator) and
when it came. `mirror_events` says which venue role writes which event and when the venue was last
heard from (a heartbeat, so the pages can say "the venue is offline since 14:02").

Who may do what is PostgreSQL's to enforce, not ours: row-level security on both tables lets a
venue's role (a member of `referee_venue`) see and write only the rows of the events registered
to it; the mirrors' role (`referee_mirror`) may only read. A trigger counts every version each
document was sent in (`mirror_received`, read by the superuser only): a version sent twice is
counted twice, which the tests and the bench look for.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee_app.venue.db import Conn

VENUE_GROUP = "referee_venue"
READER_GROUP = "referee_mirror"
EVENT_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}", re.ASCII)
"""An event's name in the public address (`/e/EVENT/bracket`): lower-case letters, digits, dashes."""
DOCS = ("tournament", "live")
"""The documents of an event: the whole public tournament (changes with each result) and the
racks so far of the matches being played (changes with each rack: a few bytes)."""

SCHEMA = f"""
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{VENUE_GROUP}') THEN CREATE ROLE {VENUE_GROUP} NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{READER_GROUP}') THEN CREATE ROLE {READER_GROUP} NOLOGIN; END IF;
END $$;

CREATE TABLE IF NOT EXISTS mirror_events (
  event text PRIMARY KEY CHECK (event ~ '^[a-z0-9][a-z0-9-]{{0,39}}$'),
  owner name NOT NULL,
  seen_at timestamptz,
  UNIQUE (event, owner)
);
CREATE TABLE IF NOT EXISTS mirror_docs (
  event text NOT NULL,
  owner name NOT NULL DEFAULT current_user,
  doc text NOT NULL CHECK (doc IN ('tournament', 'live')),
  version bigint NOT NULL CHECK (version > 0),
  digest text NOT NULL CHECK (length(digest) BETWEEN 8 AND 64),
  body bytea NOT NULL CHECK (length(body) <= 4000000),
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event, doc),
  FOREIGN KEY (event, owner) REFERENCES mirror_events (event, owner) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS mirror_received (
  event text NOT NULL,
  doc text NOT NULL,
  version bigint NOT NULL,
  times integer NOT NULL,
  PRIMARY KEY (event, doc, version)
);

CREATE OR REPLACE FUNCTION mirror_count() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public AS $f$
BEGIN
  INSERT INTO public.mirror_received AS r VALUES (NEW.event, NEW.doc, NEW.version, 1)
    ON CONFLICT (event, doc, version) DO UPDATE SET times = r.times + 1;
  RETURN NEW;
END $f$;
REVOKE ALL ON FUNCTION mirror_count() FROM PUBLIC;
DROP TRIGGER IF EXISTS mirror_docs_count ON mirror_docs;
CREATE TRIGGER mirror_docs_count BEFORE INSERT OR UPDATE ON mirror_docs FOR EACH ROW EXECUTE FUNCTION mirror_count();

ALTER TABLE mirror_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE mirror_events FORCE ROW LEVEL SECURITY;
ALTER TABLE mirror_docs ENABLE ROW LEVEL SECURITY;
ALTER TABLE mirror_docs FORCE ROW LEVEL SECURITY;
ALTER TABLE mirror_received ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS venue_own ON mirror_events;
CREATE POLICY venue_own ON mirror_events TO {VENUE_GROUP}
  USING (owner = current_user) WITH CHECK (owner = current_user);
DROP POLICY IF EXISTS mirror_reads ON mirror_events;
CREATE POLICY mirror_reads ON mirror_events FOR SELECT TO {READER_GROUP} USING (true);
DROP POLICY IF EXISTS venue_own ON mirror_docs;
CREATE POLICY venue_own ON mirror_docs TO {VENUE_GROUP}
  USING (owner = current_user) WITH CHECK (owner = current_user);
DROP POLICY IF EXISTS mirror_reads ON mirror_docs;
CREATE POLICY mirror_reads ON mirror_docs FOR SELECT TO {READER_GROUP} USING (true);

REVOKE ALL ON mirror_events, mirror_docs, mirror_received FROM PUBLIC;
GRANT SELECT, UPDATE (seen_at) ON mirror_events TO {VENUE_GROUP};
GRANT SELECT, INSERT, UPDATE, DELETE ON mirror_docs TO {VENUE_GROUP};
GRANT SELECT ON mirror_events, mirror_docs TO {READER_GROUP};
"""
"""The cloud database's tables, roles and rules (`mirror init-cloud`): run again, it changes nothing."""


class CloudError(Exception):
    """A cloud step refused, in words an organizer understands."""


@dataclass(frozen=True, slots=True)
class Held:
    """A document's version and digest as the cloud holds it."""

    version: int
    digest: str


@dataclass(frozen=True, slots=True)
class Doc:
    """A document to send: its name, its digest (of the JSON) and its body (gzip of the JSON)."""

    name: str
    digest: str
    body: bytes


@dataclass(frozen=True, slots=True)
class Read:
    """An event as a mirror reads it: each document (version, digest, gzip body, when it came) and
    when the venue was last heard from."""

    docs: dict[str, tuple[int, str, bytes, datetime]]
    seen_at: datetime | None


def check_event(event: str) -> str:
    if not EVENT_ID.fullmatch(event):
        raise CloudError(
            f"{event!r} cannot be an event's name online: use 1 to 40 lower-case letters, digits and dashes"
        )
    return event


def venue_role(event: str) -> str:
    return "referee_venue_" + check_event(event).replace("-", "_")


def init_cloud(conn: Conn) -> None:
    """Create (or bring up to date) the cloud's tables, roles and rules (`conn`: an administrator's)."""
    conn.execute(SCHEMA.encode())


def _password() -> str:
    return secrets.token_urlsafe(24)


def _login(conn: Conn, role: str, password: str, group: str) -> None:
    """`role` made a login of `group`'s with `password` (a role that exists keeps its name, gets it)."""
    from psycopg import sql

    if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone() is None:
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(role)))
    conn.execute(sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(sql.Identifier(role), sql.Literal(password)))
    conn.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(group), sql.Identifier(role)))


def add_event(conn: Conn, event: str) -> tuple[str, str]:
    """Register `event` with a login role of its own, which may write only its rows; a new password
    each time (the old one stops working). Returns the role and its password."""
    role = venue_role(event)
    password = _password()
    with conn.transaction():
        _login(conn, role, password, VENUE_GROUP)
        owner = conn.execute("SELECT owner FROM mirror_events WHERE event = %s", (event,)).fetchone()
        if owner is not None and owner[0] != role:
            raise CloudError(f"the event {event} online is written by {owner[0]}")
        conn.execute(
            "INSERT INTO mirror_events (event, owner) VALUES (%s, %s) ON CONFLICT (event) DO NOTHING", (event, role)
        )
    return role, password


def add_reader(conn: Conn, name: str = "referee_mirror_web") -> tuple[str, str]:
    """A login role for the mirrors, which may only read; a new password each time."""
    password = _password()
    _login(conn, name, password, READER_GROUP)
    return name, password


# -- the venue's side (its own role)


def my_event(conn: Conn, event: str) -> None:
    """Check that this login writes `event` (row-level security shows a venue its own events only)."""
    if conn.execute("SELECT 1 FROM mirror_events WHERE event = %s", (event,)).fetchone() is None:
        raise CloudError(
            f"this login cannot publish the event {event}: the cloud's administrator registers it with "
            f"`referee-app mirror add-event {event}`, which gives the login to use"
        )


def held(conn: Conn, event: str) -> dict[str, Held]:
    """What the cloud holds of `event`'s documents (one round trip)."""
    rows = conn.execute("SELECT doc, version, digest FROM mirror_docs WHERE event = %s", (event,)).fetchall()
    return {str(doc): Held(int(version), str(digest)) for doc, version, digest in rows}


def send(conn: Conn, event: str, docs: Sequence[Doc], marks: dict[str, Held]) -> dict[str, Held]:
    """Write `docs` over the versions `marks` says the cloud holds, and the venue's heartbeat, in one
    transaction; each must replace exactly the version held (another writer's: nothing is written,
    and the error says so). Returns the versions now held."""
    now = dict(marks)
    with conn.transaction():
        for doc in docs:
            before = marks.get(doc.name)
            version = 1 if before is None else before.version + 1
            if before is None:
                done = conn.execute(
                    "INSERT INTO mirror_docs (event, doc, version, digest, body) VALUES (%s, %s, %s, %s, %s)"
                    " ON CONFLICT (event, doc) DO NOTHING",
                    (event, doc.name, version, doc.digest, doc.body),
                ).rowcount
            else:
                done = conn.execute(
                    "UPDATE mirror_docs SET version = %s, digest = %s, body = %s, at = now()"
                    " WHERE event = %s AND doc = %s AND version = %s",
                    (version, doc.digest, doc.body, event, doc.name, before.version),
                ).rowcount
            if done != 1:
                raise CloudError(f"another program publishes the event {event} online: its {doc.name} moved")
            now[doc.name] = Held(version, doc.digest)
        heartbeat(conn, event)
    return now


def heartbeat(conn: Conn, event: str) -> None:
    conn.execute("UPDATE mirror_events SET seen_at = now() WHERE event = %s", (event,))


# -- the mirrors' side (the reader's role)


def read(conn: Conn, event: str, known: dict[str, int]) -> Read | None:
    """`event`'s documents, the bodies only of those whose version is not in `known` (the mirror has
    them); None: no such event online."""
    row = conn.execute("SELECT seen_at FROM mirror_events WHERE event = %s", (event,)).fetchone()
    if row is None:
        return None
    docs: dict[str, tuple[int, str, bytes, datetime]] = {}
    for doc, version, digest, at in conn.execute(
        "SELECT doc, version, digest, at FROM mirror_docs WHERE event = %s", (event,)
    ).fetchall():
        docs[str(doc)] = (int(version), str(digest), b"", at)
    wanted = [d for d, (version, *_rest) in docs.items() if known.get(d) != version]
    if wanted:
        for doc, version, digest, body, at in conn.execute(
            "SELECT doc, version, digest, body, at FROM mirror_docs WHERE event = %s AND doc = ANY(%s)",
            (event, wanted),
        ).fetchall():
            docs[str(doc)] = (int(version), str(digest), bytes(body), at)
    return Read(docs, row[0])


class Reader:
    """The mirrors' one connection to the cloud (`conninfo`: a reader's login, which can only read),
    opened on first use and again after a failure; one read at a time."""

    def __init__(self, conninfo: str) -> None:
        import threading

        from psycopg.conninfo import make_conninfo

        self.conninfo = make_conninfo(conninfo, application_name="referee-app mirror serve")
        self._conn: Conn | None = None
        self._lock = threading.Lock()

    def read(self, event: str, known: dict[str, int]) -> Read | None:
        import psycopg

        with self._lock:
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = psycopg.connect(self.conninfo, autocommit=True, connect_timeout=5)
                    self._conn.execute("SET default_transaction_read_only = on")
                return read(self._conn, event, known)
            except psycopg.Error:
                if self._conn is not None:
                    self._conn.close()
                    self._conn = None
                raise

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
