"""The entry list (spec §2): BOM, `,` or `;`, columns, names, errors by line, all or nothing."""

from __future__ import annotations

import pytest

from referee_app.tournament.entries import EntriesInvalid, parse_entries
from referee_app.tournament.model import Entry


def test_an_english_file_with_every_column() -> None:
    text = "name,rating,fargo_id,licence,club,seed\nAna Lopez,612,1234567,FR-77,Lyon,1\n  Ben Novak ,,98765,,,\n"
    assert parse_entries(text) == (
        Entry("Ana Lopez", 612.0, "1234567", "FR-77", "Lyon", 1),
        Entry("Ben Novak", None, "98765", "", "", None),
    )


def test_a_french_file_with_a_bom_semicolons_and_a_decimal_comma() -> None:
    text = "\ufeffName;Club;Rating\r\nÉlodie Crêpe;Amiens;512,5\r\nJosé;;\r\n"
    assert parse_entries(text) == (Entry("Élodie Crêpe", 512.5, club="Amiens"), Entry("José"))


def test_a_fargo_id_is_never_read_as_a_rating() -> None:
    (entry,) = parse_entries("name,fargo_id\nAna,612\n")
    assert entry.rating is None and entry.fargo_id == "612"


def test_blank_lines_are_skipped_and_line_numbers_count_the_files_lines() -> None:
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries("name,rating\nAna,600\n\nBen,high\nana,500\nCarl,1,2\n" + "X" * 81 + ",\n")
    assert caught.value.problems == (
        "line 4: rating 'high' is not a number",
        "line 5: 'ana' is already entered",
        "line 6: 3 fields, the header has 2",
        "line 7: a name is 1..80 characters",
    )


def test_names_are_unique_against_those_already_entered() -> None:
    with pytest.raises(EntriesInvalid, match="line 3: 'BEN' is already entered"):
        parse_entries("name\nAna\nBEN\n", existing=["Ben"])


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "line 1: a header line is needed"),
        ("rating\n600\n", "line 1: the `name` column is missing"),
        ("name,colour\nAna,red\n", "line 1: unknown column 'colour'"),
        ("name,seed\nAna,first\n", "line 2: seed 'first' is not a whole number"),
        ("name,rating\nAna,nan\n", "line 2: rating 'nan' is not a number"),
    ],
)
def test_bad_files(text: str, problem: str) -> None:
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries(text)
    assert caught.value.problems[0].startswith(problem)


def test_a_seed_out_of_range_is_the_draws_to_refuse_not_the_files() -> None:
    assert parse_entries("name,seed\nAna,0\nBen,-3\n") == (Entry("Ana", seed=0), Entry("Ben", seed=-3))
