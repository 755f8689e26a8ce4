"""A stored match's times are checked all at once (one pattern over the whole log, the calendar written
in it): exactly the times `is_utc_time` takes, and a bad one still named by its event."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee_app.game.events import Entry, MatchStarted
from referee_app.log import codec
from referee_app.log.codec import are_utc_times, is_utc_time
from referee_app.log.logfile import read_log
from referee_app.log.store import Store, StoreError
from tests.crafted import SEED

YEARS = ("1969", "1970", "2000", "2023", "2024", "2026", "2100", "9999", "0999")
MONTHS = [f"{m:02d}" for m in range(14)]
DAYS = [f"{d:02d}" for d in range(33)]
CLOCKS = ("T00:00:00.000Z", "T23:59:59.999999+00:00", "T12:30Z", "T24:00:00Z", "T10:00:00+01:00", "T10:00:00.1234567Z")


def every_date() -> list[str]:
    return [f"{y}-{m}-{d}{clock}" for y, m, d, clock in itertools.product(YEARS, MONTHS, DAYS, CLOCKS)]


def test_every_time_of_the_calendar_is_taken_at_once_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one-pattern check answers alone (no time checked one by one) for every real time but a
    29 February, and never takes a time `is_utc_time` refuses."""
    one_by_one: list[object] = []

    def spy(value: object) -> bool:
        one_by_one.append(value)
        return is_utc_time(value)

    monkeypatch.setattr(codec, "is_utc_time", spy)
    times = every_date()
    good = [t for t in times if is_utc_time(t)]
    assert len(good) > 1000 and any("-02-29T" in t for t in good)  # 2000 and 2024 are leap years
    for value in times:
        one_by_one.clear()
        assert are_utc_times([value]) is is_utc_time(value), value
        if is_utc_time(value) and "-02-29T" not in value:
            assert one_by_one == [], f"{value} was checked one by one"
    one_by_one.clear()
    plain = [t for t in good if "-02-29T" not in t]
    assert are_utc_times(plain) and one_by_one == []
    assert are_utc_times(good)  # a leap day is checked by the calendar, one by one


def test_times_joined_cannot_pass_for_one() -> None:
    """A value holding a newline, or two times run together, or a value that is not text, is refused."""
    good = "2026-12-01T20:04:31.250Z"
    assert are_utc_times([good, good])
    assert not are_utc_times([f"{good}\n{good}"])
    assert not are_utc_times([f"{good}\n{good}", good])
    assert not are_utc_times([good, f"{good}\n"])
    assert not are_utc_times([good, f"\n{good}"])
    assert not are_utc_times([good, 20261201, good])
    assert not are_utc_times([good, None])
    assert not are_utc_times([good + good])
    assert are_utc_times([])


part = st.sampled_from
time_text = st.builds(
    lambda y, m, d, clock, tail: f"{y}-{m}-{d}{clock}{tail}",
    part(YEARS),
    part(MONTHS),
    part(DAYS),
    part(CLOCKS),
    part(("", "", "", "", "\n", "x", " ")),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(time_text, st.text(max_size=30), st.integers()), max_size=8))
def test_all_at_once_says_what_one_by_one_says(values: list[object]) -> None:
    assert are_utc_times(values) is all(is_utc_time(v) for v in values)


def stored(tmp_path: Path, times: dict[int, str]) -> tuple[Store, str]:
    """The seed's match stored with the times given at those seqs (its chain made over them, as an older
    version's import made it)."""
    entries = [line.entry._replace(at=times.get(line.entry.seq, line.entry.at)) for line in read_log(str(SEED))]
    setup = entries[0].event
    assert isinstance(setup, MatchStarted)
    setup = replace(setup, match_id="times-match")
    entries[0] = Entry(1, setup, entries[0].at)
    store = Store(tmp_path / "t.db")
    store.add_match(entries)
    return store, setup.match_id


@pytest.mark.parametrize(
    ("times", "named"),
    [
        ({5: "2026-02-30T10:00:00Z"}, 5),
        ({7: "2027-02-29T10:00:00.000Z"}, 7),
        ({4: "2026-12-01T10:00:00+01:00", 9: "1969-12-31T23:59:59Z"}, 4),
        ({3: "2026-12-01T10:00:00Z\n2026-12-01T10:00:00Z"}, 3),
    ],
    ids=["30-february", "29-february-2027", "the-first-of-two", "two-in-one"],
)
def test_a_stored_time_off_the_calendar_is_named_by_its_event(
    tmp_path: Path, times: dict[int, str], named: int
) -> None:
    store, match_id = stored(tmp_path, times)
    with pytest.raises(StoreError, match=f"event {named} is damaged: its time is not a UTC time"):
        store.load(match_id)


def test_a_leap_day_is_a_day(tmp_path: Path) -> None:
    store, match_id = stored(tmp_path, {n: f"2028-02-29T10:{n:02d}:00.000Z" for n in range(1, 60)})
    assert store.load(match_id)[5].at == "2028-02-29T10:06:00.000Z"
