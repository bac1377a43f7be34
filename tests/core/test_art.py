"""core.art.tanks: pieces drawn from numbers and a kind (issue 58 points 1-4).

The drawings are judged by eye in the browser tests' screenshots; these tests
pin what the rulesets and the motion module rely on: one group centred on the
origin with the gun along +x, the turret turned on the hull, a wreck without
its side's paint, a command mark, a face-down counter that shows nothing of its
unit, and the same text on every call with nothing fetched from elsewhere.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from core.art.tanks import (
    DARK,
    GERMAN,
    IVORY,
    KINDS,
    SOVIET,
    WRECK,
    Kind,
    Livery,
    badge,
    counter,
    side_view,
    top_down_tank,
)


def _xs(g: ET.Element) -> list[float]:
    """Every x coordinate the drawing's untransformed shapes reach."""
    out: list[float] = []
    for el in g.iter():
        if el.tag == "rect":
            x, w = float(el.get("x", 0)), float(el.get("width", 0))
            out += [x, x + w]
        elif el.tag == "circle":
            out += [float(el.get("cx", 0)) - float(el.get("r", 0)), float(el.get("cx", 0)) + float(el.get("r", 0))]
        elif el.tag == "polygon":
            out += [float(p.split(",")[0]) for p in el.get("points", "").split()]
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_issue58_4_every_kind_is_one_group_centred_with_its_front_along_plus_x(kind: Kind) -> None:
    g = top_down_tank(length=80, width=50, gun=40, kind=kind, livery=IVORY)
    assert g.tag == "g" and kind in g.get("class", "").split()
    xs = _xs(g)
    assert min(xs) >= -80 * 0.55, "nothing far behind the hull"
    assert max(xs) > 80 * 0.45, "the gun, the nose or the shield reaches the front (+x)"
    if kind in ("tank", "destroyer", "gun"):
        guns = [el for el in g.iter("rect") if el.get("class") == "gun"]
        assert guns and all(float(el.get("x", 0)) + float(el.get("width", 0)) > 0 for el in guns)
    ET.tostring(g)


def test_issue58_1_the_gun_length_is_the_callers() -> None:
    def gun_end(gun: float) -> float:
        el = next(e for e in top_down_tank(length=80, width=50, gun=gun, livery=DARK).iter("rect")
                  if e.get("class") == "gun")
        return float(el.get("x", 0)) + float(el.get("width", 0))
    assert gun_end(60) - gun_end(30) == pytest.approx(30)


def test_issue58_1_turret_angle_turns_the_turret_not_the_hull() -> None:
    g = top_down_tank(length=80, width=50, gun=40, livery=IVORY, turret_angle=45)
    turret = next(e for e in g.iter("g") if e.get("class") == "turret-group")
    assert re.search(r"rotate\(45\)", turret.get("transform", ""))
    hull = next(e for e in g.iter("polygon") if e.get("class") == "hull")
    assert hull.get("transform") is None


def test_issue58_1_faceted_and_round_turrets_differ() -> None:
    def turret(shape: str) -> str:
        g = top_down_tank(length=80, width=50, gun=40, livery=IVORY, turret=shape)  # type: ignore[arg-type]
        return next(e for e in g.iter() if e.get("class") == "turret").tag
    assert turret("round") == "circle" and turret("faceted") == "polygon"


def test_issue58_1_destroyer_has_a_casemate_and_no_turret_mortar_an_open_top() -> None:
    d = top_down_tank(length=80, width=50, gun=40, kind="destroyer", livery=IVORY)
    classes = {e.get("class") for e in d.iter()}
    assert "casemate" in classes and "turret" not in classes and "turret-group" not in classes
    m = top_down_tank(length=80, width=50, gun=10, kind="mortar", livery=IVORY)
    assert "open-top" in {e.get("class") for e in m.iter()}


def test_issue58_1_command_tank_is_marked() -> None:
    plain = top_down_tank(length=80, width=50, gun=40, livery=IVORY)
    cmd = top_down_tank(length=80, width=50, gun=40, livery=IVORY, command=True)
    classes = {e.get("class") for e in cmd.iter()}
    assert {"command-star", "pennant"} <= classes
    assert not {"command-star", "pennant"} & {e.get("class") for e in plain.iter()}


@pytest.mark.parametrize("livery", [IVORY, DARK, GERMAN, SOVIET])
def test_issue58_1_a_wreck_is_burnt_out_without_its_sides_paint(livery: Livery) -> None:
    g = top_down_tank(length=80, width=50, gun=40, livery=livery, wreck=True)
    text = ET.tostring(g, encoding="unicode")
    assert "wreck" in g.get("class", "").split()
    assert "scorch" in text and WRECK.body in text
    assert livery.body not in text and livery.highlight not in text


def test_issue58_4_deterministic_and_self_contained() -> None:
    def sheet() -> str:
        parts = [top_down_tank(length=80, width=50, gun=40, kind=k, livery=IVORY, command=True) for k in KINDS]
        parts += [counter(size=60, livery=GERMAN, code="T1"), counter(size=60, livery=SOVIET, face_down=True, back="?"),
                  side_view(length=50, height=20, livery=GERMAN), badge("HT", x=0, y=0, size=10, livery=DARK)]
        return "".join(ET.tostring(p, encoding="unicode") for p in parts)
    text = sheet()
    assert text == sheet()
    assert "href" not in text and "url(" not in text and "<image" not in text
    fonts = set(re.findall(r'font-family="([^"]*)"', text))
    assert fonts == {"sans-serif"}


def test_issue58_3_counter_face_up_shows_silhouette_and_code_face_down_neither() -> None:
    up = counter(size=60, livery=GERMAN, kind="gun", code="8")
    up_text = ET.tostring(up, encoding="unicode")
    assert ">8<" in up_text and "tank-art gun" in up_text
    down = counter(size=60, livery=GERMAN, kind="gun", code="8", face_down=True, back="?")
    down_text = ET.tostring(down, encoding="unicode")
    assert "face-down" in down.get("class", "")
    assert ">8<" not in down_text and "tank-art" not in down_text and ">?<" in down_text
    # a face-down counter is the same whatever unit it hides
    other = counter(size=60, livery=GERMAN, kind="tank", code="3", face_down=True, back="?")
    assert ET.tostring(other, encoding="unicode") == down_text


def test_issue58_3_counter_side_view_and_turned_turret() -> None:
    side = counter(size=60, livery=SOVIET, view="side")
    assert any("side-art" in (e.get("class") or "") for e in side.iter("g"))
    top = counter(size=60, livery=SOVIET, turret_angle=-60)
    turret = next(e for e in top.iter("g") if e.get("class") == "turret-group")
    assert "rotate(-60)" in turret.get("transform", "")


def test_issue58_1_badge_stays_upright_by_its_angle() -> None:
    b = badge("CLT", x=5, y=6, size=10, livery=IVORY, angle=-90)
    assert b.get("transform") == "translate(5 6) rotate(-90)"
    assert b.findtext("text") == "CLT"
