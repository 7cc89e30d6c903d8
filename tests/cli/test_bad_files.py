"""``regency replay`` on files the JSON reader refuses: one line, exit 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
        (
            b'{"format": "regency-record", "game": "claim", "players": 2, "seed": '
            + b"9" * 5000
            + b"}",
            "not valid JSON",
        ),
        (b'{"format": "regency-record", "game": "claim\xff\xfe"}', "not valid JSON"),
    ],
)
def test_a_file_the_json_reader_refuses_is_one_clear_line(
    tmp_path: Path, content: bytes, message: str, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, out, err = run(["replay", str(path)], "", capsys, monkeypatch)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in out + err
