"""Hex Recon's data: unit cards and scenarios in YAML, maps in the core hex format.

The unit cards are the kind ``card``, the word every tanktable ruleset uses
for them (``tanktable cards new hex-recon`` starts from the shipped file).

Everything is read through :class:`core.package_data.PackageData`: shipped
files by name, a user's files by path, references beside the file, every
problem at ``file:line:col``, and ``tanktable validate``/``schema`` for free.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from core.data import DataModel, Problem
from core.package_data import Kind, Loaded, PackageData, Reference, hex_board, hex_map_kind

SIDES = ("blue", "red")


class UnitType(DataModel):
    """One kind of marker (HR-2)."""

    name: str
    move: int = Field(ge=1, le=6, description="Movement points a move may spend (terrain costs, HTC).")
    range: int = Field(ge=0, le=8, description="Firing range in hexes; 0 cannot fire.")
    hit_on: int = Field(ge=2, le=6, description="A d6 hits on this or more, plus cover and hindrance (HR-5).")
    value: int = Field(ge=0, description="Counted for the side that still has it at the end (HR-6).")
    command: bool = Field(default=False, description="Losing it loses the game (HR-6).")


class CardsFile(DataModel):
    """``kind: card``: the unit cards, by the id a scenario names them with."""

    ruleset: Literal["hex-recon"] = "hex-recon"
    kind: Literal["card"] = "card"
    cards: dict[str, UnitType] = Field(min_length=1)


class SideSetup(DataModel):
    """Where a side's markers start and what they are; which is where stays secret (HR-1)."""

    hexes: list[str] = Field(min_length=1, max_length=12)
    units: list[str] = Field(min_length=1, max_length=12)


class ScenarioFile(DataModel):
    ruleset: Literal["hex-recon"] = "hex-recon"
    kind: Literal["scenario"] = "scenario"
    name: str
    map: Annotated[str, Reference("map")]
    cards: Annotated[str, Reference("card")]
    turns: int = Field(ge=1, le=100, description="Turns per side before the game is scored (HR-6).")
    blue: SideSetup
    red: SideSetup


def check_scenario(loaded: Loaded[Any]) -> list[Problem]:
    """What the schema cannot say: hexes on the map, known unit types, one
    command tank a side (HR-1, HR-6)."""
    doc, model = loaded.doc, loaded.model
    types = loaded.refs[("cards",)].model.cards if ("cards",) in loaded.refs else None
    board = hex_board(loaded.refs[("map",)]) if ("map",) in loaded.refs else None
    problems: list[Problem] = []
    taken: set[int] = set()
    for side in SIDES:
        setup: SideSetup = getattr(model, side)
        if len(setup.hexes) != len(setup.units):
            problems.append(doc.problem((side, "units"), f"one unit a hex: {len(setup.hexes)} hexes, "
                                                         f"{len(setup.units)} units (HR-1)"))
        if types is not None:
            for i, unit in enumerate(setup.units):
                if unit not in types:
                    problems.append(doc.problem((side, "units", i), f"unknown unit {unit!r} "
                                                                    f"(known: {', '.join(types)})"))
            if sum(1 for u in setup.units if u in types and types[u].command) != 1:
                problems.append(doc.problem((side, "units"), "a side has exactly one command unit (HR-6)"))
        for i, label in enumerate(setup.hexes if board is not None else ()):
            assert board is not None
            try:
                cell = board.parse(label)
            except ValueError as exc:
                problems.append(doc.problem((side, "hexes", i), str(exc)))
                continue
            if cell in taken or board.terrain[cell].cost == "impassable":
                problems.append(doc.problem((side, "hexes", i), f"{label} is taken or impassable (HR-1)"))
            taken.add(cell)
    return problems


DATA = PackageData("hex-recon", "tanktable_hexrecon.data", {
    "card": Kind(CardsFile, folder="cards"),
    "scenario": Kind(ScenarioFile, folder="scenarios", check=check_scenario),
    "map": hex_map_kind("maps"),
})
"""Every kind Hex Recon reads, and where its shipped files are."""
