"""The secrets differential: a player is sent the same bytes from two games that
differ only in what that player may not see.

The other game is the ruleset's own :meth:`~core.game.Game.hidden_variant`:
the same game for all the player can tell, the other sides' secrets drawn
afresh. What a player is sent is built by the code that sends it, not by a
copy of it here: the browser's seat state (:func:`cli.serve.seatview.seat_state`:
the view, the text and SVG boards, the log with its events and the moves as
that player reads them, the legal moves with their notes and board aids), the
terminal's boards and one-line summaries of each decision's events, the
hint (:func:`cli.serve.seatview.hint_text`) and the evaluation bar's estimate
(:func:`cli.serve.evaluation.estimate_of`). A spectator, who sees only what
is public, is compared too. Any difference is a secret that reached the player.

The log keeps every past step, so a step must also read the same to a player
whichever secrets lie behind it, whatever the style of the variant (one that
keeps the history compares the log of the past as it is):
:meth:`Differential.check_step` plays the next step on the game and on its
variant, and the mover's hidden choice against other choices of his, and
wherever the two games after the step still differ but look the same to a
player, that player must have read the step -- its move text and its events --
the same way.

At play time the same comparison guards every outlet (:mod:`core.secrecy`) and
refuses the first part that differs; here the outlets are built without that
gate so that the report names every part that differs, in every state of a run.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cli.check.games import crash_text
from cli.check.report import Tally
from core.game import Game, Ruleset
from core.record import RecordFile
from core.secrecy import differing, public_moves_of
from core.streams import decision_seed


def sent_to(game: Game[Any], ruleset: Ruleset, header: RecordFile, public: list[str | None],
            viewer: int, seed: int) -> dict[str, Any]:
    """Everything ``viewer`` (a player, or -1 for a spectator) is sent now, by part."""
    from cli.serve.evaluation import estimate_of
    from cli.serve.seatview import hint_text, raw_seat_state
    from cli.serve.tables import HUMAN, SPECTATOR, Seat, Table

    table = Table(id="check", ruleset=ruleset, game=game, header=header,
                  kinds={p: HUMAN for p in range(len(game.players))}, path=Path("check.yaml"),
                  public_moves=list(public))
    seat = Seat(HUMAN, viewer) if viewer >= 0 else Seat(SPECTATOR)
    parts: dict[str, Any] = {f"browser {k}": v for k, v in raw_seat_state(table, seat).items()}
    if viewer < 0:
        return parts
    parts["terminal board"] = game.render(viewer)
    parts["terminal compact board"] = game.render_compact(viewer)
    parts["terminal event summaries"] = [game.summarize_events(game.events_for(viewer, s.events))
                                         for s in game.history]
    parts["evaluation bar"] = estimate_of(game.clone(), viewer, decision_seed(seed, "estimate", viewer,
                                                                             len(game.history)))
    if game.outcome() is None and game.to_move() == viewer:
        legal = game.legal_actions()
        notes = game.describe_actions(legal)
        parts["terminal move groups"] = [game.group_of(a, n) for a, n in zip(legal, notes, strict=True)]
        parts["hint"] = hint_text(game.clone(), decision_seed(seed, "hint", viewer, len(game.history)),
                                  gate=False)
    return parts


CHOICES = 3
"""Other choices of the mover a step is compared with (a seeded sample of his legal actions)."""


def _after(game: Game[Any], action: Any) -> tuple[Game[Any], Any, list[Any]]:
    """A copy of ``game`` after ``action``, the move text as everyone reads it (read
    before the move, as a table keeps it) and the step's events."""
    copy = game.clone()
    text = copy.public_action_text(action)
    return copy, text, copy.apply(action)


def _omniscient(game: Game[Any]) -> str:
    running = game.outcome() is None
    return json.dumps({"view": {k: v for k, v in game.view(None).items() if k != "moves"},
                       "board": game.render(None),
                       "to_move": game.to_move() if running else None}, sort_keys=True, default=str)


def _seen(game: Game[Any], player: int) -> str:
    return json.dumps({"view": game.view(player), "board": game.render(player)}, sort_keys=True, default=str)


def _reads_otherwise(ours: tuple[Game[Any], Any, list[Any]], theirs: tuple[Game[Any], Any, list[Any]],
                     player: int) -> str:
    """The parts of a step that ``player`` reads otherwise in two games after it that
    still differ but look the same to him; ``""`` when they do not (or when the two
    are the same game again, or look different to him: then the step showed him
    nothing his board does not, and the next state's differential judges the board)."""
    (a, a_text, a_events), (b, b_text, b_events) = ours, theirs
    if _omniscient(a) == _omniscient(b) or _seen(a, player) != _seen(b, player):
        return ""
    mover = a.history[-1].player
    parts = []
    if mover != player and a_text != b_text:
        parts.append(f"move text {a_text!r} / {b_text!r}")
    shown_a, shown_b = a.events_for(player, a_events), b.events_for(player, b_events)
    if [e.to_json() for e in shown_a] != [e.to_json() for e in shown_b]:
        parts.append("events " + " / ".join(repr("; ".join(e.text for e in shown)) for shown in (shown_a, shown_b)))
    return ", ".join(parts)


class Differential:
    """The secrets differential over the states of a run (one per ruleset)."""

    def __init__(self, ruleset: Ruleset, tally: Tally):
        self.ruleset = ruleset
        self.tally = tally
        self.variants = 0
        """Variants made (a player had something hidden from him)."""
        self.changed = 0
        """Variants whose omniscient view differs from their game (a secret was redrawn)."""
        self.steps = 0
        """Next steps compared between two games (see :meth:`check_step`)."""

    def check(self, game: Game[Any], header: RecordFile, public: list[str | None], where: str,
              seed: int, sent: dict[int, dict[str, Any]]) -> None:
        """Every player, and a spectator, against a variant of ``game`` for each player;
        ``sent`` is what each viewer is sent from ``game`` itself (-1: a spectator;
        a viewer whose parts could not be built is missing, reported already)."""
        from cli.check.games import fingerprint

        for player in range(len(game.players)):
            try:
                variant = game.hidden_variant(player, seed + player)
                if variant is None:
                    continue
                self.variants += 1
                self.tally.cases += 1
                if fingerprint(variant) != fingerprint(game):
                    self.changed += 1
                theirs = public_moves_of(game, variant, public)
                for viewer in (player, -1):
                    if viewer not in sent:
                        continue
                    ours = sent[viewer]
                    other = sent_to(variant, self.ruleset, header, theirs, viewer, seed)
                    parts = differing(ours, other)
                    if parts:
                        who = game.players[viewer] if viewer >= 0 else "a spectator"
                        self.tally.fail(f"{where}: {who} is sent other bytes when only what "
                                        f"{game.players[player]} may not see changes: {', '.join(parts)}")
            except Exception as exc:  # noqa: BLE001
                self.tally.fail(f"{where}: {crash_text(exc)}")

    def check_step(self, game: Game[Any], action: Any, where: str, seed: int) -> None:
        """The step ``action`` reads the same to each player whichever secrets lie behind
        it: played on ``game`` and on the player's variant (secrets already hidden), and
        for another player, ``action`` against up to :data:`CHOICES` other choices of
        the mover (the secret is the choice itself). Wherever the two games after the
        step still differ but look the same to the player (his view and board), the
        step's move text and events as he reads them must be the same: the log shows
        them to him for the rest of the game."""
        if game.outcome() is not None:
            return
        mover = game.to_move()
        rng = random.Random(seed)
        try:
            mine = _after(game, action)
            others = [a for a in game.legal_actions() if a != action]
            choices = rng.sample(others, min(CHOICES, len(others)))
            for player, name in enumerate(game.players):
                variant = game.hidden_variant(player, seed + player)
                if variant is not None and variant.check(action) is None:
                    self.steps += 1
                    parts = _reads_otherwise(mine, _after(variant, action), player)
                    if parts:
                        self.tally.fail(
                            f"{where}: {name} reads the next decision ({game.players[mover]}'s "
                            f"{game.format_action(action)}) otherwise when only what {name} may not see "
                            f"changes (hidden_variant), though {name}'s board after it is the same: "
                            f"{parts} (the log keeps them: {name} would read the secret in past events)")
                if player == mover:
                    continue
                for other in choices:
                    self.steps += 1
                    parts = _reads_otherwise(mine, _after(game, other), player)
                    if parts:
                        self.tally.fail(
                            f"{where}: {name} reads {game.players[mover]}'s {game.format_action(action)!r} "
                            f"otherwise than {game.format_action(other)!r}, though the two leave {name} the "
                            f"same board and differ only in what {name} may not see: {parts} (the log keeps "
                            f"them: {name} would read the secret in past events and move texts)")
        except Exception as exc:  # noqa: BLE001
            self.tally.fail(f"{where}, the next decision played on copies: {crash_text(exc)}")

    def finish(self, hidden: bool | None) -> None:
        """Say what was compared; a hidden-information ruleset that gave no variant,
        or only variants equal to their game, checked nothing and fails; a run that
        built no game cannot know its GameType, and skips."""
        if hidden is None:
            self.tally.skip("no game could be built, so its GameType is unknown")
            return
        if not hidden:
            self.tally.skip("no hidden information (the game's GameType declares none)")
            return
        if self.variants == 0:
            self.tally.fail("the ruleset declares hidden information but Game.hidden_variant gave no "
                            "variant: the secrets cannot be checked (docs/writing-a-ruleset.md)")
        elif self.changed == 0:
            self.tally.fail(f"none of the {self.variants} variants differs from its game: "
                            "hidden_variant must draw what the player may not see afresh")
        self.tally.note = (f"{self.variants} variants, {self.changed} with other secrets; "
                           f"{self.steps} steps read both ways")
