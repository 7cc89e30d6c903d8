"""The server's commands: regency db upgrade, serve's refusals, replaying a downloaded record."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from regency.cli.main import main
from tests.server.helpers import create, people, play_random


def test_db_upgrade_creates_the_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "upgrade", "--data-dir", str(tmp_path)]) == 0
    assert "up to date" in capsys.readouterr().out
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'regency.db'}")
    names = set(sa.inspect(engine).get_table_names())
    engine.dispose()
    assert {"tables", "seats", "moves", "alembic_version"} <= names
    assert main(["db", "upgrade", "--data-dir", str(tmp_path)]) == 0  # twice is fine


def test_db_upgrade_on_postgresql(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.server.conftest import fresh_pg_database

    url = fresh_pg_database()
    assert main(["db", "upgrade", "--database", url]) == 0
    assert "up to date" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["serve", "--port", "70000"], "--port"),
        (["serve", "--database", "mysql://x"], "sqlite:// or postgresql"),
        (["serve", "--workers", "0"], "--workers"),
        (["db", "upgrade", "--database", "postgresql+psycopg://nobody@127.0.0.1:1/x"], "cannot"),
    ],
)
def test_serve_refuses_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    assert main([*args, "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_downloaded_record_replays(
    sqlite_client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2), seed=4)
    play_random(sqlite_client, table, random.Random(4))
    history = sqlite_client.get("/api/history").json()
    record = sqlite_client.get(history[0]["record"])
    path = tmp_path / "game.json"
    path.write_text(record.text)
    assert main(["replay", str(path), "--final"]) == 0
    assert "Move" in capsys.readouterr().out
