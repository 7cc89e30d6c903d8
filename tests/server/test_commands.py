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


def test_a_database_of_the_first_schema_upgrades_and_keeps_its_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A database a server of the first release made (revision 0001: no to_move, no
    # chat), holding a game in progress: `regency db upgrade` finds the migrations
    # where this install ships them and brings it to the newest schema, game intact.
    from alembic import command
    from alembic.config import Config

    from regency.server.operations.health import newest_migration
    from regency.server.storage.database import Storage, migrations_folder

    url = f"sqlite:///{tmp_path / 'regency.db'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        cfg = Config()
        cfg.set_main_option("script_location", migrations_folder())
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(
            sa.text(
                "INSERT INTO tables VALUES ('old', 'claim', 2, 7, '{}', '{}', 'x', 1, 0, NULL,"
                " 1.0, 2.0)"
            )
        )
        for seat in (0, 1):
            conn.execute(
                sa.text(f"INSERT INTO seats VALUES ('old', {seat}, 'Ann', NULL, 'h{seat}', NULL)")
            )
        conn.execute(sa.text("INSERT INTO moves VALUES ('old', 1, 0, 'GB0', 1.5)"))
    engine.dispose()

    assert main(["db", "upgrade", "--data-dir", str(tmp_path)]) == 0
    assert "up to date" in capsys.readouterr().out
    storage = Storage(url)
    try:
        row = storage.load_table("old")
        assert row is not None and row.version == 1 and row.to_move is None
        assert [(m.seat, m.notation) for m in storage.moves("old")] == [(0, "GB0")]
        assert storage.chat("old", 10) == []
        with storage.engine.connect() as conn:
            version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        assert version == newest_migration()
    finally:
        storage.close()


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


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_before_accounts_upgrades_and_plays_on_with_accounts(
    tmp_path: Path, kind: str
) -> None:
    # A server of the release before accounts (revision 0003) with a finished game and
    # one in progress: after `regency db upgrade` the finished one is settled already
    # (it had no account), the other plays on by its links, and accounts work.
    from alembic import command
    from alembic.config import Config

    from regency.server.storage.accounts import AccountStore
    from regency.server.storage.database import Storage, migrations_folder
    from regency.server.storage.ratings import RatingStore
    from tests.server.conftest import fresh_pg_database

    url = f"sqlite:///{tmp_path / 'regency.db'}" if kind == "sqlite" else fresh_pg_database()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        cfg = Config()
        cfg.set_main_option("script_location", migrations_folder())
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        for tid, finished, result in (("done", True, '{"scores": [1, 4], "winners": [1]}'),
                                      ("open", False, None)):  # fmt: skip
            conn.execute(
                sa.text(
                    "INSERT INTO tables VALUES (:id, 'claim', 2, 7, '{}', '{}', 'x', 1, :f, :r,"
                    " 1.0, 2.0, 1)"
                ),
                {"id": tid, "f": finished, "r": result},
            )
            for seat in (0, 1):
                conn.execute(
                    sa.text(f"INSERT INTO seats VALUES (:id, {seat}, 'Ann', NULL, 'h', NULL)"),
                    {"id": tid},
                )
            conn.execute(sa.text("INSERT INTO moves VALUES (:id, 1, 0, 'GB0', 1.5)"), {"id": tid})
    engine.dispose()

    args = ["--data-dir", str(tmp_path)] + ([] if kind == "sqlite" else ["--database", url])
    assert main(["db", "upgrade", *args]) == 0
    storage = Storage(url)
    try:
        done, open_ = storage.load_table("done"), storage.load_table("open")
        assert done is not None and done.settled_at == 2.0 and not done.rated
        assert open_ is not None and open_.settled_at is None and open_.seats[0].account_id is None
        assert [(m.seat, m.notation) for m in storage.moves("open")] == [(0, "GB0")]
        assert RatingStore(storage).unsettled() == []
        account = AccountStore(storage).create("Ann", "x")
        AccountStore(storage).sit("open", 0, account, "1500?")
        assert storage.load_table("open").seats[0].account_id == account.id  # type: ignore[union-attr]
    finally:
        storage.close()
