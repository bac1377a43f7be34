"""The example plugins (examples/NAME) installed for real, for the tests that run them.

pip installs a copy of the example (the source folder stays clean) into a
folder of its own, with no dependencies and no index; a process with that
folder and the project on ``PYTHONPATH`` finds the ruleset through its
``tanktable.rulesets`` entry point, exactly as it finds a plugin installed
into a virtual environment. An install takes seconds, so each test process
makes one of each example and the test modules that only run it share it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

_sites: dict[str, Path] = {}


def installed_example(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """The folder examples/``name`` is installed into (``pip install --target``); its
    parent holds nothing else but the copy it was built from."""
    if name not in _sites:
        base = tmp_path_factory.mktemp(f"plugin-{name}")
        source = base / name
        shutil.copytree(ROOT / "examples" / name, source,
                        ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
        site = base / "site"
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
             "--disable-pip-version-check", "--no-index", "--target", str(site), str(source)],
            check=True, capture_output=True, text=True, cwd=base,
        )
        _sites[name] = site
    return _sites[name]


def plugin_env(site: Path) -> dict[str, str]:
    """The environment of a process that has the plugin at ``site`` installed beside the project."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
