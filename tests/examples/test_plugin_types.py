"""A plugin author's ``mypy --strict`` finds tanktable's types, installed either way (issue 25.5).

tanktable is built from a copy of the repository and installed for real, once
as a regular install and once editable (``pip install -e``), each into an
environment of its own; both example plugins are then checked with
``mypy --strict`` from a folder without any mypy configuration, as an author
would run it: no MYPYPATH, no pydantic mypy plugin. The examples import only
what docs/writing-a-ruleset.md lists as the public API.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [ROOT / "examples" / "tic-tac-toe", ROOT / "examples" / "hex-recon"]
PACKAGES = ("core", "rulesets", "cli", "data")
SKIP = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".mypy_cache")


def pip(*args: str, cwd: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                   check=True, capture_output=True, text=True, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project (what a distribution is built from) and of the example plugins."""
    base = tmp_path_factory.mktemp("types")
    source = base / "tanktable"
    source.mkdir()
    for name in PACKAGES:
        shutil.copytree(ROOT / name, source / name, ignore=SKIP)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for example in EXAMPLES:
        shutil.copytree(example, base / "plugins" / example.name, ignore=SKIP)
    (base / "author").mkdir()  # the author's folder: no mypy.ini, no pyproject.toml
    return base


def mypy_strict(python: str, work: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    plugins = [str(work / "plugins" / example.name) for example in EXAMPLES]
    return subprocess.run(
        [python, "-m", "mypy", "--strict", "--cache-dir", str(work / "mypy-cache"), *plugins],
        capture_output=True, text=True, cwd=work / "author", env=env, timeout=600,
    )


def clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}


def test_regular_install_ships_py_typed_and_mypy_strict_finds_the_types(work: Path) -> None:
    """Issue 25.5: after ``pip install tanktable`` a plugin type-checks with ``mypy --strict``."""
    site = work / "site"
    pip("install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "--target", str(site), str(work / "tanktable"), cwd=work)
    for name in PACKAGES:
        assert (site / name / "py.typed").is_file(), f"{name}/py.typed not installed"
    env = dict(clean_env(), PYTHONPATH=str(site))
    result = mypy_strict(sys.executable, work, env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found"), result.stdout


def test_editable_install_is_a_path_entry_mypy_strict_follows(work: Path) -> None:
    """Issue 25.5: after ``pip install -e .`` the same check passes with no flag and no MYPYPATH.

    The editable install must be a plain path entry (a ``.pth`` line naming the
    repository), not an import hook, which static tools cannot follow.
    """
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    purelib = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                  check=True, capture_output=True, text=True).stdout.strip())
    # tanktable's dependencies and mypy come from the test's own environment.
    (purelib / "zz_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    pip("--python", python, "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "--editable", str(work / "tanktable"), cwd=work)
    lines = [line for pth in purelib.glob("__editable__*tanktable*.pth")
             for line in pth.read_text().splitlines()]
    assert lines == [str(work / "tanktable")], lines  # a path, not "import <finder>"
    result = mypy_strict(python, work, clean_env())
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found"), result.stdout


def documented_modules() -> set[str]:
    """The modules the guide's "What a plugin may import" table lists."""
    text = (ROOT / "docs" / "writing-a-ruleset.md").read_text(encoding="utf-8")
    section = text.split("## What a plugin may import", 1)[1].split("\n## ", 1)[0]
    modules: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `core"):
            first = line.split("|")[1]
            modules.update(part.strip(" `") for part in first.split(","))
    return modules


def test_examples_import_only_the_public_api_the_guide_lists() -> None:
    """Issue 25.5: the public API is listed in the guide, and both examples keep to it."""
    listed = documented_modules()
    assert {"core.game", "core.data", "core.package_data", "core.grid.hex"} <= listed
    used: set[str] = set()
    for example in EXAMPLES:
        for path in example.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    used.add(node.module)
                elif isinstance(node, ast.Import):
                    used.update(alias.name for alias in node.names)
    tanktable = {m for m in used if m.split(".")[0] in PACKAGES}
    assert tanktable, "the examples import nothing of tanktable?"
    assert tanktable <= listed, sorted(tanktable - listed)


def test_model_field_defaults_are_keywords_that_mypy_reads_without_the_pydantic_plugin() -> None:
    """Issue 25.5: ``Field(None, ...)`` reads as a required field to mypy without the pydantic
    plugin (it takes a default only from ``default=``), so a plugin building such a model would
    be told an argument is missing. Every default in tanktable's and the examples' models is a
    keyword; ``Field(...)`` (required) stays positional."""
    positional = []
    for folder in ("core", "rulesets", "cli", "examples"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id == "Field" and node.args
                        and not (isinstance(node.args[0], ast.Constant) and node.args[0].value is Ellipsis)):
                    positional.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert positional == [], "write Field(default=...): " + ", ".join(positional)
