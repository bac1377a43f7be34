"""Tanks, guns and aircraft drawn as the players know them, as SVG (issue 58 points 1-4).

A wargamer reads a piece by its shape before its label: a turret and a long gun
is a tank, a low box with a gun in its nose a tank destroyer, an open hull with
a stubby tube a mortar carrier, a shield between two wheels an anti-tank gun.
This module draws those shapes from a few numbers a ruleset already has (a
card's length, width and gun) and a kind, so a new card or a plugin's unit gets
a drawing without new art.

The drawing contract (shared with the browser's motion module): every function
returns one ``<g>`` centred on (0, 0) with the piece's front -- its gun -- along
+x, in the caller's own units (Tank Chess passes pixels of its squares, Battle
of Tanks centimetres times its scale). The caller places and turns it with
``translate(X Y) rotate(DEG)`` on its own group. Light is from the upper left of
the unturned drawing; nothing depends on randomness, a font (only the generic
``sans-serif``) or anything outside the picture.

Two functions make a piece:

* :func:`top_down_tank` -- a piece seen from above: tracks, hull and engine deck,
  turret and gun (``turret_angle`` turns the turret on the hull), for the kinds
  ``tank``, ``destroyer``, ``mortar``, ``gun`` (a towed anti-tank gun) and
  ``aircraft``; ``command`` marks the command tank, ``wreck`` burns it out.
* :func:`counter` -- a hex-game counter: a bevelled square in the side's
  colour with a silhouette (from above, or :func:`side_view` from the side), an
  optional code badge, or its plain back when face down.

:func:`badge` is the small code plate both use, for a caller that wants it upright
on a turned piece.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "AXIS_GREY", "DARK", "GERMAN", "IVORY", "KINDS", "Kind", "Livery", "SOVIET", "SOVIET_WINTER", "WRECK",
    "badge", "counter", "side_view", "top_down_tank",
]

Kind = Literal["tank", "destroyer", "mortar", "gun", "aircraft"]
KINDS: tuple[Kind, ...] = ("tank", "destroyer", "mortar", "gun", "aircraft")
"""Every shape :func:`top_down_tank` draws."""


@dataclass(frozen=True)
class Livery:
    """A side's paint: ``body`` the hull and turret, ``shade`` their shadowed faces
    and deck detail, ``highlight`` their lit edges, ``track`` tracks, wheels and
    the gun, ``accent`` markings (the command star, a badge's rim)."""

    body: str
    shade: str
    highlight: str
    track: str
    accent: str


IVORY = Livery(body="#ece6d4", shade="#b9b09a", highlight="#ffffff", track="#4a4640", accent="#b8862b")
"""Chess-style light side (white in Tank Chess)."""
DARK = Livery(body="#3b3f45", shade="#23262a", highlight="#6b717a", track="#15171a", accent="#d4a537")
"""Chess-style dark side (black in Tank Chess)."""
GERMAN = Livery(body="#5d6469", shade="#3d4347", highlight="#8a9297", track="#24282b", accent="#e8e8e8")
"""Panzer grey (Duel of the Giants' Tigers)."""
AXIS_GREY = Livery(body="#8c8a6e", shade="#615f4a", highlight="#b3b196", track="#302f27", accent="#e8e8e8")
"""Field grey-green, the Germans' second livery (their guns)."""
SOVIET = Livery(body="#4f6b3a", shade="#354a26", highlight="#7b9663", track="#1f2619", accent="#c62828")
"""Soviet green (T-34s)."""
SOVIET_WINTER = Livery(body="#dfe3e0", shade="#a9b0ab", highlight="#ffffff", track="#3a3d3a", accent="#c62828")
"""Soviet winter whitewash."""
WRECK = Livery(body="#3a332d", shade="#211c18", highlight="#5c5046", track="#141210", accent="#7a3b1c")
"""A burnt-out hull: soot and rust, whatever its side's paint was."""

_SOOT = "#1a1613"


def _f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") or "0"


def _pts(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def _rect(parent: ET.Element, x: float, y: float, w: float, h: float, fill: str, *, stroke: str | None = None,
          sw: float = 0.0, rx: float = 0.0, cls: str | None = None) -> ET.Element:
    attrib = {"x": _f(x), "y": _f(y), "width": _f(w), "height": _f(h), "fill": fill}
    if rx:
        attrib["rx"] = _f(rx)
    if stroke:
        attrib.update({"stroke": stroke, "stroke-width": _f(sw)})
    if cls:
        attrib["class"] = cls
    return ET.SubElement(parent, "rect", attrib)


def _poly(parent: ET.Element, pts: list[tuple[float, float]], fill: str, *, stroke: str | None = None,
          sw: float = 0.0, cls: str | None = None) -> ET.Element:
    attrib = {"points": _pts(pts), "fill": fill}
    if stroke:
        attrib.update({"stroke": stroke, "stroke-width": _f(sw), "stroke-linejoin": "round"})
    if cls:
        attrib["class"] = cls
    return ET.SubElement(parent, "polygon", attrib)


def _line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float, stroke: str, sw: float,
          cap: str = "butt") -> ET.Element:
    return ET.SubElement(parent, "line", {"x1": _f(x1), "y1": _f(y1), "x2": _f(x2), "y2": _f(y2),
                                          "stroke": stroke, "stroke-width": _f(sw), "stroke-linecap": cap})


def _strokes(parent: ET.Element, segments: list[tuple[float, float, float, float]], stroke: str, sw: float) -> None:
    """Several straight strokes of one colour and width (a track's links, a deck's
    slats) as one path: they look as so many lines would, in a fraction of the text."""
    if segments:
        d = "".join(f"M{_f(x1)} {_f(y1)}L{_f(x2)} {_f(y2)}" for x1, y1, x2, y2 in segments)
        ET.SubElement(parent, "path", {"d": d, "stroke": stroke, "stroke-width": _f(sw), "fill": "none"})


def _circle(parent: ET.Element, cx: float, cy: float, r: float, fill: str, *, stroke: str | None = None,
            sw: float = 0.0, cls: str | None = None) -> ET.Element:
    attrib = {"cx": _f(cx), "cy": _f(cy), "r": _f(r), "fill": fill}
    if stroke:
        attrib.update({"stroke": stroke, "stroke-width": _f(sw)})
    if cls:
        attrib["class"] = cls
    return ET.SubElement(parent, "circle", attrib)


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A five-pointed star, one point towards +x (the front)."""
    out = []
    for i in range(10):
        a = math.pi * i / 5
        rr = r if i % 2 == 0 else r * 0.42
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _tracks(g: ET.Element, length: float, width: float, tw: float, lv: Livery, *, links: bool = True) -> None:
    """Both tracks along the hull's sides, with their links as cross lines."""
    for sign in (-1, 1):
        y0 = sign * width / 2 - (tw if sign > 0 else 0)
        _rect(g, -length / 2, y0, length, tw, lv.track, rx=tw * 0.35, cls="track")
        if links:
            n = max(6, round(length / (tw * 0.8)))
            step = length / n
            links_at = [-length / 2 + i * step for i in range(1, n)]
            _strokes(g, [(x, y0 + tw * 0.12, x, y0 + tw * 0.88) for x in links_at], lv.shade, max(step * 0.22, 0.05))


def _gun(g: ET.Element, x0: float, length: float, bore: float, lv: Livery, *, brake: bool = True) -> None:
    """A barrel from ``x0`` forward, ``length`` long, with a muzzle brake at its end."""
    _rect(g, x0, -bore / 2, length, bore, lv.track, stroke=_SOOT, sw=bore * 0.12, cls="gun")
    _line(g, x0, -bore * 0.18, x0 + length * 0.95, -bore * 0.18, lv.highlight, bore * 0.15)
    if brake:
        bl = max(bore * 2.0, length * 0.08)
        _rect(g, x0 + length - bl, -bore * 0.85, bl, bore * 1.7, lv.track, stroke=_SOOT, sw=bore * 0.12,
              rx=bore * 0.2, cls="muzzle")


def _engine_deck(g: ET.Element, x0: float, x1: float, half: float, lv: Livery) -> None:
    """The engine deck at the rear: a raised plate with grille slats and two exhausts."""
    _rect(g, x0, -half, x1 - x0, 2 * half, lv.shade, cls="engine-deck")
    n = 5
    slats = [-half * 0.75 + i * (1.5 * half / (n - 1)) for i in range(n)]
    _strokes(g, [(x0 + (x1 - x0) * 0.15, y, x0 + (x1 - x0) * 0.85, y) for y in slats], lv.track, half * 0.09)
    for sign in (-1, 1):
        _circle(g, x0 + (x1 - x0) * 0.12, sign * half * 0.62, half * 0.14, _SOOT)


def _hull(g: ET.Element, length: float, hw: float, lv: Livery, *, glacis: float) -> None:
    """The hull between the tracks: chamfered front corners (the glacis), a lit edge."""
    x0, x1 = -length / 2, length / 2
    c = min(glacis, hw * 0.6)
    _poly(g, [(x0, -hw), (x1 - c, -hw), (x1, -hw + c), (x1, hw - c), (x1 - c, hw), (x0, hw)], lv.body,
          stroke=lv.shade, sw=hw * 0.06, cls="hull")
    _line(g, x0 + hw * 0.1, -hw * 0.88, x1 - c, -hw * 0.88, lv.highlight, hw * 0.08)
    _line(g, x1 - c * 0.9, -hw + c * 1.0, x1 - c * 0.9, hw - c * 1.0, lv.shade, hw * 0.05)


def _turret(g: ET.Element, r: float, shape: str, lv: Livery, *, gun: float, command: bool,
            hatch: str) -> None:
    """The turret at the origin of ``g``: a round or faceted shell, cupola and hatch, the gun."""
    bore = max(r * 0.34, 0.1)
    _gun(g, r * 0.6, gun, bore, lv)
    _rect(g, r * 0.75, -bore * 1.1, r * 0.35, bore * 2.2, lv.shade, rx=bore * 0.3, cls="mantlet")
    if shape == "faceted":
        pts = [(r * 1.0, -r * 0.55), (r * 1.0, r * 0.55), (r * 0.35, r * 0.95), (-r * 0.8, r * 0.8),
               (-r * 1.0, 0.0), (-r * 0.8, -r * 0.8), (r * 0.35, -r * 0.95)]
        _poly(g, pts, lv.body, stroke=lv.shade, sw=r * 0.08, cls="turret")
        _poly(g, [(r * 0.35, -r * 0.95), (-r * 0.8, -r * 0.8), (-r * 0.55, -r * 0.55), (r * 0.3, -r * 0.65)],
              lv.highlight)
    else:
        _circle(g, 0, 0, r, lv.body, stroke=lv.shade, sw=r * 0.08, cls="turret")
        ET.SubElement(g, "path", {"d": f"M {_f(-r * 0.7)} {_f(-r * 0.7)} A {_f(r)} {_f(r)} 0 0 1 {_f(r * 0.7)} "
                                       f"{_f(-r * 0.7)}", "fill": "none", "stroke": lv.highlight,
                                  "stroke-width": _f(r * 0.14), "stroke-linecap": "round"})
    _circle(g, -r * 0.35, r * 0.3, r * 0.3, lv.shade, stroke=lv.track, sw=r * 0.05, cls="cupola")
    _circle(g, -r * 0.35, r * 0.3, r * 0.14, hatch)
    if command:
        _poly(g, _star(r * 0.2, -r * 0.2, r * 0.42), lv.accent, stroke=_SOOT, sw=r * 0.04, cls="command-star")


def _command(g: ET.Element, length: float, width: float, lv: Livery) -> None:
    """A command vehicle's whip antenna with its pennant, streaming back from the rear."""
    ax, ay = -length * 0.32, -width * 0.32
    tip = (ax - length * 0.34, ay - width * 0.04)
    grp = ET.SubElement(g, "g", {"class": "command"})
    _line(grp, ax, ay, *tip, _SOOT, max(width * 0.025, 0.05), "round")
    _circle(grp, ax, ay, width * 0.05, _SOOT)
    px, py = tip
    _poly(grp, [(px, py), (px + length * 0.13, py - width * 0.2), (px + length * 0.13, py)], lv.accent,
          stroke=_SOOT, sw=width * 0.015, cls="pennant")


def _scorch(g: ET.Element, length: float, width: float) -> None:
    """The burnt ground around a wreck: a ragged dark blot (its outline fixed by its size)."""
    pts = []
    for i in range(16):
        a = 2 * math.pi * i / 16
        wob = 1.0 + 0.18 * math.sin(3 * a) + 0.1 * math.cos(5 * a + 1)
        pts.append((length * 0.62 * wob * math.cos(a), width * 0.72 * wob * math.sin(a)))
    _poly(g, pts, _SOOT, cls="scorch").set("opacity", "0.55")


def top_down_tank(*, length: float, width: float, gun: float, turret: Literal["round", "faceted"] = "round",
                  kind: Kind = "tank", livery: Livery, command: bool = False, wreck: bool = False,
                  turret_angle: float = 0.0) -> ET.Element:
    """A vehicle seen from above, ``length`` along x by ``width`` (tracks included), its
    front towards +x, centred on (0, 0); ``gun`` is the barrel's length from the turret's
    ring (from the casemate for a destroyer, the shield for a gun).

    ``kind``: ``tank`` (turret ``round`` or ``faceted``, turned ``turret_angle`` degrees
    clockwise on the hull), ``destroyer`` (a low casemate, the gun in the hull, no
    turret), ``mortar`` (an open-topped hull with a short fat tube), ``gun`` (a towed
    anti-tank gun: shield, two wheels, split trails), ``aircraft`` (a gull-winged dive
    bomber, ``length`` nose to tail, ``width`` wingspan). ``command`` adds a star,
    antenna and pennant; ``wreck`` draws it burnt out (soot and rust over a scorch
    mark, the turret knocked askew, no side colours) and classes the group ``wreck``.
    """
    lv = WRECK if wreck else livery
    g = ET.Element("g", {"class": f"tank-art {kind}" + (" wreck" if wreck else "") + (" command" if command else "")})
    if wreck:
        _scorch(g, length, width)
        turret_angle += 28.0
    if kind == "aircraft":
        _aircraft(g, length, width, lv)
    elif kind == "gun":
        _towed_gun(g, length, width, gun, lv)
    else:
        tw = width * 0.22
        _tracks(g, length, width, tw, lv, links=not wreck)
        hw = width / 2 - tw * 0.75
        hatch = _SOOT if wreck else lv.shade
        if kind == "destroyer":
            _hull(g, length * 0.96, hw, lv, glacis=length * 0.22)
            _engine_deck(g, -length * 0.46, -length * 0.2, hw * 0.7, lv)
            cx0, cx1 = -length * 0.18, length * 0.3
            _gun(g, cx1 - length * 0.02, gun, width * 0.11, lv)
            _poly(g, [(cx0, -hw * 0.92), (cx1 - length * 0.06, -hw * 0.8), (cx1, -hw * 0.45), (cx1, hw * 0.45),
                      (cx1 - length * 0.06, hw * 0.8), (cx0, hw * 0.92)], lv.body, stroke=lv.shade, sw=hw * 0.08,
                  cls="casemate")
            _poly(g, [(cx0, -hw * 0.92), (cx1 - length * 0.06, -hw * 0.8), (cx1 - length * 0.1, -hw * 0.55),
                      (cx0 + length * 0.04, -hw * 0.62)], lv.highlight)
            _circle(g, cx1 - length * 0.02, 0, width * 0.1, lv.shade, cls="mantlet")
            _circle(g, cx0 + length * 0.1, hw * 0.4, hw * 0.22, lv.shade, stroke=lv.track, sw=hw * 0.04,
                    cls="cupola")
            _circle(g, cx0 + length * 0.1, hw * 0.4, hw * 0.1, hatch)
            if command:
                _poly(g, _star(cx0 + length * 0.12, -hw * 0.2, hw * 0.3), lv.accent, stroke=_SOOT, sw=hw * 0.03,
                      cls="command-star")
        elif kind == "mortar":
            _hull(g, length, hw, lv, glacis=length * 0.12)
            _engine_deck(g, length * 0.2, length * 0.46, hw * 0.7, lv)
            _rect(g, -length * 0.44, -hw * 0.78, length * 0.6, hw * 1.56, _SOOT if wreck else lv.shade,
                  stroke=lv.track, sw=hw * 0.1, cls="open-top")
            _rect(g, -length * 0.38, -hw * 0.5, length * 0.22, hw * 1.0, lv.track, rx=hw * 0.1)
            tube = ET.SubElement(g, "g", {"class": "turret", "transform": f"rotate({_f(turret_angle)} "
                                                                          f"{_f(-length * 0.08)} 0)"})
            bore = width * 0.2
            _circle(tube, -length * 0.08, 0, bore * 0.9, lv.track)
            _rect(tube, -length * 0.08, -bore / 2, max(gun, bore * 1.5), bore, lv.track, stroke=_SOOT,
                  sw=bore * 0.1, rx=bore * 0.2, cls="gun")
            _circle(tube, -length * 0.08 + max(gun, bore * 1.5), 0, bore * 0.5, lv.track, stroke=_SOOT,
                    sw=bore * 0.12, cls="muzzle")
            _circle(tube, -length * 0.08 + max(gun, bore * 1.5), 0, bore * 0.3, "#000")
            if command:
                _poly(g, _star(length * 0.32, 0, hw * 0.3), lv.accent, stroke=_SOOT, sw=hw * 0.03,
                      cls="command-star")
        else:
            _hull(g, length, hw, lv, glacis=length * 0.1)
            _engine_deck(g, -length * 0.47, -length * 0.2, hw * 0.72, lv)
            r = width * 0.29
            tx = length * 0.04
            tg = ET.SubElement(g, "g", {"class": "turret-group",
                                        "transform": f"translate({_f(tx)} 0) rotate({_f(turret_angle)})"})
            _turret(tg, r, turret, lv, gun=gun, command=command and not wreck, hatch=hatch)
        if command and not wreck:
            _command(g, length, width, lv)
    if wreck:
        for i, (fx, fy, fr) in enumerate(((0.1, -0.15, 0.16), (-0.22, 0.2, 0.12), (0.3, 0.18, 0.09))):
            blot = _circle(g, length * fx, width * fy, width * fr, WRECK.accent if i % 2 else _SOOT, cls="burn")
            blot.set("opacity", "0.75")
    return g


def _towed_gun(g: ET.Element, length: float, width: float, gun: float, lv: Livery) -> None:
    """A towed anti-tank gun from above: split trails behind, two wheels, a shield, the barrel."""
    sx = length * 0.12
    spade = -length * 0.48
    for sign in (-1, 1):
        _poly(g, [(sx - length * 0.05, sign * width * 0.08), (spade, sign * width * 0.34),
                  (spade + length * 0.04, sign * width * 0.4), (sx, sign * width * 0.16)], lv.body,
              stroke=lv.shade, sw=width * 0.02, cls="trail")
        _rect(g, spade - length * 0.03, sign * width * 0.37 - width * 0.06, length * 0.06, width * 0.12,
              lv.track)
        _rect(g, sx - length * 0.1, sign * width * 0.42 - width * 0.08, length * 0.2, width * 0.16, lv.track,
              rx=width * 0.04, cls="wheel")
    _rect(g, sx - length * 0.05, -width * 0.36, length * 0.1, width * 0.72, lv.shade)
    _gun(g, sx, gun, width * 0.07, lv)
    _rect(g, sx - length * 0.12, -width * 0.06, length * 0.24, width * 0.12, lv.shade, cls="breech")
    _poly(g, [(sx + length * 0.06, -width * 0.5), (sx + length * 0.1, -width * 0.3), (sx + length * 0.1, width * 0.3),
              (sx + length * 0.06, width * 0.5), (sx + length * 0.02, width * 0.5), (sx + length * 0.04, 0),
              (sx + length * 0.02, -width * 0.5)], lv.body, stroke=lv.shade, sw=width * 0.025, cls="shield")


def _aircraft(g: ET.Element, length: float, span: float, lv: Livery) -> None:
    """A gull-winged dive bomber from above, nose towards +x."""
    half = span / 2
    # inverted-gull wings: a kink a third of the way out
    for sign in (-1, 1):
        _poly(g, [(length * 0.12, sign * length * 0.06), (length * 0.02, sign * half * 0.35),
                  (length * 0.04, sign * half), (-length * 0.1, sign * half), (-length * 0.12, sign * half * 0.35),
                  (-length * 0.08, sign * length * 0.06)], lv.body, stroke=lv.shade, sw=span * 0.01, cls="wing")
        _poly(g, [(-length * 0.38, sign * length * 0.04), (-length * 0.42, sign * span * 0.18),
                  (-length * 0.5, sign * span * 0.18), (-length * 0.48, sign * length * 0.04)], lv.body,
              stroke=lv.shade, sw=span * 0.01, cls="tailplane")
        _rect(g, length * 0.02, sign * half * 0.3 - span * 0.03, length * 0.12, span * 0.06, lv.track,
              rx=span * 0.02, cls="undercarriage")
    _poly(g, [(length * 0.5, 0), (length * 0.44, -length * 0.07), (-length * 0.45, -length * 0.03),
              (-length * 0.5, 0), (-length * 0.45, length * 0.03), (length * 0.44, length * 0.07)], lv.body,
          stroke=lv.shade, sw=span * 0.012, cls="fuselage")
    _rect(g, -length * 0.12, -length * 0.035, length * 0.3, length * 0.07, "#9fc3d6", stroke=lv.shade,
          sw=span * 0.008, rx=length * 0.03, cls="canopy")
    _line(g, length * 0.5, -span * 0.12, length * 0.5, span * 0.12, lv.track, span * 0.012)
    for sign in (-1, 1):
        c = sign * half * 0.7
        _line(g, -length * 0.07 - span * 0.03, c, -length * 0.07 + span * 0.03, c, "#111", span * 0.015)
        _line(g, -length * 0.07, c - span * 0.03, -length * 0.07, c + span * 0.03, "#111", span * 0.015)


def side_view(*, length: float, height: float, kind: Kind = "tank", livery: Livery,
              turret: Literal["round", "faceted"] = "round") -> ET.Element:
    """A side silhouette, facing +x, centred on (0, 0), ``length`` by about ``height``:
    road wheels in the track run, hull, turret and gun (a destroyer's gun from its
    sloped casemate; a gun its shield and wheel; an aircraft in profile)."""
    lv = livery
    g = ET.Element("g", {"class": f"side-art {kind}"})
    h = height
    if kind == "aircraft":
        _poly(g, [(length * 0.5, -h * 0.05), (length * 0.3, -h * 0.2), (-length * 0.35, -h * 0.12),
                  (-length * 0.5, -h * 0.5), (-length * 0.42, -h * 0.05), (-length * 0.3, h * 0.05),
                  (length * 0.3, h * 0.12)], lv.body, stroke=lv.track, sw=h * 0.04)
        _poly(g, [(length * 0.12, h * 0.1), (length * 0.05, h * 0.45), (length * 0.12, h * 0.45)], lv.track)
        _rect(g, -length * 0.05, -h * 0.35, length * 0.22, h * 0.18, "#9fc3d6", stroke=lv.track, sw=h * 0.03,
              rx=h * 0.06)
        return g
    if kind == "gun":
        _circle(g, 0, h * 0.22, h * 0.26, lv.track)
        _poly(g, [(-length * 0.45, h * 0.42), (0, h * 0.1), (length * 0.02, h * 0.2), (-length * 0.4, h * 0.48)],
              lv.body, stroke=lv.track, sw=h * 0.03)
        _poly(g, [(length * 0.02, -h * 0.35), (length * 0.12, -h * 0.35), (length * 0.12, h * 0.15),
                  (length * 0.02, h * 0.15)], lv.body, stroke=lv.track, sw=h * 0.03)
        _rect(g, -length * 0.05, -h * 0.13, length * 0.55, h * 0.1, lv.track)
        return g
    # running gear: the track run and its road wheels
    _rect(g, -length * 0.48, h * 0.05, length * 0.96, h * 0.4, lv.track, rx=h * 0.2)
    for i in range(5):
        _circle(g, -length * 0.36 + i * length * 0.18, h * 0.25, h * 0.15, lv.shade, stroke=_SOOT, sw=h * 0.03)
    if kind == "destroyer":
        _poly(g, [(-length * 0.48, h * 0.05), (-length * 0.44, -h * 0.4), (length * 0.12, -h * 0.4),
                  (length * 0.48, h * 0.02)], lv.body, stroke=lv.track, sw=h * 0.03)
        _rect(g, length * 0.1, -h * 0.25, length * 0.45, h * 0.1, lv.track)
        return g
    _poly(g, [(-length * 0.48, h * 0.05), (-length * 0.46, -h * 0.2), (length * 0.3, -h * 0.2),
              (length * 0.48, h * 0.02)], lv.body, stroke=lv.track, sw=h * 0.03)
    if kind == "mortar":
        _rect(g, -length * 0.2, -h * 0.55, h * 0.22, h * 0.4, lv.track)
        return g
    top = -h * 0.5
    if turret == "faceted":
        _poly(g, [(-length * 0.22, -h * 0.2), (-length * 0.2, top), (length * 0.18, top), (length * 0.22, -h * 0.2)],
              lv.body, stroke=lv.track, sw=h * 0.03)
    else:
        _poly(g, [(-length * 0.22, -h * 0.2), (-length * 0.14, top), (length * 0.1, top), (length * 0.2, -h * 0.2)],
              lv.body, stroke=lv.track, sw=h * 0.03)
    _rect(g, length * 0.18, -h * 0.4, length * 0.42, h * 0.09, lv.track)
    _rect(g, -length * 0.1, top - h * 0.1, length * 0.1, h * 0.12, lv.shade)
    return g


def badge(code: str, *, x: float, y: float, size: float, livery: Livery, angle: float = 0.0,
          cls: str = "code") -> ET.Element:
    """A small plate with ``code`` (a card code, a number) centred on (x, y), ``size``
    high, dark text on a light plate and white on a dark one; ``angle`` turns it about
    its own centre (a caller undoes its piece's turn so the code stays upright);
    ``cls`` is the text's class."""
    w = badge_width(code, size)
    g = ET.Element("g", {"class": "badge", "transform": f"translate({_f(x)} {_f(y)}) rotate({_f(angle)})"})
    _rect(g, -w / 2, -size / 2, w, size, livery.body, stroke=livery.track, sw=size * 0.09, rx=size * 0.2)
    ink = livery.track if _light(livery.body) else "#ffffff"
    t = ET.SubElement(g, "text", {"x": "0", "y": _f(size * 0.34), "text-anchor": "middle", "fill": ink,
                                  "font-family": "sans-serif", "font-weight": "bold", "font-size": _f(size * 0.82),
                                  "class": cls})
    t.text = code
    return g


def badge_width(code: str, size: float) -> float:
    """How wide :func:`badge` draws ``code``'s plate at ``size``: a caller keeps it
    inside its square (a long code's plate would reach the neighbour's corner)."""
    return max(size * 1.1, size * 0.62 * len(code) + size * 0.4)


def _light(colour: str) -> bool:
    """Whether ``colour`` (``#rrggbb``) is light enough to carry dark text."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 140


def counter(*, size: float, livery: Livery, kind: Kind = "tank", view: Literal["top", "side"] = "top",
            code: str | None = None, face_down: bool = False, turret: Literal["round", "faceted"] = "round",
            turret_angle: float = 0.0, gun: float | None = None, command: bool = False, wreck: bool = False,
            back: str | None = None, upright: float = 0.0, front_mark: bool = False) -> ET.Element:
    """A hex game's counter, ``size`` square, centred on (0, 0), front along +x: a bevelled
    square in the side's colour (lit upper-left edges, shaded lower-right), its unit's
    silhouette (``view`` from above -- turret turned ``turret_angle`` -- or from the side)
    and, with ``code``, a small badge in the corner. ``face_down`` draws its back
    instead: the side's colour with a plain cross-hatched face and ``back`` (a mark
    the owner's opponent may see, such as ``?``), no silhouette and no code.
    ``upright`` turns the code and the back's mark about their centres (a caller
    passes minus its counter's turn so they read upright); ``front_mark`` adds a
    notch on the front (+x) edge, so a face-down counter's facing still shows."""
    lv = livery
    g = ET.Element("g", {"class": "counter" + (" face-down" if face_down else "") + (" wreck" if wreck else "")})
    s = size / 2
    bevel = size * 0.09
    _rect(g, -s + size * 0.05, -s + size * 0.07, size, size, "#000", rx=size * 0.08).set("opacity", "0.3")
    _rect(g, -s, -s, size, size, lv.shade, rx=size * 0.08, cls="counter-edge")
    _poly(g, [(-s, -s), (s, -s), (s - bevel, -s + bevel), (-s + bevel, -s + bevel), (-s + bevel, s - bevel),
              (-s, s)], lv.highlight)
    face = lv.shade if face_down else _mix(lv.body, lv.highlight, 0.55)
    _rect(g, -s + bevel, -s + bevel, size - 2 * bevel, size - 2 * bevel, face, cls="counter-face")
    if front_mark:
        _poly(g, [(s + size * 0.14, 0), (s - bevel * 0.5, -size * 0.16), (s - bevel * 0.5, size * 0.16)], lv.accent,
              stroke=_SOOT, sw=size * 0.025, cls="front-mark")
    if face_down:
        step = size / 5
        for i in range(1, 5):
            o = -s + i * step
            _line(g, o, -s + bevel, o, s - bevel, lv.body, size * 0.02)
            _line(g, -s + bevel, o, s - bevel, o, lv.body, size * 0.02)
        _rect(g, -s * 0.55, -s * 0.55, s * 1.1, s * 1.1, lv.shade, stroke=lv.body, sw=size * 0.03, rx=size * 0.06)
        if back:
            t = ET.SubElement(g, "text", {"x": "0", "y": _f(size * 0.17), "text-anchor": "middle", "fill": lv.highlight,
                                          "font-family": "sans-serif", "font-weight": "bold",
                                          "font-size": _f(size * 0.5), "class": "back-mark",
                                          "transform": f"rotate({_f(upright)})"})
            t.text = back
        return g
    inner = size - 2 * bevel
    if view == "side":
        g.append(side_view(length=inner * 0.86, height=inner * 0.46, kind=kind, livery=WRECK if wreck else lv,
                           turret=turret))
    else:
        length = inner * (0.96 if kind == "aircraft" else 0.7 if kind == "gun" else 0.74)
        width = inner * (0.96 if kind == "aircraft" else 0.72 if kind == "gun" else 0.64)
        art = top_down_tank(length=length, width=width, gun=gun if gun is not None else inner * 0.3, kind=kind,
                            livery=lv, turret=turret, turret_angle=turret_angle, command=command, wreck=wreck)
        if kind in ("tank", "destroyer", "gun"):  # the gun overhangs the front: centre the whole on the face
            art.set("transform", f"translate({_f(-inner * 0.1)} 0)")
        g.append(art)
    if code:
        g.append(badge(code, x=s - bevel - size * 0.13, y=s - bevel - size * 0.1, size=size * 0.2, livery=lv,
                       angle=upright))
    return g


def _mix(a: str, b: str, t: float) -> str:
    """``a`` moved a fraction ``t`` of the way to ``b`` (both ``#rrggbb``): a counter's
    face is its livery lightened towards its highlight, so the vehicle stands off it."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))
