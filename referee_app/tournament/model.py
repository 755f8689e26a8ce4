"""The tournament's vocabulary: formats, options, entries and the match graph's pieces.

Values only; the words stored in the log and printed by `show` are those of the
tournament spec (docs: shared/spec/tournament.md, version 1.0).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee_app.game.events import ShotClock


class TournamentRefused(ValueError):
    """An organizer's decision the tournament's rules refuse; the message says why."""


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

    def check(self) -> None:
        """Refuse options that contradict each other, before anything is recorded."""
        for label, race in (
            ("--race", self.race),
            ("--race-losers", self.race_losers),
            ("--race-final", self.race_final),
        ):
            if race is not None and not 1 <= race <= 99:
                raise TournamentRefused(f"{label} must be 1..99, not {race}")
        clock = self.shot_clock
        if clock is not None and not (1 <= clock.shot_s <= 600 and 1 <= clock.extension_s <= 600):
            raise TournamentRefused("the shot clock is 1..600 seconds a shot, its extension 1..600 seconds")
        if clock is not None and not (0 <= clock.extensions_per_rack <= 9 and 1 <= clock.after_break_s <= 60):
            raise TournamentRefused("the shot clock allows 0..9 extensions a rack and 1..60 s after the break")
        if self.then is Format.GROUPS:
            raise TournamentRefused("--then must be se or de")
        if self.se_at is not None:
            if self.knockout is not Format.DE:
                raise TournamentRefused("--se-at is for double elimination")
            if self.se_at not in SE_AT_CHOICES:
                raise TournamentRefused(f"--se-at must be 4, 8, 16 or 32, not {self.se_at}")
        if self.third_place and self.knockout is not Format.SE:
            raise TournamentRefused("--third-place is for single elimination")
        if self.format is Format.GROUPS:
            if self.groups is None or self.advance is None:
                raise TournamentRefused("groups need --groups G and --advance K")
            if not 1 <= self.groups <= 64:
                raise TournamentRefused(f"--groups must be 1..64, not {self.groups}")
            if self.advance < 1:
                raise TournamentRefused(f"--advance must be at least 1, not {self.advance}")
            if self.groups * self.advance < 2:
                raise TournamentRefused("the knockout needs at least 2 players: raise --groups or --advance")
            if self.group_format is GroupFormat.DE and (self.advance < 2 or self.advance & (self.advance - 1)):
                raise TournamentRefused("double-elimination groups need --advance 2, 4, 8… (half from each side)")
        elif self.groups is not None or self.advance is not None:
            raise TournamentRefused("--groups and --advance are for --format groups")


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


Source = FromSeed | FromWinner | FromLoser | FromGroup


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
