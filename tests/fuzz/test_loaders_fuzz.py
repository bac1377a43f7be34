"""No bad input reaches a user as an internal error (issue 21).

A mutation fuzz (:mod:`tests.fuzz.harness`) over every shipped YAML file of
every data kind and a record of each ruleset, called as the CLI calls them
(``validate``, ``play --scenario``, ``play --position``, ``replay --verify``).
An internal error is any exception that is not a ``TanktableError``; a hang is
an input that takes longer than the harness's time limit.

The fast run is part of ``make test``; the long one (``make test-slow``) is
where new classes are found. Both are reproducible from their master seed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.harness import Figures, all_seeds, fuzz, shipped_seeds


def _verdict(figures: Figures) -> str:
    lines = [*figures.internal[:10], *figures.hangs[:10]]
    return f"{figures.inputs} inputs: {len(figures.internal)} internal errors, " \
           f"{len(figures.hangs)} hangs\n" + "\n".join(lines)


def test_every_data_kind_is_in_the_corpus() -> None:
    """Kinds are discovered from the rulesets, so a new kind is fuzzed once a file ships."""
    kinds = {(s.ruleset, s.kind) for s in shipped_seeds()}
    for expected in [("tank-chess", "map"), ("tank-chess", "position"), ("battle-of-tanks", "table"),
                     ("battle-of-tanks", "scenario"), ("battle-of-tanks", "army"),
                     ("battle-of-tanks", "position"), ("duel-of-the-giants", "scenario"),
                     ("duel-of-the-giants", "position")]:
        assert expected in kinds


def test_a_fast_fuzz_finds_no_internal_error() -> None:
    seeds = shipped_seeds()
    figures = fuzz(seeds, 3 * len(seeds), master_seed=1)
    assert not figures.internal and not figures.hangs, _verdict(figures)


@pytest.mark.slow
def test_the_long_fuzz_finds_no_internal_error() -> None:
    figures = fuzz(all_seeds(), 100_000, master_seed=2026)
    assert not figures.internal and not figures.hangs, _verdict(figures)


def test_an_empty_tagged_number_is_a_problem_at_its_place(tmp_path: Path) -> None:
    """Found by the long fuzz (seed 2027, input 37398): ``kind: !!float`` with no value
    made PyYAML's float constructor raise IndexError, an internal error."""
    from cli.commands import check_file

    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: tank-chess\nkind: !!float\nname: x\n")
    (problem,) = check_file(path)
    assert str(problem).startswith(f"{path}:2:7: cannot read '' as !!float")
