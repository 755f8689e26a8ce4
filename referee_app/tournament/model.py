"""The tournament's vocabulary: formats, options, entries and the match graph's pieces.

Values only; the words stored in the log and printed by `show` are those of the
tournament spec (docs: shared/spec/tournament.md, version 1.0).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from referee_app.game.events import ShotClock
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english

REFUSAL = "TournamentRefusal"
"""The catalogue's context of every `TournamentRefused` template."""


class TournamentRefused(ValueError):
    """An organizer's decision the tournament's rules refuse; the message says why.

    Raised with a whole sentence marked `QT_TRANSLATE_NOOP("TournamentRefusal", ...)` and its values
    by name, so the GUI can say it in the organizer's language; `str()` is the English, which the
    command line prints as it is.
    """

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)

    def message(self, tr: Translate = english) -> str:
        """The refusal in words, translated by `tr` (English by default)."""
        words = {name: value.said(tr) if isinstance(value, Sizes) else value for name, value in self.params.items()}
        text = tr(REFUSAL, self.template)
        return text.format(**words) if words else text


AND = QT_TRANSLATE_NOOP("TournamentRefusal", "{a} and {b}")


class Sizes(tuple[int, ...]):
    """Numbers a refusal lists ("pools of 4 and 5"), joined with the language's "and"."""

    __slots__ = ()

    def said(self, tr: Translate = english) -> str:
        words = [str(n) for n in self]
        text = words[0] if words else ""
        for word in words[1:]:
            text = tr(REFUSAL, AND).format(a=text, b=word)
        return text

    def __str__(self) -> str:
        return self.said()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Format(StrEnum):
    SE = "se"
    DE = "de"
    GROUPS = "groups"


class FinalMode(StrEnum):
    RESET = "reset"
    SINGLE = "single"


class GroupFormat(StrEnum):
    RR = "rr"
    DE = "de"


class Rules(StrEnum):
    WPA = "wpa"
    FFB = "ffb"


class Side(StrEnum):
    """A match's side as `show` prints it (spec §4: upper-case letters)."""

    W = "W"
    L = "L"
    F = "F"
    P = "P"
    G = "G"


class MatchStatus(StrEnum):
    WAITING = "waiting"
    READY = "ready"
    PLAYING = "playing"
    DONE = "done"
    BYE = "bye"
    FORFEIT = "forfeit"


class Status(StrEnum):
    ENTRIES = "entries"
    DRAWN = "drawn"
    PLAYING = "playing"
    FINISHED = "finished"


SE_AT_CHOICES = (4, 8, 16, 32)

MAX_FEE = Decimal("100000.00")


@dataclass(frozen=True, slots=True)
class LateStart:
    """WPA §22's late start: a called player has `minutes` to be at the table, and is called again
    `calls` minutes after the first call (the last one is the one-minute warning)."""

    minutes: int = 15
    calls: tuple[int, ...] = (5, 10, 14)

    def check(self) -> None:
        ordered = all(a < b for a, b in zip(self.calls, self.calls[1:], strict=False))
        if not 1 <= self.minutes <= 120 or not ordered or not all(0 < c < self.minutes for c in self.calls):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal",
                    "the late start is 1..120 minutes, its calls increasing minutes before the end (as 15:5,10,14)",
                )
            )
        if len(self.calls) > 9:
            raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "the late start makes at most 9 calls"))


WPA_LATE_START = LateStart()
"""The default: 15 minutes, calls at 5, 10 and 14."""


@dataclass(frozen=True, slots=True)
class Qualifying:
    """Round-robin qualifying pools played before the groups (the FFB national tournament's
    Saturday morning): seeds 1..`direct` wait for the groups; the others play `pools` pools (dealt
    in the snake, so the first seeds after `direct` head one pool each). `advance` gives, per pool
    size, how many go straight on; the rest of the `places` go to the best players ranked
    `best_rank` in the pools that do not send that rank on, compared across pools."""

    pools: int
    direct: int
    places: int
    advance: tuple[tuple[int, int], ...]
    """(pool size, its first K go on), e.g. ((4, 2), (5, 3))."""
    best_rank: int

    def straight(self, size: int) -> int | None:
        """How many a pool of `size` sends on directly (None: the rule has no pool of that size)."""
        return next((k for s, k in self.advance if s == size), None)

    def check(self) -> None:
        if not 1 <= self.pools <= 64:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "qualifying pools: 1..64 pools, not {pools}"), pools=self.pools
            )
        if not 0 <= self.direct <= 256 or not 1 <= self.places <= 256:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal", "qualifying pools: the seeds that wait and the places are 0..256 and 1..256"
                )
            )
        sizes = [s for s, _ in self.advance]
        if not self.advance or len(set(sizes)) != len(sizes):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "qualifying pools: the rule gives each pool size once")
            )
        if any(not 1 <= k < s for s, k in self.advance):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal", "qualifying pools: a pool sends on 1 player or more, and fewer than it holds"
                )
            )
        if not 1 <= self.best_rank <= 64:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal", "qualifying pools: the rank compared across pools is 1..64, not {rank}"
                ),
                rank=self.best_rank,
            )


@dataclass(frozen=True, slots=True)
class Options:
    """The options of `tournament new` (spec §1), defaults filled in."""

    format: Format
    race: int = 7
    race_losers: int | None = None
    race_final: int | None = None
    final: FinalMode = FinalMode.RESET
    se_at: int | None = None
    third_place: bool = False
    groups: int | None = None
    advance: int | None = None
    group_format: GroupFormat = GroupFormat.RR
    then: Format = Format.DE
    rules: Rules = Rules.WPA
    shot_clock: ShotClock | None = None
    """The shot clock of the matches it sends to tables (None: no clock)."""
    qualifying: Qualifying | None = None
    """`groups` only: qualifying pools before the groups (None: none)."""
    checkin: bool = False
    """The draw takes only the players checked in."""
    fee: Decimal | None = None
    """The entry fee (None: no fee), never a float."""
    late_start: LateStart | None = WPA_LATE_START
    """WPA §22's clock on a called player (None: off; the call to the table is still made)."""

    @property
    def losers_race(self) -> int:
        return self.race if self.race_losers is None else self.race_losers

    @property
    def final_race(self) -> int:
        return self.race if self.race_final is None else self.race_final

    @property
    def knockout(self) -> Format:
        """The elimination format: the format itself, or the one after the groups."""
        return self.then if self.format is Format.GROUPS else self.format

    def check(self) -> None:  # noqa: C901
        """Refuse options that contradict each other, before anything is recorded."""
        for label, race in (
            ("--race", self.race),
            ("--race-losers", self.race_losers),
            ("--race-final", self.race_final),
        ):
            if race is not None and not 1 <= race <= 99:
                raise TournamentRefused(
                    QT_TRANSLATE_NOOP("TournamentRefusal", "{option} must be 1..99, not {race}"),
                    option=label,
                    race=race,
                )
        clock = self.shot_clock
        if clock is not None and not (1 <= clock.shot_s <= 600 and 1 <= clock.extension_s <= 600):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal", "the shot clock is 1..600 seconds a shot, its extension 1..600 seconds"
                )
            )
        if clock is not None and not (0 <= clock.extensions_per_rack <= 9 and 1 <= clock.after_break_s <= 60):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP(
                    "TournamentRefusal", "the shot clock allows 0..9 extensions a rack and 1..60 s after the break"
                )
            )
        if self.late_start is not None:
            self.late_start.check()
        fee = self.fee
        if fee is not None and (
            not fee.is_finite() or not Decimal("0.01") <= fee <= MAX_FEE or fee != fee.quantize(Decimal("0.01"))
        ):
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "an entry fee is 0.01..100000.00, in cents at most, not {fee}"),
                fee=fee,
            )
        if self.then is Format.GROUPS:
            raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "--then must be se or de"))
        if self.se_at is not None:
            if self.knockout is not Format.DE:
                raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "--se-at is for double elimination"))
            if self.se_at not in SE_AT_CHOICES:
                raise TournamentRefused(
                    QT_TRANSLATE_NOOP("TournamentRefusal", "--se-at must be 4, 8, 16 or 32, not {se_at}"),
                    se_at=self.se_at,
                )
        if self.third_place and self.knockout is not Format.SE:
            raise TournamentRefused(QT_TRANSLATE_NOOP("TournamentRefusal", "--third-place is for single elimination"))
        if self.format is Format.GROUPS:
            if self.groups is None or self.advance is None:
                raise TournamentRefused(
                    QT_TRANSLATE_NOOP("TournamentRefusal", "groups need --groups G and --advance K")
                )
            if not 1 <= self.groups <= 64:
                raise TournamentRefused(
                    QT_TRANSLATE_NOOP("TournamentRefusal", "--groups must be 1..64, not {groups}"), groups=self.groups
                )
            if self.advance < 1:
                raise TournamentRefused(
                    QT_TRANSLATE_NOOP("TournamentRefusal", "--advance must be at least 1, not {advance}"),
                    advance=self.advance,
                )
            if self.groups * self.advance < 2:
                raise TournamentRefused(
                    QT_TRANSLATE_NOOP(
                        "TournamentRefusal", "the knockout needs at least 2 players: raise --groups or --advance"
                    )
                )
            if self.group_format is GroupFormat.DE and (self.advance < 2 or self.advance & (self.advance - 1)):
                raise TournamentRefused(
                    QT_TRANSLATE_NOOP(
                        "TournamentRefusal", "double-elimination groups need --advance 2, 4, 8… (half from each side)"
                    )
                )
        elif self.groups is not None or self.advance is not None:
            raise TournamentRefused(
                QT_TRANSLATE_NOOP("TournamentRefusal", "--groups and --advance are for --format groups")
            )
        if self.qualifying is not None:
            if self.format is not Format.GROUPS or self.group_format is not GroupFormat.RR:
                raise TournamentRefused(
                    QT_TRANSLATE_NOOP(
                        "TournamentRefusal", "qualifying pools lead to round-robin groups (--format groups)"
                    )
                )
            self.qualifying.check()


@dataclass(frozen=True, slots=True)
class Entry:
    """A player entered: a Fargo ID is an identifier, the rating a number (never confused)."""

    name: str
    rating: float | None = None
    fargo_id: str = ""
    licence: str = ""
    club: str = ""
    seed: int | None = None


# Where a match's player comes from (spec §4 `from_a`/`from_b`).


@dataclass(frozen=True, slots=True)
class FromSeed:
    seed: int

    def __str__(self) -> str:
        return f"seed {self.seed}"


@dataclass(frozen=True, slots=True)
class FromWinner:
    match: str

    def __str__(self) -> str:
        return f"winner {self.match}"


@dataclass(frozen=True, slots=True)
class FromLoser:
    match: str

    def __str__(self) -> str:
        return f"loser {self.match}"


@dataclass(frozen=True, slots=True)
class FromGroup:
    group: int
    rank: int

    def __str__(self) -> str:
        return f"group {self.group} #{self.rank}"


@dataclass(frozen=True, slots=True)
class FromBest:
    """The `index`-th best of the qualifying pools' players ranked `rank` who did not go straight on.

    The spec's `from_a`/`from_b` forms have no word for a place decided across pools: "best 3rd #1"."""

    index: int
    rank: int

    def __str__(self) -> str:
        suffix = "th" if self.rank % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(self.rank % 10, "th")
        return f"best {self.rank}{suffix} #{self.index}"


Source = FromSeed | FromWinner | FromLoser | FromGroup | FromBest


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """One match of the bracket as drawn: who feeds it, where its players go, how they place.

    `loser_out`/`winner_out` are the elimination step the player goes out at (higher is a
    better place); `None` when the player goes on. `group` is the group number of a group match.
    """

    id: str
    stage: int
    side: Side
    round: int
    index: int
    race: int
    a: Source
    b: Source
    winner_to: str | None
    loser_to: str | None
    loser_out: int | None = None
    winner_out: int | None = None
    group: int | None = None
    conditional: bool = False
    empty_a: bool = False
    empty_b: bool = False

    @property
    def is_bye(self) -> bool:
        """Structurally a bye: one side can never hold a player (fixed at the draw)."""
        return self.empty_a or self.empty_b
