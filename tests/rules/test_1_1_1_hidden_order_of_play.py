"""1.1.1 Order of Play for what another faction may have placed: a faction selects (Step 4) before the later
factions' Step 1. In a game record, a reveal made after another faction's `select` link of the Seasonal Turn
is not what that faction saw: `pairs --as` and `check --as` answer on the viewer's view of the file the
`select` link made, and say so. The game: TK Nov-Dec 1941, Limited War; the Axis faction reveals and selects
face down; then the Western card it did not see starts Total War (test-only cards of
``tests/support/order_positions.py``)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ..support.cli import run
from ..support.order_positions import SELECTED_IN, TOTAL_WAR_TURN


def _ok(*args) -> str:
    r = run(*[str(a) for a in args])
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.fixture
def game(tmp_path) -> Path:
    """The chained game in one folder: the deal of Aug-Sept 1941, the next Seasonal Turn, the Axis reveal, the Axis
    selection (sealed) and the Western reveal (Total War on the TK map); returns the folder."""
    spec = TOTAL_WAR_TURN
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "test.yaml").write_text(yaml.safe_dump({"cards": spec["deck"]}, sort_keys=False))
    factions = {f: {m: {"pending": s["pending"], "selected": SELECTED_IN, "hand": list(s["hand"])}
                    for m, s in secs.items()} for f, secs in spec["factions"].items()}
    deal = {"game": "tk", "turn": SELECTED_IN, "decks": ["decks/test.yaml"], "war-state": "limited", "factions": factions}
    (tmp_path / "deal.yaml").write_text(yaml.safe_dump(deal, sort_keys=False))
    t = lambda name: tmp_path / name        # noqa: E731
    _ok("split", t("deal.yaml"), "-o", t("t1.yaml"))
    _ok("next-turn", t("t1.yaml"), "--write", t("t2.yaml"))
    _ok("reveal", t("t2.yaml"), "--faction", "axis", "--private", t("t2.axis.private.yaml"), "--write", t("t3.yaml"))
    _ok("select", t("t3.yaml"), "--faction", "axis", "--private", t("t3.axis.private.yaml"), "--tk", "11", "--seal",
        "--write", t("t4.yaml"))
    _ok("reveal", t("t4.yaml"), "--faction", "western", "--private", t("t4.western.private.yaml"), "--write", t("t5.yaml"))
    assert "Total War in effect" in _ok("show", t("t5.yaml"), "--as", "soviet")
    return tmp_path


def test_1_1_1_the_others_selection_is_asked_on_the_position_it_was_made_on(game):
    """From the Soviet view of t5.yaml (after the Western reveal): the Axis faction may have selected 11 or 12, as on
    t4.yaml (Limited War); not the red 10 (1.1.3.2: Limited War was in effect when it selected) nor 13 (its
    requirement, the Western card played, was not met then)."""
    soviet = ["--as", "soviet", "--private", game / "t5.soviet.private.yaml"]
    got = run("pairs", str(game / "t5.yaml"), "--faction", "axis", *map(str, soviet), "--json")
    assert got.exit_code == 0, got.output
    then = run("pairs", str(game / "t4.yaml"), "--faction", "axis", "--as", "soviet", "--json").json
    assert [c["tk"] for c in got.json["choices"]] == [c["tk"] for c in then["choices"]] == ["tk-axis-11", "tk-axis-12"]
    assert got.json["notes"] == ["the Axis faction selected its Pending Cards on t4.yaml (1.1.1 Step 4); 1 link of this "
                                 "Seasonal Turn came after it (reveal), which it did not see (1.1.1 Order of Play): "
                                 "this answers on the Soviet view of t4.yaml"]
    r = run("check", str(game / "t5.yaml"), "--faction", "axis", *map(str, soviet), "--tk", "10")
    assert r.exit_code == 1 and "1.1.3.2 War State Selection Restrictions" in r.stdout and "Limited War is in effect" in r.stdout
    assert "Note: the Axis faction selected its Pending Cards on t4.yaml" in r.stdout


def test_1_1_1_a_file_without_its_record_is_asked_on_itself(game, tmp_path):
    """The same position with its record cut (a file written by hand): nothing tells when the Axis faction selected,
    so the answer is on the position itself, without a note (the red 10 is possible under Total War)."""
    data = yaml.safe_load((game / "t5.yaml").read_text(encoding="utf-8"))
    data.pop("record")
    (game / "cut.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    got = run("pairs", str(game / "cut.yaml"), "--faction", "axis", "--as", "soviet", "--json")
    assert got.exit_code == 0, got.output
    assert "tk-axis-10" in [c["tk"] for c in got.json["choices"]] and "notes" not in got.json


def test_1_1_1_without_the_select_file_no_answer_is_made_on_another_position(game):
    """The Axis select file missing from the Soviet folder: one Error line (exit 2), never an answer on a position
    the Axis faction did not select on."""
    soviet = ["--as", "soviet", "--private", str(game / "t5.soviet.private.yaml")]
    (game / "t4.yaml").unlink()
    r = run("check", str(game / "t5.yaml"), "--faction", "axis", *soviet, "--tk", "10")
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1 and "t4.yaml" in r.stderr, r.output


def test_1_1_a_file_of_a_game_record_keeps_its_interpretations(game):
    """-i on a command that writes a file of the game record is refused (exit 2, nothing written): every player
    rules the game's files by the readings its deal set; asking without --write is free."""
    args = ["select", str(game / "t5.yaml"), "--faction", "western", "--private", str(game / "t5.western.private.yaml"),
            "--tk", "10", "--seal", "-i", "empty-slot=voluntary"]
    r = run(*args, "--write", str(game / "t6.yaml"))
    assert r.exit_code == 2 and "interpretations" in r.stderr and "empty-slot" in r.stderr, r.output
    assert not (game / "t6.yaml").exists()


def test_1_1_1_a_select_file_renamed_is_found_by_its_digest(game):
    """From the Axis select file t4.yaml, the Soviet then the Western faction reveal (s5.yaml, s6.yaml); t4.yaml
    renamed: the walk back from s6.yaml finds it by its digest (as `aeref verify` does), the two reveals after it."""
    from aeref.model.files.record import selected_in
    for name in ("t5.yaml", *[p.name for p in game.glob("t5.*.private.yaml")]):
        (game / name).unlink()                      # the game goes on from t4.yaml by another way
    _ok("reveal", game / "t4.yaml", "--faction", "soviet", "--private", game / "t4.soviet.private.yaml", "--write",
        game / "s5.yaml")
    _ok("reveal", game / "s5.yaml", "--faction", "western", "--private", game / "s5.western.private.yaml", "--write",
        game / "s6.yaml")
    (game / "t4.yaml").rename(game / "renamed.yaml")
    found, after = selected_in(game / "s6.yaml", "axis", "Nov-Dec 1941")
    assert found.name == "renamed.yaml" and after == ["reveal", "reveal"]
    assert selected_in(game / "s6.yaml", "western", "Nov-Dec 1941") is None      # no Western select this turn
