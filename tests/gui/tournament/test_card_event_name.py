"""A phone table's card with a long event name (80 characters are allowed): read back with
poppler, every word of it sits inside the card's margins instead of being cut at both ends."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from referee_desk.tournament.cards import CARD_W_MM, PAD_MM, write_cards_pdf

from referee_app.tournament.phones import Card, qr_modules
from tests.conftest import required

LONG = "Championnat de France de billard américain, jeu de la 10 – Open de Lyon 2026"
LINK = "http://192.168.1.31:8080/score/12#k=ORUX-7DST-CTDV-LIBD-KOYF-GZZ5"
POINTS_PER_MM = 72 / 25.4


def words_on_the_first_line(pdf: Path) -> list[tuple[float, float, str]]:
    """(left, right, word) in points for the top line of the first card, as poppler lays it out."""
    exe = shutil.which("pdftotext")
    if exe is None:
        required("pdftotext (poppler-utils)")
    assert exe is not None
    bbox = subprocess.run([exe, "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', bbox)
    top = min(float(y) for _, y, _, _ in found)
    return [(float(x0), float(x1), w) for x0, y, x1, w in found if abs(float(y) - top) < 1]


def test_a_long_event_name_fits_the_card(tmp_path: Path) -> None:
    assert 70 < len(LONG) <= 80
    pdf = tmp_path / "cards.pdf"
    write_cards_pdf(LONG, [Card(12, LINK, qr_modules(LINK))], pdf)
    line = words_on_the_first_line(pdf)
    assert " ".join(w for _, _, w in line) == LONG  # the whole name, shortened by nothing
    left, right = PAD_MM * POINTS_PER_MM, (CARD_W_MM - PAD_MM) * POINTS_PER_MM
    assert all(left <= x0 and x1 <= right for x0, x1, _ in line), (left, right, line[0], line[-1])
