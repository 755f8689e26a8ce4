"""The app's places and names: its data folder, the documents folder, the names Qt files settings under.

One module, so that the entry point, the desk and the organizer's pages agree, and none of them
imports another for a path.
"""

from __future__ import annotations

import os
from pathlib import Path

ORGANIZATION = "referee-desk"


APPLICATION = "referee-app"


def default_db_path() -> Path:
    """The database in Qt's per-user data folder (or $REFEREE_APP_DB)."""
    override = os.environ.get("REFEREE_APP_DB")
    if override:
        return Path(override)
    from PySide6.QtCore import QCoreApplication, QStandardPaths

    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder) / "matches.db"


def documents_folder() -> str:
    """Where a file dialog opens: the user's documents, not the folder the app was started from."""
    from PySide6.QtCore import QStandardPaths

    return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)


def in_documents(name: str) -> str:
    """A file dialog's suggested file, in the user's documents (a bare name would open the dialog in
    whatever folder the app was started from: a source checkout, or the system's folder)."""
    return str(Path(documents_folder()) / name)
