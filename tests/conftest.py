"""Shared test set-up: Qt runs offscreen, never on a real display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["QT_QPA_PLATFORM"] = "offscreen"

import shutil
from collections.abc import Iterator
from typing import Any

import pytest


def required(what: str) -> None:
    """A missing browser (or server) fails the run on CI, and is a skip on a developer's machine."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing; CI must have it (scripts/install.sh installs it)")
    pytest.skip(f"{what} is not installed (scripts/install.sh installs it)")


def chromium_path() -> str | None:
    """The machine's Chromium (Debian's `chromium`): Playwright never downloads a browser here."""
    return os.environ.get("REFEREE_TEST_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium driven by Playwright, one for the whole run."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        required("Playwright (pip: playwright)")
    path = chromium_path()
    if path is None:
        required("Chromium (apt: chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, headless=True)
        yield launched
        launched.close()
