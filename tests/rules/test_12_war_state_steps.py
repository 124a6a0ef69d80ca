"""12.3 Total War Effects, the steps as a table (solver/war_state.py TOTAL_WAR_STEPS), and the 12 "no going back"
ruling built in the solver. Positions are test-only data."""
import pytest

from aeref.model.files.load import load_position
from aeref.solver import war_state as ws

from ..support.seasonal import run, write_state


def _outbreak(tmp_path, war_state):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": war_state,
          "boxes": {"outbreak-of-war": {"axis": ["J 5 Inf"]}}}
    return write_state(tmp_path, f"{war_state}.yaml", st)


def test_12_3_step_1_does_not_apply_from_limited_war(tmp_path):
    """12.3 Step 1: "If Total War goes into effect directly from Pre-War, each faction immediately places in
    the Delay Box any Outbreak of War units it has in the Conditional Event Box." From Limited War it does not
    apply: J 5 Inf stays in the Conditional Event Box."""
    out = tmp_path / "o.yaml"
    code, res, _ = run("war-state", _outbreak(tmp_path, "limited"), "--to", "total", "--json", "--write", out)
    assert code == 0
    step1 = next(e for e in res["change"]["effects"] if e["rule"] == "12.3 Step 1")
    assert step1["applies"] is False and step1["moves"] == []
    assert step1["message"] == "does not apply: Total War goes into effect from Limited War, not from Pre-War"
    assert not any("Total War directly from Pre-War" in e["message"] for e in res["change"]["effects"])
    boxes = load_position(out).seasonal.boxes["ds"]          # the written position, however the file spells it
    assert "J 5 Inf" not in boxes.delay_box
    assert list(boxes.outbreak_of_war.get("axis", [])) == ["J 5 Inf"], boxes


def test_12_3_step_1_applies_directly_from_pre_war(tmp_path):
    """The same position in Pre-War: Step 1 moves J 5 Inf to the Delay Box."""
    out = tmp_path / "o.yaml"
    code, res, _ = run("war-state", _outbreak(tmp_path, "pre-war"), "--to", "total", "--json", "--write", out)
    step1 = next(e for e in res["change"]["effects"] if e["rule"] == "12.3 Step 1")
    assert step1["applies"] and step1["message"].startswith("Total War directly from Pre-War: ")
    assert list(load_position(out).seasonal.boxes["ds"].delay_box) == ["J 5 Inf"]


def test_12_3_the_steps_in_order_each_once():
    """The ten steps of 12.3, in the order of the rules text, as printed (* DS alone, © AE)."""
    assert [s.printed for s in ws.TOTAL_WAR_STEPS] == [
        "12.3 Step 1", "12.3 Step 2", "12.3 Step 3", "12.3 Step 4", "12.3 Step 5", "12.3 Step 6", "12.3 Step 7",
        "*12.3 Step 8", "©12.3 Step 9", "12.3 Step 10"]


def test_12_3_step_8_european_total_war_is_carried_out_by_its_own_step(tmp_path):
    """*12.3 Step 8 "If European Total War is not already in effect, decrease the ESV by 2 and place European
    Total War markers ...": carried out once, by the step's effect; not again when already in effect."""
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "esv": 7}
    pos = load_position(write_state(tmp_path, "s.yaml", st))
    ch = ws.change(pos, "ds", "total", "test")
    [step8] = [e for e in ch.effects if e.rule == "*12.3 Step 8"]
    assert step8.applies and step8.carry_out is not None
    after = ws.apply(pos, ch)
    assert (after.european_war, after.seasonal.esv) == ("total", 5)
    again = ws.change(after, "ds", "total", "test")           # Total War stays: no change, no step
    assert not again.changes and ws.apply(after, again).seasonal.esv == 5


def test_12_no_going_back_ruling_comes_from_the_solver(tmp_path):
    """12 "There is no going back to an earlier War State.": the ruling is the solver's row 12 Changing War States."""
    pos = load_position(write_state(tmp_path, "s.yaml", {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "total"}))
    with pytest.raises(ws.Backwards) as exc:
        ws.change(pos, "ds", "limited", "test")
    v = exc.value.violation
    assert (v.rule, v.title) == ("12", "Changing War States") and "no going back" in v.message
    assert v.as_json() == {"rule": "12", "title": "Changing War States", "message": str(exc.value)}
