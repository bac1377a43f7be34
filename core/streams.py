"""A game's seed and the random streams derived from it, one per purpose.

One seed decides a whole game, but no purpose draws from another's stream:
the dice, the chit bag, each side's hidden set-up and each computer seat's
choices each get a generator seeded by a keyed hash (HMAC-SHA256, keyed by
the seed) of the purpose's name. What a player sees of one stream (the dice
rolled, his own secrets) tells him nothing of another (the other side's
secrets): without the key, the hashes of two names are unrelated.

A fresh seed is 128 random bits from :mod:`secrets`, too many to search. A
seed a user gives -- any integer or any text -- reproduces its game exactly;
text made only of digits is the same seed as that integer (``--seed 42`` and
``seed: 42`` in a record agree).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets

Seed = int | str
"""A game's seed: an integer (a fresh one has :data:`SEED_BITS` bits) or a user's text."""

SEED_BITS = 128
"""Random bits of a fresh seed: a search of every seed is out of reach."""

DERIVATION = "hmac-sha256"
"""How the streams derive from the seed, as records name it (``streams:``): a record
without it was saved when every purpose drew from one generator of the seed."""

_INTEGER = re.compile(r"[+-]?\d+")


def fresh_seed() -> int:
    """A new seed nobody can guess: :data:`SEED_BITS` bits from :mod:`secrets`."""
    return secrets.randbits(SEED_BITS)


def normal_seed(value: Seed) -> Seed:
    """The seed ``value`` stands for: text of digits is that integer, other text
    stays text (stripped of surrounding blanks)."""
    if isinstance(value, bool):
        raise TypeError("a seed is an integer or a text, not a truth value")
    if isinstance(value, int):
        return value
    text = value.strip()
    return int(text) if _INTEGER.fullmatch(text) else text


def seed_text(seed: Seed) -> str:
    """The seed as a user types it back (``--seed``)."""
    return str(normal_seed(seed))


def seed_key(seed: Seed) -> bytes:
    """The key of every stream of a game: an integer and a text never share one."""
    value = normal_seed(seed)
    if isinstance(value, int):
        return b"int:" + str(value).encode()
    return b"text:" + value.encode("utf-8")


def derive(seed: Seed, *purpose: object) -> int:
    """A 256-bit number for ``purpose`` (words and numbers: ``"setup", "german"``),
    HMAC-SHA256 keyed by the seed. Stable across runs, versions of Python and machines."""
    message = "\x1f".join(str(p) for p in purpose).encode("utf-8")
    return int.from_bytes(hmac.new(seed_key(seed), message, hashlib.sha256).digest(), "big")


def stream(seed: Seed, *purpose: object) -> random.Random:
    """The generator of one purpose of the game seeded ``seed`` (see :func:`derive`)."""
    return random.Random(derive(seed, *purpose))


def decision_seed(seed: Seed, purpose: str, player: int, decision: int) -> int:
    """A 64-bit seed for a computer's choice (``purpose`` ``computer`` or ``hint``) by
    ``player`` at the game's ``decision``-th decision. Keyed by the position in the
    game, not by what was drawn before: after an undo the same decision draws the
    same choice again."""
    return derive(seed, purpose, player, decision) >> 192
