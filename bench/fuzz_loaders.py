"""The loader fuzz of issue 21 as a long run that prints its figures.

    .venv/bin/python bench/fuzz_loaders.py [--inputs 100000] [--seed 2026]

Every shipped YAML file of every data kind (a plugin's own included, when it
is installed) and a record of each ruleset,
mutated and given to what the CLI calls (see tests/fuzz/harness.py). Prints
the inputs, internal errors (goal 0), hangs (goal 0), the slowest input and
the time; each internal error with the input number that reproduces it
(``tests.fuzz.harness.text_of``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzz.harness import Figures, all_seeds, fuzz  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    seeds = all_seeds()

    def progress(f: Figures) -> None:
        print(f"  {f.inputs:>7} inputs, {len(f.internal)} internal errors, {len(f.hangs)} hangs",
              file=sys.stderr, flush=True)

    figures = fuzz(seeds, args.inputs, master_seed=args.seed, report=progress)
    print(f"{len(seeds)} seed files; {figures.inputs} inputs in {figures.seconds:.0f} s "
          f"({figures.inputs / max(figures.seconds, 1e-9):.0f}/s); slowest {figures.slowest:.2f} s")
    print(f"internal errors: {len(figures.internal)}; hangs: {len(figures.hangs)}")
    for kind, n in sorted(figures.by_kind.items()):
        print(f"  {kind:<32} {n:>7}")
    for line in [*figures.internal, *figures.hangs][:50]:
        print("  " + line)
    return 1 if figures.internal or figures.hangs else 0


if __name__ == "__main__":
    raise SystemExit(main())
