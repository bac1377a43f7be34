"""The hint as a player reads it (issue 28.5): the search's three best moves, each
with its estimate of the result from the player's own side, and where a move leaves
the next decision with the player (an order, then its drive), the search's plan for it.

One text for the terminal (a move per line, as the prompt reads it back) and one
line for the browser's answer; both from :func:`core.ai.analysis.analyse`, which
sees only what the player may know.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from cli.prompt import PLAN_WORD
from cli.recent_results import wrap
from core.ai.analysis import Analysis, Suggestion, analyse
from core.errors import TanktableError
from core.game import Game

__all__ = ["POOL", "SCALE", "Hint", "browser_hint", "estimate_text", "hint_for", "one_line", "plan_text", "terminal_hint"]

SCALE = "+1 a win, -1 a loss"
"""How to read an estimate, said beside every hint."""


POOL = 8
"""How many of the search's best moves a game that gives reasons (Tank Chess) has the
hint choose its three lines from: equal quiet moves become one line, and the next
moves take the lines they free."""


@dataclass(frozen=True)
class Hint(Analysis):
    """The analysis as the hint shows it, for a game that says why each move
    (``hint_reasons``, Tank Chess): a line per move with its reason, and the moves the
    search values the same and that are as quiet, said on that line."""

    situation: str = ""
    """What is said first: the player's tanks in fire now, or ""."""
    reasons: tuple[str, ...] = ()
    """Each move's reason, in the order of ``moves``."""
    equals: tuple[tuple[Any, ...], ...] = ()
    """Per move, the equal quiet moves folded into its line (most often empty)."""
    all_lose: bool = False
    """Tanks are in fire now and every legal move leaves one to be taken."""


def hint_for(game: Game[Any], seed: int) -> Analysis:
    """The analysis behind the hint of the player to move, seeded by ``seed``; for a game
    that says why each move (Tank Chess: ``hint_reasons``, ``hint_situation``), the
    :class:`Hint` chosen from the search's best :data:`POOL` (:func:`_choose`)."""
    why = getattr(game, "hint_reasons", None)
    if why is None:
        return analyse(game, game.to_move(), seed)
    return _choose(game, analyse(game, game.to_move(), seed, top=POOL), why)


def _choose(game: Game[Any], analysis: Analysis, why: Any, top: int = 3) -> Analysis:
    """The three lines of a hint from the search's best moves (playtest: the hint
    offered three do-nothing moves of one tank while another hung, and moves into fire
    with no word that tanks were hanging). The lines go in the order of the estimates
    they show (issue 59 playtest). A move that puts its tank in fire for nothing won,
    saved or threatened -- the search's two plies and the evaluation can rate such an
    offer well, and a player who follows it loses the tank -- shows what is left once
    the tank is taken where that is less (its reason says so), and goes where that puts
    it. Among moves valued the same (to the hundredth shown) the one leaving fewer of the
    player's tanks in fire comes first, then the one that presses on most (a CHECK, a
    shooter nearer the enemy Command Tank's lines), and quiet moves of equal value of a
    tank already shown are said on its line instead of taking lines of their own."""
    if not analysis.moves:
        return analysis
    noted = why([s.action for s in analysis.moves])
    # issue 59 playtest: a tank offered for nothing went after better-rated moves, its
    # higher estimate shown ("+0.37" above "+0.44"); it now shows what is left once the
    # tank is taken, where that is less, and every line is in the order of what it shows
    pool = list(analysis.moves)
    texts = [n[0] for n in noted]
    for i, n in enumerate(noted):
        if n[3] and len(n) > 5 and n[5] is not None and n[5] < pool[i].estimate:
            pool[i] = replace(pool[i], estimate=n[5])
            texts[i] += " -- its estimate: what is left once it is taken"
    # equal estimates: fewer tanks left in fire first, then the move that presses on most
    # (issue 59 playtest: in a won position the hint walked a tank in circles)
    # (a game that does not say what is left once the tank is taken, ``noted`` of four,
    # still has a tank offered for nothing go after the others)
    order = sorted(range(len(pool)), key=lambda i: (noted[i][3] and len(noted[i]) < 6, -pool[i].estimate,
                                                    noted[i][1], -(noted[i][4] if len(noted[i]) > 4 else 0), i))
    heads: list[int] = []
    folded: dict[int, list[Any]] = {}
    for i in order:
        # folded only into a line of the same tank (its ``frm``): quiet moves say what each
        # gains now, and one line for eight equal moves of five tanks hid the other ideas
        head = next((h for h in heads if noted[h][2] and noted[i][2] and pool[h].estimate == pool[i].estimate
                     and getattr(pool[h].action, "frm", None) == getattr(pool[i].action, "frm", None)), None)
        if head is not None:
            folded[head].append(pool[i].action)
        elif len(heads) < top:
            heads.append(i)
            folded[i] = []
    say = getattr(game, "hint_situation", None)
    situation = str(say(analysis.player)) if say is not None else ""
    moves = tuple(pool[i] for i in heads)
    all_lose = bool(situation) and all(noted[i][1] for i in heads)
    if all_lose:  # is there a move that keeps them all? (a few tenths of a second, only here)
        legal = game.legal_actions()
        keeps = [a for a, noted_a in zip(legal, why(legal, detail=False), strict=True) if not noted_a[1]]
        if keeps:
            situation += (f"; the moves that keep every tank out of fire (such as "
                          f"{game.format_action(keeps[0])}) the search rates lower")
        all_lose = not keeps
    return Hint(analysis.player, moves[0].estimate, moves, situation, tuple(texts[i] for i in heads),
                tuple(tuple(folded[i]) for i in heads), all_lose)


def _lead(game: Game[Any], hint: Hint) -> str:
    """What the hint says before its moves: the tanks in fire now, and when no move
    shown saves them all, that the moves are the least bad (the estimates are what the
    strongest reply leaves, so a side ahead sees them positive even so)."""
    if not hint.situation:
        return ""
    if hint.all_lose:
        who = game.players[hint.player]
        return (f"{hint.situation}; every move leaves a tank in fire: these lose the least, by what "
                f"the strongest reply leaves (positive while {who} stays ahead: "
                f"{estimate_text(_value(game, hint.player))} now)")
    return hint.situation


def _value(game: Game[Any], player: int) -> float:
    return round(float(game.evaluate(player)), 2)


def estimate_text(value: float) -> str:
    """``+0.31``, ``-0.05``, ``0.00``: an estimate as it is shown."""
    return "0.00" if value == 0 else f"{value:+.2f}"


def plan_text(suggestion: Suggestion) -> str:
    """``then to 46.5,48.4, fire tiger#1``: the search's plan after the move, or ``""``."""
    return f"{PLAN_WORD} {', '.join(suggestion.then)}" if suggestion.then else ""


def browser_hint(game: Game[Any], analysis: Analysis) -> str:
    """One line, which the browser's answer puts after ``hint:``:
    ``MT d2-d4 (+0.31) · MT c2-c3 (+0.12) · ...; the search's estimates ... for white (...)``;
    a move with a plan reads ``t34#1 move, then to 46.5,48.4 (+0.02)``."""
    moves = " · ".join(f"{_with_plan(game, s)} ({estimate_text(s.estimate)})" for s in analysis.moves)
    said = ""
    if isinstance(analysis, Hint):  # after the moves' part, which the board's arrows read
        lead = _lead(game, analysis)
        why = " · ".join(f"{game.format_action(s.action)} {_reason(game, analysis, i)}"
                         for i, s in enumerate(analysis.moves))
        said = f"{lead + '; ' if lead else ''}why: {why}; "
    return f"{moves}; {said}the search's estimates of the result for {game.players[analysis.player]} ({SCALE})"


def _reason(game: Game[Any], hint: Hint, i: int) -> str:
    """``saves MT b10`` or ``quiet: ...; as good: HT c1-c1:E, HT c1-d1:E``."""
    same = hint.equals[i] if i < len(hint.equals) else ()
    text = hint.reasons[i] if i < len(hint.reasons) else ""
    if same:
        text += f"; as good: {', '.join(game.format_action(a) for a in same)}"
    return text


def _with_plan(game: Game[Any], suggestion: Suggestion) -> str:
    move = game.format_action(suggestion.action)
    return f"{move}, {plan_text(suggestion)}" if suggestion.then else move


def one_line(game: Game[Any], suggestion: Suggestion) -> str | None:
    """The move and its whole plan as the one line a game that reads such lines (a
    ``split_line``: Battle of Tanks' ``t34#1 attack 40,20 fire tiger#1``, issue 59.8)
    reads back as exactly them, the shortest (a step's first word left out where the
    line still reads the same), so one paste plays the order with its drive and shots;
    ``None`` where there is no plan or no such line."""
    split = getattr(game, "split_line", None)
    if split is None or not suggestion.then:
        return None
    move = game.format_action(suggestion.action)
    wanted = [move, *suggestion.then]
    ways = [(step.partition(" ")[2] or step, step) for step in suggestion.then]
    for words in sorted(product(*ways), key=lambda chosen: len(" ".join(chosen))):
        line = " ".join([move, *words])
        if split(line) == wanted:
            return line
    return None


def terminal_hint(game: Game[Any], analysis: Analysis, width: int) -> list[str]:
    """A heading, then each move on a line of its own with its estimate in parentheses
    (a line pasted back at the prompt plays the move, issue 27.17), the search's plan
    after it on the same line where the game reads such a line (:func:`one_line`), else
    a follow-up a line (``then to 39.4,41.4``: pasted at the next prompt, it plays the
    follow-up), and its note below."""
    who = game.players[analysis.player]
    hint = analysis if isinstance(analysis, Hint) else None
    # playtest of issue 59 (three lines of -0.19 and nothing else): equal estimates said so
    alike = (not hint and len(analysis.moves) > 1 and len({estimate_text(s.estimate) for s in analysis.moves}) == 1)
    lines = wrap(f"hint: the search's best moves for {who}, best first, each with its estimate "
                 f"of the result ({SCALE})" + ("; it rates them alike, so choose by their notes and why:"
                                              if alike else ":"), width, 0, 6)
    lead = _lead(game, hint) if hint else ""
    lines += wrap(f"  {lead}", width, 0, 4) if lead else []
    for i, suggestion in enumerate(analysis.moves):
        joined = one_line(game, suggestion)
        lines.append(f"  {joined or game.format_action(suggestion.action)}  ({estimate_text(suggestion.estimate)})")
        for step in () if joined else suggestion.then:
            lines += wrap(f"{PLAN_WORD} {step}", width, 6, 11)
        note = game.describe_action(suggestion.action)
        lines += wrap(f"({note})", width, 6, 7) if note else []
        if hint:
            lines += wrap(f"why: {_reason(game, hint, i)}", width, 6, 11)
        elif reason := plan_reason(game, suggestion):
            lines += wrap(f"why: {reason}", width, 6, 11)
    return lines


def plan_reason(game: Game[Any], suggestion: Suggestion) -> str:
    """For a game that gives no reasons of its own (Battle of Tanks; playtest of issue 59:
    "all three suggestions read -0.19 with nothing else"), what the plan's steps would do,
    each as the game's own move notes say it, judged on a copy where the move and the steps
    before it are played (the other side letting a moment pass, ``pass``/``end``):
    ``to 39.1,41.6: toward tiger#1 (85 -> 70 cm); in cover from is2#1 (light)``; ``""``
    where there is no plan or a step cannot be judged so."""
    if not suggestion.then:
        return ""
    player = game.to_move()
    trial = game.clone()
    parts: list[str] = []
    try:
        trial.apply(suggestion.action)
        for step in suggestion.then:
            while trial.outcome() is None and trial.to_move() != player:
                ends = [a for a in trial.legal_actions()
                        if trial.format_action(a) in getattr(trial, "end_words", ("end", "pass"))]
                if not ends:
                    return "; then ".join(parts)
                trial.apply(ends[0])
            action = trial.parse_action(step)
            if trial.outcome() is not None or trial.check(action) is not None:
                break
            note = trial.describe_action(action)
            if note:
                parts.append(f"{step}: {note}")
            trial.apply(action)
    except TanktableError:
        pass  # a step the copy cannot read: what was judged so far
    return "; then ".join(parts)
