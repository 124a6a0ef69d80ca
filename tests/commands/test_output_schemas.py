"""The published JSON Schemas of the commands' ``--json`` output (``aeref schema --command NAME``,
``schema/output/``) hold for the real outputs: every ``--json`` output of the golden files and fresh runs
of the commands the goldens lack; and they refuse what a reader must not accept."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from aeref.cli.output_schemas import COMMANDS, output_schema

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "outputs"
SHIPPED = ROOT / "schema" / "output"


def _golden_outputs() -> dict[str, list]:
    """Every ``$ aeref COMMAND ... --json`` block of the golden files, parsed: command -> outputs."""
    out: dict[str, list] = {}
    for f in sorted(GOLDEN.glob("*.txt")):
        blocks = f.read_text(encoding="utf-8").split("\n$ aeref ")
        for block in blocks:
            line, _, text = block.partition("\n")
            line = line.removeprefix("$ aeref ")
            if "--json" not in line.split() or not text.startswith("{"):
                continue
            doc, _ = json.JSONDecoder().raw_decode(text)
            out.setdefault(line.split()[0], []).append(doc)
    return out


GOLDEN_JSON = _golden_outputs()


def _validator(command: str) -> jsonschema.Draft202012Validator:
    schema = output_schema(command)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_shipped_schema_is_the_generated_one(aeref, command):
    """``schema/output/NAME.schema.json`` is byte for byte ``aeref schema --command NAME``."""
    r = aeref("schema", "--command", command)
    assert r.exit_code == 0, r.output
    assert (SHIPPED / f"{command}.schema.json").read_text(encoding="utf-8") == r.stdout
    assert json.loads(r.stdout) == output_schema(command)


def test_every_shipped_schema_has_its_command():
    assert sorted(p.name.removesuffix(".schema.json") for p in SHIPPED.glob("*.schema.json")) == sorted(COMMANDS)


@pytest.mark.parametrize("command", sorted(GOLDEN_JSON))
def test_every_golden_json_output_holds_to_its_schema(command):
    """Hundreds of real outputs (95 of pairs, 167 of drm, ...) of the shipped examples and the generated
    positions of tests/golden."""
    assert command in COMMANDS, f"{command} --json has no published schema"
    v = _validator(command)
    for doc in GOLDEN_JSON[command]:
        errors = [e.message for e in v.iter_errors(doc)]
        assert errors == [], (command, errors, json.dumps(doc)[:500])


def test_the_goldens_reach_the_commands_they_hold():
    assert {"pairs", "check", "why", "replacements", "check-replacements", "reveal", "war-state", "drm", "show",
            "logistics"} <= set(GOLDEN_JSON)


@pytest.mark.parametrize("args", [
    ("validate", "ae-1941.yaml"),
    ("validate", "decks/axis.yaml"),
    ("select", "ds-axis-selected.yaml", "--faction", "axis", "--ds", "3", "--write", "s.yaml"),
    ("select", "tk-1939.yaml", "--faction", "axis", "--tk", "3", "--write", "s.yaml"),
    ("next-turn", "ds-axis-selected.yaml", "--write", "n.yaml"),
    ("check-logistics", "tk-soviet-replacements.yaml", "--faction", "soviet"),
    ("plan", "tk-axis-1939-plan.yaml", "--faction", "axis", "--turns", "2"),
    ("plan", "tk-axis-1939-plan.yaml", "--faction", "axis", "--turns", "4", "--want", "4a", "--by", "Aug-Sept 1939"),
    ("pairs", "ae-soviet-production.yaml", "--faction", "soviet"),
    ("why", "ae-soviet-production.yaml", "tk-soviet-38", "--faction", "soviet"),
], ids=lambda a: " ".join(a[:2]))
def test_fresh_outputs_hold_to_their_schemas(aeref, tmp_path, args):
    """The commands the goldens lack, run on copies of the examples."""
    import shutil
    shutil.copytree(ROOT / "examples", tmp_path / "ex")
    cmd = [args[0], *(str(tmp_path / "ex" / a) if a.endswith(".yaml") else a for a in args[1:]), "--json"]
    r = aeref(*cmd)
    assert r.exit_code in (0, 1), r.output
    errors = [e.message for e in _validator(args[0]).iter_errors(json.loads(r.stdout))]
    assert errors == []


def test_a_schema_refuses_what_a_reader_must_not_accept():
    """The schemas can fail: another format version, a count as a string, a choice without a map, a
    violation without its rule number, a missing required field."""
    good = GOLDEN_JSON["pairs"][0]
    v = _validator("pairs")
    assert not list(v.iter_errors(good))
    for change in (lambda d: d.update({"format-version": 2}), lambda d: d.update({"count": "4"}),
                   lambda d: d["choices"].append({}), lambda d: d.pop("complete"),
                   lambda d: d.update({"faction": "japan"})):
        bad = copy.deepcopy(good)
        change(bad)
        assert list(v.iter_errors(bad)), bad
    check = copy.deepcopy(GOLDEN_JSON["check"][0])
    check["violations"] = [{"title": "Soviet Production Limit", "message": "..."}]
    assert list(_validator("check").iter_errors(check))


def test_a_field_added_keeps_the_schema():
    """A field added keeps the format version (docs/commands.md): the schemas allow it."""
    doc = dict(GOLDEN_JSON["why"][0], **{"a-new-field": [1, 2]})
    assert not list(_validator("why").iter_errors(doc))


def test_the_game_record_s_outputs_hold_to_their_schemas(aeref, tmp_path):
    """split, verify and log on a dealt game with a sealed selection and the next Seasonal Turn."""
    import shutil
    shutil.copytree(ROOT / "examples", tmp_path / "ex")
    ex = tmp_path / "ex"
    outputs = {"split": aeref("split", ex / "tk-1939.yaml", "-o", ex / "mail" / "t1.yaml", "--json")}
    assert aeref("select", ex / "mail" / "t1.yaml", "--faction", "axis", "--tk", "4a", "--seal", "--write",
                 ex / "mail" / "t2.yaml").exit_code == 0
    outputs["verify"] = aeref("verify", ex / "mail" / "t2.yaml", "--json")
    outputs["log"] = aeref("log", ex / "mail" / "t2.yaml", "--json")
    for command, r in outputs.items():
        assert r.exit_code == 0, r
        errors = [e.message for e in _validator(command).iter_errors(json.loads(r.stdout))]
        assert errors == [], (command, errors)
    broken = json.loads(outputs["verify"].stdout)
    broken.update(holds=False, broken={"file": "t2.yaml", "where": "record.parent", "message": "...", "rule": None})
    assert not list(_validator("verify").iter_errors(broken))
    broken["broken"] = {"file": "t2.yaml"}
    assert list(_validator("verify").iter_errors(broken))
