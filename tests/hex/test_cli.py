"""``tanktable hex los|path|reach|cover``: text, --json, --svg and exit codes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

MAP = """\
ruleset: hex
kind: map
name: CLI test
size: {columns: 6, rows: 3}
terrain: |
  . . W . . .
   . o . . ~ .
  . . . . ~ .
hexsides:
  - feature: wall
    sides: [D1/E1]
paths:
  - feature: road
    hexes: [A3, B3, C3, D3]
markers:
  - {at: C2, kind: smoke, hindrance: 2}
"""


@pytest.fixture
def map_file(tmp_path: Path) -> Path:
    f = tmp_path / "m.yaml"
    f.write_text(MAP, encoding="utf-8")
    return f


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_los_text_blocked_names_the_blocker(map_file: Path) -> None:
    code, out, _ = run("hex", "los", str(map_file), "A1", "F1")
    assert code == 0
    assert "LOS A1 -> F1: blocked by Woods at C1 (HTC-T99)" in out
    assert "line: A1 B1 C1 D1 E1 F1" in out


def test_los_json_hindered(map_file: Path) -> None:
    code, out, _ = run("hex", "los", str(map_file), "A2", "D2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "hindered" and data["hindrance"] == 4
    assert [h["hex"] for h in data["hindrances"]] == ["B2", "C2"]
    assert data["line"] == ["A2", "B2", "C2", "D2"] and data["distance"] == 3


def test_los_edge_option_and_svg(map_file: Path, tmp_path: Path) -> None:
    svg = tmp_path / "los.svg"
    code, out, _ = run("hex", "los", str(map_file), "B1", "C2", "--edge", "either", "--json",
                       "--svg", str(svg))
    assert code == 0 and json.loads(out)["edge_rule"] == "either"
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and len(root.findall(".//{http://www.w3.org/2000/svg}polygon")) >= 18
    code, _, err = run("hex", "los", str(map_file), "B1", "C2", "--edge", "maybe")
    assert code == 1 and "--edge 'maybe'" in err


def test_path_text_and_json(map_file: Path) -> None:
    code, out, _ = run("hex", "path", str(map_file), "A3", "D3")
    assert code == 0 and out.startswith("path A3 -> D3: 3 MP")
    code, out, _ = run("hex", "path", str(map_file), "A1", "F3", "--json")
    data = json.loads(out)
    assert code == 0 and data["found"] and data["path"][0] == "A1" and data["path"][-1] == "F3"
    assert "E2" not in data["path"] and "E3" not in data["path"]  # water barrier
    assert data["cost"] == sum(s["cost"] for s in data["steps"])


def test_path_exit_1_when_it_does_not_fit_the_allowance(map_file: Path) -> None:
    code, out, _ = run("hex", "path", str(map_file), "A1", "F1", "--mp", "2")
    assert code == 1 and "not reachable from A1 with 2 MP" in out
    code, out, _ = run("hex", "path", str(map_file), "A1", "F1", "--mp", "2", "--json")
    assert code == 1 and json.loads(out)["found"] is False


def test_reach_text_json_and_svg(map_file: Path, tmp_path: Path) -> None:
    code, out, _ = run("hex", "reach", str(map_file), "A3", "--mp", "2")
    assert code == 0 and "hexes reachable" in out
    code, out, _ = run("hex", "reach", str(map_file), "A3", "--mp", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["reachable"]["A3"] == 0 and data["reachable"]["C3"] == 2
    assert data["reachable"]["D3"] == 3  # HTC-T93.1: +1 once a road hex is entered
    svg = tmp_path / "reach.svg"
    assert run("hex", "reach", str(map_file), "A3", "--mp", "1", "--svg", str(svg))[0] == 0
    assert "svg" in ET.parse(svg).getroot().tag


def test_cover_command(map_file: Path) -> None:
    code, out, _ = run("hex", "cover", str(map_file), "B3", "--json")
    assert code == 0 and json.loads(out)["cover"] == -1
    code, out, _ = run("hex", "cover", str(map_file), "C1", "--attack", "mortar")
    assert code == 0 and "cover of C1 against mortar: 2" in out and "+2" in out


def test_shipped_map_by_name() -> None:
    code, out, _ = run("hex", "los", "village", "A4", "L4")
    assert code == 0 and "clear" in out


@pytest.mark.parametrize("args", [
    ("hex", "los", "MAP", "A1", "Z9"),
    ("hex", "los", "MAP", "A1", "11"),
    ("hex", "path", "MAP", "A1", "Q1"),
    ("hex", "los", "no-such-map", "A1", "B1"),
])
def test_bad_input_exits_1_with_one_line(map_file: Path, args: tuple[str, ...]) -> None:
    code, out, err = run(*(str(map_file) if a == "MAP" else a for a in args))
    assert code == 1 and err.startswith("error: ") and "Traceback" not in err + out


def test_bad_map_exits_1_with_located_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(MAP.replace(". . W . . .", ". . W . . ?"), encoding="utf-8")
    code, _, err = run("hex", "reach", str(bad), "A1", "--mp", "2")
    assert code == 1 and f"{bad}:6:13: unknown terrain letter '?'" in err


def test_usage_errors_exit_2(map_file: Path) -> None:
    assert run("hex", "reach", str(map_file), "A1")[0] == 2  # --mp is required
    assert run("hex", "path", str(map_file), "A1", "B1", "--mp", "-1")[0] == 2


def test_validate_checks_hex_maps_and_terrain(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(MAP.replace("sides: [D1/E1]", "sides: [D1/F1]"), encoding="utf-8")
    code, out, err = run("validate", str(bad))
    assert code == 1 and "D1 and F1 are not neighbours" in err
    data = Path(__file__).resolve().parents[2] / "data"
    assert run("validate", str(data / "hex_terrain.yaml"), str(data / "hex_maps"))[0] == 0


def test_terrain_option_adds_a_users_types(map_file: Path, tmp_path: Path) -> None:
    extra = tmp_path / "t.yaml"
    extra.write_text("ruleset: hex\nkind: terrain\nterrain:\n  orchard:\n    based_on: orchard\n"
                     "    los: obstacle\n    hindrance: 0\n", encoding="utf-8")
    assert json.loads(run("hex", "los", str(map_file), "A2", "D2", "--json")[1])["status"] == "hindered"
    code, out, _ = run("hex", "los", str(map_file), "A2", "D2", "--json", "--terrain", str(extra))
    assert code == 0 and json.loads(out)["blocked_by"]["hexes"] == ["B2"]


def test_reach_names_the_road_bonus_per_hex_in_text_and_json(map_file: Path) -> None:
    """Issue 19 item 15: a hex that costs more than --mp was reached with the road
    bonus (HTC-T93.1), and the answer says so."""
    code, out, _ = run("hex", "reach", str(map_file), "A3", "--mp", "2")
    line = next(x for x in out.splitlines() if x.startswith("  3 MP:"))
    assert "D3" in line and line.endswith("(beyond 2 MP: each with the road bonus, HTC-T93.1)")
    assert not next(x for x in out.splitlines() if x.startswith("  2 MP:")).endswith("HTC-T93.1)")
    data = json.loads(run("hex", "reach", str(map_file), "A3", "--mp", "2", "--json")[1])
    assert data["road_bonus"]["D3"] is True and data["road_bonus"]["A3"] is False
    assert all(data["road_bonus"][h] == (cost > 2) for h, cost in data["reachable"].items())


def test_los_svg_outlines_the_blocking_hex(map_file: Path, tmp_path: Path) -> None:
    """Issue 19 item 15: the picture of a blocked line marks the hex that blocks it (C1 woods)."""
    import xml.etree.ElementTree as ET

    svg = tmp_path / "los.svg"
    assert run("hex", "los", str(map_file), "A1", "F1", "--svg", str(svg))[0] == 0
    root = ET.parse(svg).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    blockers = [e for e in root.iter(f"{ns}polygon") if e.get("id") == "blocker"]
    assert len(blockers) == 1
    c1 = next(e for e in root.iter(f"{ns}polygon") if e.findtext(f"{ns}title", "").startswith("C1 "))
    assert blockers[0].get("points") == c1.get("points")
    assert "red outline: what blocks" in svg.read_text()


def test_issue_60_4_draw_prints_the_map_or_writes_it_with_the_legend_of_its_terrain(
        map_file: Path, tmp_path: Path) -> None:
    code, out, _ = run("hex", "draw", str(map_file))
    assert code == 0 and "W" in out and "~" in out and "A" in out.splitlines()[0]
    svg = tmp_path / "m.svg"
    code, out, _ = run("hex", "draw", str(map_file), "--svg", str(svg))
    assert code == 0 and f"wrote {svg}" in out
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    kinds = [g.get("data-terrain") for g in root.iter("{http://www.w3.org/2000/svg}g")
             if g.get("class") == "terrain-sample"]
    assert kinds == ["open", "orchard", "water_barrier", "woods"]  # no stream: the map has none
    code, _, _ = run("hex", "draw", str(map_file), "--svg", str(svg), "--no-legend")
    assert code == 0 and "terrain-sample" not in svg.read_text(encoding="utf-8")
    code, _, err = run("hex", "draw", str(tmp_path / "none.yaml"))
    assert code == 1 and "no such file" in err
