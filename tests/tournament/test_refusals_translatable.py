"""Every refusal the tournament raises is a whole sentence marked for translation and given its
French in the catalogue, so the window never says a rule in English to a French organizer.

The source is read with `ast`: a new `raise TournamentRefused(...)` with an English f-string, an
unmarked text, a placeholder without its value or a template the catalogue lacks fails here.
"""

from __future__ import annotations

import ast
import string
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from referee_app.i18n import in_words
from referee_app.log.store import STORE, StoreError, Tampered
from referee_app.tournament.model import REFUSAL, Sizes, TournamentRefused

ROOT = Path(__file__).resolve().parents[2]
TOURNAMENT = ROOT / "referee_app" / "tournament"
EVENT = ROOT / "referee_app" / "event"  # the running tournament: its session refuses too
CATALOGUE = ROOT / "ui" / "translations" / "referee_fr.ts"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _catalogue(context: str) -> dict[str, str | None]:
    """source -> French (None: not translated yet) of one context of the catalogue."""
    found: dict[str, str | None] = {}
    for ctx in ET.parse(CATALOGUE).getroot().iter("context"):
        if ctx.findtext("name") != context:
            continue
        for message in ctx.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            done = translation.get("type") not in ("unfinished", "obsolete", "vanished") and translation.text
            found[message.findtext("source") or ""] = translation.text if done else None
    return found


def _raises(folder: Path, exception: str) -> list[tuple[str, ast.Call]]:
    """Every `raise <exception>(...)` of the folder's modules, with where it is."""
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if name == exception:
                    found.append((f"{path.name}:{node.lineno}", node.exc))
    return found


def _marked(call: ast.Call, context: str, where: str) -> str:
    """The template of a raise: its first argument must be QT_TRANSLATE_NOOP(context, "literal")."""
    assert call.args, f"{where}: no message"
    first = call.args[0]
    assert (
        isinstance(first, ast.Call)
        and isinstance(first.func, ast.Name)
        and first.func.id == "QT_TRANSLATE_NOOP"
        and len(first.args) == 2
        and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in first.args)
    ), f"{where}: the message is not a marked template: {ast.unparse(first)}"
    ctx, template = (a.value for a in first.args if isinstance(a, ast.Constant))
    assert ctx == context, f"{where}: context {ctx!r}, not {context!r}"
    assert len(call.args) == 1, f"{where}: values go by name, not by position"
    given = {k.arg for k in call.keywords}
    assert given == _fields(template), f"{where}: {template!r} is given {sorted(str(g) for g in given)}"
    return str(template)


def _check_catalogued(templates: dict[str, str], context: str) -> None:
    french = _catalogue(context)
    for template, where in templates.items():
        assert template in french, f"{where}: {template!r} is not in the catalogue (run update_translations.py)"
        text = french[template]
        assert text, f"{where}: {template!r} has no French yet"
        assert text != template, f"{where}: {template!r} is left in English"
        assert _fields(text) == _fields(template), f"{where}: the French of {template!r} changes its placeholders"


def test_every_tournament_refusal_is_a_marked_whole_sentence_with_its_french() -> None:
    raises = _raises(TOURNAMENT, "TournamentRefused") + _raises(EVENT, "TournamentRefused")
    assert len(raises) > 60  # the scan finds the raises (state, bracket, model, draw, session, templates)
    assert {where.split(":")[0] for where, _ in raises} >= {
        "state.py",
        "bracket.py",
        "model.py",
        "draw.py",
        "session.py",
        "templates.py",
    }
    templates = {_marked(call, REFUSAL, where): where for where, call in raises}
    _check_catalogued(templates, REFUSAL)


def test_every_marked_store_error_of_a_tournament_has_its_french() -> None:
    found = [
        (where, call)
        for folder in (ROOT / "referee_app" / "log", TOURNAMENT, EVENT)
        for exception in ("StoreError", "Tampered", "SeqTaken", "DamagedTournament")
        for where, call in _raises(folder, exception)
    ]
    marked = {
        _marked(call, STORE, where): where
        for where, call in found
        if call.args and "QT_TRANSLATE_NOOP" in ast.unparse(call.args[0])  # the match's own are not marked yet
    }
    assert "tournament {id}: event {seq} was changed outside the app" in marked
    assert len(marked) >= 12
    _check_catalogued(marked, STORE)


def _french(context: str) -> dict[str, str]:
    return {source: text for source, text in _catalogue(context).items() if text}


def _tr(context: str, text: str) -> str:
    return _french(context).get(text, text)


def test_a_refusal_reads_the_same_in_english_and_whole_in_french() -> None:
    refused = TournamentRefused(
        "{match} is a race to {race}: the winner has {race} racks, the loser fewer (not {a}-{b})",
        match="W1-3",
        race=7,
        a=7,
        b=7,
    )
    assert str(refused) == refused.message() == "W1-3 is a race to 7: the winner has 7 racks, the loser fewer (not 7-7)"
    french = refused.message(_tr)
    assert "W1-3" in french and "7-7" in french and "race" not in french and "winner" not in french


def test_listed_pool_sizes_take_the_languages_and() -> None:
    refused = TournamentRefused(
        "the qualifying rule takes pools of {sizes}, not pools of {size} ({players} players in {pools} pools)",
        sizes=Sizes((4, 5)),
        size=3,
        players=20,
        pools=6,
    )
    assert str(refused).startswith("the qualifying rule takes pools of 4 and 5, not pools of 3")
    assert "4 et 5" in refused.message(_tr)


@pytest.mark.parametrize("error", [Tampered, StoreError])
def test_a_store_error_says_its_template_and_an_unmarked_one_stays_as_it_is(error: type[StoreError]) -> None:
    damaged = error("tournament {id}: event {seq} was changed outside the app", id="46baa8ed4d70", seq=41)
    assert str(damaged) == "tournament 46baa8ed4d70: event 41 was changed outside the app"
    assert damaged.message(_tr) == in_words(damaged, _tr)
    assert "changed outside the app" not in damaged.message(_tr) and "41" in damaged.message(_tr)
    plain = error("could not write to {here}")  # no values: a text, never formatted
    assert plain.message(_tr) == str(plain) == "could not write to {here}"


def test_a_refusal_without_values_is_never_formatted() -> None:
    plain = TournamentRefused("a name like {weird} stays as it is")
    assert str(plain) == plain.message(_tr) == "a name like {weird} stays as it is"


def test_a_tournament_that_does_not_replay_says_both_sentences_in_french() -> None:
    from referee_app.event.operations import DamagedTournament

    damaged = DamagedTournament(
        "tournament {id} in {path} cannot be used: event {seq}: {why}",
        id="46baa8ed4d70",
        path="/tmp/organizer.db",
        seq=4,
        why=TournamentRefused("table {table} already holds {match}", table=2, match="W1-1"),
    )
    assert (
        str(damaged)
        == "tournament 46baa8ed4d70 in /tmp/organizer.db cannot be used: event 4: table 2 already holds W1-1"
    )
    assert damaged.message(_tr) == (
        "le tournoi 46baa8ed4d70 de /tmp/organizer.db est inutilisable, événement 4\u00a0: "
        "la table 2 accueille déjà W1-1"
    )
