"""The event database's schema and its roles (see `server.py`); every statement runs in `db.py`.

Roles: the bootstrap superuser (`referee_admin`) is for `init` and maintenance only. `organizer`
owns the database and its schema without being a superuser: the board, `assign` and `pull` use
it. `desk` is a group that cannot log in; each table has its own login (`desk_N`, a member of
`desk`), made by the organizer through `seats.add_table` (owned by the superuser, the only way
to make a role), so a desk can only ever lock itself out.

The server trusts no desk: a trigger binds a match to the table whose first row made it, fills
`table_no` and `received_at` itself, refuses rows for another table's match (unless the
organizer moved it), and accepts an event only as the match's head + 1 whose hash chains onto
the stored head (the chain of `referee_app.log.chain`, recomputed with PostgreSQL's `sha256`).
A desk may insert only the columns it owns (no ids), read back only its own matches' hashes,
report a conflict only on a match its table holds, and read only its own table's assignments (a
row-level rule: no desk learns another table's assignment ids, which its matches could name).

`heads` keeps each match's last seq and hash: the board reads what changed from it, so a
transaction that commits late is never skipped. UPDATE, DELETE and TRUNCATE on the events are
refused by triggers, for the organizer too; every insert notifies `events` for the board, naming
the table written.
"""

from __future__ import annotations

DEFAULT_PORT = 5433
"""Not 5432: the organizer's laptop may run a PostgreSQL of its own."""
DATABASE = "event"
ADMIN_ROLE = "referee_admin"
DESK_ROLE = "desk"
TABLE_ROLE_PREFIX = "desk_"
SCHEMA_VERSION = 8
"""Raised with each change of the layout below, with its step in `MIGRATIONS`; desks and the board
refuse another version in a sentence (`event-server start` brings an older one up to this)."""
ORGANIZER_ROLE = "organizer"

SEATS = """
CREATE SCHEMA seats AUTHORIZATION referee_admin;
REVOKE ALL ON SCHEMA seats FROM PUBLIC;
CREATE SEQUENCE seats.numbers;
CREATE TABLE seats.tables (
    role NAME PRIMARY KEY,
    table_no TEXT NOT NULL UNIQUE,
    made_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE FUNCTION seats.add_table(wanted TEXT, secret TEXT) RETURNS NAME
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    made NAME;
BEGIN
    IF wanted IS NULL OR btrim(wanted) = '' OR wanted <> btrim(wanted) OR length(wanted) > 40 THEN
        RAISE EXCEPTION USING ERRCODE = 'RF010', MESSAGE = 'a table needs a name of 1 to 40 characters';
    END IF;
    IF secret IS NULL OR length(secret) < 16 THEN
        RAISE EXCEPTION USING ERRCODE = 'RF010', MESSAGE = 'a table key needs at least 16 characters';
    END IF;
    SELECT t.role INTO made FROM seats.tables t WHERE t.table_no = wanted FOR UPDATE;
    IF made IS NULL THEN
        made := 'desk_' || nextval('seats.numbers');
        INSERT INTO seats.tables (role, table_no) VALUES (made, wanted);
        EXECUTE format('CREATE ROLE %I LOGIN INHERIT NOCREATEDB NOCREATEROLE NOREPLICATION CONNECTION LIMIT 16'
                       ' PASSWORD %L IN ROLE desk', made, secret);
    ELSE
        EXECUTE format('ALTER ROLE %I PASSWORD %L', made, secret);
        EXECUTE format('ALTER ROLE %I RESET ALL', made);
        PERFORM pg_terminate_backend(a.pid) FROM pg_stat_activity a WHERE a.usename = made;  -- the old key's
    END IF;
    RETURN made;
END $$;
REVOKE ALL ON FUNCTION seats.add_table(TEXT, TEXT) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION seats.add_table(TEXT, TEXT) TO organizer;
CREATE FUNCTION seats.my_table() RETURNS TEXT
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT t.table_no FROM seats.tables t WHERE t.role = session_user
$$;
REVOKE ALL ON FUNCTION seats.my_table() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION seats.my_table() TO desk, organizer;
GRANT USAGE ON SCHEMA seats TO desk, organizer;
GRANT SELECT ON seats.tables TO organizer;
"""
"""Made by the superuser in the event database: the tables' logins, which only it can create."""

CHECK_EVENT = """CREATE OR REPLACE FUNCTION public.check_event() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    mine TEXT := (SELECT t.table_no FROM seats.tables t WHERE t.role = session_user);
    head_seq INTEGER;
    head_hash TEXT;
    head_table TEXT;
    expected TEXT;
    started TEXT;
BEGIN
    IF mine IS NOT NULL THEN
        NEW.table_no := mine;
    END IF;
    NEW.received_at := now();
    SELECT h.seq, h.hash, h.table_no INTO head_seq, head_hash, head_table
        FROM public.heads h WHERE h.match_id = NEW.match_id FOR UPDATE;
    IF NOT FOUND THEN  -- the match's first row: its table is the one that sends it
        INSERT INTO public.heads (match_id, seq, hash, table_no, from_organizer)  -- no table's login: the phones'
            VALUES (NEW.match_id, 0, '', NEW.table_no, mine IS NULL) ON CONFLICT (match_id) DO NOTHING;
        SELECT h.seq, h.hash, h.table_no INTO STRICT head_seq, head_hash, head_table
            FROM public.heads h WHERE h.match_id = NEW.match_id FOR UPDATE;
    END IF;
    IF mine IS NOT NULL AND head_table <> mine THEN
        RAISE EXCEPTION USING ERRCODE = 'RF001',
            MESSAGE = format('match %s belongs to table %s', NEW.match_id, head_table);
    END IF;
    IF NEW.seq <> head_seq + 1 THEN
        RAISE EXCEPTION USING ERRCODE = 'RF002',
            MESSAGE = format('match %s: the server holds %s events, event %s does not follow them',
                             NEW.match_id, head_seq, NEW.seq);
    END IF;
    expected := encode(sha256(convert_to(concat_ws(chr(31), head_hash, NEW.match_id, NEW.seq::text, NEW.type,
                                                   NEW.at, NEW.body), 'UTF8')), 'hex');
    IF NEW.hash IS DISTINCT FROM expected THEN
        RAISE EXCEPTION USING ERRCODE = 'RF003',
            MESSAGE = format('match %s: event %s does not chain onto the server''s event %s',
                             NEW.match_id, NEW.seq, head_seq);
    END IF;
    UPDATE public.heads SET seq = NEW.seq, hash = NEW.hash, updated_at = now() WHERE match_id = NEW.match_id;
    IF NEW.seq = 1 THEN  -- a match naming its table's assignment: no desk is offered it again
        BEGIN
            started := NEW.body::jsonb ->> 'assignment';
        EXCEPTION WHEN others THEN
            started := NULL;
        END;
        IF started IS NOT NULL AND started <> '' THEN
            UPDATE public.assignments SET started_match = NEW.match_id
            WHERE id = started AND table_no = NEW.table_no AND started_match IS NULL;
        END IF;
    END IF;
    RETURN NEW;
END $$;
"""
"""Each row a desk (or the organizer's pusher) inserts: its table, head + 1, its hash chain."""

DESK_HASHES = """CREATE OR REPLACE FUNCTION public.desk_hashes(wanted TEXT, after INTEGER, upto INTEGER)
RETURNS TABLE (seq INTEGER, hash TEXT)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RETURN QUERY SELECT e.seq, e.hash FROM public.events e JOIN public.heads h ON h.match_id = e.match_id
    WHERE e.match_id = wanted AND e.seq > after AND e.seq <= upto
        AND h.table_no = (SELECT t.table_no FROM seats.tables t WHERE t.role = session_user)
    ORDER BY e.seq;
END $$;
"""

DESK_STATE = """CREATE OR REPLACE FUNCTION public.desk_state(wanted TEXT, after INTEGER, upto INTEGER)
RETURNS TABLE (held INTEGER, seqs INTEGER[], hashes TEXT[])
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    mine TEXT := (SELECT t.table_no FROM seats.tables t WHERE t.role = session_user);
    head_table TEXT;
BEGIN
    seqs := '{}';
    hashes := '{}';
    SELECT h.seq, h.table_no INTO held, head_table FROM public.heads h WHERE h.match_id = wanted;
    IF NOT FOUND THEN
        held := 0;
    ELSIF head_table IS DISTINCT FROM mine THEN
        held := NULL;  -- another table's match: nothing of it is shown
    ELSE
        SELECT coalesce(array_agg(e.seq ORDER BY e.seq), '{}'), coalesce(array_agg(e.hash ORDER BY e.seq), '{}')
            INTO seqs, hashes
            FROM public.events e WHERE e.match_id = wanted AND e.seq > after AND e.seq <= upto;
    END IF;
    RETURN NEXT;
END $$;
"""

NOTIFY_EVENTS = """CREATE OR REPLACE FUNCTION public.notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('events', TG_TABLE_NAME);  -- the board reads again only what was written
    RETURN NULL;
END $$;
"""

ARRIVALS = """CREATE TABLE public.arrivals (
    assignment_id TEXT NOT NULL REFERENCES public.assignments (id) ON DELETE CASCADE,
    player TEXT NOT NULL CHECK (length(player) BETWEEN 1 AND 200),
    table_no TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (assignment_id, player)
);
CREATE FUNCTION public.desk_arrived(wanted TEXT, who TEXT) RETURNS BOOLEAN
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    mine TEXT := seats.my_table();
    sent RECORD;
BEGIN
    SELECT a.table_no, a.player_a, a.player_b INTO sent FROM public.assignments a WHERE a.id = wanted;
    IF NOT FOUND OR mine IS NULL OR sent.table_no <> mine THEN
        RAISE EXCEPTION USING ERRCODE = 'RF011', MESSAGE = format('no match %s was sent to this table', wanted);
    END IF;
    IF who IS DISTINCT FROM sent.player_a AND who IS DISTINCT FROM sent.player_b THEN
        RAISE EXCEPTION USING ERRCODE = 'RF011', MESSAGE = format('%s does not play the match sent to this table', who);
    END IF;
    INSERT INTO public.arrivals (assignment_id, player, table_no) VALUES (wanted, who, mine) ON CONFLICT DO NOTHING;
    RETURN FOUND;
END $$;
REVOKE ALL ON FUNCTION public.desk_arrived(TEXT, TEXT) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.desk_arrived(TEXT, TEXT) TO desk;
GRANT SELECT ON public.arrivals TO desk;
ALTER TABLE public.arrivals ENABLE ROW LEVEL SECURITY;
CREATE POLICY desk_own_arrivals ON public.arrivals FOR SELECT TO desk USING (table_no = seats.my_table());
CREATE TRIGGER arrivals_notify AFTER INSERT ON public.arrivals
    FOR EACH STATEMENT EXECUTE FUNCTION public.notify_events();
"""
"""The players a desk's referee marked at the table (the late-start clock stops for them): a desk adds
its own table's only, through `desk_arrived`, for a player of a match sent to it; the organizer reads
them all. A withdrawn assignment takes its marks with it."""

SCHEMA = (
    """
CREATE TABLE event_info (
    id TEXT PRIMARY KEY,
    schema_version INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE events (
    id BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
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
    hash TEXT NOT NULL,
    table_no TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    from_organizer BOOLEAN NOT NULL DEFAULT false
);
CREATE TABLE conflicts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    match_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    desk_hash TEXT NOT NULL,
    table_no TEXT NOT NULL DEFAULT '',
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
    shot_s INTEGER CHECK (shot_s BETWEEN 1 AND 600),
    extension_s INTEGER CHECK (extension_s BETWEEN 1 AND 600),
    extensions_per_rack INTEGER CHECK (extensions_per_rack BETWEEN 0 AND 9),
    after_break_s INTEGER CHECK (after_break_s BETWEEN 1 AND 60),
    referee TEXT NOT NULL DEFAULT '' CHECK (length(referee) <= 200),
    licence_a TEXT NOT NULL DEFAULT '' CHECK (length(licence_a) <= 40),
    licence_b TEXT NOT NULL DEFAULT '' CHECK (length(licence_b) <= 40),
    club_a TEXT NOT NULL DEFAULT '' CHECK (length(club_a) <= 80),
    club_b TEXT NOT NULL DEFAULT '' CHECK (length(club_b) <= 80),
    started_match TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    scoring TEXT NOT NULL DEFAULT 'shots' CHECK (scoring IN ('shots', 'racks')),
    CHECK (num_nulls(shot_s, extension_s, extensions_per_rack, after_break_s) IN (0, 4))
);
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the event log is append-only';
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

"""
    + CHECK_EVENT
    + """REVOKE ALL ON FUNCTION check_event() FROM PUBLIC;
CREATE TRIGGER events_check BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION check_event();

CREATE FUNCTION check_conflict() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    mine TEXT := seats.my_table();
BEGIN
    IF mine IS NOT NULL THEN
        NEW.table_no := mine;
        IF NOT EXISTS (SELECT 1 FROM public.heads h WHERE h.match_id = NEW.match_id AND h.table_no = mine) THEN
            RAISE EXCEPTION USING ERRCODE = 'RF004',
                MESSAGE = format('match %s is not held by table %s', NEW.match_id, mine);
        END IF;
    END IF;
    NEW.reported_at := now();
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION check_conflict() FROM PUBLIC;
CREATE TRIGGER conflicts_check BEFORE INSERT ON conflicts FOR EACH ROW EXECUTE FUNCTION check_conflict();

CREATE FUNCTION desk_head(wanted TEXT) RETURNS INTEGER
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT CASE WHEN h.match_id IS NULL THEN 0 WHEN h.table_no = seats.my_table() THEN h.seq END
    FROM (SELECT 1) AS one LEFT JOIN public.heads h ON h.match_id = wanted
$$;
"""
    + DESK_HASHES
    + """"""
    + DESK_STATE
    + """CREATE FUNCTION desk_table_matches() RETURNS TABLE (match_id TEXT, last_at TIMESTAMPTZ)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT h.match_id, h.updated_at FROM public.heads h WHERE h.table_no = seats.my_table() AND h.seq > 0
$$;
REVOKE ALL ON FUNCTION desk_table_matches() FROM PUBLIC;
REVOKE ALL ON FUNCTION desk_state(TEXT, INTEGER, INTEGER) FROM PUBLIC;
REVOKE ALL ON FUNCTION desk_head(TEXT) FROM PUBLIC;
REVOKE ALL ON FUNCTION desk_hashes(TEXT, INTEGER, INTEGER) FROM PUBLIC;

"""
    + NOTIFY_EVENTS
    + """CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_events();
CREATE TRIGGER assignments_notify AFTER INSERT OR UPDATE OR DELETE ON assignments
    FOR EACH STATEMENT EXECUTE FUNCTION notify_events();
CREATE TRIGGER conflicts_notify AFTER INSERT ON conflicts FOR EACH STATEMENT EXECUTE FUNCTION notify_events();

REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO desk;
GRANT SELECT ON event_info TO desk;
GRANT INSERT (match_id, seq, type, at, body, hash) ON events TO desk;
GRANT INSERT (match_id, seq, desk_hash) ON conflicts TO desk;
GRANT SELECT ON assignments TO desk;
ALTER TABLE assignments ENABLE ROW LEVEL SECURITY;  -- the organizer owns it: no rule binds it
CREATE POLICY desk_own_table ON assignments FOR SELECT TO desk USING (table_no = seats.my_table());
GRANT EXECUTE ON FUNCTION desk_head(TEXT) TO desk;
GRANT EXECUTE ON FUNCTION desk_state(TEXT, INTEGER, INTEGER) TO desk;
GRANT EXECUTE ON FUNCTION desk_hashes(TEXT, INTEGER, INTEGER) TO desk;
GRANT EXECUTE ON FUNCTION desk_table_matches() TO desk;
"""
    + ARRIVALS
)
"""Made by the organizer, who owns it."""

MIGRATIONS: dict[int, str] = {
    5: (
        "ALTER TABLE public.assignments ENABLE ROW LEVEL SECURITY;\n"
        "CREATE POLICY desk_own_table ON public.assignments FOR SELECT TO desk USING (table_no = seats.my_table());\n"
        + DESK_HASHES
        + DESK_STATE
        + NOTIFY_EVENTS
    ),
    6: (
        "ALTER TABLE public.assignments ADD COLUMN scoring TEXT NOT NULL DEFAULT 'shots'"
        " CHECK (scoring IN ('shots', 'racks'));\n"
        "ALTER TABLE public.heads ADD COLUMN from_organizer BOOLEAN NOT NULL DEFAULT false;\n" + CHECK_EVENT
    ),
    7: ARRIVALS,
}
"""Each version's step to the next, run by the organizer (who owns the schema; every name is
qualified: our sessions search pg_catalog first, where nothing may be made), each in one
transaction with the version it leads to. 5 -> 6: desks read only their own table's assignments
(and a v5 server made before the per-row functions were rewritten gets them as they are now);
6 -> 7: an assignment's scoring (racks at a table with no referee) and the matches the organizer's
own pusher sends (the phone tables'), marked by the server itself; 7 -> 8: the players a desk marked
at the table (`ARRIVALS`)."""

SESSION_OPTIONS = (
    "-c search_path=pg_catalog,public -c default_transaction_read_only=off -c statement_timeout=60000"
    " -c lock_timeout=30000 -c idle_in_transaction_session_timeout=0 -c idle_session_timeout=0"
)
"""Set on every connection of ours: a role's own defaults (a desk may change its own) never win."""
KEEPALIVE = {
    "keepalives": "1",
    "keepalives_idle": "10",
    "keepalives_interval": "3",
    "keepalives_count": "3",
    "tcp_user_timeout": "15000",
}
"""libpq's TCP settings on the desks' and the board's connections: a server gone silent (a laptop
off the Wi-Fi) is found out by the kernel in about 20 s when idle (10 s, then 3 probes 3 s apart)
and in 15 s with data unacknowledged, not the system's two hours and fifteen minutes."""
