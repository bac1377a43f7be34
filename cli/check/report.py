"""The result of one check and the table ``tanktable check`` prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_PROBLEMS = 5
"""Problems kept per check: the first few say what is wrong; the count says how often."""


@dataclass
class Tally:
    """One check as it runs: how many cases it looked at, what failed, how long it took.

    ``note`` says what was checked (``12 states, 3 games``) or why nothing needed
    checking (``no hidden information``); ``required`` is a problem reported
    when the check saw no case at all, for a check that must see one.
    """

    name: str
    cases: int = 0
    problems: list[str] = field(default_factory=list)
    failures: int = 0
    seconds: float = 0.0
    note: str = ""

    def fail(self, problem: str) -> None:
        self.failures += 1
        if len(self.problems) < MAX_PROBLEMS and problem not in self.problems:
            self.problems.append(problem)

    @property
    def passed(self) -> bool:
        return self.failures == 0

    def to_json(self) -> dict[str, Any]:
        return {"check": self.name, "passed": self.passed, "cases": self.cases,
                "failures": self.failures, "problems": list(self.problems),
                "note": self.note, "seconds": round(self.seconds, 3)}


def table(ruleset: str, tallies: list[Tally], seconds: float) -> str:
    """The checks as a plain table, the problems of each failed one below it."""
    width = max(len(t.name) for t in tallies)
    lines = [f"tanktable check {ruleset}", ""]
    for t in tallies:
        verdict = "pass" if t.passed else "FAIL"
        lines.append(f"  {verdict}  {t.name:<{width}}  {t.seconds:6.1f} s  {t.note}".rstrip())
        for problem in t.problems:
            lines.append(f"        - {problem}")
        if t.failures > len(t.problems):
            lines.append(f"        ... {t.failures} failures in all")
    failed = [t.name for t in tallies if not t.passed]
    lines.append("")
    lines.append(f"{len(tallies) - len(failed)} of {len(tallies)} checks passed in {seconds:.1f} s"
                 + (f"; failed: {', '.join(failed)}" if failed else ""))
    return "\n".join(lines)
