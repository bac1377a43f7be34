"""A mutation fuzz over every loader: shipped YAML of every data kind and game records.

Each input is a shipped file (or a record of a short seeded game) with one to
three mutations: a line deleted, duplicated or cut, a byte flipped, the file
cut short, or a value replaced by odd YAML (tags, non-finite or huge numbers,
empty or very long names, folders, paths that climb out, anchors and aliases,
deep nesting). It is written beside nothing but itself and given to what a
user's command would call in-process: ``tanktable validate`` (:func:`check_file`),
``play --scenario`` (``new_game``), ``play --position`` (``from_position``) and
``replay --verify``. Any exception that is not a :class:`TanktableError` is an
internal error (the CLI would exit 70); every input is bounded in time.

Kinds are discovered, not listed: every YAML file under ``data/``, and every
one a registered plugin ships in its own package (``Ruleset.package_data``),
whose ``ruleset:``/``kind:`` header names a kind of its ruleset's
``data_kinds()`` (or a core kind) is in the corpus, so a new kind's shipped
files are fuzzed as soon as they exist.
"""

from __future__ import annotations

import random
import signal
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from core.data import parse_document
from core.errors import DataError, TanktableError
from core.registry import CORE_KINDS, available_rulesets, get_ruleset

DATA = Path(__file__).resolve().parents[2] / "data"
TIME_LIMIT = 10.0
"""Seconds one input may take before it counts as a hang."""

ODD_VALUES = [
    "!!python/object:os.system {}", "!!python/object/apply:os.system ['true']",
    "!!python/name:os.system", "!mine value", "!!binary '@@@'", "!!set {a: null}",
    "!!omap [a: 1]", "!!int nine", "!!float x", "!!timestamp never",
    ".nan", ".inf", "-.inf", "1e309", "-1e309", "1e300", "-1e300", "99999999999999999999",
    "-1", "0", "-0.0", "1" * 5000, "2024-13-45", "12:30", "NO", "~", "''", '""', "' '",
    "x" * 10000, "'" + "y/" * 3000 + "'", "/etc/hostname", "/etc/shadow", "/tmp", ".", "..",
    "../../../etc/passwd", "/dev/zero", "/dev/null", "'\\0'", "\"a\\0b\"",
    "&anchor value", "*anchor", "*undefined", "[]", "{}", "[" * 200 + "]" * 200,
    "{a: " * 100 + "1" + "}" * 100, "[*a, *a]", "{<<: *a}", "'€ üñí ✓'", "\"\\uD800\"",
]


@dataclass(frozen=True)
class Seed:
    """One input to mutate: its text, the name it is written under, what it is."""

    name: str
    text: str
    ruleset: str
    kind: str
    extra: tuple[tuple[str, str], ...] = ()
    """Files written beside it (a user scenario's table)."""


@dataclass
class Figures:
    inputs: int = 0
    internal: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    slowest: float = 0.0
    by_kind: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0


def shipped_seeds() -> list[Seed]:
    """Every shipped YAML file whose header names a known data kind."""
    kinds: set[tuple[str, str]] = set(CORE_KINDS)
    for ruleset in available_rulesets():
        kinds |= {(ruleset.id, k) for k in ruleset.data_kinds()}
    seeds = []
    for path in sorted(DATA.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        ruleset, kind = parse_document(text, str(path)).header()
        if ruleset is not None and kind is not None and (ruleset, kind) in kinds:
            seeds.append(Seed(path.name, text, ruleset, kind))
    for owner in available_rulesets():  # a plugin's own shipped files (core.package_data)
        if owner.package_data is None:
            continue
        for label, text in owner.package_data.shipped_files():
            ruleset, kind = parse_document(text, label).header()
            if ruleset is not None and kind is not None and (ruleset, kind) in kinds:
                seeds.append(Seed(label.replace("/", "-"), text, ruleset, kind))
    return seeds


def record_seeds(moves: int = 12) -> list[Seed]:
    """A record per ruleset, from a short seeded game of random moves.

    The Battle of Tanks game starts from a user's scenario whose table is a
    file beside it, so the record carries an embedded scenario and an attachment.
    """
    from core.record import dump_record, make_record

    seeds = []
    with tempfile.TemporaryDirectory() as folder:
        for ruleset in available_rulesets():
            scenario: str | None = None
            if ruleset.id == "battle-of-tanks":
                scen = (DATA / "battle_of_tanks" / "scenarios" / "village-crossroads.yaml").read_text()
                table = (DATA / "battle_of_tanks" / "tables" / "village.yaml").read_text()
                (Path(folder) / "my-table.yaml").write_text(table)
                scenario = str(Path(folder) / "my-scenario.yaml")
                Path(scenario).write_text(scen.replace("table: village", "table: my-table.yaml"))
            game = ruleset.new_game(scenario, None, 3)
            rng = random.Random(3)
            for _ in range(moves):
                actions = game.legal_actions()
                if game.outcome() is not None or not actions:
                    break
                game.apply(rng.choice(actions))
            text = dump_record(make_record(game, ruleset, scenario, 3))
            seeds.append(Seed(f"{ruleset.id}-record.yaml", text, ruleset.id, "record"))
    return seeds


# ----------------------------------------------------------------- mutations
def _lines(text: str) -> list[str]:
    return text.split("\n")


def delete_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines)


def cut_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    return "\n".join(lines)


def cut_file(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text) + 1)]


def flip_byte(text: str, rng: random.Random) -> str:
    raw = bytearray(text.encode("utf-8", errors="surrogateescape"))
    if raw:
        raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
    return raw.decode("utf-8", errors="surrogateescape")


def replace_value(text: str, rng: random.Random) -> str:
    """A value (after ``key:`` or ``- ``) becomes odd YAML; an anchor may be set first."""
    lines = _lines(text)
    spots = [i for i, line in enumerate(lines) if ": " in line or line.lstrip().startswith("- ")]
    if not spots:
        return text
    i = rng.choice(spots)
    line = lines[i]
    odd = rng.choice(ODD_VALUES)
    if ": " in line:
        head = line.split(": ", 1)[0]
        lines[i] = f"{head}: {odd}"
    else:
        indent = line[: len(line) - len(line.lstrip())]
        lines[i] = f"{indent}- {odd}"
    if "*a" in odd and rng.random() < 0.5 and i > 0:
        j = rng.randrange(i)
        if ": " in lines[j]:
            head, rest = lines[j].split(": ", 1)
            lines[j] = f"{head}: &a {rest}"
    return "\n".join(lines)


MUTATIONS: list[Callable[[str, random.Random], str]] = [
    delete_line, duplicate_line, cut_line, cut_file, flip_byte, replace_value, replace_value, replace_value,
]


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.choice((1, 1, 2, 3))):
        text = rng.choice(MUTATIONS)(text, rng)
    return text


# ---------------------------------------------------------------- the targets
class Hang(BaseException):
    """An input took longer than its time limit (a BaseException: nothing swallows it)."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise Hang()


def exercise(path: Path, seed: Seed) -> None:
    """What the CLI does with the file: validate it, play it, replay it."""
    from cli.commands import check_file

    check_file(path)
    if seed.kind == "record":
        from core.record import load_record, replay

        record, doc = load_record(path)
        replay(record, get_ruleset(record.ruleset), doc, verify=True)
        return
    if seed.ruleset not in {r.id for r in available_rulesets()}:
        return
    ruleset = get_ruleset(seed.ruleset)
    if seed.kind == "scenario" or (seed.ruleset == "tank-chess" and seed.kind == "map"):
        ruleset.new_game(str(path), None, 0)
    elif seed.kind == "position":
        from core.data import load_document

        doc = load_document(path)
        problems = ruleset.validate_document("position", doc)
        if problems:
            raise DataError(problems)
        ruleset.from_position(doc.data, 0)


def run_one(text: str, seed: Seed, folder: Path) -> tuple[str | None, float]:
    """Exercise one mutated input; returns (internal error or None, seconds)."""
    path = folder / seed.name
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
    for name, extra in seed.extra:
        (folder / name).write_text(extra, encoding="utf-8")
    started = time.perf_counter()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    try:
        exercise(path, seed)
    except TanktableError:
        pass
    except Hang:
        return "hang", time.perf_counter() - started
    except Exception as exc:  # noqa: BLE001 - this is what the fuzz looks for
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return (f"{type(exc).__name__}: {str(exc)[:200]} at {Path(where.filename).name}:{where.lineno}",
                time.perf_counter() - started)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return None, time.perf_counter() - started


def inputs(seeds: list[Seed], count: int, master_seed: int) -> Iterator[tuple[Seed, str]]:
    """``count`` mutated inputs, round-robin over the seeds, reproducible from ``master_seed``."""
    rng = random.Random(master_seed)
    for i in range(count):
        seed = seeds[i % len(seeds)]
        yield seed, mutate(seed.text, rng)


def fuzz(seeds: list[Seed], count: int, master_seed: int = 0,
         report: Callable[[Figures], None] | None = None) -> Figures:
    figures = Figures()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for seed, text in inputs(seeds, count, master_seed):
            error, seconds = run_one(text, seed, Path(folder))
            figures.inputs += 1
            figures.by_kind[f"{seed.ruleset}/{seed.kind}"] += 1
            figures.slowest = max(figures.slowest, seconds)
            if error == "hang":
                figures.hangs.append(f"{seed.name}: input #{figures.inputs - 1}")
            elif error is not None:
                figures.internal.append(f"{seed.name} #{figures.inputs - 1}: {error}")
            if report is not None and figures.inputs % 1000 == 0:
                report(figures)
    figures.seconds = time.perf_counter() - started
    return figures


def text_of(seeds: list[Seed], index: int, master_seed: int = 0) -> tuple[Seed, str]:
    """The input number ``index`` of a run (to look at one that failed)."""
    for i, item in enumerate(inputs(seeds, index + 1, master_seed)):
        if i == index:
            return item
    raise IndexError(index)


def all_seeds() -> list[Seed]:
    return shipped_seeds() + record_seeds()


__all__ = ["Figures", "Seed", "all_seeds", "fuzz", "record_seeds", "shipped_seeds", "text_of"]


