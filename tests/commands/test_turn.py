"""A Seasonal Turn by commands: ``select`` (1.1.1 Step 4, 1.1.3), ``next-turn``,
``reveal --faction all`` (1.1.1 in the order of play), and the files they write
(atomic, never over an existing file without ``--force``)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from aeref.model.files.atomic import FileExists, write_text
from aeref.model.files.load import load_position
from aeref.solver.option_cards.turn import REVEAL_ORDER

from ..support import copy_examples
from ..support.seasonal import empty_state, run, say_no_card

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def game(tmp_path, monkeypatch):
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_select_writes_the_pending_cards_and_takes_them_from_the_hand(game):
    code, out, err = run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b",
                         "--write", "sel.yaml")
    assert code == 0, err
    assert "Legal: Axis Pending Cards TK 22a Case Yellow, DS 28b North Wind Cloudy" in out
    pos = load_position("sel.yaml")
    assert pos.factions["axis"]["tk"].pending == "tk-axis-22a"
    assert pos.factions["axis"]["ds"].pending == "ds-axis-28b"
    assert "tk-axis-22a" not in pos.hand("axis", "tk") and "ds-axis-28b" not in pos.hand("axis", "ds")
    assert pos.turn == load_position("examples/ae-aug-1941.yaml").turn


def test_an_illegal_selection_is_refused_with_the_ruling_and_nothing_is_written(game):
    code, out, err = run("select", "examples/ae-aug-1941.yaml", "--faction", "soviet", "--tk", "23", "--ds", "24",
                         "--write", "sel.yaml")
    assert code == 1
    assert "1.1.3.3 Soviet Production Limit: tk-soviet-23 (1) + ds-soviet-24 (1) = 2 exceeds the limit 1" in out
    assert "Nothing written" in out
    assert not Path("sel.yaml").exists()


def test_select_rules_exactly_as_check(game):
    """The same ruling, violation by violation, as `check` (JSON)."""
    for args in (["--tk", "11", "--ds", "12"], ["--tk", "22a", "--ds", "28b"], ["--tk", "22a"], []):
        _, checked, _ = run("check", "examples/ae-aug-1941.yaml", "--faction", "axis", *args, "--json")
        code, selected, _ = run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", *args, "--write",
                                f"s{len(args)}.yaml", "--json")
        c, s = checked, selected
        assert (s["legal"], s["violations"]) == (c["legal"], c["violations"]), args
        assert (s["written"] is not None) == c["legal"] == Path(f"s{len(args)}.yaml").exists()


def test_selection_is_final(game):
    run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "a.yaml")
    code, out, _ = run("select", "a.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28a", "--write", "b.yaml")
    assert code == 1 and "card selection is final" in out and not Path("b.yaml").exists()


def test_next_turn_advances_the_turn_sets_previous_and_carries_the_pending_cards(game):
    run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "a.yaml")
    say_no_card(game / "a.yaml")        # the Western and Soviet factions select no card (1.1.3)
    code, out, err = run("next-turn", "a.yaml", "--write", "nov.yaml")
    assert code == 0, err
    nov = load_position("nov.yaml")
    assert str(nov.turn) == "Nov-Dec 1941"
    assert yaml.safe_load(Path("nov.yaml").read_text())["previous"] == "a.yaml"
    assert nov.factions["axis"]["ds"].pending == "ds-axis-28b"
    assert nov.war_state == load_position("a.yaml").war_state      # nothing outside the Seasonal Phase is guessed
    assert "Western has no TK Pending Card" in out


def test_next_turn_previous_is_relative_to_the_new_file(game):
    run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "a.yaml")
    say_no_card(game / "a.yaml")
    (game / "later").mkdir()
    assert run("next-turn", "a.yaml", "--write", "later/nov.yaml")[0] == 0
    prev = yaml.safe_load(Path("later/nov.yaml").read_text())["previous"]
    assert (game / "later" / prev).resolve() == (game / "a.yaml").resolve() or Path(prev).resolve() == (game / "a.yaml").resolve()
    assert load_position("later/nov.yaml").seasonal.previous_path.resolve() == (game / "a.yaml").resolve()


def _selected(game):
    run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "a.yaml")
    run("select", "a.yaml", "--faction", "western", "--tk", "20", "--ds", "5", "--write", "w.yaml")
    run("select", "w.yaml", "--faction", "soviet", "--tk", "26b", "--ds", "24", "--write", "s.yaml")
    assert run("next-turn", "s.yaml", "--write", "nov.yaml")[0] == 0


def test_reveal_all_in_the_order_of_play_gives_one_position(game):
    _selected(game)
    code, res, err = run("reveal", "nov.yaml", "--faction", "all", "--write", "done.yaml", "--json")
    assert code == 0, err
    assert res["order"] == list(REVEAL_ORDER) == ["axis", "western", "soviet"]
    assert [r["faction"] for r in res["reveals"]] == res["order"]
    assert res["legal"] is True and res["written"] == "done.yaml"
    done = load_position("done.yaml")
    assert {f: {m: fm.current for m, fm in s.items()} for f, s in done.factions.items()} == {
        "axis": {"tk": "tk-axis-22a", "ds": "ds-axis-28b"}, "western": {"tk": "tk-western-20", "ds": "ds-western-5"},
        "soviet": {"tk": "tk-soviet-26b", "ds": "ds-soviet-24"}}
    assert done.war_state["ds"] == "total"                              # 28b North Wind Cloudy (12)
    assert done.factions["soviet"]["ds"].removed == ["ds-soviet-11b"]   # the © twin of 26b
    # the chain is kept: the written file's previous names the position the cards were selected in
    assert yaml.safe_load(Path("done.yaml").read_text())["previous"] == "s.yaml"


def test_reveal_all_equals_one_faction_after_another(game):
    """`--faction all` is the three single reveals chained through their written files."""
    _selected(game)
    run("reveal", "nov.yaml", "--faction", "all", "--write", "all.yaml")
    run("reveal", "nov.yaml", "--faction", "axis", "--write", "1.yaml")
    run("reveal", "1.yaml", "--faction", "western", "--write", "2.yaml")
    run("reveal", "2.yaml", "--faction", "soviet", "--write", "3.yaml")
    assert yaml.safe_load(Path("all.yaml").read_text()) == yaml.safe_load(Path("3.yaml").read_text())


def test_reveal_all_finds_an_illegal_card_and_exits_1(game):
    _selected(game)
    data = yaml.safe_load(Path("s.yaml").read_text())
    data["war-state"] = {"tk": "pre-war", "ds": "limited"}        # 22a Case Yellow is a Limited War card
    data["countries"]["Russia"]["tk"]["posture"] = "policy-affected"   # no Allied Country at War under Pre-War (12)
    data["countries"]["France"]["posture"] = "policy-affected"
    Path("s.yaml").write_text(yaml.safe_dump(data))
    code, out, _ = run("reveal", "nov.yaml", "--faction", "all")
    assert code == 1 and "Illegal Current Card" in out and "Total War option" in out


@pytest.mark.parametrize("command", [
    ["select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "x.yaml"],
    ["next-turn", "examples/ds-axis-selected.yaml", "--write", "x.yaml"],
    ["reveal", "examples/ds-axis-reveal.yaml", "--faction", "axis", "--write", "x.yaml"],
    ["war-state", "examples/ds-axis-reveal.yaml", "--to", "total", "--write", "x.yaml"],
    ["schema", "-o", "x.yaml"],
])
def test_no_command_overwrites_a_file_without_force(game, command):
    Path("x.yaml").write_text("keep me\n")
    code, out, err = run(*command)
    assert code == 2 and "exists" in err and "--force" in err and out == ""
    assert Path("x.yaml").read_text() == "keep me\n"
    opt = "-o" if "-o" in command else "--write"
    code, _, err = run(*command, "--force")
    assert code == 0, err
    assert Path("x.yaml").read_text() != "keep me\n"
    assert opt in command


def test_a_crash_while_writing_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "state.yaml"
    target.write_text("old\n")

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_text(target, "new\n" * 1000, force=True)
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["state.yaml"]      # no temporary file left behind


def test_a_new_file_appears_whole_or_not_at_all(tmp_path, monkeypatch):
    target = tmp_path / "new.yaml"

    def boom(*a, **k):
        raise OSError("power cut")

    with monkeypatch.context() as m:
        m.setattr(os, "fsync", boom)
        with pytest.raises(OSError):
            write_text(target, "new\n")
    assert list(tmp_path.iterdir()) == []
    write_text(target, "new\n")
    assert target.read_text() == "new\n"
    with pytest.raises(FileExists):
        write_text(target, "other\n")
    assert target.read_text() == "new\n"


def test_select_writes_the_interpretations_it_ruled_under(tmp_path):
    """`select -i empty-slot=voluntary --write` records the interpretation: the written position is
    ruled as the command that wrote it ruled (a later `check` does not fall back to the default)."""
    import yaml
    from ..support.seasonal import EXAMPLES, run as run_json
    out = tmp_path / "next.yaml"
    code, res, err = run_json("select", EXAMPLES / "ae-soviet-production.yaml", "--faction", "soviet", "--tk", "38",
                              "-i", "empty-slot=voluntary", "--write", out, "--json")
    assert code == 0, err
    written = yaml.safe_load(out.read_text())
    assert written["interpretations"]["empty-slot"] == "voluntary"
    code, shown, err = run_json("show", out, "--json")
    assert code == 0 and shown["interpretations"]["empty-slot"] == "voluntary", err


def test_writes_never_replace_a_device_pipe_or_folder_and_follow_a_link(tmp_path):
    """--force replaces a regular file only: a pipe (or /dev/null) is refused with exit 2 and left as it is;
    through a symbolic link the file it names is replaced and the link stays. A pipe as input is refused
    before it is read (it would never end)."""
    import stat
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(OSError):
        write_text(fifo, "x", force=True)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    code, _, err = run("select", EXAMPLES / "ae-soviet-production.yaml", "--faction", "soviet", "--tk", "38",
                       "--ds", "11b", "--write", fifo, "--force")
    assert code == 2 and err.count("\n") == 1 and "not a regular file" in err, err
    code, _, err = run("show", fifo)
    assert code == 2 and err.count("\n") == 1 and "not a regular file" in err, err
    real = tmp_path / "real.yaml"
    real.write_text("old")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    with pytest.raises(FileExists):
        write_text(link, "new")
    write_text(link, "new", force=True)
    assert link.is_symlink() and real.read_text() == "new"
    dangling = tmp_path / "dangling.yaml"
    dangling.symlink_to(tmp_path / "nowhere.yaml")
    with pytest.raises(FileExists):
        write_text(dangling, "new")


def test_1_1_3_final_select_on_one_map_only_then_the_open_slot(game):
    """AE, 1.1.3 "Card selection is final ... it is bound to that card": a selection of the DS card only
    (empty-slot=voluntary) places it; the faction is bound to DS 28b, not to the TK slot it left open, so a
    second `select --tk 22a` fills that slot and keeps DS 28b; once no slot is open, selecting again is
    refused as Card Selection Is Final, legal false in JSON."""
    code, out, err = run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--ds", "28b", "--write", "a.yaml",
                         "-i", "empty-slot=voluntary")
    assert code == 0, err
    pos = load_position("a.yaml")
    assert (pos.factions["axis"]["tk"].pending, pos.factions["axis"]["ds"].pending) == (None, "ds-axis-28b")
    code, res, _ = run("select", "a.yaml", "--faction", "axis", "--tk", "22a", "--write", "b.yaml", "--json")
    assert code == 0 and res["legal"] is True and res["pending"] == {"tk": "tk-axis-22a", "ds": "ds-axis-28b"}, res
    pos = load_position("b.yaml")
    assert (pos.factions["axis"]["tk"].pending, pos.factions["axis"]["ds"].pending) == ("tk-axis-22a", "ds-axis-28b")
    code, res, _ = run("select", "b.yaml", "--faction", "axis", "--tk", "22a", "--write", "c.yaml", "--json")
    assert code == 1 and res["legal"] is False and res["violations"][0]["title"] == "Card Selection Is Final", res
    assert not Path("c.yaml").exists()


def test_select_takes_a_map_given_as_no_card():
    """solver.option_cards.turn.select: a map given as None is no card, like a map left out; the other map's card is placed."""
    from aeref.solver.option_cards.turn import select
    pos = load_position(EXAMPLES / "ae-aug-1941.yaml")
    pos.interpretations = {**pos.interpretations, "empty-slot": "voluntary"}
    ruling, new = select(pos, "axis", {"tk": None, "ds": "ds-axis-28b"})
    assert ruling.legal, ruling.violations
    assert (new.factions["axis"]["tk"].pending, new.factions["axis"]["ds"].pending) == (None, "ds-axis-28b")


# ----------------------------------------------------------------------------- next-turn writes the markers as read

@pytest.mark.parametrize("game,markers", [
    ("ds", {"strategic-warfare-box": ["US Victory Program"], "vp": {"side": "rising-sun", "box": 1}}),
    ("ae", {"delay-box": ["Quit India"],
            "tk": {"strategic-warfare-box": ["US Victory Program"], "vp": {"side": "axis-tide", "box": 2}}}),
])
def test_1_1_1_next_turn_writes_the_markers_as_read(tmp_path, game, markers):
    """1.1.1 (`aeref next-turn`): the written state file keeps the `markers:` section, box names with hyphens."""
    p = say_no_card(empty_state(tmp_path, game, markers=markers))
    out = tmp_path / "next.yaml"
    code, _, err = run("next-turn", p, "--write", out)
    assert code == 0, err
    assert yaml.safe_load(out.read_text())["markers"] == markers
