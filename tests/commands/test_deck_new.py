"""`aeref deck new`: a deck file skeleton with every field of FORMAT section 2
commented with what to write, no card data in it, written atomically, never over a file without
--force; a deck filled in from it passes `aeref validate`."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from ..support.seasonal import run

FORMAT = Path(__file__).resolve().parents[2] / "docs" / "format.md"


def _format_card() -> dict:
    """The card of FORMAT section 2's example, as written there (field -> value)."""
    text = FORMAT.read_text()
    block = text[text.index("## 2. Deck files"):].split("```yaml", 1)[1].split("```", 1)[0]
    return yaml.safe_load(block)["cards"][0]


def _form(text: str, map_: str) -> list:
    """The commented card form of ``map_`` in a skeleton: ``[(field, value as written)]``."""
    out, inside = [], False
    for line in text.splitlines():
        if line.startswith("# --- "):
            inside = f"a {map_.upper()} card" in line
            continue
        m = re.match(r"^# (?:- |  )([\w-]+): (\S+)\s+# \S", line)
        if inside and m:
            out.append((m.group(1), m.group(2)))
    return out


def _fill(text: str, values: dict) -> str:
    """Uncomment every card form and write ``values`` (field -> value) in place of the placeholders."""
    lines = []
    for line in text.splitlines():
        m = re.match(r"^# (- |  )([\w-]+): (\S+)(\s+#.*)$", line)
        if m:
            field, value = m.group(2), m.group(3)
            line = f"{m.group(1)}{field}: {values.get(field, value) if value.isupper() else value}{m.group(4)}"
        lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game,faction", [("tk", "axis"), ("ds", "western"), ("ae", "soviet")])
def test_2_skeleton_has_every_field_of_a_card_and_no_card_data(game, faction):
    code, text, err = run("deck", "new", "--game", game, "--faction", faction)
    assert code == 0, err
    assert text.splitlines()[0] == "# yaml-language-server: $schema=deck.schema.json"
    assert yaml.safe_load(text) == {"cards": None}           # every card line is a comment: no card data
    fmt = _format_card()
    for m in {"tk": ["tk"], "ds": ["ds"], "ae": ["tk", "ds"]}[game]:
        form = _form(text, m)
        fields = [f for f, _ in form]
        want = [f for f in fmt if f != "production" or faction == "soviet"]
        assert fields == want, "the fields of FORMAT section 2, in its order"
        for f, v in form:
            if f == "map":
                assert v == m
            elif f == "faction":
                assert v == faction
            elif v.isupper():
                assert f in ("number", "name", "war-state", "production"), f"{f}: only what the card shows is asked"
            else:
                assert yaml.safe_load(v) == fmt[f], f"{f}: the default of FORMAT section 2"
    if game != "ae":
        assert f"# --- a {'DS' if game == 'tk' else 'TK'} card" not in text


def test_2_deck_filled_in_from_the_skeleton_passes_validate(tmp_path):
    out = tmp_path / "soviet.yaml"
    code, text, err = run("deck", "new", "--game", "ae", "--faction", "soviet", "-o", out)
    assert code == 0 and "Wrote" in text, err
    # test data, not card data: any number, name and war state that a card could show
    out.write_text(_fill(out.read_text(), {"number": "90", "name": "Test Card", "war-state": "limited", "production": "1"}))
    code, text, err = run("validate", out, "--json")
    assert code == 0 and text["ok"] and text["problems"] == [], text


@pytest.mark.parametrize("game", ["tk", "ae"])
def test_2_skeleton_not_filled_in_passes_validate_as_a_deck_of_no_card_yet(tmp_path, game):
    """The form `aeref deck new` writes, as written (`cards:` with only comments under it), is a valid deck of
    FORMAT section 2 with no card, and `validate` says so in a note: not an error about a list expected."""
    out = tmp_path / "axis.yaml"
    assert run("deck", "new", "--game", game, "--faction", "axis", "-o", out)[0] == 0
    code, text, err = run("validate", out, "--json")
    assert (code, text["ok"], text["problems"], err) == (0, True, [], ""), text
    assert [n["where"] for n in text["notes"]] == ["cards"] and "no card yet" in text["notes"][0]["message"]
    code, text, err = run("validate", out)
    assert code == 0 and text.splitlines()[0] == f"OK: {out}: a deck of 0 cards (none)" and "no card yet" in text


def test_deck_new_never_overwrites_without_force(tmp_path):
    out = tmp_path / "axis.yaml"
    out.write_text("mine\n")
    code, text, err = run("deck", "new", "--game", "tk", "--faction", "axis", "-o", out)
    assert code == 2 and text == "" and err.count("\n") == 1 and "give --force" in err
    assert out.read_text() == "mine\n"
    assert run("deck", "new", "--game", "tk", "--faction", "axis", "-o", out, "--force")[0] == 0
    assert out.read_text().startswith("# yaml-language-server")
