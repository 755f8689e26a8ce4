"""The Windows and macOS answers to the core's POSIX-only calls, run here with the platform mocked
(`sys.platform` at the seam, `referee_app.system`), and for real on the runners (ci.yml)."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee_app import system
from referee_app.venue import server, tls  # imported before a test mocks the platform (ssl reads it)


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")


@pytest.fixture
def macos(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")


class Calls:
    """subprocess.run, recorded instead of run (icacls exists on Windows only)."""

    def __init__(self, returncode: int = 0, stderr: str = "") -> None:
        self.commands: list[list[str]] = []
        self.returncode, self.stderr = returncode, stderr

    def __call__(self, command: list[str], **_kwargs: Any) -> subprocess.CompletedProcess[str]:
        self.commands.append(command)
        return subprocess.CompletedProcess(command, self.returncode, "", self.stderr)


# --- file modes: 0600 here, the access list on Windows ---------------------------------------


def test_a_private_file_is_0600_and_a_folder_0700_on_linux(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    (tmp_path / "d").mkdir()
    system.make_private(tmp_path / "f")
    system.make_private(tmp_path / "d")
    assert ((tmp_path / "f").stat().st_mode & 0o777, (tmp_path / "d").stat().st_mode & 0o777) == (0o600, 0o700)


def test_on_windows_a_private_file_gets_an_access_list_for_the_user_alone(
    windows: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls = Calls()
    monkeypatch.setattr(system.subprocess, "run", calls)
    monkeypatch.setenv("USERNAME", "Zoë Ångström")
    monkeypatch.setenv("USERDOMAIN", "CLUB")
    (tmp_path / "f").write_text("x")
    (tmp_path / "d").mkdir()
    before = (tmp_path / "f").stat().st_mode
    system.make_private(tmp_path / "f")
    system.make_private(tmp_path / "d")
    assert calls.commands == [
        ["icacls", str(tmp_path / "f"), "/inheritance:r", "/grant:r", "CLUB\\Zoë Ångström:F"],
        ["icacls", str(tmp_path / "d"), "/inheritance:r", "/grant:r", "CLUB\\Zoë Ångström:(OI)(CI)F"],
    ]
    assert (tmp_path / "f").stat().st_mode == before  # no mode: Windows would ignore it


def test_on_windows_a_failed_access_list_is_an_error_not_a_silent_public_file(
    windows: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(system.subprocess, "run", Calls(5, "Access is denied.\n"))
    monkeypatch.setenv("USERNAME", "ana")
    with pytest.raises(OSError, match=r"only this user's access could not be set: Access is denied\."):
        system.make_private(tmp_path)
    monkeypatch.delenv("USERNAME")
    with pytest.raises(OSError, match="this Windows user's name is unknown"):
        system.make_private(tmp_path)


def test_the_desk_link_file_is_made_private_once_on_windows(
    windows: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from referee_app.log import desk_link

    calls = Calls()
    monkeypatch.setattr(system.subprocess, "run", calls)
    monkeypatch.setenv("USERNAME", "ana")
    monkeypatch.delenv("USERDOMAIN", raising=False)
    db = tmp_path / "matches.db"
    desk_link.DeskLinkFile(db).conn.close()
    desk_link.DeskLinkFile(db).conn.close()  # opened again: its access list stays as it was set
    assert calls.commands == [["icacls", str(db) + ".link", "/inheritance:r", "/grant:r", "ana:F"]]


# --- O_NOFOLLOW: refused by the system here, checked by hand on Windows ---------------------------


@pytest.mark.parametrize("no_nofollow", [False, True])
def test_a_link_at_the_name_is_never_written_through(
    no_nofollow: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if no_nofollow:  # as on Windows: no O_NOFOLLOW, the check is ours
        monkeypatch.delattr(os, "O_NOFOLLOW")
    secret = tmp_path / "secret"
    secret.write_text("kept")
    (tmp_path / "link").symlink_to(secret)
    with pytest.raises(OSError) as refused:
        system.open_no_link(tmp_path / "link", os.O_WRONLY | os.O_TRUNC)
    assert refused.value.errno == errno.ELOOP
    assert secret.read_text() == "kept"


@pytest.mark.parametrize(("tag", "refused"), [(0xA0000003, True), (0xA000000C, True), (0x9000601A, False)])
def test_on_windows_a_junction_is_a_link_and_a_file_kept_online_is_not(
    tag: int, refused: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A junction (mount point) is followed like a link; OneDrive's files kept online are reparse
    points too (a cloud tag), and must open as the files they are."""

    class Found:
        st_reparse_tag = tag

    monkeypatch.delattr(os, "O_NOFOLLOW")
    (tmp_path / "name").write_text("x")
    monkeypatch.setattr(system.os, "lstat", lambda _path: Found())
    if refused:
        with pytest.raises(OSError, match="a link stands at this name"):
            system.open_no_link(tmp_path / "name", os.O_RDONLY)
    else:
        os.close(system.open_no_link(tmp_path / "name", os.O_RDONLY))


def test_without_o_nofollow_a_plain_file_still_opens(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delattr(os, "O_NOFOLLOW")
    fd = system.open_no_link(tmp_path / "new", os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    with os.fdopen(fd, "wb") as f:
        f.write(b"a\nb\n")
    assert (tmp_path / "new").read_bytes() == b"a\nb\n"


def test_files_open_in_binary_where_the_system_has_a_text_mode(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Windows' C runtime turns LF into CR LF under a file opened without O_BINARY: every opener asks
    for binary (the flag is 0 here; mocked to see it passed)."""
    seen: list[int] = []
    real_open = os.open

    def spy(path: Any, flags: int, mode: int = 0o777) -> int:
        seen.append(flags)
        return real_open(path, flags & ~0x8000, mode)

    monkeypatch.setattr(os, "O_BINARY", 0x8000, raising=False)
    monkeypatch.setattr(os, "open", spy)
    os.close(system.open_no_link(tmp_path / "a", os.O_WRONLY | os.O_CREAT | os.O_EXCL))
    assert seen and all(flags & 0x8000 for flags in seen)


# --- syncing a folder ------------------------------------------------------------------------------


def test_a_folder_is_synced_here_and_never_opened_on_windows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    synced: list[int] = []
    monkeypatch.setattr(system.os, "fsync", synced.append)
    system.sync_folder(tmp_path)
    assert len(synced) == 1
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(system.os, "open", lambda *_a: pytest.fail("Windows cannot open a folder"))
    system.sync_folder(tmp_path)
    assert len(synced) == 1


# --- long paths ------------------------------------------------------------------------------------


def test_a_path_too_long_for_windows_is_refused_in_words_before_anything_is_written(
    windows: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from referee_app.log.newfile import new_file
    from referee_app.log.store import Store, StoreError

    monkeypatch.setattr(system, "long_paths_enabled", lambda: False)
    deep = tmp_path / ("d" * 200)
    deep.mkdir()
    target = deep / ("sheet-" + "x" * 60 + ".pdf")
    too_long = r"the path is too long for Windows \(\d+ characters, at most 259\)"
    with pytest.raises(OSError, match=too_long), new_file(target) as one:
        one.handle.write(b"never")
    assert list(deep.iterdir()) == []
    with pytest.raises(StoreError, match="too long for Windows"):
        Store(deep / ("m" * 60 + ".db"))
    assert list(deep.iterdir()) == []
    monkeypatch.setattr(system, "long_paths_enabled", lambda: True)  # the policy turned on: allowed
    system.check_path_length(target)


def test_long_paths_are_only_a_windows_matter(tmp_path: Path) -> None:
    system.check_path_length(tmp_path / ("x" * 300))


# --- non-ASCII names -------------------------------------------------------------------------------


def test_a_folder_postgresql_cannot_be_given_on_windows_is_refused_at_init(
    windows: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(system, "ansi_encoding", lambda: "cp1252")
    assert system.for_windows_programs(tmp_path / "Zoë Ångström") is None  # in Western Europe's code page
    folder = tmp_path / "Жанна" / "event"
    with pytest.raises(server.EventServerError, match=r"its name has letters outside this Windows' code page"):
        server.Cluster(folder).init(port=55432)
    assert not folder.exists()


def test_postgresql_conf_quotes_a_path_and_windows_gets_no_socket_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    assert server.conf_string("C:\\Users\\O'Neil") == "'C:\\\\Users\\\\O''Neil'"
    assert server.socket_folders(Path("/srv/zoë's event")) == "'/srv/zoë''s event'"
    monkeypatch.setattr(sys, "platform", "win32")
    assert server.socket_folders(Path("C:/event")) == "''"


# --- signals ---------------------------------------------------------------------------------------


def test_the_stop_signals_of_each_system(monkeypatch: pytest.MonkeyPatch) -> None:
    assert system.stop_signals() == (signal.SIGINT, signal.SIGTERM)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(signal, "SIGBREAK", 21, raising=False)
    assert system.stop_signals() == (signal.SIGINT, signal.SIGTERM, 21)


def test_a_closed_pipe_exits_as_a_shell_would_and_with_1_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    assert system.broken_pipe_exit() == 141  # 128 + SIGPIPE (13)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delattr(signal, "SIGPIPE")
    assert system.broken_pipe_exit() == 1


# --- the event server's user: root on Linux only ---------------------------------------------------


def test_windows_has_no_root_and_postgresql_runs_as_the_user(windows: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0, raising=False)
    assert not system.is_root()
    assert server._as_server_user(["pg_ctl", "status"]) == ["pg_ctl", "status"]


def test_root_on_macos_is_refused_in_words(macos: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    with pytest.raises(server.EventServerError, match="PostgreSQL does not run as root: run this as a normal user"):
        server._as_server_user(["pg_ctl", "status"])


def test_root_on_linux_runs_postgresql_as_its_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(server, "_server_user", lambda: (1, 1))
    assert server._as_server_user(["pg_ctl", "status"]) == ["runuser", "-u", "postgres", "--", "pg_ctl", "status"]


# --- finding PostgreSQL ----------------------------------------------------------------------------


def _programs(*folders: Path) -> None:
    for folder in folders:
        folder.mkdir(parents=True)
        for name in ("initdb", "initdb.exe"):
            (folder / name).write_text("")


def test_windows_finds_the_newest_postgresql_in_program_files(
    windows: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    files = tmp_path / "Program Files"
    _programs(
        files / "PostgreSQL" / "9" / "bin", files / "PostgreSQL" / "16" / "bin", files / "PostgreSQL" / "14" / "bin"
    )
    for variable in ("ProgramW6432", "ProgramFiles(x86)", "REFEREE_PG_BIN"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("ProgramFiles", str(files))
    assert server.pg_binary("initdb") == str(files / "PostgreSQL" / "16" / "bin" / "initdb")
    chosen = tmp_path / "chosen"
    _programs(chosen)
    monkeypatch.setenv("REFEREE_PG_BIN", str(chosen))  # as today: the user's choice comes first
    assert server.pg_binary("initdb") == str(chosen / "initdb")


def test_macos_finds_postgres_app_then_homebrew(macos: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("REFEREE_PG_BIN", raising=False)
    apps, arm, intel = tmp_path / "Applications", tmp_path / "opt" / "homebrew", tmp_path / "usr" / "local"
    monkeypatch.setattr(server, "MACOS_APPS", apps)
    monkeypatch.setattr(server, "HOMEBREW_PREFIXES", (arm, intel))
    _programs(intel / "opt" / "postgresql@17" / "bin")
    assert server.pg_binary("initdb") == str(intel / "opt" / "postgresql@17" / "bin" / "initdb")
    _programs(arm / "opt" / "postgresql@14" / "bin", arm / "opt" / "postgresql@16" / "bin")
    assert server.pg_binary("initdb") == str(arm / "opt" / "postgresql@16" / "bin" / "initdb")
    _programs(apps / "Postgres.app" / "Contents" / "Versions" / "15" / "bin")
    assert server.pg_binary("initdb") == str(apps / "Postgres.app" / "Contents" / "Versions" / "15" / "bin" / "initdb")


def test_no_postgresql_anywhere_says_how_to_get_it_on_each_system(
    macos: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("REFEREE_PG_BIN", raising=False)
    monkeypatch.setattr(server, "MACOS_APPS", tmp_path / "none")
    monkeypatch.setattr(server, "HOMEBREW_PREFIXES", (tmp_path / "none",))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(server.EventServerError) as missing:
        server.pg_binary("initdb")
    text = str(missing.value)
    assert "Windows: the installer from postgresql.org" in text and "Postgres.app or Homebrew" in text
    assert "REFEREE_PG_BIN" in text


# --- openssl on Windows ----------------------------------------------------------------------------


def test_windows_finds_git_s_openssl_when_none_is_on_the_path(
    windows: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.delenv("ProgramW6432", raising=False)
    monkeypatch.setenv("ProgramFiles", str(tmp_path))
    with pytest.raises(server.EventServerError, match="Windows: install Git for Windows or OpenSSL"):
        tls.find_openssl()
    git = tmp_path / "Git" / "usr" / "bin"
    git.mkdir(parents=True)
    (git / "openssl.exe").write_text("")
    assert tls.find_openssl() == str(git / "openssl.exe")


def test_windows_has_no_open_file_limit_to_raise(windows: None) -> None:
    assert system.raise_open_files(2048) is None  # no resource module there: never imported
