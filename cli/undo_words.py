"""How an undo says what it took back, at the terminal and at the browser table alike
(issue 59.4: 'took back: MT e2-e4:N (and black's reply CLT i16-h16:SW)')."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def replies_tail(players: Sequence[str], player: int, decided: Iterable[tuple[int, str | None]]) -> str:
    """' (and black's reply CLT i16-h16:SW)' for the other players' decisions an undo of
    ``player``'s took back with it, each by its public text (a secret one '(hidden)'),
    from ``decided`` (who decided, the public text); '' when there were none."""
    replies = [f"{players[who]}'s reply {text or '(hidden)'}" for who, text in decided if who != player]
    return f" (and {', '.join(replies)})" if replies else ""
