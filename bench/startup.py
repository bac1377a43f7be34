"""Start-up time of ``tanktable --help`` against a bare two-command typer app.

Both run as fresh processes with the same interpreter, alternating A B A B so
drift of the machine hits both alike; we print medians and the ratio
(goal: <= 1.3). Not a timed test: a measurement to report.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = '''
import typer
app = typer.Typer()

@app.command()
def one() -> None:
    """First."""

@app.command()
def two() -> None:
    """Second."""

app()
'''


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(runs: int = 15) -> float:
    with tempfile.TemporaryDirectory() as folder:
        bare = Path(folder) / "bare.py"
        bare.write_text(BARE)
        ours_cmd = [sys.executable, "-c", "from cli.app import main; main()", "--help"]
        bare_cmd = [sys.executable, str(bare), "--help"]
        timed(ours_cmd), timed(bare_cmd)  # warm the file cache
        ours, peer = [], []
        for _ in range(runs):
            ours.append(timed(ours_cmd))
            peer.append(timed(bare_cmd))
    a, b = statistics.median(ours), statistics.median(peer)
    ratios = sorted(x / y for x, y in zip(ours, peer, strict=True))
    print(f"tanktable --help      median {a * 1000:7.1f} ms")
    print(f"bare typer app --help median {b * 1000:7.1f} ms")
    print(f"ratio {a / b:.2f} (pairwise median {statistics.median(ratios):.2f}; goal <= 1.3)")
    return a / b


if __name__ == "__main__":
    main()
