"""tanktable's top-level names, guarded against shadowing (issue 25.5, core/layout.py).

Installed, tanktable occupies the import names ``core``, ``rulesets``, ``cli``
and ``data``. A user's own module or package of one of those names, first on
``sys.path`` (the current folder, for ``python -c`` or a test runner), would
be imported instead; the command then stops with one sentence naming that
file or folder, not a traceback from deep inside.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from core import layout

ROOT = Path(__file__).resolve().parents[2]


def run_cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The CLI started as ``python -c`` from ``cwd``, which Python puts first on the path."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", "from cli.app import main; main()", *args],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=120)


def test_all_four_names_resolve_to_this_tree() -> None:
    assert layout.PACKAGES == ("core", "rulesets", "cli", "data")
    assert layout.HOME == ROOT
    for name in layout.PACKAGES:
        assert layout.where(name) == ROOT / name
    layout.check(*layout.PACKAGES)  # raises if any is shadowed


def test_a_users_data_package_in_the_current_folder_stops_the_cli_with_its_path(tmp_path: Path) -> None:
    """Issue 25.5: a regular package ``data`` of the user's would be read instead of tanktable's."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "__init__.py").write_text("")
    result = run_cli(tmp_path, "rulesets")
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"tanktable's package 'data' is shadowed by {tmp_path.resolve() / 'data'}, found first on "
        f"sys.path (tanktable's is in {ROOT}); rename that 'data' or run from another folder"
    )


def test_a_users_core_module_stops_the_cli_with_its_path(tmp_path: Path) -> None:
    """Issue 25.5: a ``core.py`` of the user's hides all of tanktable's engine."""
    (tmp_path / "core.py").write_text("")
    result = run_cli(tmp_path, "rulesets")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == (
        f"tanktable's package 'core' is shadowed by {tmp_path / 'core.py'}, found first on sys.path; "
        "rename that 'core' or run from another folder"
    )


def test_a_plain_data_folder_without_init_does_not_shadow(tmp_path: Path) -> None:
    """A plugin project's ``data/`` folder of YAML (no ``__init__.py``) is no package: the CLI runs."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "units.yaml").write_text("ruleset: x\n")
    result = run_cli(tmp_path, "rulesets")
    assert result.returncode == 0, result.stderr
    assert "tank-chess" in result.stdout
