"""Issue 59.1, Battle of Tanks: the danger of a drive's end, before it is given. Where
the drive leaves the tank, each enemy that would have it in sight and range (BT-6.1)
is named with the cover it would have (BT-6.4) and what the enemy's next FIRE would do
there (exact, BT-6.3 with the target-moved modifier, BT-6.5), or that it must spot it
first (BT-5.5): in the ``preview`` the page asks for a dragged path, and as a danger
mark on each suggested drive's end (the browser tints the end by it)."""

from __future__ import annotations

from core.geometry import Pose, heading_between
from rulesets.battle_of_tanks import actions as A
from rulesets.battle_of_tanks.free_drive import preview
from rulesets.battle_of_tanks.odds import outcome, pct
from rulesets.battle_of_tanks.table_aids import DANGER_KIND, board_aids, drive_drawing
from rulesets.battle_of_tanks.threats import danger_level, threat_lines, threats_to
from tests.battle_of_tanks.test_free_drive import moving


def test_issue_59_1_the_preview_of_a_drive_names_the_enemy_fire_at_its_end() -> None:
    """In the open north of the barn: target#1 sees it; the preview gives its FIRE's chances
    at the tank as it would stand there (moved this round), and a danger line."""
    g = moving()
    lines = preview(g, 0, "to 20,90 @90").splitlines()
    ghost = g.clone()
    ghost.apply(A.Drive(((20.0, 90.0),), 90.0))  # the drive played: the tank there, moved
    tank, enemy = ghost.tank("a1"), ghost.tank("b1")
    o = outcome(ghost, enemy, tank, "fire", enemy.card.rate_of_fire)
    assert lines[1] == (f"  from target#1: open; a FIRE of {enemy.card.rate_of_fire} shot(s) destroys it "
                        f"{pct(o.destroys)}, damages it {pct(o.damages)}")
    level = "dead" if o.destroys >= 0.5 else "fire"
    assert lines[-1].startswith("  danger: " + {"dead": "deadly", "fire": "under fire"}[level])
    # what the drive would meet is what the tank meets once driven: the threats command agrees
    assert threat_lines(ghost, tank)[0].endswith(f"destroys it {pct(o.destroys)}, damages it {pct(o.damages)}")
    # and the drive's note in 'moves' says it too, not only who would see it (playtest)
    head = {"dead": "deadly", "fire": "under fire"}[level]
    assert g.describe_action(A.Drive(((20.0, 90.0),), 90.0)).endswith(
        f"; {head} from where they stand now: target#1 destroys it {pct(o.destroys)}, damages it {pct(o.damages)}")


def test_issue_59_1_behind_the_barn_no_danger_and_no_mark() -> None:
    """BT-6.4: hidden by tall terrain, no enemy has it in sight: no danger line, no mark."""
    g = moving()
    assert not any(line.startswith("  danger") for line in preview(g, 0, "to 30,60 35,60").splitlines())
    assert drive_drawing(g, g.tank("a1"), A.Drive(((30.0, 60.0), (35.0, 60.0)))).marks == ()


def test_issue_59_1_in_cover_unspotted_the_end_is_only_seen() -> None:
    """BT-5.5: in the hedge, in light cover and not spotted, the enemy may fire only once it
    is spotted this round: the level is ``spot``, said so in the preview and the mark."""
    g = moving()
    tank = g.tank("a1")
    found = threats_to(g, tank, Pose(25, 81.5, 0))
    assert [t.cover for t in found] == ["light"] and found[0].spot_first and danger_level(found) == "spot"
    mark = drive_drawing(g, tank, A.Drive(((25.0, 81.5),), 0.0)).marks[0]
    assert mark.kind == DANGER_KIND + "spot" and mark.label == "seen in cover: target#1 (light) only once spotted (BT-5.5)"
    assert preview(g, 0, "to 25,81.5 @0").splitlines()[-1].startswith("  danger: seen in cover")


def test_issue_59_1_each_suggested_drive_carries_the_danger_of_its_end() -> None:
    """The board aids of the legal drives: each end an enemy sees carries a danger mark
    at that end, its kind the level and its label naming the enemy with its chances; the
    others none."""
    g = moving()
    legal = [a for a in g.legal_actions() if isinstance(a, A.Drive) and a.points]
    aids = board_aids(g, legal, [""] * len(legal))
    tank = g.tank("a1")
    marked = 0
    for action, aid in zip(legal, aids.actions, strict=True):
        end = action.points[-1]
        before = action.points[-2] if len(action.points) > 1 else (tank.x, tank.y)
        heading = action.heading if action.heading is not None else heading_between(before, end)
        level = danger_level(threats_to(g, tank, Pose(end[0], end[1], heading)))
        marks = aid.drawing.marks if aid.drawing is not None else ()
        assert [m.kind for m in marks] == ([DANGER_KIND + level] if level else [])
        if level:
            marked += 1
            assert "target#1 (" in marks[0].label and marks[0].at == aid.end.at
    assert marked


def test_issue_59_1_an_attacks_preview_says_what_its_fire_would_do_from_the_end() -> None:
    """Playtest of issue 59: an ATTACK's straight line was chosen blind, preview after
    preview. Its preview, and the note of each line in 'moves', ends with what the tank's
    fire would do from there (its rate of fire with ATTACK's modifier, BT-6.3, exact), or
    that it would have no target; the game itself is not moved by it."""
    from rulesets.battle_of_tanks.actions import Declare
    from tests.battle_of_tanks.helpers import give_chit, make_game

    g = make_game(["pzkpfw-ii-luchs"], ["tiger-i"], {"a1": (10, 60, 0), "b1": (100, 60, 180)}, seed=3)
    give_chit(g, "a")
    g.apply(Declare("luchs#1", "ATTACK"))
    ghost = g.clone()
    ghost.apply(A.Drive(((30.0, 60.0),)))
    shots = g.tank("a1").card.rate_of_fire
    o = outcome(ghost, ghost.tank("a1"), ghost.tank("b1"), "attack", shots)
    assert preview(g, 0, "to 30,60").splitlines()[-1] == (
        f"  its fire from there: in sight: tiger#1 (open): {shots} shot(s) destroy it {pct(o.destroys)}, "
        f"damage it {pct(o.damages)}")
    # each of the lines 'moves' offers says it in its note, 'stay' too
    notes = g.describe_actions(g.legal_actions())
    assert all("; its fire from there: tiger#1 (open): " in note for note in notes), notes
    far = make_game(["pzkpfw-ii-luchs"], ["tiger-i"], {"a1": (10, 10, 90), "b1": (110, 110, 180)}, seed=3)
    give_chit(far, "a")
    far.apply(Declare("luchs#1", "ATTACK"))
    assert preview(far, 0, "to 10,30").splitlines()[-1] == "  its fire from there: no target in sight now"
    notes = far.describe_actions(far.legal_actions())  # among many, in the fewest words
    assert all(note.endswith("; its fire from there: no shot") for note in notes), notes
    assert (far.tank("a1").x, far.tank("a1").y, far.phase) == (10, 10, "path")


def test_playtest_59_danger_is_judged_where_enemies_stand_and_says_what_one_drive_brings() -> None:
    """BT-5, BT-6.1: an enemy just beyond its sight now, that an ATTACK's drive would bring
    within it, is named with how far it may drive first; the drive's note does not read
    as safety ("out of every enemy's sight now"); one beyond reach is not named."""
    from rulesets.battle_of_tanks.describe import reach_note, within_reach
    from tests.battle_of_tanks.helpers import card, make_game

    cards = [card("scout", sight_cm=30, move_cm=20), card("hunter", sight_cm=30, move_cm=20)]
    g = make_game(["scout"], ["hunter"], {"a1": (20, 60, 0), "b1": (65, 60, 180)}, cards=cards)
    scout, hunter = g.tank("a1"), g.tank("b1")  # 35 cm apart, footprint to footprint (BT-6.1)
    near = within_reach(g, scout, scout.pose)
    assert [(e.label, round(beyond), round(drive)) for e, beyond, drive in near] == [(hunter.label, 5, 10)]
    note = reach_note(g, scout, scout.pose)
    assert note == f"an ATTACK's drive from fire: {hunter.label} (5 cm out of range, drives 10 cm first)", note
    g.place("a1", 5, 60, 0)  # beyond sight and one ATTACK's drive: not named
    assert within_reach(g, scout, scout.pose) == [] and reach_note(g, scout, scout.pose) == ""
