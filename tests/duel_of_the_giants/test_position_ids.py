"""Position documents cannot lose or duplicate a piece (issue 61 point 3).

A hand-written position once left ``turn.t34_count`` at 0 beside T-34 #1 on the
board: the next activation made another ``t34-1`` and the first tank vanished, with
no event, while ``validate`` said ok. The count is now at least the highest T-34
number on the board (left out, it is that number), ``validate`` reports a smaller
one, two pieces under one id, more T-34s than the components (DG-15.1) and more
pieces to place than the components (DG-2); a manual set-up continued from a
position gives each new marker an id of its own.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.commands import check_file
from core.errors import DataError
from core.game import Event
from rulesets.duel_of_the_giants import RULESET
from rulesets.duel_of_the_giants.board import label
from rulesets.duel_of_the_giants.game import DuelGame
from tests.duel_of_the_giants.test_positions import playout

FRONT = [f"d{r}" for r in range(1, 12)] + ["e5", "e6", "e7"]


def hand_written(tanks: list[dict[str, Any]], markers: list[dict[str, Any]], **turn: Any) -> dict[str, Any]:
    """A summer position written by hand: open steppe, the front on column d plus e5-e7,
    Tiger 1 at a1, and what the test gives (``turn``: round 1, step B2 unless given)."""
    return {"ruleset": "duel-of-the-giants", "kind": "position",
            "landscape": ["." * 9] * 11, "front_laid": FRONT, "front": FRONT,
            "tanks": [{"kind": "tiger", "number": 1, "at": "a1", "hull": "E", "turret": "E", "owner": "german"},
                      *tanks],
            "markers": markers, "turn": {"round": 1, "step": "B2", "b_started": 1, **turn}}


def t34(number: int, at: str) -> dict[str, Any]:
    return {"kind": "t34", "number": number, "at": at, "hull": "W", "turret": "W", "owner": "soviet"}


def wheel(at: str, **more: Any) -> dict[str, Any]:
    return {"at": at, "wheel": True, "owner": "soviet", **more}


def problems_of(doc: dict[str, Any], tmp_path: Path) -> list[str]:
    """What ``tanktable validate`` says of the document, as ``file:line:col: message``."""
    path = tmp_path / "position.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return [str(p) for p in check_file(path)]


def located(line: str, text: str, field: str) -> bool:
    """The problem ``line`` points at the line of ``field:`` in the written ``text``."""
    _, row, col, _ = line.split(":", 3)
    written = text.splitlines()[int(row) - 1]
    return int(col) >= 1 and f"{field}:" in written


def test_issue_61_3_repro_activation_keeps_t34_1_on_the_board() -> None:
    """The issue's repro: T-34 #1 at h8, a wheel marker at h5, no ``t34_count``;
    ``activate h5 W W`` brings T-34 #2, and T-34 #1 stays at h8 (DG-9.7, DG-15.1)."""
    g = RULESET.from_position(hand_written([t34(1, "h8")], [wheel("h5")]), 1)
    assert isinstance(g, DuelGame)
    events = g.apply(g.parse_action("activate h5 W W"))
    assert any("T-34 #2" in e.text for e in events if e.kind == "activate")
    assert {t.id: label(t.pos) for t in g.tanks.values()} == {"tiger1": "a1", "t34-1": "h8", "t34-2": "h5"}


def test_issue_61_3_a_t34_count_below_the_board_is_reported_where_it_is(tmp_path: Path) -> None:
    """A ``t34_count`` below the highest T-34 number on the board is an error at the field."""
    doc = hand_written([t34(1, "h8"), t34(3, "g9")], [wheel("h5")], t34_count=2)
    found = problems_of(doc, tmp_path)
    assert len(found) == 1 and "t34_count is 2 but T-34 #3 is on the board" in found[0], found
    assert located(found[0], (tmp_path / "position.yaml").read_text(encoding="utf-8"), "t34_count")
    with pytest.raises(DataError):
        RULESET.from_position(doc, 0)
    doc["turn"]["t34_count"] = 5  # two more gone from the board: allowed, and kept
    assert problems_of(doc, tmp_path) == []
    again = RULESET.from_position(doc, 0)
    assert isinstance(again, DuelGame)
    assert again.position()["turn"]["t34_count"] == 5
    again.apply(again.parse_action("activate h5 W W"))
    assert "t34-6" in again.tanks


def test_issue_61_3_more_t34s_than_the_components_are_reported(tmp_path: Path) -> None:
    """T-34s activated so far plus wheel markers still to come are at most the 8 T-34s
    of the components (DG-15.1): number 7 on the board and two wheel markers make 9."""
    doc = hand_written([t34(7, "h8")], [wheel("h5"), wheel("g4")])
    found = problems_of(doc, tmp_path)
    assert len(found) == 1 and "more than the 8 T-34s of the components (DG-15.1)" in found[0], found
    doc["turn"]["t34_count"] = 7
    found = problems_of(doc, tmp_path)
    assert len(found) == 1 and located(found[0], (tmp_path / "position.yaml").read_text(encoding="utf-8"),
                                       "t34_count")


def test_issue_61_3_two_pieces_with_one_id_are_reported(tmp_path: Path) -> None:
    """Two markers under one id (written, or one written and one given in order) would
    leave one piece on loading: each is reported at the second piece."""
    doc = hand_written([], [wheel("h5", id="m2"), wheel("g4")])  # the second is m2 by its place
    found = problems_of(doc, tmp_path)
    assert len(found) == 1 and "two pieces have the id 'm2' (markers[0] and markers[1])" in found[0], found
    doc = hand_written([t34(1, "h8")], [wheel("h5", id="t34-1")])
    found = problems_of(doc, tmp_path)
    assert len(found) == 1 and "two pieces have the id 't34-1'" in found[0], found
    text = (tmp_path / "position.yaml").read_text(encoding="utf-8")
    assert located(found[0], text, "id")


def test_issue_61_3_pieces_to_place_beyond_the_components_are_reported(tmp_path: Path) -> None:
    """A manual set-up's ``to_place`` with what is on the board is at most the components
    (DG-2), and names only pieces a set-up places."""
    markers = [{"at": f"{c}{r}", "wheel": True, "owner": "soviet"} for c in "fg" for r in (1, 2, 3, 4)]
    doc = hand_written([], markers, step="S3", to_place={"soviet": {"wheel": 1, "bluff": 8}})
    found = problems_of(doc, tmp_path)
    assert any("8 wheel on the board and 1 still to place make more than the 8" in p for p in found), found
    doc["turn"]["to_place"] = {"soviet": {"wheel": 0, "bluff": 8, "tanks": 2}}
    found = problems_of(doc, tmp_path)
    assert len(found) == 1 and "unknown piece 'tanks' to place" in found[0], found


def test_issue_61_3_a_set_up_continued_from_a_position_gives_new_ids() -> None:
    """The manual set-up numbers a new marker past those placed, and past any id already
    taken: with a hand-written ``m2`` placed first, the next marker is ``m3``, not a
    second ``m2`` that would replace it."""
    doc = hand_written([], [{"id": "m2", "at": "h5", "wheel": True, "owner": "soviet"}], step="S3",
                       to_place={"soviet": {"wheel": 7, "bluff": 8}})
    g = RULESET.from_position(doc, 0)
    assert isinstance(g, DuelGame)
    g.apply(g.parse_action("place marker g4 wheel"))
    assert sorted(g.markers) == ["m2", "m3"]


# ------------------------------------------------------------------ property
PIECES = ("tanks", "markers", "atgs", "mines")


def pieces(g: DuelGame) -> dict[str, str]:
    """Every piece's id -> its hex, on the board now."""
    return {uid: label(p.pos) for kind in PIECES for uid, p in getattr(g, kind).items()}


def mentioned(uid: str, at: str, g: DuelGame, events: list[Event]) -> bool:
    """Some event says what became of the piece: its name, or its hex."""
    names = [at]
    if uid.startswith("t34-"):
        names.append(f"T-34 #{uid[4:]}")
    elif uid.startswith("tiger"):
        names.append(f"Tiger {uid[5:]}")
    return any(re.search(rf"\b{re.escape(n)}\b", e.text) for e in events for n in names)


def play_and_account(g: DuelGame, rng: random.Random, steps: int) -> None:
    """Play random legal actions; after each, every piece that appeared has an id never
    seen in this game, a T-34 appeared for each wheel marker activated or revealed, every
    marker gone went with an activation or a reveal, and every piece gone is named by an
    event (issue 61.3: none vanishes in silence, none is replaced)."""
    ever = set(pieces(g))
    for _ in range(steps):
        if g.outcome() is not None:
            return
        before = pieces(g)
        t34s_before = {uid for uid in g.tanks if uid.startswith("t34-")}
        markers_before = set(g.markers)
        acts = g.legal_actions()
        events = g.apply(acts[rng.randrange(len(acts))])
        after = pieces(g)
        appeared = set(after) - set(before)
        assert not appeared & ever, appeared & ever
        ever |= appeared
        made = sum(e.kind == "activate" or (e.kind == "reveal" and bool(e.data.get("wheel"))) for e in events)
        assert len({uid for uid in g.tanks if uid.startswith("t34-")} - t34s_before) == made
        assert len(markers_before - set(g.markers)) == sum(e.kind in ("activate", "reveal") for e in events)
        for uid in set(before) - set(after):
            assert mentioned(uid, before[uid], g, events), (uid, before[uid], [e.text for e in events])


@st.composite
def attack_positions(draw: st.DrawFn) -> dict[str, Any]:
    """Random hand-written positions of a Soviet attack under way (phase B): T-34s of
    any numbers, wheel and bluff markers, ``t34_count`` left out or given at least the
    highest number -- every one valid."""
    hexes = draw(st.permutations([f"{c}{r}" for c in "fghi" for r in range(1, 12)]))
    numbers = draw(st.lists(st.integers(1, 8), unique=True, max_size=4))
    highest = max(numbers, default=0)
    flags = draw(st.lists(st.booleans(), min_size=1, max_size=6))
    while sum(flags) + highest > 8:
        flags.remove(True)
    tanks = [t34(n, hexes[i]) for i, n in enumerate(numbers)]
    markers = [{"at": hexes[len(numbers) + i], "wheel": w, "owner": "soviet"} for i, w in enumerate(flags)]
    turn: dict[str, Any] = {"step": draw(st.sampled_from(["B1", "B2"]))}
    spare = 8 - highest - sum(flags)
    given = draw(st.none() | st.integers(highest, highest + spare))
    if given is not None:
        turn["t34_count"] = given
    return hand_written(tanks, markers, **turn)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=attack_positions(), seed=st.integers(0, 1000))
def test_issue_61_3_hand_written_positions_keep_every_piece(doc: dict[str, Any], seed: int) -> None:
    """Issue 61.3, property: a random valid hand-written position (T-34s of any numbers,
    markers, the count left out or given) keeps every piece through the activations,
    reveals and moves of random play."""
    g = RULESET.from_position(yaml.safe_load(yaml.safe_dump(doc, sort_keys=False)), seed)
    assert isinstance(g, DuelGame)
    play_and_account(g, random.Random(seed), 40)


def rename(value: Any, ids: dict[str, str]) -> Any:
    """``value`` with every string that is an old id replaced by its new one (keys too)."""
    if isinstance(value, str):
        return ids.get(value, value)
    if isinstance(value, list):
        return [rename(v, ids) for v in value]
    if isinstance(value, dict):
        return {rename(k, ids): rename(v, ids) for k, v in value.items()}
    return value


def as_if_by_hand(doc: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A reachable position written as a person might: the markers' ids left out (the
    list shuffled, so they come out numbered anew, and the bookkeeping renamed to match)
    and ``t34_count`` left out."""
    ids: dict[str, str] = {}
    for kind, prefix in (("markers", "m"), ("atgs", "atg"), ("mines", "mine")):
        rng.shuffle(doc[kind])
        for i, entry in enumerate(doc[kind], 1):
            ids[entry.pop("id")] = f"{prefix}{i}"
    out = rename({k: v for k, v in doc.items() if k not in ("markers", "atgs", "mines")}, ids)
    for kind in ("markers", "atgs", "mines"):
        out[kind] = doc[kind]
    del out["turn"]["t34_count"]
    return dict(out)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), scenario=st.sampled_from(["summer", "winter"]),
       options=st.sampled_from([{}, {"players": 3}, {"setup": "manual"}]))
def test_issue_61_3_reachable_positions_written_by_hand_keep_every_piece(
        seed: int, steps: int, scenario: str, options: dict[str, Any]) -> None:
    """Issue 61.3, property: a reachable position, rewritten by hand (ids and count left
    out), validates and keeps every piece through random play from there."""
    doc = as_if_by_hand(playout(scenario, options, seed, steps).position(), random.Random(seed))
    g = RULESET.from_position(yaml.safe_load(yaml.safe_dump(doc, sort_keys=False)), seed)
    assert isinstance(g, DuelGame)
    play_and_account(g, random.Random(seed + 1), 40)
