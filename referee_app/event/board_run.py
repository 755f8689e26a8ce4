"""The venue's board assembled once, Qt-free: for `referee-app board --no-window` and for the
board's window alike.

One reader of the live event (`venue.board.BoardWatcher`) hands each refresh to, in this order:
the window (when there is one), the web page (in the board's language unless the page's address
asks for another, each match's round in every page language) and the tournament's sync
(`--tournament`), whose tournament goes to the window and the web pages. The page languages,
the log file's place and the order of `lang` and `with_rounds` are written here only.

It sits in the tournament wing: the lowest layer that sees the venue, the web pages and the
tournament's sync at once.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from referee_app.event.follow import HeldTournament
from referee_app.event.live import LiveSync, Plan, board_sync
from referee_app.event.pages import TournamentPages
from referee_app.event.phone_push import PhonePusher
from referee_app.event.published import BoardPublisher, BoardTournament, with_rounds
from referee_app.event.serve import PhoneScoring
from referee_app.i18n import Translate, english
from referee_app.tournament.state import State
from referee_app.tournament.wording import RoundWords
from referee_app.venue.board import BoardView, BoardWatcher
from referee_app.venue.model import EventServerError
from referee_app.venue.server import Cluster
from referee_app.web.server import BOARD
from referee_app.web.words import Words
from referee_app.worker import log_to_file

PAGE_LANGUAGES = ("en", "fr")
"""The languages the board's pages are published in (a phone picks its own)."""

Report = Callable[[Plan | None, str], None]
"""A round of the tournament's sync: what it did, or what went wrong (an error string)."""


def page_languages(words: Words | None) -> dict[str, Translate]:
    """Each page language's translation, from the catalogue `words` (English alone without it)."""
    if words is None:
        return {"en": english}
    return {code: english if code == "en" else words(code) for code in PAGE_LANGUAGES}


def board_log(cluster: Cluster) -> Path:
    """The board's log: in the event server's folder."""
    return cluster.folder / "board.log"


@dataclass(frozen=True, slots=True)
class BoardOptions:
    """What `referee-app board` was asked: the server's folder, the web page's port (None: no
    page), the tournament followed and its database, the catalogue (the window side's)."""

    server: Path
    web: int | None = None
    lan: bool = False
    tournament: str | None = None
    db: Path | None = None
    words: Words | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> BoardOptions:
        db = getattr(args, "db", None)
        return cls(
            Path(args.server).resolve(),
            getattr(args, "web", None),
            bool(getattr(args, "lan", False)),
            getattr(args, "tournament", None) or None,
            None if db is None else Path(db),
            getattr(args, "words", None),
        )


def held(options: BoardOptions) -> HeldTournament | None:
    """The followed tournament as the board's process holds it (one session, one follower); None
    without a tournament, or one that cannot be read (the sync says why)."""
    if not options.tournament or options.db is None:
        return None
    try:
        return HeldTournament.open(options.db, options.tournament).start()
    except Exception:  # a wrong name, a damaged log: `follow` reports it in words, the board goes on
        return None


class Board:
    """An open board: the event server's folder checked, the log file open, the web page started
    (`open`); then the reader and the tournament's sync (`follow`). `close` stops them all."""

    def __init__(
        self,
        options: BoardOptions,
        cluster: Cluster,
        pages: TournamentPages | None,
        tournament: HeldTournament | None = None,
    ) -> None:
        self.options = options
        self.held = tournament
        """The tournament followed, as this process holds it (`--tournament`, when it can be read)."""
        self.pages = pages
        """The web pages (`--web`): the board's, the tournament's and its phone tables'."""
        server = None if pages is None else pages.server
        self.cluster = cluster
        self.conninfo = cluster.organizer_conninfo()
        self.fingerprint = cluster.fingerprint()
        self.server = server
        self.languages = page_languages(options.words)
        self.reader = BoardWatcher(self.conninfo, fingerprint=self.fingerprint)
        self.sync: LiveSync | None = None
        self.pusher: PhonePusher | None = None
        """The tournament's phone matches, pushed from its database to the event server (`--tournament`)."""

    @classmethod
    def open(cls, options: BoardOptions, out: TextIO | None) -> Board:
        """Check the folder (a wrong one is said before anything starts), log to its file, start
        the web page (its address to `out`, if any, as `board URL`). Nothing is read from the server yet."""
        cluster = Cluster(options.server)
        cluster.organizer_conninfo()  # a wrong folder is said before anything starts
        log_to_file(board_log(cluster))
        pages = None
        tournament = held(options)
        if options.web is not None:
            try:
                languages = page_languages(options.words)
                pages = TournamentPages(options.web, options.lan, options.words, languages, sites=(BOARD,))
                try:
                    pages.serve(tournament)  # the phone tables' pages (phone.md §1: the board may serve them)
                    pages.start()
                except BaseException:
                    pages.stop()
                    raise
            except BaseException:
                if tournament is not None:
                    tournament.stop()
                raise
            if out is not None:
                print(f"board {pages.url('board')}", file=out, flush=True)
        try:
            return cls(options, cluster, pages, tournament)
        except BaseException:
            if pages is not None:
                pages.stop()
            if tournament is not None:
                tournament.stop()
            raise

    @property
    def phones(self) -> PhoneScoring | None:
        """The tournament's phone tables, served beside the board (`/score/N`), when it has a page."""
        return None if self.pages is None else self.pages.phones

    @property
    def web_url(self) -> str:
        return self.server.url("board") if self.server is not None else ""

    def follow(
        self,
        lang: str,
        on_report: Report,
        on_view: Callable[[BoardView], None] | None = None,
        on_tournament: Callable[[BoardTournament], None] | None = None,
        tr: Translate = english,
        sync_refused: Callable[[Exception], None] | None = None,
    ) -> Board:
        """Start reading the live event: each view to `on_view` (the window), then to the web page;
        with a tournament, its sync (its rounds to `on_report`, in `tr`'s language) and the
        tournament to `on_tournament` and the web pages. A tournament that cannot be followed (a
        wrong name, a damaged one) raises, or, given `sync_refused`, is handed to it and the board
        goes on."""
        server = self.server
        if self.pages is not None:  # a phone asking for none of the pages' languages: the board's
            self.pages.tr = self.languages.get(lang, english)
            if self.pages.phones is not None:
                self.pages.phones.speak(self.pages.tr)
        if on_view is not None:
            view_to = on_view
            self.reader.subscribe(lambda reading: view_to(reading.board))
        if server is not None:
            rounds = RoundWords(self.languages)
            publish = server.feed.publish
            self.reader.subscribe(lambda reading: publish(with_rounds(dict(reading.view, lang=lang), rounds)))
        if self.options.tournament:
            try:
                self.sync = self._sync(on_report, on_tournament, tr)
            except Exception as exc:
                if sync_refused is None:
                    raise
                sync_refused(exc)
        self.reader.start()
        return self

    def _sync(
        self, on_report: Report, on_tournament: Callable[[BoardTournament], None] | None, tr: Translate
    ) -> LiveSync:
        assert self.options.tournament is not None
        if self.options.db is None:
            raise EventServerError("--tournament needs the tournament's database: give --db PATH")
        on_state: Callable[[State, str], None]
        if self.pages is not None:  # the pages' one publisher, the window's view from it too
            self.pages.publisher.show_to(on_tournament)
            on_state = self.pages.publish
        else:
            on_state = BoardPublisher(self.languages, on_view=on_tournament)
        held = self.held
        sync = board_sync(self.reader, self.options.db, self.options.tournament, on_report, on_state, tr, held)
        if held is None:  # not readable at the opening, readable now
            held = self.held = HeldTournament.open(self.options.db, self.options.tournament).start()
        tournament_id = held.tournament_id  # a dispute, another program's write: on the board at once
        held.follower.subscribe(lambda state, elsewhere: on_state(state, tournament_id))
        self.pusher = PhonePusher(self.options.db, tournament_id, self.conninfo, follower=held.follower).start()
        return sync

    def close(self) -> None:
        if self.pusher is not None:
            self.pusher.stop()
        if self.sync is not None:
            self.sync.stop()
        self.reader.stop()
        if self.pages is not None:
            self.pages.stop()
        if self.held is not None:
            self.held.stop()
