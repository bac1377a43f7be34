"""Small games for testing the computer players without any shipped ruleset.

* :class:`TicTacToe` -- perfect information, solvable: the search must take
  wins and block losses.
* :class:`HighCard` -- hidden hands dealt from the dice: the search must not
  depend on the opponent's actual cards.
* :class:`Race` -- three players add 1 or 2 to a counter, whoever reaches
  the target exactly wins: the search must work for more than two players.

Each has a picklable factory, so simulations can send it to worker processes.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.dice import Dice
from core.errors import NotationError
from core.game import Action, Event, Game, GameType, Illegal, Outcome, SearchProfile

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@dataclass(frozen=True)
class Mark(Action):
    square: int


class TicTacToe(Game[Mark]):
    ruleset_id = "tictactoe"
    players = ("x", "o")

    def __init__(self, seed: int = 0):
        super().__init__(Dice(seed), "classic")
        self.board: list[int | None] = [None] * 9
        self.player = 0

    def to_move(self) -> int:
        return self.player

    def decision(self) -> str:
        return "mark a square"

    def legal_actions(self) -> list[Mark]:
        return [Mark(i) for i, v in enumerate(self.board) if v is None]

    def _check(self, action: Mark) -> Illegal | None:
        if not 0 <= action.square < 9 or self.board[action.square] is not None:
            return Illegal("TTT-1", f"square {action.square} is not free")
        return None

    def _apply(self, action: Mark) -> list[Event]:
        self.board[action.square] = self.player
        self.player = 1 - self.player
        return [Event("mark", f"{self.players[1 - self.player]} marks {action.square}")]

    def _outcome(self) -> Outcome | None:
        for a, b, c in LINES:
            v = self.board[a]
            if v is not None and v == self.board[b] == self.board[c]:
                return Outcome((v,), "three in a row")
        if all(v is not None for v in self.board):
            return Outcome((), "board full")
        return None

    def format_action(self, action: Mark) -> str:
        return str(action.square)

    def parse_action(self, text: str) -> Mark:
        if not text.strip().isdigit():
            raise NotationError("a square 0-8")
        return Mark(int(text))

    def render(self, player: int | None = None, color: bool = False) -> str:
        cells = ["." if v is None else "xo"[v] for v in self.board]
        return "\n".join("".join(cells[r * 3:r * 3 + 3]) for r in range(3))

    def clone(self) -> TicTacToe:
        other = copy.copy(self)
        other.board = list(self.board)
        other.history = list(self.history)
        other.dice = copy.deepcopy(self.dice)
        return other

    @classmethod
    def from_text(cls, text: str) -> TicTacToe:
        """A position from 9 characters x/o/. ; the side to move follows from the counts."""
        game = cls()
        cells = text.replace("\n", "").replace(" ", "")
        game.board = [None if c == "." else "xo".index(c) for c in cells]
        game.player = 0 if cells.count("x") == cells.count("o") else 1
        return game


@dataclass(frozen=True)
class Play(Action):
    card: int


class HighCard(Game[Play]):
    """Each player is dealt ``hand`` distinct cards from 1..``deck``, hidden.

    Players alternate playing one card face up, the first player of a trick
    alternating; the higher card takes the trick. Most tricks wins.
    """

    ruleset_id = "highcard"
    players = ("north", "south")
    game_type = GameType(hidden_information=True)

    def __init__(self, seed: int = 0, deck: int = 9, hand: int = 3):
        super().__init__(Dice(seed), "deal")
        cards = list(range(1, deck + 1))
        self.deck = deck
        self.hands: list[list[int]] = [[], []]
        for p in (0, 1):
            for _ in range(hand):
                self.hands[p].append(cards.pop(self.dice.draw_index(len(cards), "deal")))
            self.hands[p].sort()
        self.table: list[tuple[int, int]] = []  # (player, card) of the current trick
        self.played: list[int] = []
        self.tricks = [0, 0]
        self.leader = 0

    def to_move(self) -> int:
        return self.leader if not self.table else 1 - self.leader

    def decision(self) -> str:
        return "play a card"

    def legal_actions(self) -> list[Play]:
        return [Play(c) for c in self.hands[self.to_move()]]

    def _check(self, action: Play) -> Illegal | None:
        if action.card not in self.hands[self.to_move()]:
            return Illegal("HC-1", f"you do not hold {action.card}")
        return None

    def _apply(self, action: Play) -> list[Event]:
        p = self.to_move()
        self.hands[p].remove(action.card)
        self.table.append((p, action.card))
        self.played.append(action.card)
        if len(self.table) == 2:
            winner = max(self.table, key=lambda pc: pc[1])[0]
            self.tricks[winner] += 1
            self.table = []
            self.leader = 1 - self.leader
        return [Event("play", f"{self.players[p]} plays {action.card}")]

    def _outcome(self) -> Outcome | None:
        if self.hands[0] or self.hands[1]:
            return None
        if self.tricks[0] == self.tricks[1]:
            return Outcome((), "tie")
        return Outcome((0 if self.tricks[0] > self.tricks[1] else 1,), "most tricks")

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        return (self.tricks[player] - self.tricks[1 - player]) / 3

    def view(self, player: int | None) -> dict[str, Any]:
        seen = super().view(player)
        seen["table"] = list(self.table)
        seen["played"] = list(self.played)
        seen["tricks"] = list(self.tricks)
        seen["hand"] = list(self.hands[player]) if player is not None else None
        seen["other_hand_size"] = len(self.hands[1 - player]) if player is not None else None
        return seen

    def determinize(self, player: int, seed: int) -> HighCard:
        """Keep ``player``'s hand; deal the other hand again from the unseen cards."""
        other = self.clone()
        assert isinstance(other, HighCard)
        unseen = [c for c in range(1, self.deck + 1)
                  if c not in self.hands[player] and c not in self.played]
        import random

        rng = random.Random(seed)
        rng.shuffle(unseen)
        size = len(self.hands[1 - player])
        other.hands[1 - player] = sorted(unseen[:size])
        return other

    def format_action(self, action: Play) -> str:
        return str(action.card)

    def parse_action(self, text: str) -> Play:
        if not text.strip().isdigit():
            raise NotationError("a card number")
        return Play(int(text))

    def render(self, player: int | None = None, color: bool = False) -> str:
        return f"hands {self.hands if player is None else self.hands[player]} tricks {self.tricks}"


@dataclass(frozen=True)
class Add(Action):
    amount: int


class Race(Game[Add]):
    """Three players add 1 or 2 in turn; whoever reaches ``target`` exactly wins."""

    ruleset_id = "race"
    players = ("a", "b", "c")

    def __init__(self, seed: int = 0, target: int = 10, start: int = 0):
        super().__init__(Dice(seed), "race")
        self.total = start
        self.target = target
        self.player = 0
        self.last = -1

    def to_move(self) -> int:
        return self.player

    def decision(self) -> str:
        return "add 1 or 2"

    def legal_actions(self) -> list[Add]:
        return [Add(n) for n in (1, 2) if self.total + n <= self.target]

    def _check(self, action: Add) -> Illegal | None:
        if action.amount not in (1, 2) or self.total + action.amount > self.target:
            return Illegal("RACE-1", "add 1 or 2 without passing the target")
        return None

    def _apply(self, action: Add) -> list[Event]:
        self.total += action.amount
        self.last = self.player
        self.player = (self.player + 1) % 3
        return [Event("add", f"total {self.total}")]

    def _outcome(self) -> Outcome | None:
        if self.total >= self.target:
            return Outcome((self.last,), "reached the target")
        return None

    def format_action(self, action: Add) -> str:
        return str(action.amount)

    def parse_action(self, text: str) -> Add:
        return Add(int(text))

    def render(self, player: int | None = None, color: bool = False) -> str:
        return f"total {self.total}/{self.target}"


@dataclass(frozen=True)
class TicTacToeGames:
    def __call__(self, seed: int) -> TicTacToe:
        return TicTacToe(seed)


@dataclass(frozen=True)
class HighCardGames:
    def __call__(self, seed: int) -> HighCard:
        return HighCard(seed)


@dataclass(frozen=True)
class PigGames:
    target: int = 20

    def __call__(self, seed: int) -> Game[Any]:
        from tests.toy import PigGame

        return PigGame(seed, self.target)


@dataclass(frozen=True)
class SlowPigGames:
    """Pig games to 30 whose every move takes 0.2 s: a pooled run long enough for
    Ctrl-C to come in the middle of it (issue 61.2)."""

    def __call__(self, seed: int) -> Game[Any]:
        import time

        from tests.toy import PigGame

        game = PigGame(seed, 30)
        apply = game.apply

        def slow(action: Any) -> Any:
            time.sleep(0.2)
            return apply(action)

        game.apply = slow  # type: ignore[method-assign]
        return game


@dataclass(frozen=True)
class Choice(Action):
    name: str


class ChoiceGame(Game[Choice]):
    """Two players take turns naming a choice from ``legal_actions``; the moves so far
    are the state. The games below say which choices there are and what they are worth."""

    rule = "CHOICE-1"
    """The rule an illegal choice cites."""

    def __init__(self, seed: int, scenario: str):
        super().__init__(Dice(seed), scenario)
        self.moves: list[str] = []

    def to_move(self) -> int:
        return len(self.moves) % 2

    def decision(self) -> str:
        return "choose"

    def _check(self, action: Choice) -> Illegal | None:
        return None if action in self.legal_actions() else Illegal(self.rule, "not now")

    def _apply(self, action: Choice) -> list[Event]:
        self.moves.append(action.name)
        return [Event("choice", action.name)]

    def format_action(self, action: Choice) -> str:
        return action.name

    def parse_action(self, text: str) -> Choice:
        return Choice(text)

    def render(self, player: int | None = None, color: bool = False) -> str:
        return " ".join(self.moves)


class Trap(ChoiceGame):
    """Player 0 takes a safe draw or a bait; after the bait, 1 of ``replies`` replies wins
    for player 1 and every other one loses. Random replies make the bait look good;
    the evaluation (like tank chess's) knows that the side to move can win at once."""

    ruleset_id = "trap"
    rule = "TRAP-1"
    players = ("first", "second")

    def __init__(self, seed: int = 0, replies: int = 20):
        super().__init__(seed, "trap")
        self.replies = replies

    def legal_actions(self) -> list[Choice]:
        if not self.moves:
            return [Choice("safe"), Choice("bait")]
        if self.moves == ["safe"]:
            return [Choice("pass")]
        return [Choice("punish")] + [Choice(f"blunder{i}") for i in range(self.replies - 1)]

    def _outcome(self) -> Outcome | None:
        if len(self.moves) < 2:
            return None
        if self.moves[1] == "pass":
            return Outcome((), "safe draw")
        return Outcome((1,) if self.moves[1] == "punish" else (0,), "after the bait")

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        if self.moves == ["bait"]:  # the side to move wins at once
            return 0.95 if player == 1 else -0.95
        return 0.0


class Duel(Game[Add]):
    """Two players each pick a number below ``width``; the sum decides.

    Player 1 wins if ``(a + b) % 5 == 0``, so he can answer any first pick;
    the evaluation prefers bigger first picks. A wide, shallow tree for
    testing how the search shares its budget among many root actions.
    """

    ruleset_id = "duel"
    players = ("first", "second")

    def __init__(self, seed: int = 0, width: int = 30):
        super().__init__(Dice(seed), "duel")
        self.width = width
        self.picks: list[int] = []

    def to_move(self) -> int:
        return len(self.picks) % 2

    def decision(self) -> str:
        return "pick"

    def legal_actions(self) -> list[Add]:
        return [Add(n) for n in range(self.width)] if len(self.picks) < 2 else []

    def _check(self, action: Add) -> Illegal | None:
        return None if 0 <= action.amount < self.width else Illegal("DUEL-1", "out of range")

    def _apply(self, action: Add) -> list[Event]:
        self.picks.append(action.amount)
        return [Event("pick", str(action.amount))]

    def _outcome(self) -> Outcome | None:
        if len(self.picks) < 2:
            return None
        return Outcome((1,) if sum(self.picks) % 5 == 0 else (0,), "sum")

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        value = 0.01 * self.picks[0] if self.picks else 0.0  # bigger first picks look better
        return value if player == 0 else -value

    def format_action(self, action: Add) -> str:
        return str(action.amount)

    def parse_action(self, text: str) -> Add:
        return Add(int(text))

    def render(self, player: int | None = None, color: bool = False) -> str:
        return " ".join(map(str, self.picks))


class Nudge(ChoiceGame):
    """Player 0 rolls a die, then player 1 picks one of ``replies`` replies; reply ``i``
    is worth ``0.02 * i`` to player 1. Below the roll the search cannot keep one state per
    node, and values a few hundredths apart must still steer it (Battle of Tanks'
    opponent replies after a drawn order look like this)."""

    ruleset_id = "nudge"
    rule = "NUDGE-1"
    players = ("roller", "replier")
    search_profile = SearchProfile(rollout_depth=0)

    def __init__(self, seed: int = 0, replies: int = 10, scaled_chance: bool = False):
        super().__init__(seed, "nudge")
        self.replies = replies
        self.search_profile = SearchProfile(rollout_depth=0, scaled_chance=scaled_chance)  # type: ignore[misc]

    def legal_actions(self) -> list[Choice]:
        if not self.moves:
            return [Choice("roll")]
        return [Choice(f"r{i}") for i in range(self.replies)]

    def _apply(self, action: Choice) -> list[Event]:
        if action.name == "roll":
            self.dice.d6("nudge roll", "roller")
        return super()._apply(action)

    def _outcome(self) -> Outcome | None:
        return Outcome((), "replied") if len(self.moves) == 2 else None

    def evaluate(self, player: int) -> float:
        if len(self.moves) < 2:
            return 0.0
        worth = 0.02 * int(self.moves[1][1:])
        return worth if player == 1 else -worth


class Doomed(ChoiceGame):
    """Player 0 picks ``bold`` or ``meek``; both look good one ply deep, and player 1's
    reply ``quiet`` then leaves player 0 lost by the evaluation (an unanswerable
    threat, as tank chess's evaluation sees one), the bold line more clearly than
    the meek. Player 0's last move ``wait`` ends the game drawn. A search that checks
    replies (``search_profile.reply_check``) finds every first move refuted."""

    ruleset_id = "doomed"
    rule = "DOOMED-1"
    players = ("first", "second")
    search_profile = SearchProfile(rollout_depth=0, reply_check=2)
    AFTER = {("bold",): 0.5, ("meek",): 0.3, ("bold", "quiet"): -0.95, ("bold", "wild"): 0.6,
             ("meek", "quiet"): -0.88, ("meek", "wild"): 0.2}
    """The evaluation for player 0 of each line of play."""

    def __init__(self, seed: int = 0):
        super().__init__(seed, "doomed")

    def legal_actions(self) -> list[Choice]:
        names = (["bold", "meek"], ["quiet", "wild"], ["wait"], [])[len(self.moves)]
        return [Choice(n) for n in names]

    def _outcome(self) -> Outcome | None:
        return Outcome((), "waited") if len(self.moves) == 3 else None

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        value = self.AFTER.get(tuple(self.moves), 0.0)
        return value if player == 0 else -value


class Acknowledged(ChoiceGame):
    """Player 0's choices are worth ``_worth()`` to him (the evaluation, zero-sum), and
    the game ends when player 1 acknowledges them: the ``moves_to_end``-th move; player 0
    wins if they were worth more than nothing."""

    moves_to_end = 2

    def _worth(self) -> float:
        raise NotImplementedError

    def _outcome(self) -> Outcome | None:
        if len(self.moves) < self.moves_to_end:
            return None
        return Outcome((0,) if self._worth() > 0 else (1,), "acknowledged")

    def evaluate(self, player: int) -> float:
        outcome = self.outcome()
        if outcome is not None:
            return outcome.returns(2)[player]
        value = self._worth()
        return value if player == 0 else -value


class Orders(Acknowledged):
    """Player 0 gives an order, ``wide`` or ``narrow``, and then carries it out (a second
    decision of his own), then player 1 acknowledges. The order alone leaves the
    evaluation at 0. After ``wide`` there are ``targets`` ways to carry it out, one
    (``t{best}``) worth 0.6 to player 0 and the rest -0.3; after ``narrow``, two worth
    0.1. A Battle of Tanks order before its drive looks like this. ``follow_up`` is the
    width the game asks the search to seed (:meth:`~core.game.Game.search_follow_up`);
    the search priors rank the targets ``t0`` first, then ``t1``, and so on."""

    ruleset_id = "orders"
    rule = "ORDERS-1"
    players = ("commander", "other")
    search_profile = SearchProfile(rollout_depth=0)
    moves_to_end = 3

    def __init__(self, seed: int = 0, targets: int = 20, best: int = 7, follow_up: int = 25):
        super().__init__(seed, "orders")
        self.targets = targets
        self.best = best
        self.follow_up = follow_up

    def to_move(self) -> int:
        return 0 if len(self.moves) < 2 else 1

    def legal_actions(self) -> list[Choice]:
        if not self.moves:
            return [Choice("wide"), Choice("narrow")]
        if len(self.moves) == 1:
            if self.moves[0] == "wide":
                return [Choice(f"t{i}") for i in range(self.targets)]
            return [Choice("n0"), Choice("n1")]
        return [Choice("ack")] if len(self.moves) == 2 else []

    def search_follow_up(self) -> int:
        return self.follow_up

    def search_priors(self, actions: Sequence[Choice]) -> list[float] | None:
        if len(self.moves) != 1 or self.moves[0] != "wide":
            return None
        return [-float(a.name[1:]) for a in actions]

    def _worth(self) -> float:
        if len(self.moves) < 2:
            return 0.0
        if self.moves[0] == "narrow":
            return 0.1
        return 0.6 if self.moves[1] == f"t{self.best}" else -0.3


class Guess(Acknowledged):
    """A hidden coin shows one of ``faces`` faces; player 0 names a face (``f0``...), then
    player 1 acknowledges. Naming the coin's face is worth +1 to player 0, any other face
    -1/``faces``. Player 0 does not see the coin: one sample of it makes one face look
    sure, and only a mean over samples shows every face as the gamble it is.
    ``root_samples`` is the profile's (how many samples a wide root seeding takes)."""

    ruleset_id = "guess"
    rule = "GUESS-1"
    players = ("guesser", "other")
    game_type = GameType(hidden_information=True)

    def __init__(self, seed: int = 0, faces: int = 10, root_samples: int = 4):
        super().__init__(seed, "guess")
        self.faces = faces
        self.coin = self.dice.draw_index(faces, "coin")
        self.search_profile = SearchProfile(rollout_depth=0, root_samples=root_samples)  # type: ignore[misc]

    def legal_actions(self) -> list[Choice]:
        if not self.moves:
            return [Choice(f"f{i}") for i in range(self.faces)]
        return [Choice("ack")] if len(self.moves) == 1 else []

    def determinize(self, player: int, seed: int) -> Guess:
        """Player 1 knows the coin; player 0's sample tosses it again."""
        other = self.clone()
        assert isinstance(other, Guess)
        if player == 0:
            other.coin = random.Random(seed).randrange(self.faces)
        return other

    def _worth(self) -> float:
        if not self.moves:
            return 0.0
        return 1.0 if self.moves[0] == f"f{self.coin}" else -1.0 / self.faces
