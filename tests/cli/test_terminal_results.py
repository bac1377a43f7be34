"""Issue 27.13, 16, 17, 18 at the terminal, driven through the console with scripted
input: results in view before each prompt, your own before the reply, what the game
prints it reads back, seats not named, prompts within 80 columns."""

from __future__ import annotations

import io
import re
import sys
from typing import Any

import pytest

from cli.recent_results import LAST_HINT, Entry, fit
from tests.console import tanktable

RULESETS = [
    ("tank-chess", "white", "black"),
    ("battle-of-tanks", "a", "b"),
    ("duel-of-the-giants", "german", "soviet"),
]


def flat(text: str) -> str:
    """Whitespace made single spaces: the terminal wraps long lines."""
    return " ".join(text.split())


class Typist(io.StringIO):
    """A person at stdin who types the choice of a ``chooser`` agent (greedy, or random
    where a test needs many decisions of every kind and not good ones: a Battle of
    Tanks greedy choice costs a good part of a second) at each prompt, ``decisions``
    times, then quits. Before each answer a marker goes to stdout; the history's length
    at each prompt is kept, so a test can say which decisions a screen had to show."""

    MARK = "<<prompt>>"

    def __init__(self, decisions: int, chooser: str = "greedy") -> None:
        super().__init__()
        self.left = decisions
        self.chooser = chooser
        self.session: Any = None
        self.at: list[int] = []
        """len(history) at each prompt, in order."""
        self.typed: list[str] = []

    def isatty(self) -> bool:
        """A person types at a terminal, which shows what is typed: the game does not write it again."""
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        sys.stdout.write("\n" + self.MARK + "\n")
        game = self.session.game
        self.at.append(len(game.history))
        if self.left == 0:
            return "quit\n"
        self.left -= 1
        from core.ai import make_agent

        move = game.format_action(make_agent(self.chooser, seed=self.left).choose(game))
        self.typed.append(move)
        return move + "\n"


def scripted_game(ruleset: str, seats: list[str], seed: int, decisions: int,
                  capsys: pytest.CaptureFixture[str], chooser: str = "greedy") -> tuple[Typist, Any, list[str]]:
    """A game at the console with a :class:`Typist`: (typist, session, screens), a screen
    being what was printed from one answer to the next prompt (the prompt included)."""
    from cli.play import PlaySettings, start_session

    typist = Typist(decisions, chooser)
    session = start_session(PlaySettings(ruleset=ruleset, seats=seats, seed=seed, stdin=typist))
    typist.session = session
    session.run()
    screens = capsys.readouterr().out.split(Typist.MARK + "\n")
    return typist, session, screens


# ------------------------------------------------------------------ 27.16: results in view
@pytest.mark.parametrize("ruleset, person, computer", RULESETS)
def test_issue_27_16_every_result_since_the_last_prompt_is_on_the_screen(
        ruleset: str, person: str, computer: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.16: before each prompt, the results (rolls and their need, damage, CHECK,
    combat) of every decision since the person's last prompt are printed: each decision's
    summary, as the person may see it, is on the screen that precedes the prompt."""
    typist, session, screens = scripted_game(ruleset, [f"{person}=human", f"{computer}=greedy"], 3, 12,
                                             capsys)
    game = session.game
    me = game.player_index(person)
    checked = 0
    for k in range(1, len(typist.at)):
        screen = flat(screens[k])
        for step in game.history[typist.at[k - 1]:typist.at[k]]:
            seen = game.events_for(me, step.events)
            summary = game.summarize_events(seen)
            if summary:  # in short, or every event in full
                assert flat(summary) in screen or all(flat(e.text) in screen for e in seen), (
                    summary, screens[k])
                checked += 1
    assert checked >= 3


def test_issue_27_16_results_are_filtered_for_the_reader_as_last_is() -> None:
    """Issue 27.16: a summary is made of the events the person may see, so a secret in an
    event (its audience) never reaches another player's summary (Duel of the Giants)."""
    from core.game import Event
    from rulesets.duel_of_the_giants import RULESET

    game = RULESET.new_game(None, None, 1)
    secret = Event("vp", "German +2 VP: the PAK 8.8 at d4 (DG-19)", {"side": "german"},
                   audience=frozenset({0}), public_text="German +2 VP")
    assert game.summarize_events(game.events_for(0, [secret])) == "German +2 VP: the PAK 8.8 at d4"
    assert game.summarize_events(game.events_for(1, [secret])) == "German +2 VP"


def _entry(n: int, summary: str = "", details: int = 3) -> Entry:
    return Entry(f"{n:>4}. b        move {n}", tuple(f"event {n}.{i}" for i in range(details)), summary)


def test_issue_27_16_fit_full_then_one_line_each_then_quiet_moves_folded() -> None:
    """Issue 27.16: in full where it fits; else one line per decision with its results and
    a pointer to 'last'; else the decisions without results fold into a count, oldest first,
    and no result is ever folded."""
    entries = [_entry(1), _entry(2, "b1 -> a1: 5 2 (need 4) 1 hit: W -100"), _entry(3)]
    assert len(fit(entries, 80, 12)) == 12  # 3 headlines + 9 events
    assert fit(entries, 80, 4) == ["   1. b        move 1",
                                   "   2. b        move 2 -- b1 -> a1: 5 2 (need 4) 1 hit: W -100",
                                   "   3. b        move 3", LAST_HINT]
    assert fit(entries, 80, 3) == [line for line in fit(entries, 80, 4) if line != LAST_HINT]
    assert fit(entries, 80, 2) == ["      (1 move without results: 'last')",
                                   "   2. b        move 2 -- b1 -> a1: 5 2 (need 4) 1 hit: W -100",
                                   "   3. b        move 3"]
    many = [_entry(i, f"result {i}") for i in range(1, 6)]
    assert len(fit(many, 80, 2)) == 5  # results are never folded


# ------------------------------------------------------- 27.13: your own results come first
def test_issue_27_13_own_volley_shown_before_the_computers_reply(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.13: when the computer decides right after the person, the person's own
    decision (its dice and damage) is printed at once, before anything of the reply. The
    computer plays at random: how it chooses its reply does not matter here, and a
    greedy Battle of Tanks seat costs most of the test's time."""
    typist, session, screens = scripted_game("battle-of-tanks", ["a=human", "b=random"], 3, 30, capsys)
    game = session.game
    shown = 0
    for k in range(1, len(typist.at)):
        mine = game.history[typist.at[k - 1]]  # the decision typed at the previous prompt
        if typist.at[k] - typist.at[k - 1] < 2 or not mine.action or game.players[mine.player] != "a":
            continue  # the person decided again at once: no reply in between
        summary = game.summarize_events(mine.events)
        text = flat(screens[k])
        headline = flat(f"{typist.at[k - 1] + 1:>4}. a {game.format_action(mine.action)}")
        reply = re.search(r"\d+\. b ", text)  # the computer's first decision shown (or folded)
        assert text.startswith(headline), screens[k]
        if summary:
            assert flat(summary) in text, screens[k]
            assert reply is None or text.index(flat(summary)) < reply.start(), screens[k]
            shown += "need" in summary
    assert shown >= 1  # at least one of the person's volleys came before a reply


# ---------------------------------------------------------- 27.17: what it prints, it reads
@pytest.mark.parametrize("ruleset, person, computer", RULESETS)
def test_issue_27_17_the_hints_printed_move_pasted_back_is_played(
        ruleset: str, person: str, computer: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.17: 'hint' prints each move on a line of its own, as the prompt reads it,
    with its estimate after it (issue 28.5; the plan's follow-ups, then the note on the
    next lines; a Battle of Tanks order has its plan on its own line); pasted back, alone, with its estimate or with its note, the prompt
    plays it, and each line of the plan pasted after it plays that follow-up."""
    args = ["play", ruleset, "--seat", f"{computer}=greedy", "--seed", "2"]
    code, out = tanktable(monkeypatch, capsys, *args, stdin="hint\nquit\n")
    hint = re.search(r"\n  (\S.*?)  (\([-+]?\d\.\d\d\))\n((?:      .*\n)*)", out[out.index("hint: "):])
    assert hint is not None, out
    move, estimate = hint.group(1), hint.group(2)
    below = [line.strip() for line in hint.group(3).splitlines()]
    plan = [line for line in below if line.startswith("then ")]
    rest = below[len(plan):]
    rest = rest[:next((i for i, line in enumerate(rest) if line.startswith("why:")), len(rest))]
    note = " ".join(rest)[1:-1]  # the note in brackets; a 'why:' after it is read, not pasted
    assert "  (" not in move
    # Battle of Tanks: an order with its drive on one line (issue 59.8), played part by part
    from core.registry import get_ruleset

    split = getattr(get_ruleset(ruleset).new_game(None, None, 2), "split_line", None)
    parts = (split(move) if split is not None else None) or [move]
    assert plan or len(parts) > 1 or ruleset != "battle-of-tanks", out  # an order, then its drive
    for pasted in [move, f"{move}  {estimate}"] + ([f"{move}  ({note})"] if note else []):
        code, out = tanktable(monkeypatch, capsys, *args, stdin=f"{pasted}\nquit\n")
        assert "cannot read" not in out and "illegal" not in out, out
        for part in parts:
            assert re.search(rf"\d+\. {person} +{re.escape(part)}", out), out
    if plan:
        lines = "\n".join([move, *plan])
        code, out = tanktable(monkeypatch, capsys, *args, stdin=f"{lines}\nquit\n")
        assert "cannot read" not in out and "illegal" not in out, out
        for step in plan:
            assert re.search(rf"\d+\. {person} +{re.escape(step.removeprefix('then '))}", out), out


def test_issue_27_17_a_moves_line_with_its_note_is_read(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.17: a line copied from 'moves' (``t34#1 move  (nearest enemy ...)``) is read."""
    args = ["play", "battle-of-tanks", "--seat", "b=greedy", "--seed", "1"]
    code, out = tanktable(monkeypatch, capsys, *args, stdin="moves t34#1 move\nquit\n")
    line = next(x.strip() for x in out.splitlines() if x.strip().startswith("t34#1 move  ("))
    code, out = tanktable(monkeypatch, capsys, *args, stdin=f"{line}\nquit\n")
    assert "t34#1 receives MOVE" in out and "cannot read" not in out


@pytest.mark.parametrize("scenario", ["village-crossroads", "ridge-assault"])
def test_issue_27_17_battle_of_tanks_help_examples_are_valid_input(
        scenario: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.17: every 'e.g.' example of 'help' reads in the game at hand, and names
    only tanks of that game; the help (the table commands' summaries, the notation) keeps
    to the screen's width."""
    from rulesets.battle_of_tanks import RULESET
    from rulesets.battle_of_tanks.actions import AmbushFire, Declare, Fire

    code, out = tanktable(monkeypatch, capsys, "play", "battle-of-tanks", "--scenario", scenario,
                          "--seat", "b=greedy", "--seed", "1", stdin="help\nquit\n")
    examples = re.findall(r"e\.g\. (.+?)\s*$", out, flags=re.M)
    assert len(examples) == 3, out
    shown = out[out.index("  measure A B"):].split("> quit")[0]  # a pipe is an 80-column screen
    assert all(len(line) <= 80 for line in shown.splitlines()[:-1]), [x for x in shown.splitlines() if len(x) > 80]
    game = RULESET.new_game(scenario, None, 1)
    for text in examples:
        action = game.parse_action(text)
        names = ([action.tank] if isinstance(action, (Declare, AmbushFire)) else []) + (
            [s.target for s in action.shots] if isinstance(action, (Fire, AmbushFire)) else [])
        assert all(game.find(n) is not None for n in names), (text, names)


def test_issue_27_17_a_unique_start_of_a_tank_label_names_it() -> None:
    """Issue 27.17: ``is2`` stands for ``is2#1`` when no other label starts so; a start
    shared by several tanks is refused, naming them; keys and whole labels read as ever."""
    from core.errors import NotationError
    from rulesets.battle_of_tanks.actions import Declare, Fire, Shot
    from tests.battle_of_tanks.helpers import card, make_game

    game = make_game(["gun", "gun"], ["target"], cards=[card("gun"), card("target")])
    assert game.parse_action("fire tar*2") == Fire((Shot("target#1", 2),))
    assert game.parse_action("GUN#2 move") == Declare("gun#2", "MOVE")
    assert game.parse_action("a1 fire") == Declare("a1", "FIRE")
    with pytest.raises(NotationError, match=r"'gun' could be gun#1, gun#2: type the whole name"):
        game.parse_action("gun move")
    assert game.parse_action("fire nobody") == Fire((Shot("nobody"),))  # the rules say no tank is so called


# --------------------------------------------------------------- 27.18: seats and prompts
def test_issue_27_18_naming_only_the_computers_seat_leaves_the_other_to_the_person(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.18: ``--seat black=normal`` does not play itself: white is the person's."""
    code, out = tanktable(monkeypatch, capsys, "play", "tank-chess", "--seat", "black=normal", "--seed", "1",
                          stdin="quit\n")
    assert "seats: white=human, black=normal" in out
    assert "white -- move a tank> " in out and "Result:" not in out


@pytest.mark.parametrize("ruleset, person, computer", RULESETS)
def test_issue_27_18_every_prompt_line_fits_80_columns(ruleset: str, person: str, computer: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.18: every prompt line printed in scripted games (each side at the keyboard
    in turn, so every kind of decision is asked) is at most 80 columns. Random players
    on both sides: they meet every kind of decision the greedy ones do (Battle of
    Tanks: also RETREAT's drive) in a tenth of the time."""
    prompts = 0
    for seed, seats in ((1, [f"{person}=human", f"{computer}=random"]),
                        (4, [f"{person}=random", f"{computer}=human"])):
        typist, session, screens = scripted_game(ruleset, seats, seed, 40, capsys, chooser="random")
        for screen in screens[:-1]:
            lines = screen.rstrip("\n").split("\n")
            prompt = lines[-1]
            assert prompt.endswith("> ") and len(prompt) <= 80, prompt
            assert all(len(line) <= 80 for line in lines[-3:]), lines[-3:]
            prompts += 1
    assert prompts >= 40


def test_issue_27_18_a_long_prompt_wraps_with_the_cursor_on_its_last_line() -> None:
    """Issue 27.18: a Battle of Tanks ambush window names every tank that may fire; the
    prompt is wrapped at spaces, no line over the width, the answer typed after the last."""
    from cli.prompt import fit_prompt

    text = ("a -- ambush reaction: tiger#1 was ordered to ATTACK; t34#1, lynx, amx#1 may fire "
            "('ambush TANK TARGET' or 'pass')> ")
    before, prompt = fit_prompt(text, 80)
    assert before == ["a -- ambush reaction: tiger#1 was ordered to ATTACK; t34#1, lynx, amx#1 may"]
    assert prompt == "    fire ('ambush TANK TARGET' or 'pass')> "
    assert fit_prompt("white -- move a tank> ", 80) == ([], "white -- move a tank> ")


def test_issue_27_18_the_ambush_window_prompt_fits_80_columns(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.18: the shipped crossroads-ambush position asks a for an ambush reaction
    (BT-7.2), the longest Battle of Tanks prompt: it is wrapped, no line over 80 columns."""
    from pathlib import Path

    position = Path(__file__).resolve().parents[2] / "data/battle_of_tanks/positions/crossroads-ambush.yaml"
    code, out = tanktable(monkeypatch, capsys, "play", "battle-of-tanks", "--position", str(position),
                          "--seat", "b=greedy", "--seed", "1", stdin="quit\n")
    lines = out.split("'board': 5 cm)", 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("a -- ambush reaction"))
    prompt = lines[start:start + 2]
    assert prompt[1].endswith("> quit"), prompt  # the piped answer is written after the prompt
    assert "ambush reaction" in flat(" ".join(prompt)) and "'pass')>" in prompt[1]
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]


@pytest.mark.parametrize("ruleset", ["tank-chess", "duel-of-the-giants"])
def test_issue_27_17_every_notation_example_of_help_reads(ruleset: str, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27.17: the examples 'help' gives (the first column of the notation's lines, and
    every other column after it; ' | ' between alternatives) are input the game reads."""
    from core.registry import get_ruleset

    code, out = tanktable(monkeypatch, capsys, "play", ruleset, "--seed", "1", stdin="help\nquit\n")
    game = get_ruleset(ruleset).new_game(None, None, 1)
    help_text = out.split(game.notation_help.splitlines()[0], 1)[1]
    examples = []
    for line in help_text.splitlines()[1:len(game.notation_help.splitlines())]:
        columns = re.split(r"\s{2,}", line.strip())
        for column in columns[::2]:
            if not re.search(r"[(')]|: ", column):
                examples += column.split(" | ")
    assert len(examples) >= 5
    for text in examples:
        game.parse_action(text)  # raises NotationError on anything it cannot read
