"""Sealed Pending Cards (docs/face-down.md "Sealed Pending Cards"): 1.1.3 "Card selection is final. Once a
faction has selected a card and placed it as its Pending Card, it is bound to that card", and 1.1.1 Step 2
"verify the card played was in compliance ... at the time it was selected", at a distance: ``select --seal``
commits to the card, ``reveal`` proves it. A seal is checked here with hashlib alone, from the documented
scheme; a reveal whose card, nonce or position was changed after sealing is refused."""
from __future__ import annotations
import re

import hashlib
import json
import shutil

import pytest
import yaml

from ..support.seasonal import EXAMPLES, say_no_card

HIDDEN = ("hand", "hand-count", "pending", "pending-placed", "selected", "sealed", "sealed-in", "nonce")


def _documented_digest(data: dict) -> str:
    """The position digest as docs/face-down.md writes it, with nothing of aeref."""
    def canon(v):
        if isinstance(v, dict):
            return {str(k).lower().replace("_", "-"): canon(x) for k, x in v.items()}
        if isinstance(v, list):
            return [canon(x) for x in v]
        return v
    d = canon(data)
    d.pop("record", None)           # the game record names files; the digest is of the position
    for sections in d.get("factions", {}).values():
        for sec in sections.values():
            for k in HIDDEN:
                sec.pop(k, None)
    text = json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.fixture
def sealed(aeref, tmp_path):
    """TK Mar-Apr 1939 split, the Axis selecting 4a sealed (t2.yaml), then the next Seasonal Turn (t3.yaml)."""
    folder = tmp_path / "ex"
    shutil.copytree(EXAMPLES, folder)
    assert aeref("split", folder / "tk-1939.yaml", "-o", folder / "t1.yaml").exit_code == 0
    r = aeref("select", folder / "t1.yaml", "--faction", "axis", "--tk", "4a", "--seal", "--write", folder / "t2.yaml")
    assert r.exit_code == 0, r
    assert "Sealed TK: sha256:" in r.stdout
    say_no_card(folder / "t2.yaml")       # the Western and Soviet factions select no card (1.1.3)
    assert aeref("next-turn", folder / "t2.yaml", "--write", folder / "t3.yaml").exit_code == 0
    return folder


def test_1_1_3_a_seal_is_verified_with_hashlib_alone_from_the_documented_scheme(sealed):
    """1.1.3: the public file's seal is SHA-256 over "aeref-seal-v1", the position digest, the faction, the
    map, the card id and the nonce, one per line; the position digest is that of the public file."""
    public = yaml.safe_load((sealed / "t2.yaml").read_text(encoding="utf-8"))
    private = yaml.safe_load((sealed / "t2.axis.private.yaml").read_text(encoding="utf-8"))
    sec = public["factions"]["axis"]["tk"]
    text = (sealed / "t2.yaml").read_text(encoding="utf-8")
    assert "tk-axis-4a" not in text and not re.search(r"\b4a\b", text)   # not as a word: a hex digest may hold "4a"
    assert sec["sealed-in"] == _documented_digest(public)
    card, nonce = private["tk"]["pending"], private["tk"]["nonce"]
    assert card == "tk-axis-4a" and len(nonce) == 32 and int(nonce, 16) >= 0
    text = f"aeref-seal-v1\n{sec['sealed-in']}\naxis\ntk\n{card}\n{nonce}\n"
    assert sec["sealed"] == "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_1_1_1_the_position_digest_ignores_comments_key_order_and_key_spelling(sealed):
    """1.1.1 Step 2: the position a seal names is the same file with other comments, key order and spelling."""
    from aeref.model.secrecy.seal import file_digest
    data = yaml.safe_load((sealed / "t2.yaml").read_text(encoding="utf-8"))
    shuffled = dict(reversed(list(data.items())))
    shuffled["war_state"] = shuffled.pop("war-state")
    (sealed / "other.yaml").write_text("# a comment\n" + yaml.safe_dump(shuffled, sort_keys=False), encoding="utf-8")
    assert file_digest(sealed / "other.yaml") == file_digest(sealed / "t2.yaml") == _documented_digest(data)
    shuffled["war_state"] = "limited"
    (sealed / "other.yaml").write_text(yaml.safe_dump(shuffled), encoding="utf-8")
    assert file_digest(sealed / "other.yaml") != file_digest(sealed / "t2.yaml")


def test_1_1_1_step_2_a_sealed_card_is_revealed_against_the_position_it_was_sealed_in(aeref, sealed):
    """1.1.1 Step 2: the seal matches; the card is checked against t2.yaml, the position the seal names."""
    r = aeref("reveal", sealed / "t3.yaml", "--faction", "axis", "--write", sealed / "t4.yaml")
    assert r.exit_code == 0, r
    assert "4a Nazi-Soviet Pact is revealed" in r.stdout and "t2.yaml)" in r.stdout
    t4 = (sealed / "t4.yaml").read_text(encoding="utf-8")
    sec = yaml.safe_load(t4)["factions"]["axis"]["tk"]
    assert "sealed" not in sec and "sealed-in" not in sec and sec["current"] == "tk-axis-4a"
    opened = yaml.safe_load(t4)["record"]["opened"]       # published: every player checks the seal
    assert [(o["faction"], o["map"], o["card"]) for o in opened] == [("axis", "tk", "tk-axis-4a")]


def _refused(aeref, sealed, *more):
    r = aeref("reveal", sealed / "t3.yaml", "--faction", "axis", "--write", sealed / "t4.yaml", *more)
    assert r.exit_code == 2, r
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("Error: "), r.stderr
    assert not (sealed / "t4.yaml").exists() and not (sealed / "t4.axis.private.yaml").exists()
    return r.stderr


def _edit_private(sealed, **tk):
    p = sealed / "t3.axis.private.yaml"
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    d["tk"].update(tk)
    p.write_text(yaml.safe_dump(d), encoding="utf-8")
    return d


def test_1_1_3_a_card_changed_after_sealing_is_refused(aeref, sealed):
    """1.1.3 "it is bound to that card": another card of the hand in the private file breaks the seal."""
    d = yaml.safe_load((sealed / "t3.axis.private.yaml").read_text(encoding="utf-8"))
    _edit_private(sealed, pending="tk-axis-22a", hand=[c if c != "tk-axis-22a" else "tk-axis-4a" for c in d["tk"]["hand"]])
    err = _refused(aeref, sealed)           # refused as the private file is read, before any reveal
    assert "t3.axis.private.yaml: tk.pending: tk-axis-22a with this nonce does not open the seal" in err
    assert "(factions.axis.tk.sealed)" in err


def test_1_1_3_a_nonce_changed_after_sealing_is_refused(aeref, sealed):
    """1.1.3: another nonce breaks the seal; a nonce of the wrong form is refused as such."""
    nonce = yaml.safe_load((sealed / "t3.axis.private.yaml").read_text(encoding="utf-8"))["tk"]["nonce"]
    _edit_private(sealed, nonce=("0" if nonce[0] != "0" else "1") + nonce[1:])
    assert "tk-axis-4a with this nonce does not open the seal" in _refused(aeref, sealed)
    _edit_private(sealed, nonce="not-a-nonce")
    where = f"Error: {sealed / 't3.axis.private.yaml'}: tk.nonce: "
    assert (err := _refused(aeref, sealed)).startswith(where) and "32 lower-case hexadecimal" in err
    r = aeref("show", sealed / "t3.yaml", "--as", "axis")      # refused as the private file is read, not at reveal
    assert r.exit_code == 2 and r.stderr.startswith(where) and r.stderr.count("\n") == 1, r


def test_1_1_1_step_2_a_position_changed_after_sealing_is_refused(aeref, sealed):
    """1.1.1 Step 2 "at the time it was selected": a previous file that is not the position the seal names is
    refused, naming the digest it needs."""
    p = sealed / "t2.yaml"
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    want = d["factions"]["axis"]["tk"]["sealed-in"]
    d["countries"]["Russia"]["posture"] = "war"
    p.write_text(yaml.safe_dump(d, sort_keys=False), encoding="utf-8")
    err = _refused(aeref, sealed)           # the game record: t3.yaml was made from another t2.yaml
    assert "t3.yaml: record.parent: " in err and "differs from the one this file was made from" in err
    t3 = yaml.safe_load((sealed / "t3.yaml").read_text(encoding="utf-8"))
    del t3["record"]                        # without the record, the seal itself names the position it needs
    (sealed / "t3.yaml").write_text(yaml.safe_dump(t3, sort_keys=False), encoding="utf-8")
    err = _refused(aeref, sealed)
    assert f"was made in the position {want}" in err and "the previous file" in err


def test_1_1_1_step_2_unseal_gives_the_card_and_nonce_on_the_command_line(aeref, sealed):
    """1.1.1 Step 2: without the private file, ``--unseal tk=4a:NONCE`` reveals the sealed card; a wrong
    card with it is refused."""
    private = yaml.safe_load((sealed / "t3.axis.private.yaml").read_text(encoding="utf-8"))
    (sealed / "t3.axis.private.yaml").unlink()
    assert "face down" in _refused(aeref, sealed)
    nonce = private["tk"]["nonce"]
    assert "does not match tk-axis-22a" in _refused(aeref, sealed, "--unseal", f"tk=22a:{nonce}")
    r = aeref("reveal", sealed / "t3.yaml", "--faction", "axis", "--unseal", f"tk=4a:{nonce}")
    assert r.exit_code == 0, r
    assert "4a Nazi-Soviet Pact is revealed" in r.stdout
    r = aeref("reveal", sealed / "t3.yaml", "--faction", "axis", "--unseal", "tk4a")
    assert r.exit_code == 2 and "MAP=CARD:NONCE" in r.stderr
