"""``aeref schema``: JSON Schemas generated from the models, shipped in schema/,
named by every shipped example and accepting every one of them."""
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from aeref.model.files.load import read_state
from aeref.model.files.json_schema import json_schema

from ..support.cli import run

ROOT = Path(__file__).resolve().parents[2]
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
    r = run("schema", "--kind", kind)
    assert r.exit_code == 0, r.output
    shipped = (SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8")
    assert r.output == shipped, (
        f"schema/{kind}.schema.json is out of date with the models: run "
        f"`aeref schema --kind {kind} -o schema/{kind}.schema.json`")
    assert json.loads(r.output) == json_schema(kind)


def test_schema_default_kind_is_state_and_output_option(tmp_path):
    r = run("schema")
    assert r.exit_code == 0 and json.loads(r.output)["$id"].endswith("state.schema.json")
    out = tmp_path / "deck.json"
    r = run("schema", "--kind", "deck", "-o", str(out))
    assert r.exit_code == 0 and json.loads(out.read_text())["$id"].endswith("deck.schema.json")


def test_schema_bad_kind_is_a_usage_error():
    r = run("schema", "--kind", "hex")
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


def _resolve(schema, node):
    """Follow $ref, anyOf and allOf to every object schema under ``node``."""
    out = []
    if isinstance(node, dict):
        if "$ref" in node:
            out += _resolve(schema, schema["$defs"][node["$ref"].split("/")[-1]])
        for k in ("anyOf", "allOf", "oneOf"):
            for sub in node.get(k, []):
                out += _resolve(schema, sub)
        if "properties" in node:
            out.append(node)
    return out


def _keys_at(schema, path):
    """The property names offered at ``path`` (a list of keys; ``*`` for any name, ``[]`` for a list item)."""
    nodes = [schema]
    for key in path:
        nxt = []
        for n in nodes:
            for obj in _resolve(schema, n) or [n]:
                if key == "[]":
                    for sub in [obj] + [schema["$defs"][r["$ref"].split("/")[-1]] if "$ref" in r else r for r in obj.get("anyOf", [])]:
                        if isinstance(sub.get("items"), dict):
                            nxt.append(sub["items"])
                elif key == "*":
                    for sub in [obj] + obj.get("anyOf", []):
                        if isinstance(sub.get("additionalProperties"), dict):
                            nxt.append(sub["additionalProperties"])
                elif key in obj.get("properties", {}):
                    nxt.append(obj["properties"][key])
        nodes = nxt
    keys = set()
    for n in nodes:
        for obj in _resolve(schema, n):
            keys |= set(obj["properties"])
    return keys


@pytest.mark.parametrize("path,keys", [
    (["map"], {"hexes", "boxes", "stacking"}),
    (["map", "hexes", "*"], {"country", "city", "terrain", "neighbours", "units", "markers", "supply-source", "map"}),
    (["map", "hexes", "*", "units", "[]"], {"id", "faction", "nationality", "type", "steps", "supplied", "colonial"}),
    (["map", "hexes", "*", "markers", "[]"], {"type", "faction", "name", "supplied"}),
    (["map", "stacking"], {"units", "steps", "limited-steps"}),
    (["replacements"], {"tk", "ds", "axis", "western", "soviet"}),
    (["replacements", "tk"], {"axis", "western", "soviet"}),
    (["replacements", "tk", "axis"], {"steps", "force-pool", "prefer"}),
    (["replacements", "tk", "axis", "steps", "[]"], {"nationality", "kind", "count", "colonial", "pairs-to-armor"}),
    (["markers"], {"vp", "vp-track", "strategic-warfare-box"}),
    (["markers", "vp"], {"side", "box"}),
    (["boxes"], {"tk", "ds", "force-pool", "delay-box", "strategic-warfare-box", "outbreak-of-war"}),
    (["marker-pool"], {"tk", "ds", "axis", "western", "soviet"}),
    (["marker-pool", "tk", "axis"], {"logistics", "partisan-bases"}),
    (["turn-track"], {"tk", "ds"}),
    (["interpretations"], {"annual-scope", "empty-slot", "sequential-scope", "illegal-axis-card", "airborne-steps", "calendar"}),
    (["cards", "[]", "requires", "[]"], {"played", "not-played", "war-state", "posture", "country", "government",
                                         "european-war", "marker", "flag", "any", "all", "not"}),
])
def test_the_schema_completes_every_section(path, keys):
    schema = json_schema("state")
    offered = _keys_at(schema, path)
    assert keys <= offered, (path, keys - offered)


def test_every_section_and_requirement_has_a_description():
    schema = json_schema("state")
    for key, prop in schema["properties"].items():
        assert prop.get("description"), key
    for name in ("PlayedItem", "WarStateItem", "MarkerItem", "AnyItem", "NotItem"):
        [prop] = schema["$defs"][name]["properties"].values()
        assert prop.get("description"), name


def test_the_schema_offers_the_values():
    text = json.dumps(json_schema("state"))
    for values in (["axis-tide", "rising-sun", "allied-crusade"], ["faction", "map"], ["forced", "voluntary"],
                   ["infantry", "armor", "garrison", "panzer"], ["logistics", "partisan-base", "detachment"],
                   ["war", "policy-affected", "truce-affected"]):
        assert all(f'"{v}"' in text for v in values), values


def test_the_schema_flags_mistakes_in_the_new_sections():
    v = validator("state")
    good = yaml.safe_load((EXAMPLES / "ds-axis-reveal.yaml").read_text())
    assert not list(v.iter_errors(good))
    hexes = good["map"]["hexes"]
    first = next(iter(hexes))
    for bad in ({**good, "map": {**good["map"], "hexes": {first: {**hexes[first], "neighbors": ["0102"]}}}},
                {**good, "markers": {"vp": {"side": "sideways", "box": 0}}},
                {**good, "interpretations": {"annual-scop": "map"}},
                {**good, "interpretations": {"annual-scope": "yearly"}},
                {**good, "marker-pool": {"axis": {"logistic": ["IGHQ"]}}},
                {**good, "map": {"hexes": {"1": {"units": [{"id": "J-1", "nationality": "Japan", "type": "infantery"}]}}}}):
        assert list(v.iter_errors(bad)), bad
    d = validator("deck")
    deck = yaml.safe_load((EXAMPLES / "decks" / "axis.yaml").read_text())
    card = dict(deck["cards"][1])
    for bad_req in ([{"playd": 3}], [{"played": 3, "flag": "x"}], [{"any": [{"posture": {"Russia": "angry"}}]}]):
        assert list(d.iter_errors({"cards": [{**card, "requires": bad_req}]})), bad_req
    assert not list(d.iter_errors({"cards": [{**card, "requires": [
        {"not": {"any": [{"played": "3"}, {"war-state": {"map": "tk", "is": ["limited", "total"]}}]}},
        {"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}, {"government": "army"}]}]}))


def test_the_schema_does_not_depend_on_what_was_imported_before():
    """typing caches equal Unions written in another order: the schema must come out the same
    whichever modules were imported first (the shipped copy is compared byte for byte)."""
    import subprocess
    import sys
    probe = ("import json, sys\n{imports}\nfrom aeref.model.files.json_schema import json_schema\n"
             "sys.stdout.write(json.dumps(json_schema('state'), indent=2))\n")
    outs = []
    for imports in ("", "import aeref.solver.selection.choices, aeref.solver.replacements.optimise, aeref.cli.main"):
        r = subprocess.run([sys.executable, "-c", probe.format(imports=imports)], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1]
