"""A full disk while the sheets (and the other exports, and a backup) are written: an error,
no partial file, and the earlier file kept (a real tmpfs that fills up; mounting it needs root)."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from tests.organizer.test_files_hold import day_db, fill, stick

__all__ = ["stick"]  # the fixture, used by name


def desk_main(*argv: str) -> tuple[int, str, str]:
    """`referee-app ARGV` through the desk's entry point (PDF sheets need Qt)."""
    from referee_desk.main import main as desk

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = desk(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_a_full_disk_fails_every_write_and_leaves_no_partial_file(qapp, tmp_path: Path, stick: Path) -> None:
    db = day_db(tmp_path)
    code, out, err = desk_main("export", "--all", "--format", "pdf", "--one-pdf", "day.pdf", "--out", str(stick),
                               "--db", str(db))  # fmt: skip
    assert code == 0, err
    earlier = (stick / "day.pdf").read_bytes()
    assert earlier.rstrip().endswith(b"%%EOF")
    fill(stick, 4096)
    code, out, err = desk_main("export", "--all", "--format", "pdf", "--one-pdf", "day.pdf", "--out", str(stick),
                               "--db", str(db), "--paper", "letter")  # fmt: skip
    assert code == 1 and out == "" and "the disk is full" in err and "Traceback" not in err
    assert (stick / "day.pdf").read_bytes() == earlier  # the earlier file is kept, whole
    for argv in (
        ("export", "--all", "--format", "pdf"),
        ("export", "--all", "--format", "jsonl"),
        ("export", "--all", "--format", "csv"),
        ("backup", str(stick / "copy.db")),
    ):
        fill(stick, 512)
        code, out, err = (
            desk_main(*argv, "--out", str(stick), "--db", str(db))
            if argv[0] == "export"
            else desk_main(*argv, "--db", str(db))
        )
        assert code == 1 and "Traceback" not in err, (argv, err)
        assert "full" in err, (argv, err)
        assert sorted(p.name for p in stick.iterdir()) == ["day.pdf", "filler"], argv
