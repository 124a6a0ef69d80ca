"""``aeref schema``: JSON Schemas generated from the models, shipped in schema/,
named by every shipped example and accepting every one of them."""
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from aeref.cli.main import cli
from aeref.model.position import read_state
from aeref.model.schema import json_schema

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SCHEMA_DIR = ROOT / "schema"
HEADER = {"state": "# yaml-language-server: $schema=../schema/state.schema.json",
          "deck": "# yaml-language-server: $schema=../../schema/deck.schema.json"}


def example_files():
    """(path, kind) of every shipped example: decks under examples/decks/, state
    files elsewhere; a YAML list at the top is an allocation (check-replacements
    input), which has no schema."""
    out = []
    for p in sorted(EXAMPLES.rglob("*.y*ml")):
        if "decks" in p.relative_to(EXAMPLES).parts:
            out.append((p, "deck"))
        elif isinstance(yaml.safe_load(p.read_text(encoding="utf-8")), dict):
            out.append((p, "state"))
    return out


def validator(kind):
    schema = json.loads((SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("kind", ["state", "deck"])
def test_shipped_schema_equals_the_command_output(kind):
    r = CliRunner().invoke(cli, ["schema", "--kind", kind])
    assert r.exit_code == 0, r.output
    shipped = (SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8")
    assert r.output == shipped, (
        f"schema/{kind}.schema.json is out of date with the models: run "
        f"`aeref schema --kind {kind} -o schema/{kind}.schema.json`")
    assert json.loads(r.output) == json_schema(kind)


def test_schema_default_kind_is_state_and_output_option(tmp_path):
    r = CliRunner().invoke(cli, ["schema"])
    assert r.exit_code == 0 and json.loads(r.output)["$id"].endswith("state.schema.json")
    out = tmp_path / "deck.json"
    r = CliRunner().invoke(cli, ["schema", "--kind", "deck", "-o", str(out)])
    assert r.exit_code == 0 and json.loads(out.read_text())["$id"].endswith("deck.schema.json")


def test_schema_bad_kind_is_a_usage_error():
    r = CliRunner().invoke(cli, ["schema", "--kind", "hex"])
    assert r.exit_code == 2


def test_every_example_is_found():
    kinds = [k for _, k in example_files()]
    assert kinds.count("deck") >= 3 and kinds.count("state") >= 1


@pytest.mark.parametrize("path,kind", example_files(), ids=lambda x: x.name if isinstance(x, Path) else x)
def test_example_names_its_schema_on_the_first_line_and_validates(path, kind):
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == HEADER[kind], f"{path.name}: the first line must be {HEADER[kind]!r}"
    assert (path.parent / HEADER[kind].split("=", 1)[1]).resolve() == (SCHEMA_DIR / f"{kind}.schema.json").resolve()
    errors = list(validator(kind).iter_errors(yaml.safe_load(text)))
    assert not errors, [(list(e.absolute_path), e.message) for e in errors]


@pytest.mark.parametrize("path,kind", example_files(), ids=lambda x: x.name if isinstance(x, Path) else x)
def test_both_key_spellings_validate(path, kind):
    """The loader takes war_state as well as war-state: so does the schema (keys only;
    names such as country names are left alone by the loader and by this test)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))

    def keys_only(node, depth=0):
        if isinstance(node, dict):
            return {(k.replace("-", "_") if isinstance(k, str) and k in SCHEMA_KEYS else k): keys_only(v, depth + 1)
                    for k, v in node.items()}
        if isinstance(node, list):
            return [keys_only(x, depth + 1) for x in node]
        return node

    errors = list(validator(kind).iter_errors(keys_only(data)))
    assert not errors, [(list(e.absolute_path), e.message) for e in errors]


def _property_names(node, out):
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            out.update(node["properties"])
        for v in node.values():
            _property_names(v, out)
    elif isinstance(node, list):
        for v in node:
            _property_names(v, out)
    return out


SCHEMA_KEYS = {k for k in _property_names(json_schema("state"), set()) | _property_names(json_schema("deck"), set()) if "-" in k}


def test_schema_rejects_what_the_loader_rejects_for_plain_mistakes():
    v = validator("state")
    good = yaml.safe_load((EXAMPLES / "ae-soviet-production.yaml").read_text())
    assert not list(v.iter_errors(good))
    for bad in ({**good, "gaem": "ae"}, {**good, "game": "europe"}, {k: x for k, x in good.items() if k != "turn"},
                {**good, "factions": {"soviet": {"tk": {"hand": {"a": 1}}}}}):
        assert list(v.iter_errors(bad)), bad
    d = validator("deck")
    deck = yaml.safe_load((EXAMPLES / "decks" / "soviet.yaml").read_text())
    assert not list(d.iter_errors(deck))
    card = dict(deck["cards"][0])
    for bad_card in ({**card, "war-state": "purple"}, {**card, "map": "eu"}, {**card, "blitz": -1},
                     {k: x for k, x in card.items() if k != "name"}):
        assert list(d.iter_errors({"cards": [bad_card]})), bad_card


def test_schema_accepts_the_spellings_the_loader_accepts(tmp_path):
    """Values the loader normalises (case, colours, numbers and Booleans as strings,
    one deck instead of a list) are not flagged by the editor."""
    deck = {"cards": [{"map": "TK", "faction": "Soviet", "number": "38", "name": "Total War Production",
                       "war_state": "Red", "production": "3", "combined": "yes", "kinds": "offensive"}]}
    state = {"game": "AE", "turn": "Winter 1941", "decks": "deck.yaml", "war_state": {"tk": "Total War", "ds": "gray"},
             "factions": {"soviet": {"tk": {"hand": [38]}}},
             "countries": {"Russia": {"posture": "War", "status": "active", "alignment": "Soviet"}},
             "european_war": "None"}
    (tmp_path / "deck.yaml").write_text(yaml.safe_dump(deck))
    (tmp_path / "state.yaml").write_text(yaml.safe_dump(state))
    pos, problems = read_state(tmp_path / "state.yaml")
    assert not problems, problems
    assert not [e.message for e in validator("deck").iter_errors(deck)]
    assert not [e.message for e in validator("state").iter_errors(state)]
