"""Issue 26.2 and 26.4 at the terminal: the commitment at the start, the seed at the
end, ``replay --verify`` against the commitment, and a computer that replies the
same after an undo."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from core.commitment import commit
from tests.cli.test_cli_core import run

COMMITMENT = re.compile(r"commitment ([0-9a-f]{64})")


def test_issue_26_2_the_terminal_shows_the_commitment_first_and_the_seed_at_the_end(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    """The commitment, seed, salt and record's path each whole on a line, the lines
    wrapped at words to 80 columns (a playtest found them cut mid-word at 80 and 100)."""
    rec = tmp_path / "g.yaml"
    code, out, _ = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random", "--record", str(rec)],
                       capsys, monkeypatch)
    assert code == 0
    data = yaml.safe_load(rec.read_text())
    seed, salt = data["seed"], data["salt"]
    assert data["commitment"] == commit(seed, salt)
    lines = out.strip().splitlines()
    opening = " ".join(lines[:next(i for i, line in enumerate(lines) if line.startswith("seats: "))])
    assert COMMITMENT.search(opening).group(1) == data["commitment"]  # type: ignore[union-attr]
    reveal = out.index(f"The seed was {seed},")
    assert str(seed) not in out[:reveal]  # the screen shows the seed only at the end
    ending = lines[lines.index(next(line for line in lines if line.startswith("The seed was "))):]
    result = next(i for i, line in enumerate(ending) if line.startswith("Result: "))
    # all a player needs to check the commitment, in words wrapped at their spaces
    assert " ".join(ending[:result]).startswith(
        f"The seed was {seed}, salt {salt}: with the commitment {data['commitment']} shown at the start, "
        "'tanktable replay --verify' on the record checks every roll")
    assert " ".join(ending[result + 1:]) == f"game saved in {rec}"
    for whole in (str(seed), salt, data["commitment"], str(rec), "'tanktable replay --verify'"):
        assert any(whole in line for line in lines), f"{whole} is cut across lines: it could not be pasted"
    assert_wrapped_at_words(lines, 79)
    code, out, _ = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code == 0


def assert_wrapped_at_words(lines: list[str], width: int) -> None:
    """No line wider than the screen but one word alone (a path, a digest), which the
    terminal folds and a copy takes whole."""
    for line in lines:
        assert len(line) <= width or len(line.split()) == 1, f"wider than {width} columns: {line!r}"


def test_issue_26_2_replay_verify_refuses_a_seed_that_does_not_match_the_commitment(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    rec = tmp_path / "g.yaml"
    run(["play", "pig", "--seat", "red=random", "--seat", "blue=random", "--record", str(rec)],
        capsys, monkeypatch)
    data = yaml.safe_load(rec.read_text())
    data["seed"] = data["seed"] + 1
    rec.write_text(yaml.safe_dump(data, sort_keys=False))
    code, out, err = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code != 0
    assert f"does not match the commitment {data['commitment']}" in err
    assert "Traceback" not in err


def test_issue_26_2_an_unfinished_game_shows_no_seed_and_its_own_record_keeps_it(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    rec = tmp_path / "g.yaml"
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=human", "--record", str(rec)],
                       capsys, monkeypatch, stdin="roll\nroll\nquit\n")
    data = yaml.safe_load(rec.read_text())
    assert data["commitment"] in out
    assert str(data["seed"]) not in out and data["salt"] not in out
    assert data["commitment"] == commit(data["seed"], data["salt"])  # resume needs the seed


def test_issue_26_1_a_given_seed_is_shown_and_recorded_without_a_commitment(
        tmp_path: Path, capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    outs = []
    for name in ("a.yaml", "b.yaml"):
        rec = tmp_path / name
        code, out, _ = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random",
                            "--seed", "Kursk 1943", "--record", str(rec)], capsys, monkeypatch)
        assert code == 0 and "seed Kursk 1943" in out.splitlines()[0]
        outs.append(out.replace(str(rec), "RECORD"))
        data = yaml.safe_load(rec.read_text())
        assert data["seed"] == "Kursk 1943" and "commitment" not in data
    assert outs[0] == outs[1]  # a text seed reproduces its game exactly


def _replies(out: str) -> list[str]:
    return re.findall(r"^\s+\d+\. black\s+(\S.*)$", out, re.M)


def test_issue_26_4_after_undo_the_same_move_draws_the_same_computer_reply(
        capsys: Any, monkeypatch: Any) -> None:
    """The computer's randomness is keyed by the decision, not by a generator that
    undo leaves advanced: the same move gets the same reply after ``undo``.
    ``easy`` plays without its wall-clock cap here (as in ``simulate``): on a busy
    machine the cap stops a search at a moment that differs from run to run."""
    from core.ai import mcts

    capped = mcts.PRESETS["easy"]

    def uncapped(seed: int, think: float | None) -> mcts.MCTSAgent:
        agent = capped(seed, think)
        agent.cap = None
        return agent

    monkeypatch.setitem(mcts.PRESETS, "easy", uncapped)
    move = "MT e1-d1:NW"
    for kind in ("greedy", "random", "easy"):
        script = f"{move}\nundo\n{move}\nundo\n{move}\nquit\n"
        code, out, _ = run(["play", "tank-chess", "--seat", "white=human", "--seat", f"black={kind}"],
                           capsys, monkeypatch, stdin=script)
        replies = _replies(out)
        assert len(replies) == 3, out
        assert replies[0] == replies[1] == replies[2], (kind, replies)
