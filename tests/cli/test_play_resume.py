"""Nothing played is lost: typed endings that verify, resume, options refused
where they do not belong, and the moves saved whatever goes wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from core.errors import RecordError
from core.game import Termination
from core.record import load_record, make_record, replay, save_record
from tests.cli.test_cli_core import run
from tests.toy import RULESET as PIG


def test_a_resigned_game_verifies_and_stores_its_termination(tmp_path: Path, capsys: Any,
                                                               monkeypatch: Any) -> None:
    """Issue 17, bug 1: the record of a resignation replays with --verify."""
    rec = tmp_path / "r.yaml"
    code, out, _ = run(["play", "tank-chess", "--seat", "white=human", "--seat", "black=greedy",
                        "--record", str(rec), "--board", "none", "--seed", "1"],
                       capsys, monkeypatch, stdin="resign\ny\n")
    assert code == 0 and "Result: black -- white resigned" in out
    data = yaml.safe_load(rec.read_text())
    assert data["result"] == {"winners": ["black"], "reason": "white resigned", "termination": "resignation"}
    code, out, err = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code == 0, err
    assert "result white resigned" in out


@pytest.mark.parametrize("termination", [Termination.TIME, Termination.AGREEMENT])
def test_forced_endings_replay_and_verify(termination: Termination) -> None:
    """A flag fall or an agreed draw is re-applied on replay; the termination is compared."""
    game = PIG.new_game(None, None, 5)
    game.apply(game.legal_actions()[0])
    if termination is Termination.TIME:
        game.forfeit(0, Termination.TIME)
    else:
        game.agree_draw()
    record = make_record(game, PIG, None, 5)
    if termination is Termination.TIME:  # a loss on time needs a clock (issue 27.8)
        from core.record import RecordClock

        record = record.model_copy(update={"clock": RecordClock(seconds=60)})
    again = replay(record, PIG, verify=True)
    assert again.outcome() == game.outcome()
    assert again.outcome().termination is termination  # type: ignore[union-attr]


def test_verify_compares_the_termination_not_the_reason_text() -> None:
    """A record that claims a resignation no move or decision gave is refused."""
    game = PIG.new_game(None, None, 5)
    game.apply(game.legal_actions()[0])
    record = make_record(game, PIG, None, 5)
    assert record.result is None
    from core.record import RecordResult

    claimed = record.model_copy(update={"result": RecordResult(
        winners=["blue"], reason="resigned (typed by hand)", termination=Termination.RULES)})
    with pytest.raises(RecordError, match="the record says"):
        replay(claimed, PIG, verify=True)


def test_an_unknown_scenario_is_refused_before_the_first_move(tmp_path: Path, capsys: Any,
                                                               monkeypatch: Any) -> None:
    """Issue 17, bug 2: exit 1 with "did you mean", no game played, nothing written."""
    rec = tmp_path / "x.yaml"
    code, out, err = run(["play", "tank-chess", "--scenario", "standard16", "--seat", "white=random",
                          "--seat", "black=random", "--record", str(rec)], capsys, monkeypatch)
    assert code == 1 and "did you mean 'standard-16'" in err
    assert out == "" and not rec.exists()


def test_an_internal_error_saves_the_game_before_it_is_shown(tmp_path: Path, capsys: Any,
                                                              monkeypatch: Any, with_pig: Any) -> None:
    """Issue 17, bug 2: the moves played before a crash are in the record, which resumes."""
    from core.ai import RandomAgent

    calls = {"n": 0}
    choose = RandomAgent.choose

    def failing(self: Any, game: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 4:
            raise RuntimeError("the agent broke")
        return choose(self, game)

    monkeypatch.setattr(RandomAgent, "choose", failing)
    rec = tmp_path / "crash.yaml"
    code, _, err = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random", "--seed", "3",
                        "--record", str(rec)], capsys, monkeypatch)
    assert code == 70 and "internal error: RuntimeError: the agent broke" in err
    assert f"the game so far is saved in {rec}" in err
    record, _ = load_record(rec)
    assert len(record.moves) == 3 and record.result is None


def test_an_internal_error_without_record_saves_to_a_new_file(tmp_path: Path, capsys: Any,
                                                               monkeypatch: Any, with_pig: Any) -> None:
    from core.ai import RandomAgent

    def failing(self: Any, game: Any) -> Any:
        if game.history:
            raise RuntimeError("the agent broke")
        return game.legal_actions()[0]

    monkeypatch.setattr(RandomAgent, "choose", failing)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["play", "pig", "--seat", "red=random", "--seat", "blue=random"], capsys, monkeypatch)
    saved = list(tmp_path.glob("tanktable-pig-*.yaml"))
    assert code == 70 and len(saved) == 1 and saved[0].name in err
    assert load_record(saved[0])[0].moves == ["roll"]


@pytest.mark.parametrize(("args", "refused", "accepted"), [
    (["tank-chess", "--players", "3"], "tank-chess takes no --players", "options cards"),
    (["tank-chess", "--setup", "manual"], "tank-chess takes no --setup", "shooting.ineffective_shots"),
    (["tank-chess", "--army", "a=nothing.yaml"], "tank-chess takes no --army", "draw.{"),
    (["battle-of-tanks", "--players", "3"], "battle-of-tanks takes no --players", "options armies"),
    (["duel-of-the-giants", "--army", "german=x.yaml"], "duel-of-the-giants takes no --army",
     "options players, setup"),
    (["tank-chess", "--option", "players=3"], "tank-chess takes no option 'players'", "options cards"),
])
def test_options_of_other_rulesets_are_refused_with_exit_2(args: list[str], refused: str, accepted: str,
                                                           capsys: Any, monkeypatch: Any) -> None:
    """Issue 17, bug 3: a flag the ruleset does not take is a usage error naming what it takes."""
    code, out, err = run(["play", *args, "--max-moves", "1"], capsys, monkeypatch)
    assert code == 2 and refused in err and accepted in err
    assert out == ""


def test_render_of_a_hidden_information_record_needs_a_view(tmp_path: Path, capsys: Any,
                                                            monkeypatch: Any) -> None:
    """Issue 17, bug 9: render asks whose view, like replay; --all shows every secret."""
    rec = tmp_path / "d.yaml"
    code, _, _ = run(["play", "duel-of-the-giants", "--seat", "german=random", "--seat", "soviet=random",
                      "--seed", "2", "--max-moves", "6", "--json", "--record", str(rec)], capsys, monkeypatch)
    assert code == 0
    code, out, err = run(["render", "duel-of-the-giants", str(rec)], capsys, monkeypatch)
    assert code == 2 and "--as SIDE" in err and "--all" in err and out == ""
    code, soviet, _ = run(["render", "duel-of-the-giants", str(rec), "--as", "soviet"], capsys, monkeypatch)
    assert code == 0
    code, everything, _ = run(["render", "duel-of-the-giants", str(rec), "--all"], capsys, monkeypatch)
    assert code == 0 and soviet != everything


def test_resume_plays_on_and_the_record_grows_in_place(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                                        with_pig: Any) -> None:
    rec = tmp_path / "g.yaml"
    code, out, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--seed", "9",
                        "--record", str(rec)], capsys, monkeypatch, stdin="roll\nroll\n")
    assert code == 1 and "end of input" in out
    before, _ = load_record(rec)
    assert before.moves[:2] == ["roll", "roll"] and before.seed == 9 and before.result is None
    # authoring tester 61.2: 'last' right after a resume shows the record's last decision
    code, out, _ = run(["play", "--resume", str(rec)], capsys, monkeypatch, stdin="last\n")
    assert "(no moves yet)" not in out
    assert "> last\n   2. red      roll\n        red rolls" in out
    code, out, _ = run(["play", "--resume", str(rec), "--seat", "red=random"], capsys, monkeypatch)
    assert code == 0 and f"resumed after {len(before.moves)} decisions" in out
    assert "seats: red=random, blue=greedy" in out
    after, _ = load_record(rec)
    assert after.moves[:len(before.moves)] == before.moves and after.result is not None
    assert after.seats == {"red": "random", "blue": "greedy"}
    code, _, err = run(["replay", str(rec), "--verify"], capsys, monkeypatch)
    assert code == 0, err
    code, _, err = run(["play", "--resume", str(rec)], capsys, monkeypatch)
    assert code == 1 and "the game is over" in err


@pytest.mark.parametrize(("extra", "message"), [
    (["--scenario", "classic"], "takes no --scenario"),
    (["--option", "target=5"], "keeps the record's options"),
    (["tank-chess"], "is a pig game, not tank-chess"),
])
def test_resume_refuses_what_would_change_the_game(extra: list[str], message: str, tmp_path: Path,
                                                   capsys: Any, monkeypatch: Any, with_pig: Any) -> None:
    rec = tmp_path / "g.yaml"
    game = PIG.new_game(None, None, 1)
    game.apply(game.legal_actions()[0])
    save_record(make_record(game, PIG, None, 1), rec)
    if extra == ["tank-chess"]:
        args = ["play", "tank-chess", "--resume", str(rec)]
    else:
        args = ["play", "--resume", str(rec), *extra]
    code, _, err = run(args, capsys, monkeypatch)
    assert code == 2 and message in err


def test_a_computers_hidden_seat_does_not_pass_to_a_person(tmp_path: Path, capsys: Any,
                                                           monkeypatch: Any) -> None:
    """Hidden information: the record holds the computer's secrets, so its seat stays a computer's."""
    rec = tmp_path / "d.yaml"
    code, _, _ = run(["play", "duel-of-the-giants", "--seat", "german=random", "--seat", "soviet=random",
                      "--seed", "4", "--max-moves", "3", "--json", "--record", str(rec)], capsys, monkeypatch)
    assert code == 0
    code, _, err = run(["play", "--resume", str(rec), "--seat", "soviet=human"], capsys, monkeypatch)
    assert code == 1 and "soviet was played by random" in err
    code, out, err = run(["play", "--resume", str(rec), "--seat", "soviet=greedy", "--max-moves", "5",
                          "--json"], capsys, monkeypatch)
    assert code == 0, err
    assert load_record(rec)[0].seats["soviet"] == "greedy"


def test_a_clock_resumes_with_the_time_left(tmp_path: Path, capsys: Any, monkeypatch: Any,
                                            with_pig: Any) -> None:
    rec = tmp_path / "c.yaml"
    code, _, _ = run(["play", "pig", "--seat", "red=human", "--seat", "blue=greedy", "--clock", "10m",
                      "--seed", "2", "--record", str(rec)], capsys, monkeypatch, stdin="roll\n")
    assert code == 1
    record, _ = load_record(rec)
    assert record.clock is not None and record.clock.seconds == 600
    assert 0 < record.clock.left["red"] <= 600
    code, out, _ = run(["play", "--resume", str(rec), "--seat", "red=human"], capsys, monkeypatch,
                       stdin="hold\n")
    assert code == 1 and ("red [9:" in out or "red [10:" in out)


def test_a_reader_that_goes_away_is_not_an_internal_error(tmp_path: Path) -> None:
    """``tanktable play ... | head``: the game stops quietly, no rescue file is written."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "from cli.app import main; main()", "play", "tank-chess",
                             "--seat", "white=random", "--seat", "black=random", "--board", "each",
                             "--seed", "1"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**__import__("os").environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert "internal error" not in err and list(tmp_path.iterdir()) == []
