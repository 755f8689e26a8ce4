"""axe-core (npm, pinned in scripts/pages/) on the phone tables' and the tournament's pages, served by
a real `tournament serve`, in Chromium on a 360-px touch phone: `/score/N` before the lag, mid-match,
waiting for the signatures, disputed and over, `/player` and `/bracket`, in English and French. Any
violation fails (the same check as `bench/pages.py`, which adds Lighthouse)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.pages import AXE, axe_violations, check_axe
from bench.served import Served
from tests.conftest import required

pytestmark = pytest.mark.slow  # a tournament served, and Chromium


def test_the_pages_have_no_axe_violation_in_any_state_or_language(browser: Any, tmp_path: Path) -> None:
    if not AXE.exists():
        required("axe-core (npm, scripts/pages/)")
    served = Served.start(tmp_path, race=3)
    try:
        found = check_axe(browser, served, race=3)
    finally:
        served.stop()
    assert len(found) == 14  # five states of /score, /player and /bracket, in two languages
    assert [(what, violations) for what, violations in found if violations] == []


def test_axe_finds_what_it_is_asked_to(browser: Any) -> None:
    """The check is live: text at 3.35:1, as /bracket's placeholders were, is a violation."""
    if not AXE.exists():
        required("axe-core (npm, scripts/pages/)")
    page = browser.new_page()
    try:
        grey = '<p style="color:#78909c;background:#fff;font-size:12px">Winner of W1-2</p>'
        page.set_content(f'<html lang="en"><title>t</title><main><h1>Bracket</h1>{grey}</main>')
        assert [v["id"] for v in axe_violations(page)] == ["color-contrast"]
    finally:
        page.close()
