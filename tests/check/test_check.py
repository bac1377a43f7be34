"""``tanktable check`` fails purpose-made broken rulesets, each on the check that
catches its bug, and passes the sound one (issue 25, "What to build": the
secrets differential, clone independence, liveness against the declared bound).

The rulesets are in :mod:`tests.check.cups`; the command takes them as
``module:object``, as a plugin author checks a ruleset before registering it.
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from cli.app import main
from cli.check.games import QUICK
from cli.check.report import Tally
from cli.check.runner import CLONES, LIVENESS, SEARCH, SECRETS, run_checks
from core.game import Game
from tests.check import cups


def failed(tallies: list[Tally]) -> dict[str, list[str]]:
    return {t.name: t.problems for t in tallies if t.failed}


def run(args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["tanktable", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out, err


def test_the_sound_ruleset_passes_every_check() -> None:
    tallies = run_checks(cups.RULESET, QUICK)
    assert failed(tallies) == {}
    secrets = next(t for t in tallies if t.name == SECRETS)
    assert secrets.cases > 0 and "with other secrets" in secrets.note


WHERE = {
    "view": "browser view",
    "text board": "terminal board",
    "svg board": "browser svg",
    "event": "browser log",
    "public move": "browser log",
    "note": "browser actions",
    "hint": "hint",
}
"""Where each leak shows: the part of what the player is sent that differs."""


@pytest.mark.parametrize("hook", sorted(cups.LEAKS))
def test_a_secret_leaked_through_one_hook_fails_the_secrets_differential(hook: str) -> None:
    """Issue 25: a ruleset that leaks a secret through a single hook fails, and the
    failure names the part of what the player is sent that shows it."""
    problems = failed(run_checks(cups.LEAKS[hook], QUICK))
    assert set(problems) == {SECRETS}
    assert any(f": {WHERE[hook]}" in p or f", {WHERE[hook]}" in p for p in problems[SECRETS]), problems
    assert any("south is sent other bytes when only what south may not see changes" in p
               for p in problems[SECRETS]), problems


def test_an_aliasing_clone_fails_clone_independence() -> None:
    """Issue 25: a clone that shares the scores with its game."""
    problems = failed(run_checks(cups.ALIASING, QUICK))
    assert CLONES in problems
    assert "playing on a clone changed the game" in problems[CLONES][0]


def test_a_game_that_never_ends_fails_liveness() -> None:
    """Issue 25: a game still running at the bound it declares (Game.max_decisions)."""
    problems = failed(run_checks(cups.ENDLESS, QUICK))
    assert set(problems) == {LIVENESS}
    assert "still running after 6 decisions (bound 6, Game.max_decisions)" in problems[LIVENESS][0]


class _NoVariants(cups.CupsGame):
    def hidden_variant(self, player: int, seed: int) -> Game[Any] | None:
        return None


class _SameGame(cups.CupsGame):
    def hidden_variant(self, player: int, seed: int) -> Game[Any] | None:
        return self.clone()


def test_hidden_information_without_variants_checks_nothing_and_fails() -> None:
    """A ruleset that declares hidden information must offer variants that redraw a secret."""
    none = failed(run_checks(cups._ruleset(_NoVariants), QUICK))
    assert "gave no variant" in none[SECRETS][0]
    same = failed(run_checks(cups._ruleset(_SameGame), QUICK))
    assert "none of the 24 variants differs from its game" in same[SECRETS][0]


def test_the_command_prints_the_table_and_exits_1_on_a_failure(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["check", "tests.check.cups:ALIASING", "--quick"], capsys, monkeypatch)
    assert code == 1
    assert "FAIL  clone independence" in out and "pass  no exception in random play" in out
    assert "checks passed" in out and "failed: clone independence" in out
    code, out, _ = run(["check", "tests.check.cups:RULESET", "--games", "3", "--json"], capsys, monkeypatch)
    assert code == 0
    report = json.loads(out)
    assert report["passed"] and len(report["checks"]) == 9
    assert report["checks"][0] == {**report["checks"][0], "check": "no exception in random play", "cases": 3}


def test_an_unknown_ruleset_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["check", "tank-chez"], capsys, monkeypatch)
    assert code == 1 and "unknown ruleset 'tank-chez'" in err and "Traceback" not in err
    code, _, err = run(["check", "tests.check.cups:NOTHING"], capsys, monkeypatch)
    assert code == 1 and "cannot load tests.check.cups:NOTHING" in err
    # authoring playtest of issue 60: an unknown --scenario is refused before any game, named
    # with the ruleset's scenarios (it failed 'clone independence' with an internal reference)
    code, out, err = run(["check", "tests.check.cups:RULESET", "--scenario", "nowhere"], capsys, monkeypatch)
    assert code == 2 and out == "" and "Traceback" not in err
    assert "cups has no scenario 'nowhere' (its scenarios: " in err and "or give a scenario file" in err


# ------------------------------------------------------------- issue 60.6
def test_issue_60_6_a_ruleset_that_builds_no_game_fails_the_run_and_skips_every_check(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """No check passes on zero samples: with no game built, each check that could not
    run is a skip with the reason, the secrets are not called absent for a game that
    declares them, and the run fails naming why."""
    code, out, err = run(["check", "tests.check.cups:UNBUILDABLE", "--quick", "--seat-games", "0"],
                         capsys, monkeypatch)
    assert code == 1
    assert "FAIL  no exception in random play" in out
    assert "could not build the game: ValueError: the table's map is missing" in out
    assert "skip  secrets differential" in out and "no hidden information" not in out
    assert " pass " not in out and "0 games replayed" not in out
    assert "0 of 9 checks passed, 8 skipped" in out
    assert "FAILED: no game could be built, so nothing was checked" in out
    assert "no game could be built" in err and "Traceback" not in err
    code, out, _ = run(["check", "tests.check.cups:UNBUILDABLE", "--quick", "--json"], capsys, monkeypatch)
    report = json.loads(out)
    assert code == 1 and not report["passed"] and report["error"].startswith("no game could be built")
    assert {c["check"]: c["status"] for c in report["checks"]}["secrets differential"] == "skip"


def test_issue_60_6_a_check_with_nothing_to_look_at_is_a_skip_with_its_reason() -> None:
    """Cups writes no position documents: that check is skipped, saying why, and the
    run passes on the checks that did run."""
    tallies = {t.name: t for t in run_checks(cups.RULESET, QUICK)}
    positions = tallies["position round trip"]
    assert positions.status == "skip" and "no position documents" in positions.skipped
    assert not positions.passed and not positions.failed
    assert all(t.cases for t in tallies.values() if t.status == "pass")


def test_issue_60_6_a_variant_that_keeps_the_history_passes_when_sound() -> None:
    """The other style of hidden_variant (re-deal the state, keep the history), with the
    core's default determinize, is sound and passes."""
    assert failed(run_checks(cups.KEEPS_HISTORY, QUICK)) == {}


@pytest.mark.parametrize("leak", sorted(cups.KEEPS_HISTORY_LEAKS))
def test_issue_60_6_a_secret_in_a_past_event_or_move_text_fails_whatever_the_variants_style(leak: str) -> None:
    """A variant that keeps the history compares the past log as it is, so it cannot show
    the pea in the hide's event or move text; the step read both ways does, naming it."""
    problems = failed(run_checks(cups.KEEPS_HISTORY_LEAKS[leak], QUICK))
    assert set(problems) == {SECRETS}, problems
    assert any("south reads north's 'hide" in p and f": {leak}" in p and "past events" in p
               for p in problems[SECRETS]), problems[SECRETS]


def test_issue_60_6_a_replaying_variant_left_to_the_default_determinize_fails_the_search_copies() -> None:
    """A hidden_variant that replays the history, used by the core's determinize on copies
    without history, gives the search the game's start: check names it (the hint was
    silently emptied, and check passed)."""
    problems = failed(run_checks(cups.REPLAY_WITHOUT_DETERMINIZE, QUICK))
    assert SEARCH in problems, problems
    assert any("a search copy made from" in p and "write Game.determinize" in p for p in problems[SEARCH])


def test_issue_60_6_an_empty_hint_where_moves_exist_fails() -> None:
    problems = failed(run_checks(cups.EMPTY_HINT, QUICK))
    assert any("the hint for" in p and "names no move though" in p for p in problems.get(SEARCH, [])), problems
