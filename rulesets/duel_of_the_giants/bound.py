"""The most decisions a game of Duel of the Giants can take (issue 27.2).

Nothing in the sequence of play (DG-8) can be decided again and again without
progress: every decision spends something that is finite within its step, and
every step ends. Counted per step, with the components of the scenario times
the board copies (DG-2, DG-22): ``T`` Tigers, ``W`` wheel markers (so at most
``W`` T-34s and ``W`` orientations after recon, DG-10.6), ``M`` tank markers,
``A`` ATG markers, ``N`` mine markers, ``F`` front elements, ``L`` landscape
tiles, ``R`` tire markers, ``P`` players (each may say ``end`` once in a step
of his side):

* set-up S1-S4 (``setup: manual``): one decision per piece placed,
  ``L + F + M + T + A + N + 1`` (the airfield), plus ``4P`` ends;
* opening O1-O4: ``m`` marker moves (``markers.moves_per_phase``), recon of
  at most ``M`` markers, ``W`` activations, ``W`` orientations, ``2A`` T-34
  recons of ATG markers, plus ``4P`` ends;
* one round, phases A-D:
  - A1 ``R`` hauls and ``R`` tire markers; A2 each ATG marker turned once and
    activated once, ``2A`` (DG-8.2); A3 ``M`` recons and ``W`` orientations;
    A4 per Tiger at most ``tiger.stack_limit + 2`` decisions (the cards of its
    stack, a turret card, the end of the program);
  - B1 ``m`` marker moves and ``W`` orientations after forced reveals; B2 ``W``
    activations, ``W`` orientations, ``A`` recons; B3 per T-34 at most ``ma``
    moves (``weapons.t34.movement``; a dash replaces them), ``A`` recons, and
    one turret setting before its first action and after each other one
    (DG-15.6): ``2(ma + A) + 1``, for at most ``W`` T-34s;
  - C1 ``T`` executions; C2 ``M`` recons and ``W`` orientations;
  - D1 ``A`` activations; D2 one declaration per unit and combat stage,
    ``10(T + A + W)`` (DG-17.4, ten stages); D4 the launch, the Stuka's actions
    of one flight phase, its attack, ``M`` recons, ``W`` orientations, the landing;
  - and in each of the thirteen steps a player may end, ``P`` ends each;
* rounds: at most ``end.max_rounds`` or ``end.round_cap`` (the smaller); the
  rules alone let a side wait for ever (DG-AMB-39), so without either there is
  no bound (``None``).

The count is generous (a round never uses every term at once); it is a bound,
not an estimate. The standard game with two players: 129 for set-up and
opening, 506 a round, 101,329 in all with the default cap of 200 rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesets.duel_of_the_giants.setup import copies_per_side, tiles_per_side

if TYPE_CHECKING:
    from rulesets.duel_of_the_giants.settings import Config

ROUND_STEPS_WITH_END = 13
"""Steps of a round in which a player may say ``end`` (A1b, A2, A3, B1-B3, C2, D1, D4, ...)."""


def per_round(cfg: Config, players: int) -> int:
    """The most decisions one round (phases A to D) can take."""
    c = _counts(cfg)
    t, w, m, a = c["T"], c["W"], c["M"], c["A"]
    r, mp = cfg.rules.atg.tire_markers * c["k"], cfg.rules.markers.moves_per_phase
    mv = cfg.weapons.t34.movement
    ma = max(mv.summer, mv.winter) if mv is not None else 0
    stuka = cfg.weapons.stuka.actions_per_flight_phase
    phase_a = 2 * r + 2 * a + (m + w) + t * (cfg.rules.tiger.stack_limit + 2)
    phase_b = (mp + w) + (2 * w + a) + w * (2 * (ma + a) + 1)
    phase_c = t + (m + w)
    phase_d = a + 10 * (t + a + w) + (1 + stuka + 1 + m + w + 1)
    return phase_a + phase_b + phase_c + phase_d + ROUND_STEPS_WITH_END * players


def before_rounds(cfg: Config, players: int) -> int:
    """The most decisions of set-up (all four steps by hand) and the opening phase."""
    c = _counts(cfg)
    t, w, m, a = c["T"], c["W"], c["M"], c["A"]
    setup = c["L"] + c["F"] + m + t + a + c["N"] + 1
    opening = cfg.rules.markers.moves_per_phase + m + 2 * w + 2 * a
    return setup + opening + 8 * players


def max_decisions(cfg: Config, players: int) -> int | None:
    """The bound of the module docstring; ``None`` when no round limit is set."""
    limits = [x for x in (cfg.rules.end.max_rounds, cfg.rules.end.round_cap) if x is not None]
    if not limits:
        return None
    return before_rounds(cfg, players) + min(limits) * per_round(cfg, players)


def _counts(cfg: Config) -> dict[str, int]:
    comp = cfg.scenario.components
    k = copies_per_side(cfg)
    return {
        "k": k,
        "T": comp.tigers * k,
        "W": comp.tank_markers.get("wheel", 0) * k,
        "M": sum(comp.tank_markers.values()) * k,
        "A": sum(comp.atg_markers.values()) * k,
        "N": sum(comp.mine_markers.values()) * k,
        "F": comp.front_elements * k,
        "L": 2 * sum(tiles_per_side(cfg).values()),  # per side, copies included
    }
