"""A tested day at the door and the tables: 16 entries, 12 checked in (three at the door by name,
nine by the door's QR from their own phones, through the API), the draw of 12, every match
called, one player at +7 minutes, one never (the calls at +5, +10, +14 in the log, the forfeit
proposed at +15, confirmed, the bracket moves on), fees for the 12, payouts for 3 places that sum
to the pot. The clock is a `StepTime` the test moves: nobody waits fifteen minutes."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import unicodedata
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from referee_desk.tournament.paper import ledger_pdf, standings_pdf

from referee_app.cli.main import main as cli
from referee_app.event.call_clock import CallClock, StepTime
from referee_app.event.door_api import DoorApi
from referee_app.event.session import TournamentSession
from referee_app.log.store import Store
from referee_app.tournament.door import ledger
from referee_app.tournament.events import FeePaid, ResultRecorded
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.money import payout_sheet, split
from referee_app.tournament.show import show, standings
from referee_app.tournament.state import parse_utc, utc_text

NAMES = [
    "Ana Lopez", "Ben Novak", "Carl Ito", "Dora Mey", "Éva Martin", "Farid Haddad", "Gina Rossi", "Hugo Brun",
    "Inès Caron", "Jon Berg", "Kim Park", "Léa Petit", "Max Weber", "Nora Dahl", "Omar Said", "Paula Ruiz",
]  # fmt: skip
AT_THE_DOOR = ["ana lopez", "BEN NOVAK", "eva martin"]  # typed by the volunteer: case and accents ignored
BY_PHONE = NAMES[3:4] + NAMES[5:13]  # nine from their own phones
START = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)


def _run(*args: str) -> tuple[int, str]:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli(["tournament", *args])
    return code, out.getvalue()


def _tap(name: str, phone: str) -> bytes:
    """A phone's check-in request: the name picked and the phone's own id."""
    return json.dumps({"name": name, "device": f"phone-{phone}-0123456789abcdef"}).encode()


def test_a_day_from_the_door_to_the_payouts(tmp_path: Path) -> None:
    db = tmp_path / "day.db"
    code, out = _run("new", "Open de Lyon", "--format", "de", "--race", "3", "--checkin", "--fee", "20",
                     "--db", str(db))  # fmt: skip
    assert code == 0
    tid = out.strip()
    entries = tmp_path / "entries.csv"
    entries.write_text("name\n" + "\n".join(NAMES) + "\n", encoding="utf-8")
    assert _run("entries", tid, str(entries), "--db", str(db))[0] == 0
    code, out = _run("checkin", tid, *AT_THE_DOOR, "--db", str(db))
    assert code == 0 and out.splitlines() == [
        "Ana Lopez: checked in",
        "Ben Novak: checked in",
        "Éva Martin: checked in",
    ]

    store = Store(db)
    session = TournamentSession.open(store, tid)
    time = StepTime(START)
    door = DoorApi(session, time)
    token = door.token()
    listed = door.door_get(token)
    assert listed.status == 200 and "Ana Lopez" not in listed.body["names"] and len(listed.body["names"]) == 13
    links: dict[str, str] = {}
    for i, name in enumerate(BY_PHONE):
        scanned = door.token()  # the QR on the door's screen now
        time.advance(50)  # the player finds their name: the code of the minute before still opens the door
        answer = door.door_post(scanned, _tap(name.upper(), f"{i:02d}"))
        assert answer.status == 200, answer.body
        links[name] = answer.body["me"]
    # the photo sent home: a minute later than its last minute, the code is refused, nothing recorded
    time.advance(180)
    assert (
        door.door_post(token, json.dumps({"name": "Max Weber", "device": "phone-xx-0123456789abcdef"}).encode()).status
        == 403
    )
    # a phone that checked one player in cannot check another: refused, and the organizer is shown it
    again = door.door_post(
        door.token(), json.dumps({"name": "Nora Dahl", "device": "phone-00-0123456789abcdef"}).encode()
    )
    assert again.status == 409 and again.body["doubled"]
    # the same phone asking again for its own player (its answer lost) gets the same page back
    same = door.door_post(
        door.token(), json.dumps({"name": BY_PHONE[0], "device": "phone-00-0123456789abcdef"}).encode()
    )
    assert same.status == 200 and same.body["me"] == links[BY_PHONE[0]]
    t = session.tournament
    assert t is not None and len(t.checked_in) == 12
    assert [d.name for d in t.doubled] == ["Nora Dahl"]
    # /me opens the player's own page, and nobody else's
    me = door.me_get(links["Dora Mey"][len("/me/") :])
    assert me.status == 200 and me.body["name"] == "Dora Mey" and me.body["present"]
    assert door.me_get("x" * 43).status == 404

    # fees: the twelve pay at the door, cash or other, noted
    for i, name in enumerate(sorted(t.checked_in)):
        session.record(FeePaid(name, Decimal("20.00"), "cash" if i % 4 else "other", "" if i % 4 else "card"))
    book = ledger(session.tournament)  # type: ignore[arg-type]
    assert (book.total, book.cash, book.other) == ("240.00", "180.00", "60.00")
    assert book.unpaid == ()

    assert _run("draw", tid, "--seed", "5", "--db", str(db))[0] == 0
    session.reload()
    code, _ = _run("checkin", tid, "Max Weber", "--db", str(db))
    assert code == 1, "after the draw: refused"
    assert _run("tables", tid, "1-4", "--db", str(db))[0] == 0
    session.reload()
    t = session.tournament
    assert t is not None and t.bracket is not None and len(t.bracket.seeds) == 12
    assert set(t.absent) == set(NAMES) - t.checked_in and len(t.absent) == 4
    shown = show(t, tid)
    assert sum(e["present"] is False for e in shown["entries"]) == 4

    clock = CallClock(session, time)
    t0 = time.now()
    called = clock.tick()
    assert len(called) == 4 and all(c.call == 0 for c in called)
    on = sorted(t.on_table.items(), key=lambda m: m[1])
    seven, never = on[0][0], on[1][0]
    late7 = t.slots[seven].b
    absent = t.slots[never].b
    assert late7 and absent
    rng = random.Random(3)
    for match, _ in on:
        slot = t.slots[match]
        for player in (slot.a, slot.b):
            if player not in (late7, absent):
                assert player is not None
                clock.here(match, player, "phone")
    for _ in range(15 * 60 // 30):
        time.advance(30)
        clock.tick()
        if (time.now() - t0).total_seconds() == 7 * 60:
            clock.here(seven, late7, "desk")
        if any(p.match == never for p in clock.proposals()):
            break
    assert (time.now() - t0).total_seconds() == 15 * 60
    logged = session.tournament.calls  # type: ignore[union-attr]
    assert [c.call for c in logged[seven]] == [0, 1], "called again at +5 only: at the table at +7"
    minutes = [(c.call, (parse_utc(c.at) - t0).total_seconds() / 60) for c in logged[never]]
    assert minutes == [(0, 0), (1, 5), (2, 10), (3, 14)], "the calls at +5, +10, +14 in the log"
    assert all(c.players == (absent,) for c in logged[never][1:])
    (proposal,) = [p for p in clock.proposals() if p.match == never]
    assert proposal.absent == (absent,) and len(proposal.calls) == 3
    assert session.tournament.slots[never].status is MatchStatus.PLAYING, "proposed, never applied by itself"  # type: ignore[union-attr]
    forfeit = clock.confirm(never, absent)
    t = session.tournament
    assert t is not None and t.slots[never].status is MatchStatus.FORFEIT
    last_call = utc_text(t0 + timedelta(minutes=14))[11:19]
    assert "late start" in t.results[never].reason and f"{last_call} UTC" in forfeit.reason
    winner, onward = t.slots[never].winner, t.slots[never].spec.winner_to
    assert winner is not None and onward is not None
    assert winner in (t.slots[onward].a, t.slots[onward].b), "the bracket moves on: the winner is in the next match"

    # the rest of the day: every match called before its result, players at their tables
    for _ in range(200):
        clock.tick()
        t = session.tournament
        assert t is not None
        playing = [m for m, s in t.slots.items() if s.status is MatchStatus.PLAYING]
        if not playing:
            break
        for match in playing:
            assert t.calls.get(match), f"{match} is played without a call"
            slot = t.slots[match]
            assert slot.a and slot.b
            race = slot.spec.race
            a_wins = rng.random() < 0.5
            session.record(ResultRecorded(match, slot.a if a_wins else slot.b,
                                          (race, 1) if a_wins else (1, race), ended_on="2026-12-06"))  # fmt: skip
        time.advance(600)
    t = session.tournament
    assert t is not None and t.status.value == "finished"
    played = [m for m, s in t.slots.items() if s.status in (MatchStatus.DONE, MatchStatus.FORFEIT)]
    assert all(t.calls.get(m) for m in played), "every match called"

    code, out = _run("payouts", tid, "--pot", "240.00", "--places", "50,30,20", "--json", "--db", str(db))
    assert code == 0
    amounts = json.loads(out)
    assert amounts == [
        {"place": 1, "amount": "120.00"},
        {"place": 2, "amount": "72.00"},
        {"place": 3, "amount": "48.00"},
    ]
    assert sum(Decimal(a["amount"]) for a in amounts) == Decimal("240.00")
    places = [(p["place"], p["names"]) for p in standings(t)["places"]]
    sheet = payout_sheet(places, split(Decimal("240.00"), [Decimal(50), Decimal(30), Decimal(20)]))
    assert [p.place for p in sheet] == [1, 2, 3] and sum(p.amount for p in sheet) == Decimal("240.00")

    # on paper: the standings with the payout sheet, and the fees' ledger, read back with pdftotext
    pdf = tmp_path / "standings.pdf"
    pdf.write_bytes(standings_pdf(t, "a4", (Decimal("240.00"), [Decimal(a["amount"]) for a in amounts])))
    text = " ".join(_pdftotext(pdf).split())
    first, second, third = (places[i][1][0] for i in range(3))
    assert "Payouts" in text and "Pot 240.00, paid out 240.00" in text
    for name, amount in ((first, "120.00"), (second, "72.00"), (third, "48.00")):
        assert re.search(
            rf"\b{places[[n for _, names in places for n in names].index(name)][0]} {name} {amount}", text
        ), name
    fees = tmp_path / "fees.pdf"
    fees.write_bytes(ledger_pdf(t))
    book_text = " ".join(_pdftotext(fees).split())
    assert "Cash 180.00 · other 60.00 · total 240.00 · not paid yet: 0" in book_text
    assert "Carl Ito no" in book_text, "the absent are listed, not paid"
    store.close()


def _pdftotext(path: Path) -> str:
    exe = shutil.which("pdftotext")
    assert exe, "pdftotext is missing: scripts/install.sh installs poppler-utils"
    out = subprocess.run([exe, "-raw", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return unicodedata.normalize("NFKC", out)
