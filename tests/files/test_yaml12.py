"""The file language: position, deck, map and allocation files are read with the YAML 1.2 core schema
(YAML 1.2: the spellings a player types mean what they say).

YAML 1.1 (what PyYAML reads by default) turns ``yes``/``no``/``on``/``off``/``y``/``n`` into booleans,
``1:10`` into 70 (sexagesimal), ``2_315`` into 2315 and ``010`` into 8; YAML 1.2 reads them as the text
written. A boolean is never taken where a number or a name goes (``production: true`` is not a
Production Value of 1). The hypothesis test writes every such form, plain (unquoted), into every number
and name of shipped examples (a state file with its map and Force Pool, a state file with its deck, the
deck itself) and checks each is refused with one ``Error:`` line naming the file, or read as the text
written (and then the JSON Schema of ``aeref schema`` accepts the file too: nothing was coerced).
"""
from __future__ import annotations

import math
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aeref.model.files.errors import InputError
from aeref.model.files.json_schema import json_schema
from aeref.model.files.yamlio import _Loader, _read_events, load_yaml_text

from ..support.cli import run as run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

#: Plain scalars that YAML 1.1 reads as something else than YAML 1.2 does: (written, as YAML 1.2 reads it).
YAML11_FORMS = [(w, w) for w in ("yes", "no", "on", "off", "y", "n", "Y", "N", "Yes", "No", "ON", "Off", "1:10",
                                 "190:20:30", "2_315", "0o17", "0x1F", "0b101", "010", "+5", "2001-12-14", "=")]
#: Plain scalars YAML 1.2 itself reads as null, a boolean or an infinite number: refused where a number or a
#: name goes unless the schema allows it there.
YAML12_SPECIALS = [("~", None), ("null", None), ("true", True), ("False", False), (".inf", math.inf),
                   ("-.Inf", -math.inf), (".NaN", math.nan)]

#: (the state file validated, the file written into), both relative to a copy of examples/.
SOURCES = [("tk-soviet-replacements.yaml", "tk-soviet-replacements.yaml"),
           ("ae-soviet-production.yaml", "ae-soviet-production.yaml"),
           ("ae-soviet-production.yaml", "decks/soviet.yaml")]
PLACEHOLDER = "zzplaceholderzz"


def _leaves(data, path=()):
    """Every place holding a number or a name: ``(path, is_key)``; a mapping key is a name too."""
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, str):
                yield path + (k,), True
            yield from _leaves(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, path + (i,))
    elif isinstance(data, (int, str)) and not isinstance(data, bool):
        yield path, False


def _put(data, path, is_key, value):
    """``data`` with the place ``path`` holding ``value`` (the key itself when ``is_key``)."""
    *head, last = path
    into = data
    for p in head:
        into = into[p]
    if is_key:
        into[value] = into.pop(last)
        return path[:-1] + (value,)
    into[last] = value
    return path


def _at(data, path, is_key):
    """What the place holds (the key: whether it is there)."""
    *head, last = path
    for p in head:
        data = data[p]
    return last if is_key and last in data else (None if is_key else data[last])


def _same(a, b) -> bool:
    return (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)) or \
        (a == b and type(a) is type(b))


CASES = {}
for state, target in SOURCES:
    raw = load_yaml_text((EXAMPLES / target).read_text(encoding="utf-8"), target)
    CASES[(state, target)] = (raw, list(_leaves(raw)))
STATE_SCHEMA, DECK_SCHEMA = json_schema("state"), json_schema("deck")


@st.composite
def _mutation(draw):
    state, target = draw(st.sampled_from(SOURCES))
    raw, leaves = CASES[(state, target)]
    path, is_key = draw(st.sampled_from(leaves))
    forms = YAML11_FORMS if is_key else YAML11_FORMS + YAML12_SPECIALS   # a key stays a name: text forms only
    written, read = draw(st.sampled_from(forms))
    return state, target, path, is_key, written, read


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_mutation())
def test_yaml_1_1_forms_in_every_number_and_name_are_refused_or_kept_as_written(tmp_path_factory, case):
    """Each YAML 1.1 special form written into a number or a name of a shipped example
    is read as YAML 1.2 reads it (the text written, for yes/no/on/off/1:10/2_315/0o17 ...), and the file
    is then refused with one Error: line naming the file, or accepted with nothing coerced (the JSON Schema
    accepts it: no boolean or null taken for a number, no 2_315 for 2315)."""
    state, target, path, is_key, written, read = case
    folder = tmp_path_factory.mktemp("ex")
    shutil.copytree(EXAMPLES, folder, dirs_exist_ok=True)
    raw, _ = CASES[(state, target)]
    data = yaml.safe_load(yaml.safe_dump(raw))                 # a copy
    place = _put(data, path, is_key, PLACEHOLDER)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True).replace(PLACEHOLDER, written)
    (folder / target).write_text(text, encoding="utf-8")
    try:
        reread = load_yaml_text(text, target)
    except InputError as exc:                                  # `=` or a key `~` may be no YAML at all
        assert exc.file == target
        return
    if is_key:
        assert _at(reread, place[:-1] + (read,), True) == read, f"{written!r} as a key is not kept as written"
    else:
        assert _same(_at(reread, place, False), read), f"{written!r} read as {_at(reread, place, False)!r}"
    r = run_cli("validate", str(folder / state))
    assert r.code in (0, 2), r.output
    if r.code == 2:
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ") and target in lines[0], r.stderr
    else:
        schema = DECK_SCHEMA if target.startswith("decks/") else STATE_SCHEMA
        jsonschema.validate(reread, schema)                  # accepted: nothing coerced the editor would flag


@pytest.mark.parametrize("text,read", [(w, r) for w, r in YAML11_FORMS] + [("0105", "0105"), ("12", 12),
                                                                          ("-3", -3), ("true", True)])
def test_yaml_1_2_core_schema_reads_plain_scalars_as_written(text, read):
    """``yes`` is a word, ``1:10`` and ``2_315`` are text, ``0105`` is a hex id; only a
    plain decimal is a number and only true/false a boolean."""
    assert _same(load_yaml_text(f"a: {text}\n", "f")["a"], read)


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.rglob("*.yaml")))
def test_event_reader_reads_what_the_node_reader_reads(name):
    """The fast reader (parser events, no node tree) gives the documents of the node reader."""
    text = next(EXAMPLES.rglob(name)).read_text(encoding="utf-8")
    loader = _Loader(text)
    try:
        slow = loader.construct_document(loader.get_single_node())
    finally:
        loader.dispose()
    loader = _Loader(text)
    try:
        fast = _read_events(loader)
    finally:
        loader.dispose()
    assert fast == slow


def test_production_yes_is_refused(aeref, tmp_path):
    """``production: yes`` in a deck is not a Production Value of 1 (YAML 1.1 read it so,
    and ``pairs`` ruled on it); ``production: true`` is refused as no number, each naming file and place."""
    shutil.copytree(EXAMPLES, tmp_path, dirs_exist_ok=True)
    deck = tmp_path / "decks" / "soviet.yaml"
    deck.write_text(deck.read_text().replace("production: 3", "production: yes", 1).replace(
        "production: 2", "production: true", 1))
    r = aeref("validate", str(tmp_path / "ae-soviet-production.yaml"))
    assert r.code == 2
    assert "cards[0].production" in r.output and "cards[1].production" in r.output, r.output


def test_count_true_and_hex_1_10_kept(aeref, tmp_path):
    """Steps ``count: true`` is refused (not 1 step); a hex written ``1:10`` stays "1:10"."""
    src = (EXAMPLES / "tk-soviet-replacements.yaml").read_text()
    p = tmp_path / "s.yaml"
    p.write_text(src.replace("count: 12", "count: true"))
    r = aeref("validate", str(p))
    assert r.code == 2 and "replacements.tk.soviet.steps[0].count" in r.stderr, r.output
    assert load_yaml_text(src.replace('"4010":', "1:10:"), "s")["map"]["hexes"]["1:10"]["city"] is True
