"""`referee-app tournament cards` (phone.md §1) through the desk's entry point: the PDF rendered,
every QR code decoded from the rendered pages with zbar and compared with the table's link, the
words read back with poppler, A6 cards four to an A4 page, English and French."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import unicodedata
from contextlib import closing
from pathlib import Path

import pytest
from referee_desk.main import main

from referee_app.log.store import Store
from referee_app.tournament.phones import score_link
from tests.conftest import required

ENTRIES = "name\n" + "".join(f"Player {n:02d}\n" for n in range(1, 17))
URL = "http://192.168.1.20:8080"


def _tool(name: str) -> str:
    exe = shutil.which(name)
    if exe is None:
        required(f"{name} ({'zbar-tools' if name == 'zbarimg' else 'poppler-utils'})")
    assert exe is not None
    return exe


def _text(*argv: str) -> str:
    out = subprocess.run(list(argv), capture_output=True, text=True, check=True).stdout
    return unicodedata.normalize("NFKC", out)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def phones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str, dict[int, str]]:
    """A drawn tournament on tables 1-8, tables 2-7 scored on the phones: (database, id, keys)."""
    db = tmp_path / "t.db"
    code, out, _ = run(capsys, "tournament", "new", "Open de Lyon", "--format", "se", "--db", str(db))
    assert code == 0
    tid = out.strip()
    (tmp_path / "e.csv").write_text(ENTRIES, encoding="utf-8")
    assert run(capsys, "tournament", "entries", tid, str(tmp_path / "e.csv"), "--db", str(db))[0] == 0
    assert run(capsys, "tournament", "draw", tid, "--seed", "3", "--db", str(db))[0] == 0
    assert run(capsys, "tournament", "tables", tid, "1-8", "--db", str(db))[0] == 0
    code, out, _ = run(capsys, "tournament", "phones", tid, "2-7", "--json", "--db", str(db))
    assert code == 0
    return db, tid, {item["table"]: item["key"] for item in json.loads(out)}


def decoded(pdf: Path, tmp_path: Path) -> list[set[str]]:
    """The QR codes of each page, as zbar reads them from the page rendered at 150 dpi."""
    pdftoppm, zbarimg = _tool("pdftoppm"), _tool("zbarimg")
    subprocess.run([pdftoppm, "-r", "150", "-png", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    found: list[set[str]] = []
    for page in pages:
        out = subprocess.run([zbarimg, "-q", "--raw", str(page)], capture_output=True, text=True).stdout
        found.append(set(out.split()))
    return found


def test_every_cards_qr_code_is_its_tables_link_and_its_words_are_on_the_card(
    phones: tuple[Path, str, dict[int, str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = phones
    pdf = tmp_path / "cards.pdf"
    code, out, err = run(capsys, "tournament", "cards", tid, "--out", str(pdf), "--url", URL, "--db", str(db))
    assert (code, err) == (0, "") and out == f"6 cards written to {pdf} ({URL})\n"
    links = {table: score_link(URL, table, key) for table, key in keys.items()}
    pages = decoded(pdf, tmp_path)
    assert [len(page) for page in pages] == [4, 2]  # four to a page
    assert set().union(*pages) == set(links.values())
    assert pages[0] == {links[t] for t in (2, 3, 4, 5)}
    info = _text(_tool("pdfinfo"), str(pdf))
    assert re.search(r"Pages:\s+2\n", info) and re.search(r"Page size:\s+595(\.\d+)? x 84[12](\.\d+)? pts \(A4\)", info)
    text = _text(_tool("pdftotext"), "-layout", str(pdf), "-")
    for table, link in links.items():
        assert f"Table {table}" in text
        address, key = link.split("#")
        assert address in text and f"#{key}" in text  # the address to type, and the key
    assert text.count("Scan to score this table") == 6
    assert "192.168.1.20" in text and "localhost" not in text and "127.0.0.1" not in text


def test_the_cards_in_french_and_at_the_address_last_served(
    phones: tuple[Path, str, dict[int, str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = phones
    with closing(Store(db)) as store:
        store.set_phone_url(tid, "http://10.0.0.5:9000")
    pdf = tmp_path / "cartes.pdf"
    assert run(capsys, "tournament", "cards", tid, "--out", str(pdf), "--lang", "fr", "--db", str(db))[0] == 0
    text = _text(_tool("pdftotext"), str(pdf), "-")
    assert text.count("Scannez pour marquer cette table") == 6 and "Scan to" not in text
    assert set().union(*decoded(pdf, tmp_path)) == {score_link("http://10.0.0.5:9000", t, k) for t, k in keys.items()}


def test_a_new_key_makes_a_new_card_and_the_old_key_is_on_none(
    phones: tuple[Path, str, dict[int, str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, keys = phones
    code, out, _ = run(capsys, "tournament", "phones", tid, "3", "--json", "--db", str(db))
    assert code == 0
    new = json.loads(out)[0]["key"]
    pdf = tmp_path / "cards.pdf"
    assert run(capsys, "tournament", "cards", tid, "--out", str(pdf), "--url", URL, "--db", str(db))[0] == 0
    found = set().union(*decoded(pdf, tmp_path))
    assert score_link(URL, 3, new) in found and score_link(URL, 3, keys[3]) not in found
    assert keys[3] not in _text(_tool("pdftotext"), str(pdf), "-")


@pytest.mark.parametrize(
    ("argv", "code", "said"),
    [
        ((), 2, "the address the phones reach this laptop at is not known yet"),
        (("--url", "http://localhost:8080"), 2, "cannot be reached from a phone"),
        (("--url", "http://127.0.0.1:8080"), 2, "cannot be reached from a phone"),
        (("--url", "192.168.1.20:8080"), 2, "cannot be reached from a phone"),
    ],
)
def test_an_address_a_phone_cannot_reach_is_bad_input_and_writes_nothing(
    phones: tuple[Path, str, dict[int, str]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: tuple[str, ...],
    code: int,
    said: str,
) -> None:
    db, tid, _ = phones
    pdf = tmp_path / "cards.pdf"
    got, out, err = run(capsys, "tournament", "cards", tid, "--out", str(pdf), *argv, "--db", str(db))
    assert (got, out) == (code, "") and said in err
    assert not pdf.exists() and not list(tmp_path.glob(".cards.pdf.*"))


def test_no_phone_table_is_refused(
    phones: tuple[Path, str, dict[int, str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, tid, _ = phones
    assert run(capsys, "tournament", "phones", tid, "2-7", "--off", "--db", str(db))[0] == 0
    pdf = tmp_path / "cards.pdf"
    code, out, err = run(capsys, "tournament", "cards", tid, "--out", str(pdf), "--url", URL, "--db", str(db))
    assert (code, out) == (1, "") and err.startswith("refused: no table is scored on the phones")
    assert not pdf.exists()
