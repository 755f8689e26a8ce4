"""Files written whole or not at all, and never through a name someone else planted.

Every file the app writes for a person (a backup, a CSV, a JSON Lines log, a PDF) is first
written into a temporary file beside its target. That file is made new, exclusively, under
a random name (`O_CREAT | O_EXCL | O_NOFOLLOW`): a link or a file planted in a shared folder
or on a USB stick is never opened, let alone written through. Once filled it is flushed to
the disk (`fsync`: a full disk says so here at the latest), checked to still be the file we
made, and only then renamed over the target. Any failure removes it and leaves the target as
it was. A private one (`private=True`: a file holding the phone tables' keys) is the user's
alone from its first byte (`system.make_private`: 0600, or this user's access list on Windows).
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

from referee_app.system import check_path_length, is_windows, make_private, sync_folder

_FLAGS = (
    os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: no CR added before each newline of a PDF or a database
)  # fmt: skip


class NewFile:
    """A temporary file beside `target`, made exclusively; `handle` writes into it, and `path` names
    it for a writer that needs a name (SQLite). `finish` then `install` put it in place."""

    def __init__(self, target: Path, private: bool = False) -> None:
        self.target = Path(target)
        self.installed = False
        stem = self.target.name[:120]
        check_path_length(self.target)
        for _ in range(100):
            path = self.target.with_name(f".{stem}.{secrets.token_hex(8)}.partial")
            check_path_length(path)
            try:
                fd = os.open(path, _FLAGS, 0o600 if private else 0o666)
            except FileExistsError:
                continue
            break
        else:  # pragma: no cover - 100 random names taken
            raise FileExistsError(errno.EEXIST, "no free temporary name", str(self.target.parent))
        self.path = path
        self.handle: BinaryIO = os.fdopen(fd, "w+b")
        if private and is_windows():  # the mode above is all Linux and macOS need
            try:
                make_private(path)
            except OSError:
                self.discard()
                raise
        made = os.fstat(fd)
        self._identity = (made.st_dev, made.st_ino)

    def finish(self) -> None:
        """Flush to the disk and close; `OSError` when the disk is full or the file is not ours."""
        self.handle.flush()
        now = os.lstat(self.path)
        if not stat.S_ISREG(now.st_mode) or (now.st_dev, now.st_ino) != self._identity:
            raise OSError(errno.EEXIST, "the temporary file was replaced while it was written", str(self.path))
        os.fsync(self.handle.fileno())
        self.handle.close()

    def install(self) -> None:
        """Rename over the target (a link there is replaced, never followed), and sync the folder."""
        os.replace(self.path, self.target)
        self.installed = True
        sync_folder(self.target.parent)

    def discard(self) -> None:
        with suppress(OSError):
            self.handle.close()
        if not self.installed:
            with suppress(FileNotFoundError):
                os.unlink(self.path)


@contextmanager
def new_files(*targets: Path, private: bool = False) -> Iterator[list[NewFile]]:
    """New files for `targets`, filled in the block: all put in place when it ends well, none and
    nothing left behind when anything fails (the error goes on)."""
    files: list[NewFile] = []
    try:
        for target in targets:
            files.append(NewFile(target, private))
        yield files
        for one in files:
            one.finish()
        for one in files:
            one.install()
    except BaseException:
        for one in files:
            one.discard()
        raise


@contextmanager
def new_file(target: Path, private: bool = False) -> Iterator[NewFile]:
    """One new file for `target` (see `new_files`)."""
    with new_files(target, private=private) as (one,):
        yield one
