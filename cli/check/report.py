"""The result of one check and the table ``tanktable check`` prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_PROBLEMS = 5
"""Problems kept per check: the first few say what is wrong; the count says how often."""


@dataclass
class Tally:
    """One check as it runs: how many cases it looked at, what failed, how long it took.

    ``note`` says what was checked (``12 states, 3 games``). A check that could not
    run, or had nothing to look at (no game could be built, no hidden information
    declared, no position documents), is *skipped* with the reason, never passed:
    a pass always stands on cases that were looked at.
    """

    name: str
    cases: int = 0
    problems: list[str] = field(default_factory=list)
    failures: int = 0
    seconds: float = 0.0
    note: str = ""
    skipped: str = ""
    """Why the check did not run (empty when it ran)."""

    def skip(self, reason: str) -> None:
        self.skipped = reason
        self.note = reason

    @property
    def status(self) -> str:
        """``FAIL`` with a problem, else ``skip`` when it did not run, else ``pass``."""
        return "FAIL" if self.failures else "skip" if self.skipped else "pass"

    def fail(self, problem: str) -> None:
        self.failures += 1
        if len(self.problems) < MAX_PROBLEMS and problem not in self.problems:
            self.problems.append(problem)

    @property
    def passed(self) -> bool:
        """Ran and found no problem (a skipped check has not passed)."""
        return self.status == "pass"

    @property
    def failed(self) -> bool:
        return self.failures > 0

    def to_json(self) -> dict[str, Any]:
        return {"check": self.name, "status": self.status, "passed": self.passed,
                "skipped": self.skipped or None, "cases": self.cases,
                "failures": self.failures, "problems": list(self.problems),
                "note": self.note, "seconds": round(self.seconds, 3)}


def table(ruleset: str, tallies: list[Tally], seconds: float, error: str | None = None) -> str:
    """The checks as a plain table, the problems of each failed one below it; ``error``
    is a failure of the whole run (no game could be built), said last."""
    width = max(len(t.name) for t in tallies)
    lines = [f"tanktable check {ruleset}", ""]
    for t in tallies:
        lines.append(f"  {t.status:<4}  {t.name:<{width}}  {t.seconds:6.1f} s  {t.note}".rstrip())
        for problem in t.problems:
            lines.append(f"        - {problem}")
        if t.failures > len(t.problems):
            lines.append(f"        ... {t.failures} failures in all")
    failed = [t.name for t in tallies if t.failed]
    skipped = sum(1 for t in tallies if t.status == "skip")
    lines.append("")
    lines.append(f"{sum(1 for t in tallies if t.passed)} of {len(tallies)} checks passed"
                 + (f", {skipped} skipped" if skipped else "") + f" in {seconds:.1f} s"
                 + (f"; failed: {', '.join(failed)}" if failed else ""))
    if error:
        lines.append(f"FAILED: {error}")
    return "\n".join(lines)
