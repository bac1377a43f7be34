"""One run of ``tanktable check``: every check on one ruleset, as a list of tallies.

The run plays ``settings.games`` games between random seats (no exception,
legal and readable actions, the time per decision), then plays each again
from the same seed and actions (determinism), and a third time stopping at
``settings.samples`` states to check clones, positions and secrets there;
each game's record is replayed with verification. Then the liveness games
between computer seats.

No check passes on nothing: one that had no case to look at is *skipped*
with the reason, and a run in which no game could be built fails as a whole
(:attr:`Run.error`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from cli.check.differential import Differential, sent_to
from cli.check.games import (
    CheckSettings,
    Played,
    crash_text,
    fingerprint,
    new_game,
    play_random,
    step_text,
)
from cli.check.liveness import run_liveness
from cli.check.protocol import (
    check_clone,
    check_position,
    check_record,
    check_search,
    has_positions,
    hint_is_empty,
)
from cli.check.report import Tally
from core.game import Game, Ruleset

RANDOM = "no exception in random play"
DETERMINISM = "determinism by seed"
CLONES = "clone independence"
SEARCH = "search copies and hint"
RECORDS = "record, replay --verify"
POSITIONS = "position round trip"
SECRETS = "secrets differential"
LIVENESS = "liveness (declared bound)"
TIMING = "time per decision"
SHORT = 4
"""A game of at most this many times ``samples`` states is checked at every state."""
CHECKS = (RANDOM, DETERMINISM, CLONES, SEARCH, RECORDS, POSITIONS, SECRETS, LIVENESS, TIMING)


@contextmanager
def timed(tally: Tally) -> Iterator[None]:
    began = time.perf_counter()
    try:
        yield
    finally:
        tally.seconds += time.perf_counter() - began


def samples_of(length: int, samples: int) -> set[int]:
    """``samples`` states spread evenly over a game of ``length`` decisions, the first
    and the last included (state ``k`` is the one after ``k`` decisions); every
    state of a short game (a few times ``samples``), where a secret may live for
    one decision only."""
    if length + 1 <= SHORT * samples:
        return set(range(length + 1))
    if samples <= 1:
        return {0}
    return {round(i * length / (samples - 1)) for i in range(samples)}


class Run:
    """The tallies of one run and the work that fills them."""

    def __init__(self, ruleset: Ruleset, settings: CheckSettings):
        self.ruleset = ruleset
        self.settings = settings
        self.tallies = {name: Tally(name) for name in CHECKS}
        self.secrets = Differential(ruleset, self.tallies[SECRETS])
        self.positions: bool | None = None
        self.hidden: bool | None = None
        """The built games' GameType.hidden_information, as declared (None: no game built)."""
        self.built = 0
        self.error: str | None = None
        """Why the run failed as a whole: no game could be built."""
        self.build_problem: str | None = None
        self.times: list[float] = []
        self.thinking: dict[str, list[float]] = {}
        self.random_lengths: list[int] = []
        self.tallied: list[Tally] = []

    def __getitem__(self, name: str) -> Tally:
        return self.tallies[name]

    # ------------------------------------------------------------ random games
    def random_game(self, index: int) -> None:
        with timed(self[RANDOM]):
            played = play_random(self.ruleset, self.settings, index)
        self[RANDOM].cases += 1
        self.times += played.times
        self.random_lengths.append(len(played.actions))
        if played.built:
            self.built += 1
        elif self.build_problem is None:
            self.build_problem = f"{played.start.name()}, {played.crash}"
        if played.crash:
            self[RANDOM].fail(f"{played.start.name()}, {played.crash}")
        elif not played.finished:
            self[LIVENESS].fail(f"{played.start.name()}, random/random: still running after "
                                f"{len(played.actions):,} decisions ({played.bound_note}, Game.max_decisions)")
        if not played.first:
            return  # the game could not even start: nothing more to check on it
        with timed(self[DETERMINISM]):
            same = self.replay_plainly(played)
        self.replay_with_samples(played, same)

    def replay_plainly(self, played: Played) -> bool:
        """The same seed and actions give the same game, decision by decision."""
        tally = self[DETERMINISM]
        tally.cases += 1
        name = played.start.name()
        try:
            game = new_game(self.ruleset, self.settings, played.start)
            if fingerprint(game) != played.first:
                tally.fail(f"{name}: two games from the same seed differ at the start")
                return False
            for k, action in enumerate(played.actions):
                if step_text(game.apply(action)) != played.steps[k]:
                    tally.fail(f"{name}: decision {k + 1} gave other events from the same seed and actions")
                    return False
            if played.last and fingerprint(game) != played.last:  # (no end after a crash)
                tally.fail(f"{name}: the same seed and actions end in another state")
                return False
        except Exception as exc:  # noqa: BLE001
            tally.fail(f"{name}: {crash_text(exc)}")
            return False
        return True

    def replay_with_samples(self, played: Played, deterministic: bool) -> None:
        """Play the game a third time, checking clones, positions and secrets at the
        sampled states, then its record."""
        from core.record import make_header

        name = played.start.name()
        seed = played.start.seed
        try:
            game = new_game(self.ruleset, self.settings, played.start)
            header = make_header(self.ruleset, played.start.scenario, seed)
        except Exception as exc:  # noqa: BLE001 - play_random reported it
            self[CLONES].fail(f"{name}: {crash_text(exc)}")
            return
        if self.positions is None:
            self.positions = has_positions(game)
            self.hidden = game.game_type.hidden_information
        public: list[str | None] = []
        sampled = samples_of(len(played.actions), self.settings.samples)
        for k in range(len(played.actions) + 1):
            where = f"{name} after {k} decision{'' if k == 1 else 's'}"
            if k in sampled and game.outcome() is None:
                self.sample(game, header, public, where, seed + k)
            if k == len(played.actions):
                break
            action = played.actions[k]
            if k in sampled and self.hidden:
                with timed(self[SECRETS]):
                    self.secrets.check_step(game, action, where, seed + k)
            try:
                public.append(game.public_action_text(action))
                events = game.apply(action)
            except Exception as exc:  # noqa: BLE001
                self[CLONES].fail(f"{name}, decision {k + 1} after the checks on copies: {crash_text(exc)}")
                return
            if deterministic and step_text(events) != played.steps[k]:
                self[CLONES].fail(f"{name}: after the checks on copies, decision {k + 1} gave other "
                                  "events: a copy shares state with its game (its dice?)")
                return
        with timed(self[RECORDS]):
            check_record(self.ruleset, game, played.start, self[RECORDS])

    def sample(self, game: Game[Any], header: Any, public: list[str | None], where: str, seed: int) -> None:
        with timed(self[CLONES]):
            check_clone(game, self[CLONES], where, seed, bool(self.positions))
        with timed(self[SEARCH]):
            check_search(game, self[SEARCH], where, seed)
        if self.positions:
            with timed(self[POSITIONS]):
                check_position(self.ruleset, game, self[POSITIONS], where, seed)
        with timed(self[RANDOM]):
            sent = self.presentation(game, header, public, where, seed)
        self.hint_given(game, sent, where)
        if self.hidden:
            with timed(self[SECRETS]):
                self.secrets.check(game, header, public, where, seed, sent)

    def presentation(self, game: Game[Any], header: Any, public: list[str | None], where: str,
                     seed: int) -> dict[int, dict[str, Any]]:
        """Everything each player and a spectator (-1) are sent (boards, SVG, notes, board
        aids, the hint) is built without an exception; what was built, by viewer."""
        sent: dict[int, dict[str, Any]] = {}
        for viewer in (*range(len(game.players)), -1):
            try:
                sent[viewer] = sent_to(game, self.ruleset, header, public, viewer, seed)
            except Exception as exc:  # noqa: BLE001
                who = game.players[viewer] if viewer >= 0 else "a spectator"
                self[RANDOM].fail(f"{where}, building what {who} is sent: {crash_text(exc)}")
        return sent

    def hint_given(self, game: Game[Any], sent: dict[int, dict[str, Any]], where: str) -> None:
        """The hint names a move wherever the player to move has one (issue 60.6: a
        hint emptied by the search's copies passed unnoticed)."""
        hint = sent.get(game.to_move(), {}).get("hint") if game.outcome() is None else None
        if not isinstance(hint, str) or not hint_is_empty(hint):
            return
        legal = len(game.legal_actions())
        if legal:
            name = game.players[game.to_move()]
            self[SEARCH].fail(f"{where}: the hint for {name} names no move though {name} has {legal} "
                              "legal: the search found none of them on its copies (Game.determinize)")

    # ------------------------------------------------------------- the rest
    def finish(self) -> list[Tally]:
        settings = self.settings
        with timed(self[LIVENESS]):
            run_liveness(self.ruleset, settings, self[LIVENESS], self.thinking)
        self.secrets.finish(self.hidden)
        games = self.built
        self[RANDOM].note = (f"{games} games, {sum(self.random_lengths):,} decisions"
                             + (f" (longest {max(self.random_lengths):,})" if games else ""))
        self[DETERMINISM].note = f"{self[DETERMINISM].cases} games replayed"
        self[CLONES].note = f"{self[CLONES].cases} states"
        self[SEARCH].note = f"{self[SEARCH].cases} states"
        self[RECORDS].note = f"{self[RECORDS].cases} records"
        if self.positions is False:
            self[POSITIONS].skip("no position documents (Game.position refuses)")
        else:
            self[POSITIONS].note = f"{self[POSITIONS].cases} states"
        self.timing()
        if not self.built:
            self.error = (f"no game could be built, so nothing was checked ({self.build_problem})"
                          if self.build_problem else "no game could be built, so nothing was checked")
            for tally in self.tallies.values():
                if tally.name != RANDOM and not tally.failed:
                    tally.skip("no game could be built")
        if not self[LIVENESS].cases and self.built:
            self[LIVENESS].cases = self.built  # --seat-games 0: the random games met the bound
        for tally in self.tallies.values():
            if not tally.cases and not tally.failed and not tally.skipped:
                tally.skip(f"nothing to check ({tally.note})" if tally.note else "nothing to check")
        return [self.tallies[name] for name in CHECKS]

    def timing(self) -> None:
        tally = self[TIMING]
        tally.cases = len(self.times)
        if not self.times:
            tally.note = "no decision played"
            return
        slowest = max(self.times)
        mean = sum(self.times) / len(self.times)
        seats = ", ".join(f"{kind} {sum(t) / len(t) * 1000:.0f} ms" for kind, t in sorted(self.thinking.items()) if t)
        tally.note = (f"rules: mean {mean * 1000:.2f} ms, slowest {slowest * 1000:.0f} ms a decision"
                      + (f"; seats think: {seats}" if seats else ""))
        if slowest > self.settings.slow_decision:
            tally.fail(f"a decision (its legal actions and apply) took {slowest:.2f} s, over the limit of "
                       f"{self.settings.slow_decision:g} s (--slow-decision)")


def run(ruleset: Ruleset, settings: CheckSettings, progress: Callable[[str], None] | None = None) -> Run:
    """Every check of ``ruleset`` under ``settings``: the run, finished (its tallies in
    table order from :meth:`Run.finish`, its :attr:`Run.error` if it failed as a whole)."""
    done = Run(ruleset, settings)
    for index in range(settings.games):
        if progress is not None:
            progress(f"random game {index + 1} of {settings.games}")
        done.random_game(index)
    if progress is not None:
        progress("games between computer seats")
    done.tallied = done.finish()
    return done


def run_checks(ruleset: Ruleset, settings: CheckSettings,
               progress: Callable[[str], None] | None = None) -> list[Tally]:
    """Every check of ``ruleset`` under ``settings``; the tallies in table order."""
    return run(ruleset, settings, progress).tallied
