"""The event database's schema and its two roles (see `event_server`).

`heads` keeps each match's last seq (a trigger, as the table's owner): the board reads
what changed from it, so a transaction that commits late is never skipped, as it could
be behind a watermark over the events' serial ids. The events are the desks' own rows,
byte for byte (type, at, body and the hash chain), so
a pulled log is checked exactly as a merged one. UPDATE, DELETE and TRUNCATE on them are
refused by triggers, for the organizer too; every insert notifies `events` for the board.
"""

from __future__ import annotations

DEFAULT_PORT = 5433
"""Not 5432: the organizer's laptop may run a PostgreSQL of its own."""
DATABASE = "event"
DESK_ROLE = "desk"
SCHEMA_VERSION = 2
"""Raised with each change of the layout below; desks and the board refuse another version in a sentence."""
ORGANIZER_ROLE = "organizer"

SCHEMA = """
CREATE TABLE event_info (
    id TEXT PRIMARY KEY,
    schema_version INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE events (
    id BIGSERIAL UNIQUE,
    match_id TEXT NOT NULL,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    type TEXT NOT NULL,
    at TEXT NOT NULL,
    body TEXT NOT NULL,
    hash TEXT NOT NULL,
    table_no TEXT NOT NULL DEFAULT '',
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE heads (
    match_id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    table_no TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE conflicts (
    id BIGSERIAL PRIMARY KEY,
    match_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    desk_hash TEXT NOT NULL,
    table_no TEXT NOT NULL,
    reported_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE assignments (
    id TEXT PRIMARY KEY,
    table_no TEXT NOT NULL,
    player_a TEXT NOT NULL,
    player_b TEXT NOT NULL,
    race_to INTEGER NOT NULL CHECK (race_to BETWEEN 1 AND 99),
    rules TEXT NOT NULL,
    break_order TEXT NOT NULL,
    event TEXT NOT NULL DEFAULT '',
    round TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the event log is append-only';
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE FUNCTION keep_head() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    INSERT INTO heads (match_id, seq, table_no) VALUES (NEW.match_id, NEW.seq, NEW.table_no)
    ON CONFLICT (match_id) DO UPDATE SET seq = GREATEST(heads.seq, EXCLUDED.seq), table_no = EXCLUDED.table_no,
        updated_at = now();
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION keep_head() FROM PUBLIC;
CREATE TRIGGER events_head AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION keep_head();
CREATE FUNCTION notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('events', '');
    RETURN NULL;
END $$;
CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_events();
CREATE TRIGGER assignments_notify AFTER INSERT OR UPDATE OR DELETE ON assignments
    FOR EACH STATEMENT EXECUTE FUNCTION notify_events();
CREATE TRIGGER conflicts_notify AFTER INSERT ON conflicts FOR EACH STATEMENT EXECUTE FUNCTION notify_events();

REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO desk;
GRANT SELECT ON event_info TO desk;
GRANT INSERT ON events TO desk;
GRANT SELECT (match_id, seq, hash) ON events TO desk;
GRANT USAGE ON SEQUENCE events_id_seq TO desk;
GRANT INSERT ON conflicts TO desk;
GRANT USAGE ON SEQUENCE conflicts_id_seq TO desk;
GRANT SELECT ON assignments TO desk;
"""
