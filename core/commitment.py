"""Provable dice: a game commits to its seed at the start and reveals it at the end.

A seat must not know the seed while the game runs (it would foretell every
roll), yet must be able to check afterwards that the dice were not chosen
against him. So a game with a secret seed publishes at its start only a
*commitment*: SHA-256 over the seed and a random salt (the salt keeps a
short seed from being found by trying them all). When the game ends the seed
and the salt are revealed; anyone can hash them again, compare with the
commitment they were shown at the start, and replay every roll
(``tanktable replay --verify``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from core.errors import RecordError
from core.streams import Seed, fresh_seed, seed_key

SALT_BYTES = 16
"""Random bytes of a salt (written as hex)."""

_DOMAIN = b"tanktable seed commitment v1\n"


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def commit(seed: Seed, salt: str) -> str:
    """The commitment to ``seed`` with ``salt``: SHA-256, hex."""
    return hashlib.sha256(_DOMAIN + seed_key(seed) + b"\n" + salt.encode("ascii")).hexdigest()


def check_reveal(seed: Seed | None, salt: str | None, commitment: str) -> None:
    """Raise :class:`RecordError` unless ``seed`` and ``salt`` are those committed to."""
    if seed is None or salt is None:
        raise RecordError("the record holds the commitment to its seed but not the seed itself: "
                          "the seed is revealed when the game ends")
    try:
        made = commit(seed, salt)
    except UnicodeError:
        made = ""
    if not hmac.compare_digest(made, commitment.lower()):
        raise RecordError(f"the seed {seed} with salt {salt} does not match the commitment "
                          f"{commitment} published at the start: the dice cannot be trusted")


@dataclass(frozen=True)
class SeedSeal:
    """A game's seed with its salt: the commitment is shown at the start, the rest at the end."""

    seed: Seed
    salt: str

    @property
    def commitment(self) -> str:
        return commit(self.seed, self.salt)

    @classmethod
    def fresh(cls) -> SeedSeal:
        """A new secret seed (128 bits) and its salt."""
        return cls(fresh_seed(), new_salt())

    @classmethod
    def of(cls, seed: Seed) -> SeedSeal:
        """A given seed sealed with a new salt."""
        return cls(seed, new_salt())
