"""bench/ladder.py (issue 28.1): its schedule plays every pairing with sides swapped
equally, its file of finished games resumes and merges, and a tiny ladder runs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bench.ladder import LEVELS, job, main, schedule
from bench.ladder_log import LadderFile, LadderRecord
from core.ai.simulate import RegistryGames, play_job
from core.errors import DataError, TanktableError

TANK_CHESS_SETTINGS = {"ruleset": "tank-chess", "scenario": None, "options": {}, "seed": 0, "think": 1.0,
                       "random_opening": 0, "sides": ["white", "black"]}
"""The settings a ladder file of a tank-chess run with the defaults records."""


def test_every_pairing_plays_each_level_on_each_side_equally() -> None:
    """issue 28.1: a round robin of the levels, --games per pairing, half with each
    level on the first side, and the two games of a round share their seed."""
    plan = schedule(LEVELS, 6, seed=3)
    assert len(plan) == 10 * 6  # five levels: ten pairings
    by_pair = Counter(frozenset((g.first, g.second)) for g in plan)
    assert set(by_pair.values()) == {6} and len(by_pair) == 10
    by_order = Counter((g.first, g.second) for g in plan)
    assert len(by_order) == 20 and set(by_order.values()) == {3}
    rounds: dict[tuple[frozenset[str], int], list[tuple[str, int]]] = {}
    for g in plan:
        rounds.setdefault((frozenset((g.first, g.second)), g.round), []).append((g.first, g.seed))
    for (pair, _), played in rounds.items():
        assert {first for first, _ in played} == pair  # each level first once a round
        assert len({seed for _, seed in played}) == 1  # one game seed for both orders
    assert len({g.seed for g in plan}) == 10 * 3  # no two rounds alike
    assert len({g.key for g in plan}) == len(plan)


def test_a_pairing_plays_the_same_games_whatever_the_other_levels() -> None:
    """issue 28.1: a ladder of fewer levels (in any order) is part of the full one, so a
    file of finished games grows as levels and rounds are added."""
    full = {(g.key, g.seed) for g in schedule(LEVELS, 4, seed=9)}
    part = {(g.key, g.seed) for g in schedule(["easy", "greedy"], 2, seed=9)}
    assert part <= full
    assert not part & {(g.key, g.seed) for g in schedule(LEVELS, 4, seed=10)}


def test_mirror_games_play_each_level_against_itself_on_seeds_of_their_own() -> None:
    """issue 28.1: --mirror-games N adds N games of each level against itself, one a
    round, each with a seed no other game of the ladder has; the pairings stay as they were."""
    plain = schedule(LEVELS, 4, seed=3)
    plan = schedule(LEVELS, 4, seed=3, mirror_games=3)
    mirrors = [g for g in plan if g.first == g.second]
    assert [g for g in plan if g.first != g.second] == plain
    assert Counter(g.first for g in mirrors) == {level: 3 for level in LEVELS}
    assert {g.round for g in mirrors} == {0, 1, 2}
    assert len({g.seed for g in plan}) == 10 * 2 + 5 * 3
    assert len({g.key for g in plan}) == len(plan)
    with pytest.raises(TanktableError, match="--mirror-games"):
        schedule(LEVELS, 4, seed=3, mirror_games=-1)


@pytest.mark.parametrize("games", [0, 3, 43])
def test_an_odd_number_of_games_is_refused(games: int) -> None:
    with pytest.raises(TanktableError, match="even"):
        schedule(LEVELS, games, seed=0)


def test_a_level_named_twice_is_refused() -> None:
    with pytest.raises(TanktableError, match="twice"):
        schedule(["greedy", "greedy"], 2, seed=0)


def test_a_ladder_game_seats_its_levels_on_their_sides() -> None:
    game = schedule(["random", "greedy"], 2, seed=1)[1]
    result = play_job(job(game, 0, RegistryGames("tank-chess"), ("white", "black"), 0))
    assert result.seed == game.seed
    assert dict(zip(result.players, result.kinds, strict=True)) == {"white": "greedy", "black": "random"}


SETTINGS = {"ruleset": "tank-chess", "seed": 0, "sides": ["white", "black"]}


def _record(first: str, second: str, rnd: int, winners: tuple[str, ...]) -> LadderRecord:
    return LadderRecord(first, second, rnd, 11 + rnd, ("white", "black"), winners, "r", 9, True)


def test_the_file_keeps_games_and_refuses_another_ladder(tmp_path: Path) -> None:
    path = tmp_path / "ladder.jsonl"
    out = LadderFile.open(path, SETTINGS)
    out.append(_record("greedy", "random", 0, ("white",)))
    out.append(_record("random", "greedy", 0, ()))
    out.append_session({"seconds": 3.0})
    out.close()
    again = LadderFile.read(path, SETTINGS)
    assert again.games[("greedy", "random", 0)].score == 1.0
    assert again.games[("random", "greedy", 0)].score == 0.5
    assert again.sessions == [{"seconds": 3.0}]
    with pytest.raises(DataError, match=r"ladder.jsonl:1:1: .*seed is 0 there and 1 here"):
        LadderFile.read(path, {**SETTINGS, "seed": 1})


def test_a_line_cut_off_is_dropped_and_a_bad_line_named(tmp_path: Path) -> None:
    path = tmp_path / "ladder.jsonl"
    out = LadderFile.open(path, SETTINGS)
    out.append(_record("greedy", "random", 0, ("white",)))
    out.close()
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"first": "random", "sec')
    reopened = LadderFile.open(path, SETTINGS)
    assert list(reopened.games) == [("greedy", "random", 0)]
    assert "cut off" in reopened.notes[0]
    reopened.close()
    assert path.read_text(encoding="utf-8").endswith("}\n")
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"first": "random"}\n')
    with pytest.raises(DataError, match=r"ladder.jsonl:3:1: a game needs second"):
        LadderFile.read(path, SETTINGS)


def test_a_tiny_ladder_runs_resumes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 28.1: the report has the command, the ratings per side and the 65% check;
    the same command again plays nothing and reports the same games."""
    out = tmp_path / "tc.jsonl"
    argv = ["tank-chess", "--levels", "random", "greedy", "--games", "2", "--mirror-games", "0",
            "--out", str(out)]
    assert main(argv) == 0
    first = capsys.readouterr()
    assert "bench/ladder.py tank-chess --levels random greedy --games 2 --mirror-games 0 --out" in first.out
    assert "| level | as white | as black | sides pooled |" in first.out
    assert "| greedy | random | white | 1 |" in first.out
    assert "| greedy | random | black | 1 |" in first.out
    assert "2 to play" in first.err and "estimate:" in first.err
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["format"] == "tanktable-ladder"
    assert [line["first"] for line in lines[1:3]] == ["random", "greedy"]
    assert lines[3]["session"]["games"] == 2
    assert main(argv) == 0
    second = capsys.readouterr()
    assert "0 to play" in second.err
    table = first.out[first.out.index("| level | as white"):]
    assert table == second.out[second.out.index("| level | as white"):]


def test_parts_merge_and_a_differing_game_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 28.1: a ladder in parts: --resume takes another part's games (and sessions)
    into --out and plays only the rest; a game two parts hold differently keeps the first."""
    part, whole = tmp_path / "part.jsonl", tmp_path / "whole.jsonl"
    base = ["tank-chess", "--levels", "random", "greedy", "--mirror-games", "0"]
    assert main([*base, "--games", "2", "--out", str(part)]) == 0
    assert main([*base, "--games", "4", "--resume", str(part), "--out", str(whole)]) == 0
    err = capsys.readouterr().err
    assert "4 games in the ladder, 2 finished in the files, 2 to play" in err
    merged = LadderFile.read(whole, TANK_CHESS_SETTINGS)
    assert len(merged.games) == 4 and len(merged.sessions) == 2
    assert {k: v for k, v in merged.games.items() if k[2] == 0} == LadderFile.read(part, TANK_CHESS_SETTINGS).games
    text = part.read_text(encoding="utf-8")
    flipped = text.replace('"winners":["black"]', '"winners":[]', 1)
    assert flipped != text
    part.write_text(flipped, encoding="utf-8")
    assert main([*base, "--games", "4", "--resume", str(part), "--out", str(whole)]) == 0
    assert "differs from the same game in another file" in capsys.readouterr().err


def test_only_plays_the_seatings_it_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 28.1: --only FIRST:SECOND plays just the games with those levels on those
    sides (a rung short on one side gets more games there); a bad seating is refused."""
    out = tmp_path / "only.jsonl"
    argv = ["tank-chess", "--levels", "random", "greedy", "--games", "4", "--mirror-games", "2",
            "--only", "greedy:random", "--only", "random:random", "--out", str(out)]
    assert main(argv) == 0
    assert "8 games in the ladder, 0 finished in the files, 4 to play" in capsys.readouterr().err
    played = sorted(LadderFile.read(out, TANK_CHESS_SETTINGS).games)
    assert played == [("greedy", "random", 0), ("greedy", "random", 1),
                      ("random", "random", 0), ("random", "random", 1)]
    for bad, why in (("greedy", "--only takes FIRST:SECOND"), ("greedy:hard", "hard is not one of --levels")):
        assert main([*argv[:-2], "--only", bad]) == 2
        assert why in capsys.readouterr().err


TINY_MAP = """\
ruleset: tank-chess
kind: map
name: tiny-8
size: 8
grid: |
  . . m . c . l .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . L . C . M . .
"""
"""A Tank Chess map where a ladder's games are over in a few moves."""


def test_report_only_joins_rungs_played_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 28.1: rungs played one at a time into their own files are reported as one
    ladder by --report-only, which plays nothing and leaves the files as they were. The
    games are played on a small map of three tanks a side (``easy`` takes seconds over
    a game of the standard map): what is checked is how the files are joined."""
    low, high = tmp_path / "low.jsonl", tmp_path / "high.jsonl"
    (tmp_path / "tiny-8.yaml").write_text(TINY_MAP, encoding="utf-8")
    apart = ["--games", "2", "--mirror-games", "0", "--scenario", str(tmp_path / "tiny-8.yaml")]
    assert main(["tank-chess", "--levels", "random", "greedy", *apart, "--out", str(low)]) == 0
    assert main(["tank-chess", "--levels", "greedy", "easy", *apart, "--out", str(high)]) == 0
    capsys.readouterr()
    before = (low.read_text(encoding="utf-8"), high.read_text(encoding="utf-8"))
    argv = ["tank-chess", "--levels", "random", "greedy", "easy", *apart,
            "--out", str(low), "--resume", str(high), "--report-only"]
    assert main(argv) == 0
    report = capsys.readouterr()
    assert "6 games in the ladder, 4 finished in the files, 2 to play" in report.err
    assert "estimate:" not in report.err
    assert "this run played" not in report.out
    assert "4 of 6 games" in report.out
    assert "| greedy | random | white | 1 |" in report.out
    assert "| easy | greedy | black | 1 |" in report.out
    assert "| easy | random |" not in report.out  # not a rung: levels two apart
    assert (low.read_text(encoding="utf-8"), high.read_text(encoding="utf-8")) == before


def test_the_report_judges_a_level_against_the_one_below_on_the_same_side(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 28.1: with mirror games (the default, half of --games) the check table gives
    each level's rating on a side above the lower level's on that side, with its score
    (on the small map: greedy still beats random there)."""
    out = tmp_path / "tc.jsonl"
    (tmp_path / "tiny-8.yaml").write_text(TINY_MAP, encoding="utf-8")
    assert main(["tank-chess", "--levels", "random", "greedy", "--games", "4", "--scenario",
                 str(tmp_path / "tiny-8.yaml"), "--out", str(out)]) == 0
    report = capsys.readouterr()
    assert "8 games in the ladder" in report.err  # 4 between the two, 2 of each against itself
    assert "and 2 of each level against itself" in report.out
    assert "| on the same side, Elo | score |" in report.out
    rows = [line for line in report.out.splitlines() if line.startswith("| greedy | random |")]
    assert len(rows) == 2
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        elo, score = cells[9], cells[10]
        assert elo.startswith("+") and "[" in elo and score.endswith("%")
