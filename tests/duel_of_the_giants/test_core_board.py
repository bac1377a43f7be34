"""The DG board as a core hex map, DG terrain as a core catalogue, DG-16 through the core LOS.

The reference ``old_has_los`` below is Duel of the Giants' own line walking
as it was before LOS moved onto :func:`core.grid.los.line_of_sight`; the
core path with :class:`DuelSight` must agree with it on every pair of hexes.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from core.grid.hexboard import HexBoard, load_board
from core.grid.los import line_of_sight
from rulesets.duel_of_the_giants import RULESET, settings
from rulesets.duel_of_the_giants.game import DuelGame
from rulesets.duel_of_the_giants.landscape import catalogue, load_scenario_board, sight_board
from rulesets.duel_of_the_giants.los import DuelSight, has_los, sight
from tests.duel_of_the_giants.helpers import h, stuka, t34, terrain

ROOT = Path(__file__).resolve().parents[2]
DG_DATA = ROOT / "data" / "duel_of_the_giants"
CATALOGUE = DG_DATA / "hex_terrain.yaml"


def old_has_los(g: DuelGame, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Reference: DG's line walking before the core machinery (DG-16.1-16.6)."""
    if a == b:
        return True
    geo = g.geo
    if geo.direction(a, b) is None:
        return False
    between = geo.between(a, b)
    if not between:
        return True
    hg = g.tt(a).high_ground or g.tt(b).high_ground
    forests = 0
    blockers = g.los_blockers()
    for p in between:
        t = g.tt(p)
        if t.high_ground:
            return False
        if t.snowdrift and not hg:
            return False
        if t.blocks_los:
            forests += 1
        if p in blockers and not hg:
            return False
    return forests < (2 if hg else 1)


def _game(scenario: str, **options: object) -> DuelGame:
    g = RULESET.new_game(scenario, dict(options), 0)
    assert isinstance(g, DuelGame)
    return g


def test_dg_3_shipped_landscape_is_a_core_hexboard() -> None:
    for season in ("summer", "winter"):
        cfg_terrain = settings.terrain().types
        sc = settings.load_scenario(season)
        board = load_scenario_board(sc, cfg_terrain, 9, 11)
        assert isinstance(board, HexBoard)
        assert (board.columns, board.rows, board.pointy, board.shifted) == (9, 11, True, "even")
        # b3 forest, f3 high ground, i3 swamp (summer) / snowdrift (winter)
        expect = {"b3": "forest", "f3": "high_ground", "i3": "swamp"} if season == "summer" else \
                 {"b3": "snow_forest", "f3": "snow_high_ground", "i3": "snowdrift"}
        for lab, tid in expect.items():
            assert board.terrain_at(board.parse(lab)) == tid
        g = _game(season)
        assert g.terrain == {(c % 9 + 1, c // 9 + 1): t for c, t in enumerate(board.terrain_ids)
                             if not cfg_terrain[t].printed}


def test_dg_3_map_file_loads_with_the_dg_catalogue() -> None:
    board = load_board(DG_DATA / "maps" / "winter.yaml", catalogue=catalogue())
    assert board.terrain_at(board.parse("A4")) == "snowdrift"
    assert board.terrain_at(board.parse("A1")) == "snow_steppe"


def test_dg_4_catalogue_agrees_with_dg_terrain_settings() -> None:
    """The core catalogue and terrain.yaml name the same types; cost = T-34 MA, obstacles = DG-16 blockers."""
    dg = settings.terrain().types
    cat = catalogue()
    assert set(cat.terrain) == set(dg)
    for tid, t in dg.items():
        core_t = cat.terrain[tid]
        assert core_t.cost == t.t34_cost, tid
        assert (core_t.los == "obstacle") == (t.blocks_los or t.snowdrift), tid


def _scatter_blockers(g: DuelGame, seed: int) -> None:
    rng = random.Random(seed)
    free = [p for p in g.geo.hexes if g.tank_at(p) is None]
    for n, p in enumerate(rng.sample(free, 6), 1):
        t34(g, 90 + n, f"{'abcdefghi'[p[0] - 1]}{p[1]}", "W")


@pytest.mark.parametrize("scenario", ["summer", "winter"])
@pytest.mark.parametrize("options", [{}, {"winter.snow_forest": "transparent"}])
def test_dg_16_core_los_equals_old_los_on_every_pair(scenario: str, options: dict[str, str]) -> None:
    g = _game(scenario, **options)
    _scatter_blockers(g, 7)
    stuka(g, "a6")
    assert g.los_blockers()
    hexes = g.geo.hexes
    differ = [(a, b) for a in hexes for b in hexes
              if (has_los(g, a, b), not sight(g, a, b).blocked) != (old_has_los(g, a, b),) * 2]
    assert differ == []
    seen = sum(old_has_los(g, a, b) for a in hexes for b in hexes if a != b)
    assert 0 < seen < len(hexes) * (len(hexes) - 1)  # the comparison covers both verdicts


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_dg_16_core_los_equals_old_los_on_random_landscapes(season: str) -> None:
    """Dense random landscapes (forests, high ground, drifts, tanks) exercise every DG-16 clause."""
    g = _game(season)
    kinds = [k for k, t in g.cfg.terrain.items() if t.season == season and not t.printed]
    hexes = g.geo.hexes
    pairs = [(a, b) for a in hexes for b in hexes if g.geo.direction(a, b) is not None]
    rng = random.Random(season)
    for _ in range(12):
        g.terrain = {p: rng.choice(kinds) for p in hexes if rng.random() < 0.3}
        g.tanks = {}
        for n, p in enumerate(rng.sample(hexes, 5), 1):
            t34(g, n, f"{'abcdefghi'[p[0] - 1]}{p[1]}", "W")
        assert [(a, b) for a, b in pairs if has_los(g, a, b) != old_has_los(g, a, b)] == []
        assert all(sight(g, a, b).blocked != old_has_los(g, a, b) for a, b in pairs[::7])


def test_dg_16_3_policy_reports_what_blocks() -> None:
    g = _game("summer")
    g.terrain, g.tanks, g.stuka = {}, {}, None
    terrain(g, "forest", "d5")
    r = sight(g, h("c5"), h("f5"))
    board = sight_board(9, 11)
    assert r.blocked and r.blocked_by is not None
    assert r.blocked_by.describe(board) == "forest at D5 (DG-16.1)"
    assert [board.label(c) for c in r.line] == ["C5", "D5", "E5", "F5"]
    terrain(g, "high_ground", "c5")
    assert not sight(g, h("c5"), h("f5")).blocked  # one forest is looked over from high ground
    r = line_of_sight(board, board.parse("C5"), board.parse("E6"), DuelSight(g))
    assert r.blocked_by is not None and r.blocked_by.rule == "DG-3.8"


def test_tanktable_hex_los_on_the_dg_board() -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["hex", "los", str(DG_DATA / "maps" / "summer.yaml"), "C4", "G4",
                              "--terrain", str(CATALOGUE)])
    assert res.exit_code == 0, res.output
    assert "LOS C4 -> G4: clear" in res.output
    res = runner.invoke(app, ["hex", "los", str(DG_DATA / "maps" / "summer.yaml"), "A3", "D3",
                              "--terrain", str(CATALOGUE)])
    assert res.exit_code == 0, res.output
    assert "blocked by forest at B3 (DG-16.1)" in res.output
    res = runner.invoke(app, ["hex", "reach", str(DG_DATA / "maps" / "winter.yaml"), "B4", "--mp", "2",
                              "--terrain", str(CATALOGUE)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["validate", str(DG_DATA / "maps"), str(CATALOGUE)])
    assert res.exit_code == 0, res.output


def test_dg_16_3_hex_los_with_the_games_own_sight_rules() -> None:
    """``--rules duel-of-the-giants`` judges a map file by DG-16 instead of the generic
    chart: from the high ground on F3 one forest (B3) is looked over (DG-16.3), from
    the steppe on E3 it blocks (DG-16.1), and hexes not in a straight row never see
    each other (DG-3.8)."""
    runner = CliRunner()
    summer = str(DG_DATA / "maps" / "summer.yaml")

    def los(*args: str) -> str:
        res = runner.invoke(app, ["hex", "los", summer, *args])
        assert res.exit_code == 0, res.output
        return res.output

    assert "blocked by forest at B3" in los("F3", "A3")  # the generic chart
    assert "LOS F3 -> A3: clear" in los("F3", "A3", "--rules", "duel-of-the-giants")
    assert "blocked by forest at B3 (DG-16.1)" in los("E3", "A3", "--rules", "duel-of-the-giants")
    assert "DG-3.8" in los("C4", "G6", "--rules", "duel-of-the-giants")
    res = runner.invoke(app, ["hex", "los", "village", "A1", "C3", "--rules", "duel-of-the-giants"])
    assert res.exit_code == 1 and "not Duel of the Giants terrain" in res.output
    res = runner.invoke(app, ["hex", "los", summer, "A1", "C3", "--rules", "tank-chess"])
    assert res.exit_code == 1 and "no sight rules of its own" in res.output


def _embedded(season: str) -> str:
    grid = (DG_DATA / "maps" / f"{season}.yaml").read_text().split("terrain: |\n", 1)[1]
    src = (DG_DATA / "scenarios" / f"{season}.yaml").read_text()
    return src.replace(f"  map: {season}\n", "  landscape: |\n" + "".join("  " + ln + "\n" for ln in grid.splitlines()))


def test_embedded_landscape_gives_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(_embedded("winter"))
    from cli.commands import check_file

    assert check_file(path) == []
    assert _game(str(path)).terrain == _game("winter").terrain


def test_bad_landscape_letter_is_reported_on_its_line(tmp_path: Path) -> None:
    from cli.commands import check_file

    text = _embedded("summer")
    lines = text.splitlines()
    row = next(i for i, ln in enumerate(lines) if ln.startswith("    .   F   .   .   .   H"))
    lines[row] = lines[row].replace("H", "X", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n")
    problems = check_file(bad)
    assert any(p.line == row + 1 and p.col == lines[row].index("X") + 1 and "'X'" in p.message
               for p in problems), problems


def test_scenario_map_file_is_relative_to_the_scenario(tmp_path: Path) -> None:
    from cli.commands import check_file

    (tmp_path / "board.yaml").write_text((DG_DATA / "maps" / "summer.yaml").read_text().replace(
        "[../hex_terrain.yaml]", f"[{CATALOGUE}]"))
    scen = tmp_path / "scen.yaml"
    scen.write_text((DG_DATA / "scenarios" / "summer.yaml").read_text().replace("map: summer", "map: board.yaml"))
    assert check_file(scen) == []
    assert _game(str(scen)).terrain == _game("summer").terrain
    scen.write_text((DG_DATA / "scenarios" / "summer.yaml").read_text().replace("map: summer", "map: winter"))
    problems = check_file(scen)
    assert any("not summer terrain" in p.message for p in problems), problems
