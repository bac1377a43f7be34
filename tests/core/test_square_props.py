"""Square facing arithmetic (TC-4.1, TC-6.1) as properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.grid.square import Dir, SquareBoard, direction_between, relative_side

dirs = st.sampled_from(list(Dir))


@given(d=dirs)
def test_rotating_eight_times_is_identity(d: Dir) -> None:
    x = d
    for _ in range(8):
        x = x.rotate(1)
    assert x == d
    assert d.rotate(-3).rotate(3) == d


@given(d=dirs)
def test_opposite_is_an_involution_and_reverses_the_step(d: Dir) -> None:
    assert d.opposite().opposite() == d
    assert d.opposite() != d
    df, dr = d.delta
    assert d.opposite().delta == (-df, -dr)


@given(facing=dirs, towards=dirs)
def test_relative_side_front_rear_side(facing: Dir, towards: Dir) -> None:
    side = relative_side(facing, towards)
    if towards == facing:
        assert side == "front"
    elif towards == facing.opposite():
        assert side == "rear"
    else:
        assert side == "side"
    # rotating both together does not change the answer
    assert relative_side(facing.rotate(3), towards.rotate(3)) == side


@given(f=st.integers(0, 15), r=st.integers(0, 15), d=dirs, n=st.integers(1, 15))
def test_ray_and_direction_between_agree(f: int, r: int, d: Dir, n: int) -> None:
    board = SquareBoard(16, 16)
    ray = list(board.ray((f, r), d))
    for k, sq in enumerate(ray, 1):
        assert sq == board.step((f, r), d, k)
        assert direction_between((f, r), sq) == d
    target = board.step((f, r), d, n)
    assert (target in ray) == board.on_board(target)


@given(f=st.integers(0, 19), r=st.integers(0, 19))
def test_square_names_round_trip(f: int, r: int) -> None:
    board = SquareBoard(20, 20)
    assert board.parse(board.name((f, r))) == (f, r)
    assert board.rotate180(board.rotate180((f, r))) == (f, r)
