"""One truth (issue 60.2): the JSON Schema an editor checks a file with and
``tanktable validate`` agree.

Every file of the corpus -- every shipped data file, every example plugin's
file, the YAML fixtures of the tests, mutated shipped files from the loader
fuzz (tests/fuzz) and the hand-written bad files below -- is judged three ways:

* ``validate``: what ``tanktable validate`` says (``cli.commands.check_file``);
* the **model alone**: pydantic's errors of form for the file's data -- a wrong
  type, an unknown or missing field, a value out of its bounds -- leaving out
  what the model's own code checks (validators raising ``value_error``) and,
  when ``based_on`` names a base, the fields the base gives;
* the **schema**: ``tanktable schema RULESET KIND`` run by jsonschema.

The rules: the schema accepts every file ``validate`` accepts; it rejects every
file ``validate`` rejects whose model alone finds an error of form. A file
``validate`` rejects while its model alone finds none has a problem only a
program can see (a card or file it names that does not exist, a hex off the
board, a cross-file total, a model's own check, a truth value where a number
belongs, the size of a number written as text): the schema may leave it to
``validate`` (docs/editor.md lists them for users). A file that is not
readable YAML data at all (a syntax error, a tag, a duplicate key) has no
data to give a schema, and counts in neither rule.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel, ValidationError

from cli.commands import check_file
from core.data import load_document
from core.errors import DataError
from core.schema import kinds_of, schema_of
from tests.examples.plugins import installed_example
from tests.examples.plugins import plugin_env as plugin_env_of

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"

CUSTOM_ERRORS = frozenset({"value_error", "assertion_error"})
"""pydantic error types raised by a model's own code: checks no schema states."""

BOUNDS = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal"})
"""A number out of its bounds: of form, except for a number written as text (``"1e300"``),
whose size the schema's pattern cannot check (core.schema: only a small integer range's)."""


@cache
def _validator(ruleset: str, kind: str) -> jsonschema.protocols.Validator:
    schema = schema_of(ruleset, kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def as_json(data: Any) -> Any:
    """The data as an editor hands it to the schema: JSON, so every key is text."""
    if isinstance(data, dict):
        return {str(k): as_json(v) for k, v in data.items()}
    if isinstance(data, list):
        return [as_json(v) for v in data]
    return data


def form_errors(model: type[BaseModel], data: Any) -> list[str]:
    """The model alone: its errors of form for ``data`` (see the module's docstring)."""
    try:
        model.model_validate(data)
    except ValidationError as exc:
        based = isinstance(data, dict) and isinstance(data.get("based_on"), str)
        return [f"{'.'.join(map(str, e['loc']))}: {e['type']}" for e in exc.errors()
                if e["type"] not in CUSTOM_ERRORS and not (based and e["type"] == "missing" and len(e["loc"]) == 1)
                and not (e["type"] in BOUNDS and isinstance(e["input"], str))]
    return []


@dataclass
class Verdict:
    path: str
    kind: str
    readable: bool
    valid: bool
    form: list[str]
    schema: list[str]

    @property
    def category(self) -> str:
        if not self.readable:
            return "not YAML data"
        if self.valid:
            return "valid"
        return "bad form" if self.form else "only a program sees it"

    def broken_rule(self) -> str | None:
        if self.category == "valid" and self.schema:
            return f"{self.path} ({self.kind}): validate accepts it, the schema says {self.schema[:3]}"
        if self.category == "bad form" and not self.schema:
            return f"{self.path} ({self.kind}): the model finds {self.form[:3]}, the schema accepts it"
        return None


def judge(path: Path, ruleset: str, kind: str) -> Verdict:
    """``path`` judged three ways as a file of ``ruleset``/``kind`` (the schema its modeline names)."""
    header, model = kinds_of(ruleset)[kind]
    problems = check_file(path)
    label = f"{header}/{kind}"
    try:
        data = load_document(path).data
    except DataError:
        return Verdict(str(path), label, False, not problems, [], [])
    schema_errors = [e.message[:120] for e in _validator(ruleset, kind).iter_errors(as_json(data))]
    return Verdict(str(path), label, True, not problems, form_errors(model, data), schema_errors)


def _known(ruleset: str | None, kind: str | None) -> tuple[str, str] | None:
    """The (ruleset, kind) whose schema a file of this header takes, if any."""
    from core.registry import CORE_KINDS, ruleset_ids

    if ruleset is None or kind is None:
        return None
    if (ruleset, kind) in CORE_KINDS or ruleset in ruleset_ids() and kind in kinds_of(ruleset):
        return ruleset, kind
    return None


def corpus_files(*roots: Path) -> list[tuple[Path, str, str]]:
    """Every YAML file under ``roots`` whose header names a kind with a schema."""
    out = []
    for root in roots:
        for path in sorted(root.rglob("*.yaml")):
            try:
                found = _known(*load_document(path).header())
            except DataError:
                continue
            if found is not None:
                out.append((path, *found))
    return out


def report(verdicts: list[Verdict]) -> tuple[Counter[str], list[str]]:
    return Counter(v.category for v in verdicts), [b for v in verdicts if (b := v.broken_rule())]


def test_issue_60_2_every_shipped_file_and_fixture_gets_the_same_verdict() -> None:
    files = corpus_files(DATA, ROOT / "tests")
    assert len(files) > 40
    counts, broken = report([judge(*f) for f in files])
    assert broken == []
    assert counts["valid"] > 40


BAD_FILES = {  # name: (ruleset, kind, text, category)
    "based-on": ("battle-of-tanks", "card", "ruleset: battle-of-tanks\nkind: card\nid: t-34-super\n"
                 "name: T-34 Super\nbased_on: t-34-85m\ntier: 7\nfirepower: 200\n", "valid"),
    "bare-roll": ("battle-of-tanks", "card", "ruleset: battle-of-tanks\nkind: card\nid: x\nname: X\n"
                  "based_on: t-34-85m\naccuracy: 3\n", "valid"),
    "quoted-number": ("battle-of-tanks", "army", "ruleset: battle-of-tanks\nkind: army\nbudget: '20'\n"
                      "tanks: [{card: t-80}]\n", "valid"),
    "unknown-base": ("battle-of-tanks", "card", "ruleset: battle-of-tanks\nkind: card\nid: x\n"
                     "based_on: t-34-8m\n", "only a program sees it"),
    "typo-key": ("battle-of-tanks", "army", "ruleset: battle-of-tanks\nkind: army\nnmae: Mine\nbudget: 20\n"
                 "tanks: [{card: t-80}]\n", "bad form"),
    "missing-field": ("battle-of-tanks", "card", "ruleset: battle-of-tanks\nkind: card\nid: x\nname: X\n"
                      "tier: 5\n", "bad form"),
    "wrong-type": ("battle-of-tanks", "card", "ruleset: battle-of-tanks\nkind: card\nid: x\n"
                   "based_on: t-80\ntier: lots\n", "bad form"),
    "out-of-bounds-roll": ("battle-of-tanks", "card", "ruleset: battle-of-tanks\nkind: card\nid: x\n"
                           "based_on: t-80\naccuracy: 7+\n", "only a program sees it"),
    "quoted-out-of-range": ("tank-chess", "map", "ruleset: tank-chess\nkind: map\nname: m\nsize: '30'\n"
                            "grid: '.'\n", "only a program sees it"),
    "unknown-card": ("battle-of-tanks", "army", "ruleset: battle-of-tanks\nkind: army\nbudget: 20\n"
                     "tanks: [{card: firefly}]\n", "only a program sees it"),
    "truth-for-number": ("battle-of-tanks", "army", "ruleset: battle-of-tanks\nkind: army\nbudget: NO\n"
                         "tanks: [{card: t-80}]\n", "only a program sees it"),
    "wrong-kind": ("battle-of-tanks", "card", "ruleset: battle-of-tanks\nkind: cards\nid: x\n"
                   "based_on: t-80\n", "bad form"),
    "no-header": ("battle-of-tanks", "army", "budget: 20\ntanks: [{card: t-80}]\n", "only a program sees it"),
    "tc-card-typo": ("tank-chess", "card", "ruleset: tank-chess\nkind: card\ncards:\n  - id: SHT\n"
                     "    based_on: HT\n    sped: 2\n", "bad form"),
    "tc-card-no-base": ("tank-chess", "card", "ruleset: tank-chess\nkind: card\ncards:\n  - id: SHT\n"
                        "    based_on: XX\n    speed: 2\n", "only a program sees it"),
    "tc-card-former-kind": ("tank-chess", "card", "ruleset: tank-chess\nkind: unit\ncards:\n  - id: SHT\n"
                            "    based_on: HT\n    speed: '2'\n", "valid"),
    "dg-weapon-wrong-type": ("duel-of-the-giants", "card", "ruleset: duel-of-the-giants\nkind: card\n"
                             "weapons:\n  tiger: {name: Tiger, firepower: lots}\n", "bad form"),
    # authoring playtest: a side other than a and b, and a misspelt or wrong-typed setting, were
    # refused by validate (one at a time, at 1:1) while the schema took them
    "scenario-extra-side": ("battle-of-tanks", "scenario", "ruleset: battle-of-tanks\nkind: scenario\nname: S\n"
                            "table: village\narmies: {a: spearhead, b: heavy-line, c: spearhead}\n"
                            "deploy:\n  c: []\n", "only a program sees it"),
    "scenario-missing-side": ("battle-of-tanks", "scenario", "ruleset: battle-of-tanks\nkind: scenario\nname: S\n"
                              "table: village\narmies: {a: spearhead}\n", "only a program sees it"),
    "scenario-bad-settings": ("battle-of-tanks", "scenario", "ruleset: battle-of-tanks\nkind: scenario\nname: S\n"
                              "table: village\narmies: {a: spearhead, b: heavy-line}\nsettings:\n"
                              "  victory.max_roundz: 12\n  victory.max_rounds: lots\n", "only a program sees it"),
    "scenario-good-settings": ("battle-of-tanks", "scenario", "ruleset: battle-of-tanks\nkind: scenario\nname: S\n"
                               "table: village\narmies: {a: spearhead, b: heavy-line}\nsettings:\n"
                               "  victory.max_rounds: '12'\n  movement: {turn_step_deg: 45}\n", "valid"),
    "hex-map-missing-size": ("hex", "map", "ruleset: hex\nkind: map\nname: m\nterrain: '. .'\n", "bad form"),
    "hex-off-board": ("hex", "map", "ruleset: hex\nkind: map\nname: m\nsize: {columns: 2, rows: 2}\n"
                      "terrain: |\n  . .\n   . .\nmarkers: [{at: Z9, kind: smoke}]\n", "only a program sees it"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_issue_60_2_a_bad_file_gets_the_same_verdict(name: str, tmp_path: Path) -> None:
    """The findings of issue 60 (a card ``based_on`` another, ``accuracy: 3``) and one
    file of each category: the schema agrees with ``validate`` where it must."""
    ruleset, kind, text, category = BAD_FILES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    verdict = judge(path, ruleset, kind)
    assert verdict.category == category, verdict
    assert verdict.broken_rule() is None
    if category == "bad form" or name == "quoted-out-of-range" or name.startswith("scenario-") and category != "valid":
        # a small range is in the pattern; a scenario's sides and its settings' names and types are in the schema
        assert verdict.schema


def test_issue_60_2_mutated_shipped_files_get_the_same_verdict(tmp_path: Path) -> None:
    """The loader fuzz's mutations of every shipped file (a deleted line, a value made
    odd...): many are still valid, many of bad form, each judged alike."""
    from tests.fuzz.harness import inputs, shipped_seeds

    seeds = [s for s in shipped_seeds() if _known(s.ruleset, s.kind)]
    verdicts = []
    for i, (seed, text) in enumerate(inputs(seeds, 4 * len(seeds), master_seed=60)):
        folder = tmp_path / str(i)
        folder.mkdir()
        path = folder / seed.name
        path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
        for name, extra in seed.extra:
            (folder / name).write_text(extra, encoding="utf-8")
        verdicts.append(judge(path, seed.ruleset, seed.kind))
    counts, broken = report(verdicts)
    assert broken == []
    assert counts["valid"] > 10 and counts["bad form"] > 10, counts


# ------------------------------------------------------------------ templates and show
TEMPLATES = [("cards", "new", r) for r in ("battle-of-tanks", "tank-chess", "duel-of-the-giants")] + [
    ("army", "new", "battle-of-tanks"), ("scenario", "new", "battle-of-tanks"),
    ("scenario", "new", "duel-of-the-giants"), ("map", "new", "battle-of-tanks"), ("map", "new", "tank-chess"),
]


def _run(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own (with the plugin installed: ``env``), or in this
    one (faster) when ``env`` is not given."""
    if env is None:
        from typer.testing import CliRunner

        from cli.app import app

        result = CliRunner().invoke(app, list(args))
        return subprocess.CompletedProcess(list(args), result.exit_code, result.stdout, result.stderr)
    return subprocess.run([sys.executable, "-c", "from cli.app import main; main()", *args],
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=300)


def _header(text: str) -> tuple[str, str]:
    from core.data import parse_document

    ruleset, kind = parse_document(text).header()
    assert ruleset is not None and kind is not None
    return ruleset, kind


@pytest.mark.parametrize("command", TEMPLATES, ids=" ".join)
def test_issue_60_2_a_template_has_its_modeline_and_validates_as_is(command: tuple[str, ...], tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cli.app import app

    result = CliRunner().invoke(app, list(command))
    assert result.exit_code == 0, result.output
    ruleset, kind = _header(result.stdout)
    assert result.stdout.startswith(f"# yaml-language-server: $schema={ruleset}.{kind}.schema.json\n")
    assert "#" in result.stdout.split("\n", 2)[1]  # commented: says what it is
    path = tmp_path / "mine.yaml"
    path.write_text(result.stdout, encoding="utf-8")
    assert check_file(path) == []
    verdict = judge(path, ruleset, kind)
    assert verdict.valid and verdict.schema == []


def test_issue_60_2_the_modeline_finds_the_schema_the_docs_say_to_write(tmp_path: Path) -> None:
    """``tanktable schema RULESET KIND > RULESET.KIND.schema.json`` beside the file: the
    name the template's modeline gives."""
    from core.data import parse_document

    made = _run("schema", "battle-of-tanks", "army")
    assert made.returncode == 0, made.stderr
    (tmp_path / "battle-of-tanks.army.schema.json").write_text(made.stdout, encoding="utf-8")
    template = _run("army", "new").stdout
    line = template.splitlines()[0]
    target = tmp_path / line.split("$schema=", 1)[1]
    schema = json.loads(target.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(as_json(parse_document(template).data))


def test_issue_60_2_schema_out_writes_every_kind_where_the_modelines_look(tmp_path: Path) -> None:
    """``tanktable schema RULESET --out FOLDER``: one file per kind, named by the header its
    files carry (a Duel of the Giants map is a core hex map: ``hex.map.schema.json``)."""
    from core.data import parse_document

    made = _run("schema", "duel-of-the-giants", "--out", str(tmp_path))
    assert made.returncode == 0, made.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "hex.map.schema.json" in names and "duel-of-the-giants.scenario.schema.json" in names
    assert len(names) == len(made.stdout.splitlines()) == 8
    shown = _run("show", "duel-of-the-giants", "map", "winter").stdout
    schema = json.loads((tmp_path / shown.splitlines()[0].split("$schema=", 1)[1]).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(as_json(parse_document(shown).data))
    one = _run("schema", "tank-chess", "unit", "--out", str(tmp_path / "one"))  # a former kind name
    assert one.returncode == 0 and [p.name for p in (tmp_path / "one").iterdir()] == ["tank-chess.card.schema.json"]


@pytest.mark.parametrize(("ruleset", "kind", "name"), [
    ("battle-of-tanks", "army", "spearhead"), ("battle-of-tanks", "table", "village"),
    ("battle-of-tanks", "map", "wooded-ridge"), ("tank-chess", "map", "river-16"),
    ("duel-of-the-giants", "scenario", "winter"), ("duel-of-the-giants", "map", "summer"),
    ("hex", "terrain", "duel_of_the_giants/hex_terrain"),
])
def test_issue_60_2_show_prints_a_shipped_file_to_start_from(ruleset: str, kind: str, name: str) -> None:
    from typer.testing import CliRunner

    from cli.app import app

    runner = CliRunner()
    listed = runner.invoke(app, ["show", ruleset, kind])
    assert listed.exit_code == 0 and name in listed.stdout.split()
    shown = runner.invoke(app, ["show", ruleset, kind, name])
    assert shown.exit_code == 0, shown.output
    header = _header(shown.stdout)
    assert shown.stdout.startswith(f"# yaml-language-server: $schema={header[0]}.{header[1]}.schema.json\n")
    assert f"name: {name}" in shown.stdout.lower() or "name:" in shown.stdout


def test_issue_60_2_show_names_what_there_is_for_an_unknown_name() -> None:
    from typer.testing import CliRunner

    from cli.app import app

    result = CliRunner().invoke(app, ["show", "battle-of-tanks", "army", "spearhed"])
    assert result.exit_code == 1
    assert "did you mean 'spearhead'" in result.output and "heavy-line" in result.output


def test_issue_60_2_a_ruleset_without_scenario_files_says_so() -> None:
    from typer.testing import CliRunner

    from cli.app import app

    result = CliRunner().invoke(app, ["scenario", "new", "tank-chess"])
    assert result.exit_code != 0
    said = str(result.exception or result.output)
    assert "tank-chess has no scenario files" in said and "tanktable map new tank-chess" in said


# ------------------------------------------------------------------ a plugin's kinds
PLUGIN_CHECK = """
import json, sys
from pathlib import Path
from tests.cli.test_schema_truth import corpus_files, judge, report
files = corpus_files(Path(sys.argv[1]))
counts, broken = report([judge(*f) for f in files])
print(json.dumps({"files": [str(f[0].name) for f in files], "counts": counts, "broken": broken}))
"""


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A process environment with the Hex Recon example installed for real beside the project."""
    return plugin_env_of(installed_example(tmp_path_factory, "hex-recon"))


def test_issue_60_2_and_60_6_a_plugins_kinds_have_schemas_templates_and_the_same_verdicts(
        plugin_env: dict[str, str], tmp_path: Path) -> None:
    kinds = _run("schema", "hex-recon", env=plugin_env)
    assert kinds.returncode == 0, kinds.stderr
    assert kinds.stdout.split() == ["card", "map", "scenario", "record"]
    hex_map = _run("schema", "hex-recon", "map", env=plugin_env)
    assert json.loads(hex_map.stdout)["properties"]["ruleset"]["const"] == "hex"

    card = _run("cards", "new", "hex-recon", env=plugin_env)
    assert card.returncode == 0, card.stderr
    assert card.stdout.startswith("# yaml-language-server: $schema=hex-recon.card.schema.json\n")
    (tmp_path / "my-units.yaml").write_text(card.stdout, encoding="utf-8")
    checked = _run("validate", str(tmp_path / "my-units.yaml"), env=plugin_env)
    assert checked.returncode == 0, checked.stderr

    shown = _run("show", "hex-recon", "map", "ridge", env=plugin_env)
    assert shown.returncode == 0 and "ruleset: hex" in shown.stdout

    site = Path(plugin_env["PYTHONPATH"].split(os.pathsep)[0])
    judged = subprocess.run([sys.executable, "-c", PLUGIN_CHECK, str(site / "tanktable_hexrecon")],
                            capture_output=True, text=True, env=plugin_env, cwd=ROOT, timeout=300)
    assert judged.returncode == 0, judged.stderr
    found = json.loads(judged.stdout)
    assert sorted(found["files"]) == ["ridge.yaml", "skirmish.yaml", "standard.yaml"]
    assert found["broken"] == [] and found["counts"] == {"valid": 3}


def test_issue_60_6_a_misspelt_dotted_setting_is_refused_with_the_known_names() -> None:
    """Issue 60.6: the schema's refusal of ``victry.max_rounds`` lists the known dotted
    settings (``victory[.]max_rounds``), not only an open mapping's prefix."""
    import jsonschema

    from core.schema import schema_of

    checker = jsonschema.Draft202012Validator(schema_of("battle-of-tanks", "scenario")["properties"]["settings"])
    messages = [e.message for e in checker.iter_errors({"victry.max_rounds": 3})]
    assert len(messages) == 1 and "victory[.]max_rounds" in messages[0], messages
    assert not list(checker.iter_errors({"victory.max_rounds": 3}))
