"""The console entry point as a user runs it, for tests: exit code and output."""

from __future__ import annotations

import io
import sys

import pytest

from cli.app import main


def tanktable(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str,
              stdin: str = "") -> tuple[int, str]:
    """Run ``tanktable ARGS`` through :func:`cli.app.main` (the error handling a
    user meets, not typer's test runner); (exit code, stdout + stderr)."""
    monkeypatch.setattr(sys, "argv", ["tanktable", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out + err
