"""A phone match's result when the players do not both sign it: disputes, the organizer's word.

phone.md §4 completes a phone match once its log is finished and both players signed it. Around
that rule, what an organizer expects (the tournament's own events, never match-log events: a
phone may send only phone.md's five, and match-log.md 1.3 is a contract):

- **"I don't agree".** Once the race is won, a player who has not signed may dispute the result
  (`POST /api/score/N/dispute`, `Disputed` in the tournament's log): the board and the tournament
  window show "Table 5: result disputed" and the table is kept (no completion, even with both
  signatures, while a dispute is in force). A player who signs after disputing withdraws the
  dispute (`DisputeWithdrawn`, recorded by the laptop when it sees the signature): once every
  disputing player has signed, the match completes as §4 says. A player who has signed cannot
  dispute (their signature says they agree; the organizer can still correct).
- **The organizer settles.** On the Results tab (or `tournament accept`), the organizer accepts
  the log's result as it stands, signed or not (`accepted_result`: an ordinary `ResultRecorded`
  with the log's winner, score and id), or types another result (`tournament result`): either
  completes the match, which ends its dispute. Undo takes either back, and the dispute with it;
  a phone match whose result the organizer undid is not completed again by itself (as a desk's:
  `State.desk_results`), the organizer accepts or types it when it is right.
- **No signatures (a weekly bar night).** `SignaturesSet(needed=False)`, off by default: a finished
  phone match completes at once, unsigned, unless a dispute holds it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from referee_app.game.events import Signed
from referee_app.game.history import Step
from referee_app.game.state import State as MatchState
from referee_app.game.vocab import Seat
from referee_app.i18n import QT_TRANSLATE_NOOP
from referee_app.log.codec import DEVICE
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.tournament.events import ResultRecorded
from referee_app.tournament.model import MatchStatus, TournamentRefused
from referee_app.tournament.state import Tournament
from referee_app.words.localtime import local_date

TAP_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
DISPUTE_FIELDS = frozenset({"id", "after", "player", "match_id", "device"})
"""A dispute's fields; `match_id` and `device` (as a tap's, phone.md 1.1) may be left out."""

NOT_OVER = QT_TRANSLATE_NOOP("PhoneApi", "the match is not over: there is no result to dispute yet")
SIGNED_ALREADY = QT_TRANSLATE_NOOP("PhoneApi", "{name} has signed this result: to change it now, call the organizer")


@dataclass(frozen=True, slots=True)
class DisputeRequest:
    """`POST /api/score/N/dispute`'s body: the phone's id for it, the version it saw, the seat."""

    tap: str
    after: int
    seat: Seat
    match_id: str | None = None
    """The match it was made on: a dispute for another match is a 409, as a tap's."""


NOT_JSON = QT_TRANSLATE_NOOP("PhoneApi", "the request is not JSON")
BAD_FIELD = QT_TRANSLATE_NOOP("PhoneApi", "the request's {field} is missing or not valid")
UNKNOWN_FIELD = QT_TRANSLATE_NOOP("PhoneApi", "the request has an unknown field {field}")
TWICE = QT_TRANSLATE_NOOP("PhoneApi", "the request names {field} twice: which one is meant is not clear")


class BadRequest(ValueError):
    """A body that is not the API's JSON (400): a `PhoneApi` template and its values."""

    def __init__(self, template: str, **values: str) -> None:
        super().__init__(template)
        self.template = template
        self.values = values


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise BadRequest(TWICE, field=json.dumps(key[:40]))
            seen.add(key)
    return obj


_DECODER = json.JSONDecoder(object_pairs_hook=_once)


def request_json(body: bytes) -> Any:
    """A phone's request body as JSON; `BadRequest` if it is not JSON, or if any object in it
    holds a key twice (phone.md §3; match-log.md §1: the second must not silently replace the first)."""
    try:
        return _DECODER.decode(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        if isinstance(exc, BadRequest):
            raise
        raise BadRequest(NOT_JSON) from None


def parse_dispute(body: bytes) -> DisputeRequest | tuple[str, dict[str, str]]:
    """The request, or why it is a 400 (a `PhoneApi` template and its values)."""
    try:
        request = request_json(body)
    except BadRequest as refused:
        return refused.template, refused.values
    if not isinstance(request, dict):
        return NOT_JSON, {}
    for name in request:
        if name not in DISPUTE_FIELDS:
            return QT_TRANSLATE_NOOP("PhoneApi", "the request has an unknown field {field}"), {
                "field": json.dumps(str(name)[:40])
            }
    tap, after, player = request.get("id"), request.get("after"), request.get("player")
    bad = QT_TRANSLATE_NOOP("PhoneApi", "the request's {field} is missing or not valid")
    if not isinstance(tap, str) or not TAP_ID.fullmatch(tap):
        return bad, {"field": "id"}
    if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= 10**9:
        return bad, {"field": "after"}
    if player not in ("A", "B"):
        return bad, {"field": "player"}
    match_id, device = request.get("match_id"), request.get("device")
    if match_id is not None and (not isinstance(match_id, str) or not TAP_ID.fullmatch(match_id)):
        return bad, {"field": "match_id"}
    if device is not None and (not isinstance(device, str) or not DEVICE.fullmatch(device)):
        return bad, {"field": "device"}
    return DisputeRequest(tap, after, Seat(player), match_id)


def dispute_refused(match: MatchState, seat: Seat) -> tuple[str, dict[str, str]] | None:
    """Why the match log refuses a dispute by `seat` (422: not over, or signed), or None."""
    if not match.finished or match.winner is None:
        return NOT_OVER, {}
    if match.signed[seat]:
        return SIGNED_ALREADY, {"name": match.setup.name(seat)}
    return None


def seat_of(match: MatchState, player: str) -> Seat:
    """The seat of a bracket match's player in its phone log (its players are a -> A, b -> B)."""
    return Seat.A if match.setup.players[0] == player else Seat.B


def completion(t: Tournament, match: str, log: MatchState) -> str:
    """What a phone match's log asks of the bracket now: "withdraw" (a disputing player signed
    since), "complete" (finished, signed as the tournament needs, no dispute), else ""."""
    disputing = t.disputes.get(match, ())
    if any(log.signed[seat_of(log, p)] for p in disputing):
        return "withdraw"
    if not log.finished or log.winner is None or disputing:
        return ""
    if t.signatures_needed and not all(log.signed[s] for s in Seat):
        return ""
    return "complete"


def log_result(log: MatchState, match: str, table: int | None, at: str) -> ResultRecorded:
    """The bracket match's result as its finished log gives it (phone.md §4's)."""
    assert log.winner is not None
    return ResultRecorded(
        match,
        log.setup.name(log.winner),
        (log.score[Seat.A], log.score[Seat.B]),
        log.setup.match_id,
        table,
        local_date(at),
    )


def accepted_result(store: Store, t: Tournament, match: str, at: str) -> ResultRecorded:
    """The organizer accepts a phone match's result as its log stands, signed or not (the Results
    tab, `tournament accept`): refused unless the match is on a phone table and its log is over."""
    slot = t.slots.get(match)
    if slot is None or t.bracket is None or match not in t.bracket.by_id:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP("TournamentRefusal", "no match {match} in this tournament"), match=match
        )
    match_id = t.started.get(match)
    if slot.status is not MatchStatus.PLAYING or match not in t.by_phone or match_id is None:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal", "{match} is not being played on a phone table: type its result instead"
            ),
            match=match,
        )
    log = Session(store, match_id).state
    if not log.finished or log.winner is None:
        raise TournamentRefused(
            QT_TRANSLATE_NOOP(
                "TournamentRefusal",
                "{match} is not over on the phone ({a}-{b}): there is no result to accept yet; type one if it is"
                " decided",
            ),
            match=match,
            a=log.score[Seat.A],
            b=log.score[Seat.B],
        )
    return log_result(log, match, slot.table, at)


LogScores = dict[str, tuple[int, tuple[int, int] | None]]
"""A phone log's head seq and its result when finished (its score a, b), by match log id: what
`unsigned_results` read before, so that a window that asks again reads only the logs that moved."""


def unsigned_results(store: Store, t: Tournament, seen: LogScores | None = None) -> dict[str, tuple[int, int]]:
    """The phone matches whose log is finished but that still hold their table (not signed by both,
    or disputed): match -> the log's score (a, b), what the Results tab offers to accept. `seen`:
    kept between calls, each log is replayed again only once it moved on."""
    seen = {} if seen is None else seen
    heads = store.heads()
    found: dict[str, tuple[int, int]] = {}
    for match in sorted(t.by_phone):
        slot = t.slots.get(match)
        match_id = t.started.get(match)
        if slot is None or slot.status is not MatchStatus.PLAYING or match_id is None:
            continue
        head = heads.get(match_id, -1)
        known = seen.get(match_id)
        if known is None or known[0] != head:
            log = Session(store, match_id).state
            over = log.finished and log.winner is not None
            known = seen[match_id] = (head, (log.score[Seat.A], log.score[Seat.B]) if over else None)
        if known[1] is not None:
            found[match] = known[1]
    return found


OneDevice = dict[str, tuple[int, bool]]
"""A done phone match's log as last read: its head and whether one phone gave both signatures."""


def signed_on_one_phone(store: Store, t: Tournament, seen: OneDevice | None = None) -> frozenset[str]:
    """The phone matches with a result whose two signatures in force name the same phone (match-log
    1.4 `device`: a one-phone table's, or a player who signed for the other); the Results tab says
    so. `seen`: kept between calls, each log is replayed again only once it moved on."""
    seen = {} if seen is None else seen
    heads = store.heads()
    found: set[str] = set()
    for match in sorted(t.by_phone):
        match_id = t.started.get(match)
        if match not in t.results or match_id is None:
            continue
        head = heads.get(match_id, -1)
        known = seen.get(match_id)
        if known is None or known[0] != head:
            known = seen[match_id] = (head, one_device(Session(store, match_id).history.in_force()))
        if known[1]:
            found.add(match)
    return frozenset(found)


def one_device(steps: Iterable[Step]) -> bool:
    """Both signatures in force name one device."""
    devices = {s.event.player: s.event.device for s in steps if isinstance(s.event, Signed)}
    return len(devices) == 2 and None not in devices.values() and len(set(devices.values())) == 1


def accept(store: Store, ref: str, match: str) -> ResultRecorded:
    """`tournament accept`: the phone log's result of `match` completes it (refused in words)."""
    from referee_app.event.session import TournamentSession, now

    session = TournamentSession.open(store, ref)
    assert session.tournament is not None
    event = accepted_result(store, session.tournament, match, now())
    session.record(event)
    return event


def set_signatures(store: Store, ref: str, needed: bool) -> None:
    """`tournament signatures`: the players' signatures needed (on) or not (off, a bar night)."""
    from referee_app.event.session import TournamentSession
    from referee_app.tournament.events import SignaturesSet

    TournamentSession.open(store, ref).record(SignaturesSet(needed))
