"""The player's day on their own phone, in Chromium at 360 px, in English and French, through the real
server (`tournament serve`'s `Serving`, in process): the door's QR link checks them in and opens their own
page (/me); the draw puts their match on a phone table and the laptop's clock calls it: their page says
so (go to table N, the minutes since the call); on the table's page they tap "I'm here", and their own
page shows them at the table."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from referee_app.cli.main import main as cli
from referee_app.event import operations
from referee_app.event.pages import Serving
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options
from tests.event.test_score_page import PHONE

pytestmark = pytest.mark.slow  # the machine's Chromium

NAMES = ("Ana Lopez", "Ben Novak", "Éva Martin", "Jérôme Lefèvre")
SHOTS = Path("/tmp/referee-call-shots")


@pytest.fixture
def day(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[tuple[Path, str, dict[int, str], Serving]]:
    """Four entries with check-in, tables 1-2 the phones', three checked in at the door by name; served."""
    from referee_desk.i18n import translator_for

    db = tmp_path / "day.db"
    store = Store(db)
    tid = operations.new_tournament(store, "Soirée", Options(Format.SE, race=2, checkin=True))
    operations.add_entries(store, tid, "name\n" + "\n".join(NAMES) + "\n")
    operations.set_tables(store, tid, "1-2")
    store.close()
    capsys.readouterr()
    assert cli(["tournament", "phones", tid, "1-2", "--json", "--db", str(db)]) == 0
    keys = {item["table"]: item["key"] for item in json.loads(capsys.readouterr().out)}
    assert cli(["tournament", "checkin", tid, "ben novak", "EVA MARTIN", "jerome lefevre", "--db", str(db)]) == 0
    languages = {"en": translator_for("en"), "fr": translator_for("fr")}
    serving = Serving(db, tid, 0, languages=languages, words=translator_for).start()
    yield db, tid, keys, serving
    serving.stop()


@pytest.mark.parametrize(
    ("locale", "in_word", "go", "here_word", "at_table"),
    [
        ("en-GB", "Checked in", "You are called: go to table {n}", "I’m here: {name}", "{name}: at the table"),
        (
            "fr-FR",
            "Pointé",
            "Vous êtes appelé\u00a0: allez à la table {n}",
            "Je suis là\u00a0: {name}",
            "{name}\u00a0: à la table",
        ),
    ],
)
def test_from_the_door_qr_to_the_call_to_im_here_on_the_table(
    day: tuple[Path, str, dict[int, str], Serving],
    browser: Any,
    locale: str,
    in_word: str,
    go: str,
    here_word: str,
    at_table: str,
) -> None:
    db, tid, keys, serving = day
    phone = browser.new_context(locale=locale, **PHONE)
    try:
        page = phone.new_page()
        page.goto(f"http://127.0.0.1:{serving.port}/door/{serving.phones.door.token()}")  # the QR at the door
        page.locator("#search").fill("ana")
        page.get_by_role("button", name="Ana Lopez").tap()
        page.locator("#yes").tap()
        page.wait_for_url("**/me/**")
        expect(page.locator("#present")).to_have_text(in_word)
        expect(page.locator("#name")).to_have_text("Ana Lopez")
        me_link = page.url

        drawn = subprocess.run(  # the organizer draws (another program: the server follows its log)
            [sys.executable, "-m", "referee_app", "tournament", "draw", tid, "--seed", "5", "--db", str(db)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert drawn.returncode == 0, drawn.stderr
        when = page.locator("#next-when")
        expect(when).to_have_text(re.compile(re.escape(go.format(n="@")).replace("@", "[12]")), timeout=15000)
        table = int(when.inner_text().rstrip().split()[-1])
        card = page.locator("#called .callcard")
        expect(card).to_have_count(1)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"me-called-360-{locale[:2]}.png"), full_page=True)

        page.goto(f"http://127.0.0.1:{serving.port}/score/{table}#k={keys[table]}")  # the table's card
        mine = page.get_by_role("button", name=here_word.format(name="Ana Lopez"))
        expect(mine).to_be_visible(timeout=15000)
        mine.tap()
        expect(mine).to_be_hidden(timeout=10000)

        page.goto(me_link)  # back on their own page: at the table, the clock stopped for them
        expect(page.locator('#called .call-player.here[data-player="Ana Lopez"]')).to_have_text(
            at_table.format(name="Ana Lopez"), timeout=15000
        )
        page.screenshot(path=str(SHOTS / f"me-here-360-{locale[:2]}.png"), full_page=True)
    finally:
        phone.close()
