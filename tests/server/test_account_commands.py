"""``regency accounts``: the operator's commands, on the database a server uses."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from regency.cli.main import main
from tests.server.conftest import ThreadServer
from tests.server.people import Person


def run(
    args: list[str], tmp_path: Path, stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None
) -> int:
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(["accounts", *args, "--data-dir", str(tmp_path)])


def test_an_operator_creates_lists_disables_and_resets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["create", "Ann"], tmp_path, "first secret pass\n", monkeypatch) == 0
    assert run(["create", "Bob", "--generate"], tmp_path, "", monkeypatch) == 0
    out = capsys.readouterr().out
    generated = out.split("password: ")[1].split()[0]
    assert len(generated.split("-")) == 4
    assert run(["create", "ann"], tmp_path, "whatever secret\n", monkeypatch) == 2
    assert "taken" in capsys.readouterr().err
    assert run(["create", "<b>"], tmp_path, "whatever secret\n", monkeypatch) == 2
    assert run(["create", "Cid"], tmp_path, "password\n", monkeypatch) == 2
    assert "common" in capsys.readouterr().err
    assert run(["list"], tmp_path) == 0
    listing = capsys.readouterr().out
    assert "Ann" in listing and "Bob" in listing and "Cid" not in listing
    url = f"sqlite:///{tmp_path / 'regency.db'}"
    with (
        ThreadServer(url, test_hashing=True) as server,
        Person(server.url, "Ann", "first secret pass") as ann,
        Person(server.url, "Bob", generated) as bob,
    ):
        assert ann.sign_in().status_code == 200
        assert bob.sign_in().status_code == 200
        assert run(["disable", "Ann"], tmp_path) == 0
        assert ann.get("/api/account").json()["signed_in"] is False
        refused = ann.sign_in()
        assert refused.status_code == 403 and refused.json()["error"] == "disabled"
        assert run(["enable", "Ann"], tmp_path) == 0
        assert ann.sign_in().status_code == 200
        assert run(["reset-password", "Bob"], tmp_path, "a brand new pass\n", monkeypatch) == 0
        assert bob.get("/api/account").json()["signed_in"] is False  # sessions ended
        assert bob.sign_in().status_code == 401
        assert bob.sign_in("a brand new pass").status_code == 200
    assert run(["disable", "Nobody"], tmp_path) == 2
    assert "no account" in capsys.readouterr().err
    assert run(["disable"], tmp_path) == 2
