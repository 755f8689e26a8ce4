"""What differs between Linux, macOS and Windows, decided in one place.

The core was written on Linux: file modes keep a link file and an event's passwords private,
`O_NOFOLLOW` keeps a planted link from being written through, a folder is synced after a rename,
signals stop a server, and root hands PostgreSQL to the `postgres` user. Each of those has its
Windows (and macOS) answer here, or a clear refusal. The platform is read when a function is
called (`sys.platform`), so the tests run every branch on Linux with it mocked.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

WINDOWS_MAX_PATH = 259
"""The longest path Windows opens (MAX_PATH, 260, less its final NUL) unless long paths are on."""


def is_windows() -> bool:
    return sys.platform == "win32"


def is_macos() -> bool:
    return sys.platform == "darwin"


def is_root() -> bool:
    """Running as root on Linux or macOS (Windows has no root: PostgreSQL runs as the user)."""
    if is_windows():
        return False
    geteuid = getattr(os, "geteuid", None)
    return geteuid is not None and geteuid() == 0


# --- files: never through a link, in binary, private to the user -------------------------------


LINK_TAGS = (0xA000000C, 0xA0000003)
"""Windows' reparse tags of a symbolic link and of a junction (mount point); others, such as
OneDrive's files kept online, are files and open as such."""


def _is_link(path: Path) -> bool:
    """A symbolic link, or (Windows) a junction at the name."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return False
    return Path(path).is_symlink() or getattr(found, "st_reparse_tag", 0) in LINK_TAGS


def open_no_link(path: Path, flags: int, mode: int = 0o600) -> int:
    """`os.open`, never through a link standing at `path`, and in binary mode (Windows would
    otherwise turn each newline into CR LF under the file). Linux and macOS refuse the link
    themselves (`O_NOFOLLOW`); Windows has no such flag: a link or junction there is refused
    before the file is opened (making one needs the administrator's or developer mode's right)."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    if not nofollow and _is_link(path):
        raise OSError(errno.ELOOP, "a link stands at this name: it is never written through", str(path))
    return os.open(path, flags | nofollow | getattr(os, "O_BINARY", 0), mode)


def make_private(path: Path) -> None:
    """Only this user may read `path` (a file, or a folder and what is made in it later).

    Linux and macOS: mode 0600 (0700 for a folder). Windows ignores those modes: the file's
    access list is set instead, inherited rights removed and full control granted to this user
    alone (`icacls`, part of Windows), as Windows keeps a user's own profile folder."""
    folder = Path(path).is_dir()
    if not is_windows():
        Path(path).chmod(0o700 if folder else 0o600)
        return
    user = os.environ.get("USERNAME", "")
    domain = os.environ.get("USERDOMAIN", "")
    if not user:
        raise OSError(errno.EPERM, "this Windows user's name is unknown (USERNAME): the file cannot be made private")
    who = f"{domain}\\{user}" if domain else user
    grant = f"{who}:(OI)(CI)F" if folder else f"{who}:F"
    done = subprocess.run(
        ["icacls", str(path), "/inheritance:r", "/grant:r", grant], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()
        raise OSError(
            errno.EPERM, f"only this user's access could not be set: {detail[-1] if detail else ''}", str(path)
        )


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable: fsync of the folder on Linux and macOS. Windows cannot
    open a folder as a file, and NTFS journals the rename itself: nothing to do there."""
    if is_windows():
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems (a network share) cannot sync a folder
            os.fsync(fd)
    finally:
        os.close(fd)


def long_paths_enabled() -> bool:
    """Windows' long paths are turned on (the LongPathsEnabled policy; Python and the app's
    bundle declare themselves long-path aware)."""
    if sys.platform != "win32":  # (this form: mypy then knows winreg is Windows' own)
        return True
    try:
        import winreg

        with winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, r"SYSTEM\CurrentControlSet\Control\FileSystem") as key:
            return bool(winreg.QueryValueEx(key, "LongPathsEnabled")[0])
    except (ImportError, OSError):
        return False


def check_path_length(path: Path) -> None:
    """Refuse, in words, a path Windows cannot open (longer than 259 characters, long paths off),
    before anything is written, rather than fail halfway with a cryptic error."""
    text = str(Path(path).absolute())
    if is_windows() and len(text) > WINDOWS_MAX_PATH and not long_paths_enabled():
        raise OSError(
            errno.ENAMETOOLONG,
            f"the path is too long for Windows ({len(text)} characters, at most {WINDOWS_MAX_PATH}): "
            "choose a folder with a shorter path",
            text,
        )


def for_windows_programs(path: Path) -> str | None:
    """Why a Windows program of the C runtime (PostgreSQL's initdb, pg_ctl) cannot be given `path`:
    it reads its arguments in the system's code page, so a letter outside it is lost. None if it can."""
    if not is_windows():
        return None
    encoding = ansi_encoding()
    try:
        str(path).encode(encoding)
    except UnicodeEncodeError:
        return f"its name has letters outside this Windows' code page ({encoding})"
    except LookupError:  # a code page Python does not know: let the program try
        return None
    return None


def ansi_encoding() -> str:
    """The code page Windows' C programs read their arguments in (cp1252 in Western Europe)."""
    import locale

    return locale.getencoding()


# --- signals ----------------------------------------------------------------------------------


def stop_signals() -> tuple[signal.Signals, ...]:
    """The signals that ask a long-running command (the board's server) to stop: Ctrl+C and
    `kill` on Linux and macOS; Ctrl+C and Ctrl+Break in a Windows console (TERM is never sent
    there, but handling it is harmless)."""
    stops = (signal.SIGINT, signal.SIGTERM)
    sigbreak = getattr(signal, "SIGBREAK", None)  # defined on Windows only
    if is_windows() and sigbreak is not None:
        return (*stops, sigbreak)
    return stops


def broken_pipe_exit() -> int:
    """The exit code of a command whose reader went away (`referee-app matches | head`): what a
    shell gives a command stopped by SIGPIPE; 1 on Windows, which has no such signal."""
    sigpipe = getattr(signal, "SIGPIPE", None)
    if is_windows() or sigpipe is None:
        return 1
    return 128 + int(sigpipe)


# --- open files ---------------------------------------------------------------------------------


def raise_open_files(wanted: int) -> int | None:
    """Raise this process's soft limit of open files toward `wanted`, as far as its hard limit lets
    it, and return the limit now (None where there is none to raise). Linux and macOS (whose
    soft limit starts at 256) have `RLIMIT_NOFILE`; Windows has no such limit for sockets.
    Raises OSError when the system refuses (the limit then stays as it was)."""
    if is_windows():
        return None
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return int(soft)
    raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if raised > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
        except ValueError as exc:
            raise OSError(errno.EPERM, f"the open-file limit stays at {soft} ({exc})") from None
        soft = raised
    return int(soft)
