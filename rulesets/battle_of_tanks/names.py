"""Tank names as a person types them (issue 27.17).

A tank is named by its key (``a1``) or its label (``t34#1``), in any case;
a name that is neither but starts exactly one tank's label (``is2`` when
the only IS-2 is ``is2#1``) stands for that tank. A start shared by several
labels is refused, naming them all, so that no shot goes to a tank the
player did not mean. A name that starts no label is left as typed: the
rules' check says that no tank is called so.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import replace

from core.errors import NotationError
from core.game import Action
from rulesets.battle_of_tanks import actions as A


def name_label(name: str) -> str:
    """The label a tank's own ``name`` makes on the table: letters and digits kept,
    anything else a dash. Letters outside ASCII are written without their marks
    (``Kätzchen`` -> ``katzchen``, ``Straße`` -> ``strasse``) so that names a player
    tells apart stay apart on the table and can be typed on any keyboard; a name
    with nothing left (``Ёж`` has no Latin letters) is ``tank``."""
    folded = unicodedata.normalize("NFKD", name.strip().casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9#._-]+", "-", plain).strip("-") or "tank"


def resolve(name: str, keys: Sequence[str], labels: Sequence[str]) -> str:
    """The key or label ``name`` stands for, lower case; see the module's docstring."""
    typed = name.lower()
    known = [k.lower() for k in keys] + [label.lower() for label in labels]
    if typed in known:
        return typed
    matches = [label for label in labels if label.lower().startswith(typed)]
    if len(matches) > 1:
        raise NotationError(f"{name!r} could be {', '.join(matches)}: type the whole name")
    return matches[0].lower() if matches else typed


def resolve_action(action: Action, keys: Sequence[str], labels: Sequence[str]) -> Action:
    """``action`` with every tank name it holds resolved by :func:`resolve`."""

    def shots(given: tuple[A.Shot, ...]) -> tuple[A.Shot, ...]:
        return tuple(replace(s, target=resolve(s.target, keys, labels)) for s in given)

    if isinstance(action, A.Declare):
        return replace(action, tank=resolve(action.tank, keys, labels))
    if isinstance(action, A.Fire):
        return replace(action, shots=shots(action.shots))
    if isinstance(action, A.AmbushFire):
        return replace(action, tank=resolve(action.tank, keys, labels), shots=shots(action.shots))
    return action
