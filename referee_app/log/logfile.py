"""Reading and writing match logs as JSON Lines files (match-log spec §4).

A file is read and checked whole before anything is replayed or stored, so a
damaged file is reported with its physical line number and nothing is lost.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee_app.game.events import Entry, MatchStarted
from referee_app.log.codec import LogFormatError, entry_to_line, parse_line


class LogFileError(ValueError):
    """A file that is not a readable match log; `line` is 1-based, blank lines counted."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True, slots=True)
class LogLine:
    line: int
    entry: Entry


BLANK = " \t\r"
"""Spec 1.1 §4: what a blank line may hold."""


def split_lines(data: bytes) -> list[tuple[int, str]]:
    """The physical lines of a JSON Lines file as (number, text): split at `\n` only (spec 1.1 §4),
    each decoded on its own so a bad byte is reported on its line. `LogFileError` for bad UTF-8
    or a byte-order mark."""
    if data.startswith(b"\xef\xbb\xbf"):
        raise LogFileError(1, "the file starts with a UTF-8 byte-order mark, which a match log must not have")
    lines = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            lines.append((number, raw.decode("utf-8")))
        except UnicodeDecodeError as exc:
            raise LogFileError(number, f"not valid UTF-8 (byte {exc.start + 1} of the line)") from None
    if lines and lines[-1][1] == "":
        lines.pop()  # the newline that ends the last line
    return lines


def parse_log(text: str | bytes) -> list[LogLine]:
    """Every event of a JSON Lines match log, checked for format and order."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    lines: list[LogLine] = []
    physical = 0
    for physical, raw in split_lines(data):
        if not raw.strip(BLANK):
            continue
        try:
            event, seq, at = parse_line(raw)
        except LogFormatError as exc:
            raise LogFileError(physical, str(exc)) from None
        position = len(lines) + 1
        if seq is not None and seq != position:
            raise LogFileError(physical, f"seq is {seq} but this is event {position} of the file")
        is_start = isinstance(event, MatchStarted)
        if position == 1 and not is_start:
            raise LogFileError(physical, "the first event must be match_started")
        if position > 1 and is_start:
            raise LogFileError(physical, "match_started may appear only once, as the first event")
        lines.append(LogLine(physical, Entry(position, event, at or "")))
    if not lines:
        raise LogFileError(max(physical, 1), "the file holds no events (match_started missing)")
    return lines


def read_log(path: str) -> list[LogLine]:
    """Parse the file at `path`; a file that cannot be read is a `LogFileError` on line 1."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise LogFileError(1, f"cannot read the file ({exc.strerror})") from None
    return parse_log(data)


def format_log(entries: Iterable[Entry]) -> str:
    """The JSON Lines text of a log, one event a line, seq order."""
    return "".join(entry_to_line(e) + "\n" for e in entries)
