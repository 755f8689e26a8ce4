"""`referee-app stats`: figures per player, filtered by player and event."""

from __future__ import annotations

from pathlib import Path

from referee_app.cli.main import main

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


FINAL = SEEDS / "wpa-open-final-lopez-novak.jsonl"


FFB = SEEDS / "ffb-circuit-martin-roux.jsonl"


def test_stats_command_filters(tmp_path: Path, capsys) -> None:
    db = tmp_path / "m.db"
    for log in (FINAL, FFB):
        main(["import", str(log), "--db", str(db)])
    capsys.readouterr()
    assert main(["stats", "--db", str(db), "--event", "Lyon 10-Ball Open"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:5] == ["player", "M", "won", "win%", "racks"]
    assert [line.split()[0] for line in out[1:]] == ["Jan", "Maria"]
    assert main(["stats", "--db", str(db), "--player", "Emma Roux"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 2 and rows[1].startswith("Emma Roux") and rows[1].split()[2:6] == ["1", "1", "100.0", "2"]
