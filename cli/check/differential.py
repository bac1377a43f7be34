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

At play time the same comparison guards every outlet (:mod:`core.secrecy`) and
refuses the first part that differs; here the outlets are built without that
gate so that the report names every part that differs, in every state of a run.
"""

from __future__ import annotations

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


class Differential:
    """The secrets differential over the states of a run (one per ruleset)."""

    def __init__(self, ruleset: Ruleset, tally: Tally):
        self.ruleset = ruleset
        self.tally = tally
        self.variants = 0
        """Variants made (a player had something hidden from him)."""
        self.changed = 0
        """Variants whose omniscient view differs from their game (a secret was redrawn)."""

    def check(self, game: Game[Any], header: RecordFile, public: list[str | None], where: str,
              seed: int) -> None:
        """Every player, and a spectator, against a variant of ``game`` for each player."""
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
                    ours = sent_to(game, self.ruleset, header, public, viewer, seed)
                    other = sent_to(variant, self.ruleset, header, theirs, viewer, seed)
                    parts = differing(ours, other)
                    if parts:
                        who = game.players[viewer] if viewer >= 0 else "a spectator"
                        self.tally.fail(f"{where}: {who} is sent other bytes when only what "
                                        f"{game.players[player]} may not see changes: {', '.join(parts)}")
            except Exception as exc:  # noqa: BLE001
                self.tally.fail(f"{where}: {crash_text(exc)}")

    def finish(self, hidden: bool) -> None:
        """Say what was compared; a hidden-information ruleset that gave no variant,
        or only variants equal to their game, checked nothing and fails."""
        if not hidden:
            self.tally.note = "no hidden information (GameType)"
            return
        if self.variants == 0:
            self.tally.fail("the ruleset declares hidden information but Game.hidden_variant gave no "
                            "variant: the secrets cannot be checked (docs/writing-a-ruleset.md)")
        elif self.changed == 0:
            self.tally.fail(f"none of the {self.variants} variants differs from its game: "
                            "hidden_variant must draw what the player may not see afresh")
        self.tally.note = f"{self.variants} variants, {self.changed} with other secrets"
