"""The host key kept in the games directory (issue 29.14): the same across
restarts, readable by the server's user only, rotated by ``--new-key``, and a
damaged or unreadable file refused with a sentence, never a traceback."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from cli.app import main
from cli.serve.hostkey import KEY_FILE, HostKeyError, host_key


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_issue_29_14_key_is_made_once_private_and_kept_across_restarts(tmp_path: Path) -> None:
    games = tmp_path / "games"  # not there yet: made with the key
    first = host_key(games)
    assert first.made and first.path == games / KEY_FILE
    assert mode(first.path) == 0o600
    again = host_key(games)
    assert not again.made
    assert again.key == first.key
    assert len(first.key) >= 22


def test_issue_29_14_new_key_rotates_it(tmp_path: Path) -> None:
    old = host_key(tmp_path).key
    rotated = host_key(tmp_path, new=True)
    assert rotated.made and rotated.key != old
    assert host_key(tmp_path).key == rotated.key
    assert mode(rotated.path) == 0o600
    assert not (tmp_path / (KEY_FILE + ".tmp")).exists()


def test_issue_29_14_a_key_others_could_read_is_made_private_again(tmp_path: Path) -> None:
    key = host_key(tmp_path)
    os.chmod(key.path, 0o644)
    again = host_key(tmp_path)
    assert again.key == key.key and again.tightened
    assert mode(key.path) == 0o600


@pytest.mark.parametrize("content, why", [
    (b"", "does not hold a key"),
    (b"short\n", "does not hold a key"),
    (b"\xff\xfe\x00garbage", "is not text"),
    (b"has spaces and / slashes in it, not a key\n", "does not hold a key"),
    (b"k" * 5000, "far longer than a key"),
])
def test_issue_29_14_a_damaged_key_file_is_refused_with_what_to_do(
        tmp_path: Path, content: bytes, why: str) -> None:
    path = tmp_path / KEY_FILE
    path.write_bytes(content)
    with pytest.raises(HostKeyError) as caught:
        host_key(tmp_path)
    message = str(caught.value)
    assert str(path) in message and why in message and "--new-key" in message
    assert path.read_bytes() == content, "a damaged key is left for its owner, not replaced silently"


def test_issue_29_14_a_folder_in_place_of_the_key_is_refused(tmp_path: Path) -> None:
    (tmp_path / KEY_FILE).mkdir()
    with pytest.raises(HostKeyError, match="is not a regular file"):
        host_key(tmp_path)


def test_issue_29_14_an_unreadable_key_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A key file the server's user may not read (another user's, mode 0): the
    operating system's refusal is simulated, since root reads every file."""
    host_key(tmp_path)

    def denied(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", denied)
    with pytest.raises(HostKeyError, match=r"cannot be read \(Permission denied\).*--new-key"):
        host_key(tmp_path)


def test_issue_29_14_serve_with_a_damaged_key_exits_with_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The command reports the problem as every user error is reported: one line, exit 1."""
    (tmp_path / KEY_FILE).write_text("not a key\n", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["tanktable", "serve", "--games-dir", str(tmp_path), "--port", "0"])
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    assert info.value.code == 1
    assert "Traceback" not in out + err
    assert err.startswith(f"error: the host key file {tmp_path / KEY_FILE} is damaged")
    assert len(err.strip().splitlines()) == 1


def test_issue_29_14_serve_prints_the_same_address_after_a_restart(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``tanktable serve`` started twice prints the same start page address; with
    ``--new-key`` another one, and the old key file is replaced."""
    import uvicorn

    from cli.serve.run import serve

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)

    def address(new_key: bool = False) -> str:
        serve("127.0.0.1", 0, tmp_path, [], [], 1.0, new_key=new_key)
        out = capsys.readouterr().out
        line = next(x for x in out.splitlines() if x.startswith("open "))
        return line.rpartition("?key=")[2]

    first = address()
    assert address() == first
    rotated = address(new_key=True)
    assert rotated != first
    assert address() == rotated
    assert (tmp_path / KEY_FILE).read_text(encoding="utf-8").strip() == rotated


def test_serve_keeps_its_games_where_play_saves_them_unless_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, games_home: Path) -> None:
    """Playtest: ``serve`` made ``./tanktable-games`` wherever it was started, and the start
    page's "Your games" missed the terminal's games. Without ``--games-dir`` it uses the
    games folder ``play`` saves to (cli/autosave.py; ``$TANKTABLE_HOME/games`` in the tests);
    ``--games-dir`` still names another."""
    import cli.serve.run
    from cli.autosave import games_folder

    folders: list[Path] = []
    monkeypatch.setattr(cli.serve.run, "serve", lambda host, port, games_dir, *a, **k: folders.append(games_dir) or 0)
    monkeypatch.chdir(tmp_path)
    for argv in (["serve", "--port", "0"], ["serve", "--games-dir", str(tmp_path / "mine")]):
        monkeypatch.setattr(sys, "argv", ["tanktable", *argv])
        with pytest.raises(SystemExit) as info:
            main()
        assert info.value.code == 0
    assert folders == [games_folder(), tmp_path / "mine"]
    assert games_folder() == games_home / "games"
    assert not (tmp_path / "tanktable-games").exists()
