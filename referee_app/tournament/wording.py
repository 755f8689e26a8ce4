"""The tournament's words for people: round names ("Losers' round 3", "Hot seat"), statuses, and
the decisions as undo and redo name them.

One place, so the window, the paper, the board's page and the desk's overlay all say the same.
English here; `tr(context, text)` gives the user's language (the GUI passes Qt's translate,
headless code the identity).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.tournament.events import (
    CheckedIn,
    CheckinUndone,
    Corrected,
    Disputed,
    DisputeWithdrawn,
    Disqualified,
    Drawn,
    EntriesAdded,
    EntryEdited,
    Event,
    FeePaid,
    FeeUnpaid,
    Forfeit,
    MatchStarted,
    ResultRecorded,
    SignaturesSet,
    TablesSet,
    Withdrawn,
)
from referee_app.tournament.model import Side
from referee_app.tournament.show import MatchView, round_names_of
from referee_app.tournament.state import Tournament, disputed_tables
from referee_app.words import rounds

CTX = "Tournament"

# The round names: said here as the sheets and the pages say them (`referee_app.words.rounds`).
FINAL = rounds.FINAL
GROUP_LOSERS = rounds.GROUP_LOSERS
GROUP_ROUND = rounds.GROUP_ROUND
GROUP_WINNERS = rounds.GROUP_WINNERS
HOT_SEAT = rounds.HOT_SEAT
LAST_N = rounds.LAST_N
LOSERS_FINAL = rounds.LOSERS_FINAL
LOSERS_ROUND = rounds.LOSERS_ROUND
QUARTER_FINAL = rounds.QUARTER_FINAL
ROUNDS = rounds.ROUNDS
SECOND_FINAL = rounds.SECOND_FINAL
SEMI_FINAL = rounds.SEMI_FINAL
THIRD_PLACE = rounds.THIRD_PLACE
WINNERS_ROUND = rounds.WINNERS_ROUND
RoundWords = rounds.RoundWords
round_in = rounds.round_in

WINNERS_SIDE = QT_TRANSLATE_NOOP("Tournament", "Winners' side")
LOSERS_SIDE = QT_TRANSLATE_NOOP("Tournament", "Losers' side")
FINALS = QT_TRANSLATE_NOOP("Tournament", "Finals")
GROUPS = QT_TRANSLATE_NOOP("Tournament", "Groups")
TABLE_N = QT_TRANSLATE_NOOP("Tournament", "table {n}")
RACE_TO = QT_TRANSLATE_NOOP("Tournament", "race to {n}")
KNOCKOUT = QT_TRANSLATE_NOOP("Tournament", "knockout")
GROUP_N = QT_TRANSLATE_NOOP("Tournament", "Group {g}")
BYE = QT_TRANSLATE_NOOP("Tournament", "bye")
WALKOVER = QT_TRANSLATE_NOOP("Tournament", "walkover")

STATUS = {
    "waiting": QT_TRANSLATE_NOOP("Tournament", "waiting"),
    "ready": QT_TRANSLATE_NOOP("Tournament", "ready"),
    "playing": QT_TRANSLATE_NOOP("Tournament", "playing"),
    "done": QT_TRANSLATE_NOOP("Tournament", "done"),
    "bye": BYE,
    "forfeit": WALKOVER,
    "entries": QT_TRANSLATE_NOOP("Tournament", "entries open"),
    "drawn": QT_TRANSLATE_NOOP("Tournament", "drawn"),
    "finished": QT_TRANSLATE_NOOP("Tournament", "finished"),
}


def won(score: tuple[int, int]) -> tuple[int, int]:
    """A score as a result is said: the winner's racks first ("X wins 5-3"), whichever seat won;
    written A-B, a win by B read as a loss ("gagne 3-5")."""
    return max(score), min(score)


def hot_seat(matches: Iterable[MatchView]) -> str | None:
    """The winners' side final of a double elimination, whose winner waits for the losers' champion."""
    final = next((m for m in matches if m.id == "F1"), None)
    if final is None or not final.from_b.startswith("winner L"):
        return None
    source = final.from_a
    return source.removeprefix("winner ") if source.startswith("winner W") else None


def names_of(t: Tournament, tr: Translate = english) -> dict[str, str]:
    """Each match's round by the engine's own rule (`show.round_name`), which the desks' assignments
    carry: the window, the paper and the board say what the overlay says."""
    return round_names_of(t, tr)


def round_names(matches: Sequence[MatchView], tr: Translate = english) -> dict[str, str]:
    """Each match's round as people say it, by match id, when only the view is at hand
    (`names_of` when the tournament itself is)."""

    def t(text: str) -> str:
        return tr(CTX, text)

    hot = hot_seat(matches)
    # A winners' round that drops no loser to the losers' side is single elimination.
    rounds: dict[tuple[int, int], list[MatchView]] = {}
    for m in matches:
        if m.side is Side.W:
            rounds.setdefault((m.stage, m.round), []).append(m)
    knockout = {
        key
        for key, ms in rounds.items()
        if not any((m.loser_to or "").startswith("L") or m.from_a.startswith("loser") for m in ms)
    }
    last_losers = {m.stage: m.round for m in matches if m.side is Side.L and (m.winner_to or "").startswith("F")}
    names: dict[str, str] = {}
    for m in matches:
        mid, side, n = m.id, m.side, m.round
        if side is Side.F:
            names[mid] = t(SECOND_FINAL) if mid == "F2" else t(FINAL)
        elif side is Side.P:
            names[mid] = t(THIRD_PLACE)
        elif side is Side.G:
            g = mid[1:].split("-", 1)[0]
            if "-W" in mid:
                names[mid] = t(GROUP_WINNERS).format(g=g, n=n)
            elif "-L" in mid:
                names[mid] = t(GROUP_LOSERS).format(g=g, n=n)
            else:
                names[mid] = t(GROUP_ROUND).format(g=g, n=n)
        elif side is Side.L:
            final = last_losers.get(m.stage) == n
            names[mid] = t(LOSERS_FINAL) if final else t(LOSERS_ROUND).format(n=n)
        elif mid == hot:
            names[mid] = t(HOT_SEAT)
        elif (m.stage, n) in knockout:
            names[mid] = _knockout_round(len(rounds[(m.stage, n)]), t)
        else:
            names[mid] = t(WINNERS_ROUND).format(n=n)
    return names


def _knockout_round(matches: int, t: Callable[[str], str]) -> str:
    if matches <= 2:
        return t(SEMI_FINAL)
    if matches == 4:
        return t(QUARTER_FINAL)
    return t(LAST_N).format(n=2 * matches, half=matches)


def status_word(status: str, tr: Translate = english) -> str:
    return tr(CTX, STATUS.get(status, status))


def side_title(side: str, tr: Translate = english) -> str:
    """The heading of a part of the bracket."""
    return tr(CTX, {"W": WINNERS_SIDE, "L": LOSERS_SIDE, "F": FINALS, "P": FINALS, "G": GROUPS}[side])


FROM_SEED = QT_TRANSLATE_NOOP("Tournament", "Seed {n}")
FROM_WINNER = QT_TRANSLATE_NOOP("Tournament", "Winner of {id}")
FROM_LOSER = QT_TRANSLATE_NOOP("Tournament", "Loser of {id}")
FROM_GROUP = QT_TRANSLATE_NOOP("Tournament", "Group {g} #{k}")
FROM_GROUP_FIRST = QT_TRANSLATE_NOOP("Tournament", "Group {g} #1")
"""The first of a group on its own: languages write "first" unlike the other places (1er, 2e)."""
FROM_BEST_THIRD = QT_TRANSLATE_NOOP("Tournament", "Best third #{k}")
FROM_BEST = QT_TRANSLATE_NOOP("Tournament", "Best of the pools' #{rank} #{k}")


def source_text(source: str, tr: Translate = english) -> str:
    """`from_a`/`from_b` (spec §4: "seed 3", "winner W1-2", "group 2 #1"; and "best 3rd #1", a
    qualifying pools' place the spec has no word for) as people read it."""
    kind, _, rest = source.partition(" ")
    if kind == "seed":
        return tr(CTX, FROM_SEED).format(n=rest)
    if kind == "winner":
        return tr(CTX, FROM_WINNER).format(id=rest)
    if kind == "loser":
        return tr(CTX, FROM_LOSER).format(id=rest)
    if kind == "group":
        g, _, k = rest.partition(" #")
        return tr(CTX, FROM_GROUP_FIRST if k == "1" else FROM_GROUP).format(g=g, k=k)
    if kind == "best":  # "best 3rd #1": a qualifying pools' place decided across pools
        rank, _, k = rest.partition(" #")
        digits = rank.rstrip("stndrh")
        return tr(CTX, FROM_BEST_THIRD if digits == "3" else FROM_BEST).format(rank=digits, k=k)
    return source


def decision_words(event: Event, tr: Translate = english) -> tuple[str, str]:
    """What a decision is, as undo and redo name it, and what undoing it takes with it: "" for one
    result, a walkover, a check-in or a match started (undone at once); anything bigger is asked."""

    def say(text: str, **values: object) -> str:
        return tr(CTX, text).format(**values)

    if isinstance(event, ResultRecorded):
        a, b = won(event.score)
        return say(QT_TRANSLATE_NOOP("Tournament", "the result of {id} ({winner} wins {a}-{b})"),
                   id=event.match, winner=event.winner, a=a, b=b), ""  # fmt: skip
    if isinstance(event, Forfeit):
        return say(QT_TRANSLATE_NOOP("Tournament", "the walkover in {id} ({player} absent)"),
                   id=event.match, player=event.player), ""  # fmt: skip
    if isinstance(event, CheckedIn | CheckinUndone | FeePaid | FeeUnpaid):
        return _door_words(event, tr), ""
    if isinstance(event, MatchStarted):
        return say(QT_TRANSLATE_NOOP("Tournament", "the start of {id}"), id=event.match), ""
    if isinstance(event, Drawn):
        return say(QT_TRANSLATE_NOOP("Tournament", "the draw (seed {seed})"), seed=event.draw_seed), say(
            QT_TRANSLATE_NOOP("Tournament", "The bracket and its results go with it.")
        )
    if isinstance(event, EntriesAdded):
        return say(QT_TRANSLATE_NOOP("Tournament", "the import of {n} entries"), n=len(event.entries)), say(
            QT_TRANSLATE_NOOP("Tournament", "These players leave the entry list.")
        )
    if isinstance(event, EntryEdited):
        return say(QT_TRANSLATE_NOOP("Tournament", "the edit of {name}"), name=event.name), say(
            QT_TRANSLATE_NOOP("Tournament", "The player's details go back to what they were.")
        )
    if isinstance(event, TablesSet):
        tables = ", ".join(map(str, event.tables))
        return say(QT_TRANSLATE_NOOP("Tournament", "the tables ({tables})"), tables=tables), say(
            QT_TRANSLATE_NOOP("Tournament", "The tables set before come back.")
        )
    back = QT_TRANSLATE_NOOP("Tournament", "{name} is back in the tournament.")
    if isinstance(event, Withdrawn):
        return say(QT_TRANSLATE_NOOP("Tournament", "the withdrawal of {name}"), name=event.name), say(
            back, name=event.name
        )
    if isinstance(event, Disqualified):
        return say(QT_TRANSLATE_NOOP("Tournament", "the disqualification of {name} ({reason})"),
                   name=event.name, reason=event.reason), say(back, name=event.name)  # fmt: skip
    if isinstance(event, Disputed | DisputeWithdrawn | SignaturesSet):
        return _phone_result_words(event, tr), ""
    if isinstance(event, Corrected):
        a, b = won(event.score)
        return say(QT_TRANSLATE_NOOP("Tournament", "the correction of {id} ({winner} wins {a}-{b})"),
                   id=event.match, winner=event.winner, a=a, b=b), say(
            QT_TRANSLATE_NOOP("Tournament", "The result before it comes back."))  # fmt: skip
    return say(QT_TRANSLATE_NOOP("Tournament", "the last decision")), say(
        QT_TRANSLATE_NOOP("Tournament", "The tournament goes back to what it was before it.")
    )


def _door_words(event: CheckedIn | CheckinUndone | FeePaid | FeeUnpaid, tr: Translate) -> str:
    if isinstance(event, CheckedIn):
        text = QT_TRANSLATE_NOOP("Tournament", "the check-in of {name}")
    elif isinstance(event, CheckinUndone):
        text = QT_TRANSLATE_NOOP("Tournament", "taking back the check-in of {name}")
    elif isinstance(event, FeePaid):
        text = QT_TRANSLATE_NOOP("Tournament", "the fee paid by {name}")
    else:
        text = QT_TRANSLATE_NOOP("Tournament", "taking back the fee of {name}")
    return tr(CTX, text).format(name=event.name)


def _phone_result_words(event: Disputed | DisputeWithdrawn | SignaturesSet, tr: Translate) -> str:
    if isinstance(event, Disputed):
        text = QT_TRANSLATE_NOOP("Tournament", "{name}'s dispute of the result of {id}")
    elif isinstance(event, DisputeWithdrawn):
        text = QT_TRANSLATE_NOOP("Tournament", "{name}'s signature, which withdrew the dispute of {id}")
    elif event.needed:
        return tr(CTX, QT_TRANSLATE_NOOP("Tournament", "waiting for both players' signatures on the phones"))
    else:
        return tr(CTX, QT_TRANSLATE_NOOP("Tournament", "taking the phones' results without signatures"))
    return tr(CTX, text).format(name=event.player, id=event.match)


DISPUTED = QT_TRANSLATE_NOOP("Tournament", "Table {n}: result disputed")
"""The call the board and the tournament window show when a player says "I don't agree"."""
NOT_AGREEING = QT_TRANSLATE_NOOP("Tournament", "{names} does not agree")
NOT_AGREEING_BOTH = QT_TRANSLATE_NOOP("Tournament", "{names} do not agree")


def dispute_lines(t: Tournament, tr: Translate = english) -> list[str]:
    """Each dispute in force, by table: "Table 5: result disputed (W1-3: Ben Novak does not agree)"."""
    return [dispute_line(table, match, players, tr) for table, match, players in disputed_tables(t)]


def dispute_line(table: int, match: str, players: Iterable[str], tr: Translate = english) -> str:
    """One dispute, as the window and the board say it."""
    return f"{tr(CTX, DISPUTED).format(n=table)} ({match}: {not_agreeing(players, tr)})"


def not_agreeing(players: Iterable[str], tr: Translate = english) -> str:
    """ "Ben Novak does not agree", "Ana Lopez & Ben Novak do not agree": the verb follows the count."""
    names = list(players)
    return tr(CTX, NOT_AGREEING if len(names) == 1 else NOT_AGREEING_BOTH).format(names=" & ".join(names))
