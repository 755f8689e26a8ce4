"""What the board's window and web pages get of the tournament (`BoardTournament`): the typed
view, the places, the round names and the words, in each language the pages offer (the words
come from the catalogue, so the pages carry none of their own but the few a page needs before
any data); its `to_json` adds the drawing plan for the pages.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate
from referee_app.tournament import wording
from referee_app.tournament.layout import layout
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.show import Standings, TournamentView, standings_view, view
from referee_app.tournament.state import State, Tournament, disputed_tables
from referee_app.tournament.wording import RoundWords
from referee_app.web.words import call_words

if TYPE_CHECKING:
    from referee_app.event.live import DeskMatch

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
    "disputed": wording.DISPUTED,
    "not_agreeing": wording.NOT_AGREEING,
    "not_agreeing_both": wording.NOT_AGREEING_BOTH,
    **{f"status_{key}": text for key, text in wording.STATUS.items()},
}


@dataclass(frozen=True, slots=True)
class BoardTournament:
    """The tournament a board shows, made once per state: the window's Tournament tab reads it as
    it is; `to_json` gives the web pages' feed its dict (the JSON edge)."""

    view: TournamentView
    places: Mapping[str, int]
    """Each player placed so far (spec §6) and the place."""
    names: Mapping[str, Mapping[str, str]]
    """Each match's round, by page language, then by match id."""
    words: Mapping[str, Mapping[str, str]]
    """The pages' words (`WORDS`), by page language."""
    hot_seat: str | None
    live: Mapping[str, tuple[int, int]]
    """The racks so far of the matches desks are playing (`live_scores`)."""
    disputes: tuple[tuple[int, str, tuple[str, ...]], ...] = ()
    """The results disputed on the phones (`state.disputed_tables`): table, match, who does not agree."""

    def names_in(self, language: str) -> Mapping[str, str]:
        """The round names in `language`, else in English (a language the pages do not offer)."""
        return self.names.get(language) or self.names.get("en", {})

    def to_json(self) -> dict[str, Any]:
        """For `Feed.publish_tournament`: spec §4's `show` dict, the places, the drawing plan, the words."""
        return {
            "show": self.view.to_json(),
            "places": dict(self.places),
            "layout": layout(self.view.matches).to_dict(),
            "hot_seat": self.hot_seat,
            "names": {lang: dict(names) for lang, names in self.names.items()},
            "words": {lang: dict(words) for lang, words in self.words.items()},
            "live": {match: list(score) for match, score in self.live.items()},
            "disputes": [{"table": n, "match": m, "players": list(p)} for n, m, p in self.disputes],
        }


def board_view(
    shown: TournamentView,
    standings: Standings | None,
    languages: Mapping[str, Translate],
    tournament: Tournament | None = None,
    live: Mapping[str, tuple[int, int]] | None = None,
) -> BoardTournament:
    """The tournament for the board's window and pages: `languages` maps a code ("en", "fr") to its
    `tr`; with `tournament`, the round names are the engine's (those the desks' assignments carry);
    `standings` None: no one placed yet; `live`: the racks so far of the matches desks are playing."""

    def names(tr: Translate) -> dict[str, str]:
        return wording.names_of(tournament, tr) if tournament is not None else wording.round_names(shown.matches, tr)

    places = {} if standings is None else {name: place for place, names in standings.places for name in names}
    return BoardTournament(
        shown,
        places,
        {lang: names(tr) for lang, tr in languages.items()},
        {
            lang: {key: tr(wording.CTX, text) for key, text in WORDS.items()} | call_words(tr)
            for lang, tr in languages.items()
        },
        wording.hot_seat(shown.matches),
        dict(live or {}),
        () if tournament is None else tuple(disputed_tables(tournament)),
    )


def live_scores(state: State, desks: Iterable[DeskMatch]) -> dict[str, tuple[int, int]]:
    """The racks so far of each bracket match a desk is playing (those not over),
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
    """The tournament the board follows, when it changed: as a `BoardTournament` to `on_view` (the
    window), and as its JSON to each `publish` (the pages' feeds: the JSON edge, made once for all).
    A sync round that recorded nothing publishes nothing, so the pages are not woken for nothing.
    Called from the sync's thread; each must be safe there (a feed's queue, a Qt signal)."""

    def __init__(
        self,
        languages: Mapping[str, Translate],
        *publish: Callable[[dict[str, Any]], None],
        on_view: Callable[[BoardTournament], None] | None = None,
        live: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        """`live`: where a change of the racks alone goes (`Feed.publish_live`: a few bytes to each
        page, and nothing to `on_view`); without it, the whole view goes again."""
        self.to = publish
        self.on_view = on_view
        self.live_to = live
        self.languages = dict(languages)
        self._lock = threading.Lock()
        self._last: tuple[str, int, dict[str, tuple[int, int]]] | None = None
        self._whole: tuple[str, int] | None = None
        """The state last published whole: a rack scored on it only changes its `live`."""

    def show_to(self, on_view: Callable[[BoardTournament], None] | None) -> None:
        """The views to `on_view` from now on (a window opened after the pages), the next one whole."""
        with self._lock:
            self.on_view = on_view
            self._last = self._whole = None

    def __call__(self, state: State, tournament_id: str, live: Mapping[str, tuple[int, int]] | None = None) -> None:
        """Publish the tournament (and `live`, the racks so far of the matches being played) when
        either moved since the last call."""
        racks = dict(live or {})
        with self._lock:
            if self._last == (tournament_id, state.seq, racks):
                return
            self._last = (tournament_id, state.seq, racks)
        scores = {match: list(score) for match, score in racks.items()}
        if self.live_to is not None and self._whole == (tournament_id, state.seq):
            self.live_to(scores)
            return
        t = state.tournament
        shown = board_view(view(t, tournament_id), standings_view(t), self.languages, t, racks)
        if self.on_view is not None:
            self.on_view(shown)
        if self.to:
            page = shown.to_json()
            for publish in self.to:
                publish(page)
        if self.live_to is not None:
            self.live_to(scores)
        self._whole = (tournament_id, state.seq)


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
