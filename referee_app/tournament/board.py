"""What the board's web pages get of the tournament: spec §4's dict, the places, the drawing plan,
and the words, in each language the pages offer (the words come from the catalogue, so the
pages carry none of their own but the few a page needs before any data).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate
from referee_app.tournament import wording
from referee_app.tournament.layout import layout
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.show import show, standings
from referee_app.tournament.state import State, Tournament
from referee_app.tournament.wording import RoundWords

WORDS = {
    "tables": QT_TRANSLATE_NOOP("Tournament", "Tables"),
    "table_title": QT_TRANSLATE_NOOP("Tournament", "Table {n}"),
    "queue": QT_TRANSLATE_NOOP("Tournament", "Waiting for a table"),
    "free": QT_TRANSLATE_NOOP("Tournament", "free"),
    "bracket": QT_TRANSLATE_NOOP("Tournament", "Bracket"),
    "find": QT_TRANSLATE_NOOP("Tournament", "Where and when do I play?"),
    "your_name": QT_TRANSLATE_NOOP("Tournament", "Your name"),
    "search": QT_TRANSLATE_NOOP("Tournament", "Search"),
    "playing_now": QT_TRANSLATE_NOOP("Tournament", "Playing now on table {n}"),
    "next_table": QT_TRANSLATE_NOOP("Tournament", "Next match: go to table {n}"),
    "next_queue": QT_TRANSLATE_NOOP("Tournament", "Next match: waiting for a table ({n} in the queue before it)"),
    "next_waiting": QT_TRANSLATE_NOOP("Tournament", "Next match: when the earlier matches are over"),
    "against": QT_TRANSLATE_NOOP("Tournament", "against {name}"),
    "out": QT_TRANSLATE_NOOP("Tournament", "Out: place {n}"),
    "champion": QT_TRANSLATE_NOOP("Tournament", "Champion"),
    "no_player": QT_TRANSLATE_NOOP("Tournament", "No player's name contains “{text}”."),
    "not_drawn": QT_TRANSLATE_NOOP("Tournament", "The draw is not made yet."),
    "no_tournament": QT_TRANSLATE_NOOP("Tournament", "No tournament is published on this board yet."),
    "winner_of": wording.FROM_WINNER,
    "loser_of": wording.FROM_LOSER,
    "seed": wording.FROM_SEED,
    "group_rank": wording.FROM_GROUP,
    "best_third": wording.FROM_BEST_THIRD,
    "best_of": wording.FROM_BEST,
    "group": wording.GROUP_N,
    "table": wording.TABLE_N,
    "race": wording.RACE_TO,
    "W": wording.WINNERS_SIDE,
    "L": wording.LOSERS_SIDE,
    "F": wording.FINALS,
    "knockout": wording.KNOCKOUT,
    **{f"status_{key}": text for key, text in wording.STATUS.items()},
}


def board_view(
    shown: Mapping[str, Any],
    standings: Mapping[str, Any],
    languages: Mapping[str, Translate],
    tournament: Tournament | None = None,
    live: Mapping[str, tuple[int, int]] | None = None,
) -> dict[str, Any]:
    """The tournament for `Feed.publish_tournament`: `languages` maps a code ("en", "fr") to its `tr`;
    with `tournament`, the round names are the engine's (those the desks' assignments carry);
    `live`: the racks so far of the matches desks are playing (`live_scores`)."""
    matches = list(shown.get("matches", []))

    def names(tr: Translate) -> dict[str, str]:
        return wording.names_of(tournament, tr) if tournament is not None else wording.round_names(matches, tr)

    return {
        "show": dict(shown),
        "places": {name: p["place"] for p in standings.get("places", []) for name in p["names"]},
        "layout": layout(matches).to_dict(),
        "hot_seat": wording.hot_seat(matches),
        "names": {lang: names(tr) for lang, tr in languages.items()},
        "words": {lang: {key: tr(wording.CTX, text) for key, text in WORDS.items()} for lang, tr in languages.items()},
        "live": {match: list(score) for match, score in (live or {}).items()},
    }


def live_scores(state: State, desks: Iterable[Any]) -> dict[str, tuple[int, int]]:
    """The racks so far of each bracket match a desk is playing (`live.DeskMatch`es, not over),
    in the bracket's order of its players (A, B): the bracket page shows them as they come."""
    from referee_app.words.names import name_key

    sent = {s.assignment: s.match for s in state.sent}
    scores: dict[str, tuple[int, int]] = {}
    for desk in desks:
        slot = state.tournament.slots.get(sent.get(desk.assignment, ""))
        if desk.over or desk.void or slot is None or slot.status is not MatchStatus.PLAYING or slot.a is None:
            continue
        first, second = desk.score
        scores[slot.spec.id] = (first, second) if name_key(desk.players[0]) == name_key(slot.a) else (second, first)
    return scores


class BoardPublisher:
    """The tournament the board follows, handed to each `publish` as `board_view` when it changed:
    a sync round that recorded nothing publishes nothing, so the pages are not woken for nothing.
    Called from the sync's thread; `publish` must be safe there (a feed's queue, a Qt signal)."""

    def __init__(
        self,
        languages: Mapping[str, Translate],
        *publish: Callable[[dict[str, Any]], None],
        live: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        """`live`: where a change of the racks alone goes (`Feed.publish_live`: a few bytes to each
        page); without it, the whole view goes again."""
        self.to = publish
        self.live_to = live
        self.languages = dict(languages)
        self._lock = threading.Lock()
        self._last: tuple[str, int, dict[str, tuple[int, int]]] | None = None
        self._view: tuple[str, int, dict[str, Any]] | None = None
        """The view of the last state published, kept: a rack scored only changes its `live`."""

    def __call__(self, state: State, tournament_id: str, live: Mapping[str, tuple[int, int]] | None = None) -> None:
        """Publish the tournament (and `live`, the racks so far of the matches being played) when
        either moved since the last call."""
        racks = dict(live or {})
        with self._lock:
            if self._last == (tournament_id, state.seq, racks):
                return
            self._last = (tournament_id, state.seq, racks)
        scores = {match: list(score) for match, score in racks.items()}
        if self.live_to is not None and self._view is not None and self._view[:2] == (tournament_id, state.seq):
            self.live_to(scores)
            return
        if self._view is None or self._view[:2] != (tournament_id, state.seq):
            t = state.tournament
            self._view = (tournament_id, state.seq, board_view(show(t, tournament_id), standings(t), self.languages, t))
        view = dict(self._view[2], live=scores)
        for publish in self.to:
            publish(view)
        if self.live_to is not None:
            self.live_to(scores)


def with_rounds(view: Mapping[str, Any], rounds: RoundWords) -> dict[str, Any]:
    """The board's tables (`venue.board`'s view) with each match's round in every page language
    (`rounds` on the match, by language): a TV in French says "Tableau perdants, tour 2"
    whatever language the desk was sent it in."""
    tables = []
    for table in view.get("tables", []):
        match = table.get("match")
        if match and match.get("round"):
            table = dict(table, match=dict(match, rounds=rounds(str(match["round"]))))
        tables.append(table)
    return dict(view, tables=tables)
