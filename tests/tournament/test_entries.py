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
        "line 5: 'ana' is already entered (as 'Ana')",
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


def test_a_seed_that_no_draw_could_take_is_refused_on_its_line_one_above_the_field_is_the_draws() -> None:
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries("name,seed\nAna,0\nBen,-3\nCarl,257\n")
    assert caught.value.problems == (
        "line 2: seed '0' is out of range: seeds run from 1 to the number of players (at most 256)",
        "line 3: seed '-3' is out of range: seeds run from 1 to the number of players (at most 256)",
        "line 4: seed '257' is out of range: seeds run from 1 to the number of players (at most 256)",
    )
    # More players may be entered later: a seed above today's count is for the draw to judge.
    assert parse_entries("name,seed\nAna,1\nBen,16\n") == (Entry("Ana", seed=1), Entry("Ben", seed=16))


@pytest.mark.parametrize("rating", ["-50", "1e308", "3000.5", "inf", "-0.1"])
def test_a_rating_outside_0_to_3000_is_a_slip_and_says_the_range(rating: str) -> None:
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries(f"name,rating\nAna,600\nBen,{rating}\n")
    assert caught.value.problems == (f"line 3: rating {rating!r} is out of range: a rating is from 0 to 3000",)


def test_ratings_at_the_ends_of_the_range_are_kept() -> None:
    assert [e.rating for e in parse_entries("name;rating\nAna;0\nBen;3000\nCarl;2999,5\n")] == [0, 3000, 2999.5]


def test_names_are_stored_composed_with_single_spaces() -> None:
    decomposed = "E\u0301va Martin"
    (entry, other) = parse_entries(f"name\n{decomposed}\n\u00a0Ana\u00a0\u00a0L\u00f3pez\t\n")
    assert entry.name == "\u00c9va Martin" and len(entry.name) == 10
    assert other.name == "Ana L\u00f3pez"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("\u00c9va Martin", "E\u0301va Martin"),  # precomposed, then decomposed (a Mac's spreadsheet)
        ("Ana L\u00f3pez", "Ana  L\u00f3pez"),
        ("Ana L\u00f3pez", "ana\u00a0l\u00f3pez"),
        ("Ana L\u00f3pez", "ANA L\u00d3PEZ"),
        ("Stra\u00dfe", "STRASSE"),
    ],
)
def test_one_player_written_two_ways_is_entered_once(first: str, second: str) -> None:
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries(f"name\n{first}\n{second}\n")
    (problem,) = caught.value.problems
    assert problem.startswith("line 3: ") and "is already entered" in problem
    with pytest.raises(EntriesInvalid, match=r"line 2: .* is already entered"):
        parse_entries(f"name\n{second}\n", existing=[first])


def test_french_headers_are_the_specs_columns_whatever_their_case_and_accents() -> None:
    text = "Nom;Cote Fargo;ID Fargo;Licence;Club;Tête de série\nJérôme Dupont;512,5;100001;L1;Nîmes;2\n"
    assert parse_entries(text) == (Entry("Jérôme Dupont", 512.5, "100001", "L1", "Nîmes", 2),)
    for header in (
        "NOM;COTE;N° Fargo;TDS",
        "nom;fargo;fargo id;seed",
        "Nom;cote;Nº Fargo;tete de serie",
        "Nom;Classement Fargo;Identifiant Fargo;Tête de série",  # the window's own French column names
    ):
        (entry,) = parse_entries(f"{header}\nAna;600;42;1\n")
        assert entry == Entry("Ana", 600, "42", seed=1), header


def test_a_ranking_is_not_taken_for_a_rating_and_the_message_says_how_to_name_the_column() -> None:
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries("Nom;Classement\nJérôme Dupont;512,5\n")
    (problem,) = caught.value.problems
    assert problem.startswith("line 1: column 'classement': a place in a ranking is not a rating")
    assert "'cote'" in problem


def test_problems_in_another_language_through_tr() -> None:
    french = {
        "line {line}: {what}": "ligne {line}\u00a0: {what}",
        "rating {rating} is not a number": "la cote {rating} n’est pas un nombre",
    }

    def tr(context: str, text: str) -> str:
        assert context == "Entries"
        return french[text]

    with pytest.raises(EntriesInvalid) as caught:
        parse_entries("name,rating\nAna,lots\n")
    assert caught.value.messages(tr) == ("ligne 2\u00a0: la cote 'lots' n’est pas un nombre",)
    assert caught.value.problems == ("line 2: rating 'lots' is not a number",)


def test_a_name_typed_without_its_accents_or_in_capitals_is_the_same_player() -> None:
    text = "Nom;Club;Cote Fargo;Licence\nÉva Martin;BCL;612;L001\nJérôme Lefèvre;BCL;590;L002\nEVA MARTIN;BCL;612;\n"
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries(text)
    assert caught.value.problems == ("line 4: 'EVA MARTIN' is already entered (as 'Éva Martin')",)
    with pytest.raises(EntriesInvalid) as again:  # against the players entered before, too
        parse_entries("nom\nJerome LEFEVRE\n", [Entry("Jérôme Lefèvre")])
    assert again.value.problems == ("line 2: 'Jerome LEFEVRE' is already entered (as 'Jérôme Lefèvre')",)


def test_a_licence_or_fargo_id_entered_twice_is_refused_naming_the_line() -> None:
    text = "name,licence,fargo_id\nAna Lopez,L001,1234\nBen Novak,l 001,\nCarl Ito,,1234\nDora Mey,L004,\n"
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries(text)
    assert caught.value.problems == (
        "line 3: licence 'l 001' is already entered (for 'Ana Lopez')",
        "line 4: Fargo ID '1234' is already entered (for 'Ana Lopez')",
    )
    with pytest.raises(EntriesInvalid) as again:
        parse_entries("name,licence\nEd Wu,L004\n", [Entry("Dora Mey", licence="L004")])
    assert again.value.problems == ("line 2: licence 'L004' is already entered (for 'Dora Mey')",)


@pytest.mark.parametrize("hidden", ["\x00", "\x1b", "\x07", "\x7f", "\u2028", "\u202e", "\u2066"])
def test_hidden_characters_in_any_cell_are_refused(hidden: str) -> None:
    for text, column in ((f"name,club\nAn{hidden}a,Lyon\n", "name"), (f"name,club\nAna,Ly{hidden}on\n", "club")):
        with pytest.raises(EntriesInvalid) as caught:
            parse_entries(text)
        code = f"U+{ord(hidden):04X}"
        assert caught.value.problems == (
            f"line 2: {column} holds a hidden control character ({code}): type it again without it",
        )


def test_a_tab_is_still_a_space() -> None:
    assert parse_entries("name;club\nAna\tLopez;Lyon\n") == (Entry("Ana Lopez", club="Lyon"),)


def test_a_cell_the_csv_reader_cannot_read_is_a_line_refusal() -> None:
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries('name\n"Ana\n' + "x" * 10 + "\n" * 3 + ("y" * 4000 + "\n") * 40)
    assert caught.value.problems[0].startswith("line ")


def test_a_club_or_licence_longer_than_the_event_server_takes_is_refused() -> None:
    with pytest.raises(EntriesInvalid) as caught:
        parse_entries("name,club,licence\nAna," + "C" * 81 + ",L1\nBen,Lyon," + "L" * 41 + "\n")
    assert caught.value.problems == (
        "line 2: club is at most 80 characters",
        "line 3: licence is at most 40 characters",
    )
