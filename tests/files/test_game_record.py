"""The game record (docs/face-down.md "The game record"): three players by e-mail, each in a folder of their
own, passing only the public files the tutorial's part two says to pass, with the dealer's folder removed after
the deal. 1.1 (cards face down) and 1.1.1 Step 2 ("verify the card played was in compliance ... at the time it
was selected") with no referee to trust: every player checks every file received with `aeref verify`, and four
ways the Axis player could cheat are each refused by the other players' `verify` (exit 1) and by the first
command that reads the forged file (exit 2)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from ..support.cli import run as _run
from ..support.seasonal import EXAMPLES, without_others

PLAYERS = ("axis", "western", "soviet")


def run(*args) -> tuple[int, str, str]:
    """aeref in process: ``(exit code, stdout, stderr)``."""
    r = _run(*args)
    return r.exit_code, r.stdout, r.stderr


class Table:
    """The three players' folders: ``home(f)/mail`` the mail ``f`` received, ``home(f)`` its private files."""

    def __init__(self, root: Path):
        self.root = root

    def home(self, f: str) -> Path:
        return self.root / f

    def aeref(self, f: str, *args, code: int = 0):
        """Run aeref as player ``f`` (paths relative to its folder)."""
        r = run(*[self.home(f) / a if isinstance(a, str) and a.startswith(("mail/", "t")) and a.endswith(".yaml")
                  else a for a in args])
        assert r[0] == code, (args, r)
        return r

    def mail(self, sender: str, name: str, to=PLAYERS) -> None:
        """``sender`` mails its public file ``mail/NAME`` to the others (a copy, byte for byte)."""
        for f in to:
            if f != sender:
                shutil.copyfile(self.home(sender) / "mail" / name, self.home(f) / "mail" / name)

    def move(self, f: str, name: str, *args) -> None:
        """Player ``f`` runs aeref ``args`` writing ``mail/NAME``, mails it, and every player checks it."""
        self.aeref(f, *args, "--write", f"mail/{name}")
        self.mail(f, name)
        self.receive(name)

    def receive(self, name: str, who=PLAYERS) -> None:
        """Each player checks the file received: the whole chain holds."""
        for f in who:
            code, out, err = run("verify", self.home(f) / "mail" / name)
            assert code == 0, (f, out, err)
            assert out.startswith(f"The game record of {self.home(f) / 'mail' / name} holds"), out


@pytest.fixture
def table(tmp_path) -> Table:
    """The deal, in the dealer's folder: the public file and the decks to every player's mail, each private
    file to its player; then the dealer's folder is removed."""
    dealer = tmp_path / "dealer"
    shutil.copytree(EXAMPLES, dealer)
    code, out, err = run("split", dealer / "tk-1939.yaml", "-o", dealer / "mail" / "t1.yaml",
                         *[x for f in PLAYERS for x in ("--private-dir", f"{f}={dealer / f}")])
    assert code == 0, err
    t = Table(tmp_path / "players")
    for f in PLAYERS:
        shutil.copytree(dealer / "mail", t.home(f) / "mail")
        shutil.copyfile(dealer / f / f"t1.{f}.private.yaml", t.home(f) / f"t1.{f}.private.yaml")
    shutil.rmtree(dealer)
    t.receive("t1.yaml")
    return t


def _play_to_the_reveal(t: Table) -> None:
    """Mar-Apr 1939: each faction selects in turn (sealed), the Soviet no card; the next Seasonal Turn."""
    t.aeref("axis", "select", "mail/t1.yaml", "--private", "t1.axis.private.yaml", "--faction", "axis", "--tk", "4a",
            "--seal", "--write", "mail/t2.yaml")
    (t.home("axis") / "mail" / "t2.axis.private.yaml").rename(t.home("axis") / "t2.axis.private.yaml") \
        if (t.home("axis") / "mail" / "t2.axis.private.yaml").exists() else None
    t.mail("axis", "t2.yaml")
    t.receive("t2.yaml")
    t.move("western", "t3.yaml", "select", "mail/t2.yaml", "--private", "t1.western.private.yaml", "--faction",
           "western", "--tk", "28a", "--seal")
    t.move("soviet", "t4.yaml", "select", "mail/t3.yaml", "--private", "t1.soviet.private.yaml", "--faction", "soviet")
    t.move("axis", "t5.yaml", "next-turn", "mail/t4.yaml")


def _hidden_words(t: Table) -> dict[str, set]:
    """Each faction's hand and Pending Card ids, from its own private files."""
    out = {}
    for f in PLAYERS:
        ids = set()
        for p in t.home(f).glob("*.private.yaml"):
            body = yaml.safe_load(p.read_text(encoding="utf-8"))
            for sec in body.values():
                if isinstance(sec, dict):
                    ids |= {str(c) for c in sec.get("hand", [])} | ({str(sec["pending"])} if sec.get("pending") else set())
        out[f] = ids
    return out


def test_1_1_three_players_in_separate_folders_play_a_seasonal_turn_and_verify_every_file(table):
    """The tutorial's part two across machines: the deal names its decks relative to the public file (copies in
    mail/decks with their digests), each file is checked by every player on receipt, and no public file names a
    hidden card before its reveal (1.1)."""
    t = table
    t1 = (t.home("western") / "mail" / "t1.yaml").read_text(encoding="utf-8")
    assert "decks: [decks/axis.yaml, decks/western.yaml, decks/soviet.yaml]" in t1 and str(t.root) not in t1
    _play_to_the_reveal(t)
    hidden = _hidden_words(t)
    for f in PLAYERS:
        for p in (t.home(f) / "mail").glob("t*.yaml"):
            text = p.read_text(encoding="utf-8")
            for g, ids in hidden.items():
                for cid in ids:
                    assert not re.search(rf"\b{re.escape(cid)}\b", text), (p, g, cid)
    t.move("axis", "t6.yaml", "reveal", "mail/t5.yaml", "--faction", "axis", "--private", "t2.axis.private.yaml")
    t.move("western", "t7.yaml", "reveal", "mail/t6.yaml", "--faction", "western", "--private",
           "t3.western.private.yaml")
    code, out, _ = run("log", t.home("soviet") / "mail" / "t7.yaml", "--json")
    assert code == 0
    events = [e for entry in __import__("json").loads(out)["entries"] for e in entry["events"]]
    assert "Axis TK seal opened: tk-axis-4a (it matches the seal made at its selection)" in events
    assert "Soviet TK: no Pending Card" in events
    assert not any("tk-axis-4a" in e for e in events[:events.index("Soviet TK: no Pending Card")])


def _forged_and_refused(t: Table, forged: Path, name: str = "t6.yaml") -> str:
    """The Axis mails ``forged`` as ``name``: the Western player's verify finds it broken (exit 1) and the first
    command that reads it refuses it (exit 2, one Error line)."""
    shutil.copyfile(forged, t.home("western") / "mail" / name)
    code, out, err = run("verify", t.home("western") / "mail" / name)
    assert code == 1 and out.startswith("Broken: "), (out, err)
    code, _, err = run("show", t.home("western") / "mail" / name)
    assert code == 2 and err.startswith("Error: ") and err.count("\n") == 1, err
    return out


def _edit(path: Path, change) -> Path:
    d = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(d)
    path.write_text(yaml.safe_dump(d, sort_keys=False), encoding="utf-8")
    return path


def _unchained(d: dict) -> None:
    d.pop("record", None)            # the forger's own aeref would refuse its edited copy: it drops the record


def test_1_1_3_forgery_the_seal_deleted_from_the_axis_copy_before_its_reveal_is_refused(table):
    """1.1.3 "Card selection is final": the Axis deletes the seal of its Pending Card from its own copy of t5,
    puts the card back into its hand and reveals no card: the file it mails was made from a t5 nobody else holds."""
    t = table
    _play_to_the_reveal(t)
    def unseal(d):
        _unchained(d)
        sec = d["factions"]["axis"]["tk"]
        for k in ("sealed", "sealed-in", "selected"):
            sec.pop(k)
        sec["hand-count"] += 1
    _edit(t.home("axis") / "mail" / "t5.yaml", unseal)
    _edit(t.home("axis") / "t2.axis.private.yaml", lambda d: d["tk"].update(
        hand=d["tk"]["hand"] + [d["tk"].pop("pending")], nonce=None) or d["tk"].pop("nonce"))
    t.aeref("axis", "reveal", "mail/t5.yaml", "--faction", "axis", "--private", "t2.axis.private.yaml",
            "--write", "mail/t6.yaml")
    out = _forged_and_refused(t, t.home("axis") / "mail" / "t6.yaml")
    assert "record.parent: it was made from a file t5.yaml whose digest is" in out and "differs" in out


def test_1_1_3_forgery_another_card_revealed_from_a_private_file_the_axis_wrote_is_refused(table):
    """1.1.3: the Axis replaces its seal by `pending-placed: true` and reveals another card from a private file
    it wrote itself."""
    t = table
    _play_to_the_reveal(t)
    def placed(d):
        _unchained(d)
        sec = d["factions"]["axis"]["tk"]
        sec.pop("sealed"), sec.pop("sealed-in")
        sec["pending-placed"] = True
    _edit(t.home("axis") / "mail" / "t5.yaml", placed)
    _edit(t.home("axis") / "t2.axis.private.yaml", lambda d: d["tk"].update(
        pending="tk-axis-28a", hand=["tk-axis-11", "tk-axis-4a", "tk-axis-22a"]) or d["tk"].pop("nonce"))
    t.aeref("axis", "reveal", "mail/t5.yaml", "--faction", "axis", "--private", "t2.axis.private.yaml",
            "--write", "mail/t6.yaml")
    assert "current: tk-axis-28a" in (t.home("axis") / "mail" / "t6.yaml").read_text(encoding="utf-8")
    assert "record.parent" in _forged_and_refused(t, t.home("axis") / "mail" / "t6.yaml")


def test_1_1_3_forgery_a_seal_made_in_a_branch_and_put_into_the_later_files_is_refused(table):
    """1.1.3: the Axis seals another card in a branch from the same t1 and puts that seal (same sealed-in) into
    its own copies of the later files, then reveals it."""
    t = table
    _play_to_the_reveal(t)
    branch = t.home("axis") / "branch"
    branch.mkdir()
    shutil.copytree(t.home("axis") / "mail" / "decks", branch / "decks")
    shutil.copyfile(t.home("axis") / "mail" / "t1.yaml", branch / "t1.yaml")
    shutil.copyfile(t.home("axis") / "t1.axis.private.yaml", branch / "t1.axis.private.yaml")
    t.aeref("axis", "select", str(branch / "t1.yaml"), "--private", str(branch / "t1.axis.private.yaml"),
            "--faction", "axis", "--tk", "28a", "--seal", "--write", str(branch / "t2.yaml"))
    other = yaml.safe_load((branch / "t2.yaml").read_text(encoding="utf-8"))["factions"]["axis"]["tk"]
    for name in ("t3.yaml", "t4.yaml", "t5.yaml"):
        _edit(t.home("axis") / "mail" / name, lambda d: (_unchained(d), d["factions"]["axis"]["tk"].update(
            sealed=other["sealed"], **{"sealed-in": other["sealed-in"]})))
    shutil.copyfile(branch / "t2.axis.private.yaml", t.home("axis") / "t2.axis.private.yaml")
    t.aeref("axis", "reveal", "mail/t5.yaml", "--faction", "axis", "--private", "t2.axis.private.yaml",
            "--write", "mail/t6.yaml")
    assert "current: tk-axis-28a" in (t.home("axis") / "mail" / "t6.yaml").read_text(encoding="utf-8")
    assert "record.parent" in _forged_and_refused(t, t.home("axis") / "mail" / "t6.yaml")


def test_1_1_1_forgery_the_current_card_edited_in_the_revealed_file_is_refused(table):
    """1.1.1 Step 2: the Axis reveals honestly, then edits `current:` in the file before mailing it: the file is
    not what aeref derives from t5 with the opened seal."""
    t = table
    _play_to_the_reveal(t)
    t.aeref("axis", "reveal", "mail/t5.yaml", "--faction", "axis", "--private", "t2.axis.private.yaml",
            "--write", "mail/t6.yaml")
    forged = t.home("axis") / "mail" / "t6.yaml"
    forged.write_text(forged.read_text(encoding="utf-8").replace("current: tk-axis-4a", "current: tk-axis-22a"),
                      encoding="utf-8")
    out = _forged_and_refused(t, forged)
    assert "factions.axis.tk.current: the file says tk-axis-22a; aeref derives tk-axis-4a from t5.yaml" in out


def test_1_1_a_deck_changed_after_the_deal_is_refused(table):
    """Every player plays with the same cards: a deck whose bytes differ from the digest recorded at the deal is
    one Error line naming the state file and decks[N]."""
    t = table
    deck = t.home("soviet") / "mail" / "decks" / "soviet.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    code, _, err = run("show", t.home("soviet") / "mail" / "t1.yaml")
    assert code == 2 and err.count("\n") == 1, err
    assert "t1.yaml: decks[2]: deck file decks/soviet.yaml differs from the deck the game was dealt with" in err


def test_1_1_the_log_and_the_page_show_each_player_only_its_own_sealed_card(table):
    """`log --as F` and `report --as F` tell the game record turn by turn: F's own sealed card named (from its
    private file), every other faction's face down (1.1), byte for byte."""
    t = table
    _play_to_the_reveal(t)
    axis_private = t.home("axis") / "t2.axis.private.yaml"
    code, out, _ = run("log", t.home("axis") / "mail" / "t5.yaml", "--as", "axis", "--private", axis_private)
    assert code == 0 and "Axis TK: tk-axis-4a placed as the Pending Card, sealed" in out
    assert "Western TK: Pending Card placed face down, sealed" in out
    west = t.home("western")
    code, out, _ = run("log", west / "mail" / "t5.yaml", "--as", "western", "--private", west / "t3.western.private.yaml")
    assert code == 0 and "Western TK: tk-western-28a placed as the Pending Card, sealed" in out
    assert "4a" not in out.replace("tk-western-28a", "") and "Nazi" not in out
    code, _, err = run("report", west / "mail" / "t5.yaml", "--as", "western", "--private",
                       west / "t3.western.private.yaml", "-o", west / "t5.html")
    assert code == 0, err
    page = (west / "t5.html").read_text(encoding="utf-8")
    assert 'id="record"' in page and "Western TK: tk-western-28a placed as the Pending Card, sealed" in page
    shown = without_others(page)                        # (the cards a hidden hand may hold: by design)
    assert "tk-axis-4a" not in shown and "Nazi-Soviet" not in shown


def test_1_1_1_a_next_seasonal_turn_that_skips_a_faction_s_step_4_is_refused(table):
    """1.1.1 Step 4: the Western player moves the game on from t3.yaml, before the Soviet selection (the file
    written by hand: aeref itself refuses it): every other player's verify names the link and the rule."""
    t = table
    _play_to_the_reveal(t)
    west = t.home("western") / "mail"
    forged = yaml.safe_load((west / "t5.yaml").read_text(encoding="utf-8"))
    import hashlib
    forged["record"]["parent"] = "sha256:" + hashlib.sha256((west / "t3.yaml").read_bytes()).hexdigest()
    forged["record"]["parent-file"] = "t3.yaml"
    forged["previous"] = "t3.yaml"
    (west / "t5x.yaml").write_text(yaml.safe_dump(forged, sort_keys=False), encoding="utf-8")
    code, out, _ = run("verify", west / "t5x.yaml")         # beside the real t4.yaml: two files made from t3
    assert code == 1 and "t3.yaml was made into two files" in out, out
    alone = t.root / "alone"                                  # a player who never received t4.yaml
    alone.mkdir()
    shutil.copytree(west / "decks", alone / "decks")
    for name in ("t1.yaml", "t2.yaml", "t3.yaml", "t5x.yaml"):
        shutil.copyfile(west / name, alone / name)
    code, out, _ = run("verify", alone / "t5x.yaml")
    assert code == 1 and "record.made-by: next-turn is refused on t3.yaml" in out, out
    assert "Soviet" in out


def test_1_1_1_a_player_s_page_after_its_next_sealed_selection(table):
    """After the reveals the Axis selects again, sealed: its own page (report --as axis with its newest private
    file) is drawn (the reveal of this turn is made: the page shows no reveal to come), and a reveal of a faction
    with no Pending Card is told as such in the log."""
    t = table
    _play_to_the_reveal(t)
    t.aeref("axis", "reveal", "mail/t5.yaml", "--faction", "axis", "--private", "t2.axis.private.yaml",
            "--write", "mail/t6.yaml")
    t.aeref("axis", "reveal", "mail/t6.yaml", "--faction", "soviet", "--write", "mail/t7.yaml")
    t.aeref("axis", "select", "mail/t7.yaml", "--private", "t6.axis.private.yaml", "--faction", "axis", "--tk", "28a",
            "--write", "mail/t8.yaml")
    code, _, err = run("report", t.home("axis") / "mail" / "t8.yaml", "--as", "axis", "--private",
                       t.home("axis") / "t8.axis.private.yaml", "-o", t.home("axis") / "t8.html")
    assert code == 0, err
    code, out, _ = run("log", t.home("axis") / "mail" / "t8.yaml")
    assert "Soviet: no Pending Card to reveal" in out, out


def test_1_1_a_file_of_the_record_is_written_beside_its_parent(table, tmp_path):
    """A file written outside the folder of the file it is made from would name this machine's folders (its decks,
    its previous:): refused, nothing written."""
    t = table
    code, _, err = run("select", t.home("axis") / "mail" / "t1.yaml", "--private",
                       t.home("axis") / "t1.axis.private.yaml", "--faction", "axis", "--tk", "4a",
                       "--write", tmp_path / "elsewhere.yaml")
    assert code == 2 and "is written beside the file it is made from" in err, err
    assert not (tmp_path / "elsewhere.yaml").exists()


def test_1_1_3_a_no_card_selection_is_public_in_every_view(table):
    """1.1.3 "must say so": the Soviet selection of no card is as public as the Axis seal; the Western view shows
    it as no card (selected), the Axis Pending Card as placed face down."""
    t = table
    _play_to_the_reveal(t)
    west = t.home("western")
    code, out, _ = run("show", west / "mail" / "t4.yaml", "--as", "western", "--private", west / "t3.western.private.yaml")
    assert code == 0
    assert "no card (selected in Mar-Apr 1939, 1.1.3)" in out and "placed, face down (selected in Mar-Apr 1939" in out


def _bench_play():
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_verify", Path(__file__).resolve().parents[2] / "bench" / "verify.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.play


@pytest.mark.parametrize("example", ["ds-1941.yaml", "ae-aug-1941.yaml", "ae-1941.yaml"])
def test_1_1_1_honest_games_in_ds_and_ae_verify_at_every_file(tmp_path, example):
    """Two Seasonal Turns played honestly through the API (each faction's first legal selection, sealed; the next
    Seasonal Turn; the reveals in the order of play): a recyclable (♺) Current Card going back into a face-down
    hand, © twins and no-card selections included, every file of the chain holds for a player without the hands."""
    _bench_play()(tmp_path, 2, example)
    for p in sorted((tmp_path / "mail").glob("t*.yaml")):
        code, out, err = run("verify", p)
        assert code == 0, (p.name, out, err)


def test_1_1_3_a_selection_that_selects_nothing_or_opens_a_seal_is_refused(table):
    """1.1.1 Step 4: a `select` link must make a selection (a card sealed, or no card recorded), keep every hand
    count but the one card placed, and open no seal."""
    t = table
    _play_to_the_reveal(t)
    west = t.home("western") / "mail"
    import hashlib
    def link(change, name):
        d = yaml.safe_load((west / "t4.yaml").read_text(encoding="utf-8"))
        d["record"]["parent"] = "sha256:" + hashlib.sha256((west / "t4.yaml").read_bytes()).hexdigest()
        d["record"]["parent-file"] = "t4.yaml"
        d["record"]["made-by"] = {"command": "select", "faction": "axis", "turn": "Mar-Apr 1939"}
        change(d)
        folder = t.root / name
        shutil.copytree(west, folder)
        for p in folder.glob("t5*.yaml"):
            p.unlink()
        (folder / "t9.yaml").write_text(yaml.safe_dump(d, sort_keys=False), encoding="utf-8")
        code, out, _ = run("verify", folder / "t9.yaml")
        assert code == 1, out
        return out
    assert "selection was made in t4.yaml already" in link(
        lambda d: d["factions"]["axis"]["tk"].update({"hand-count": 7}), "more")
    assert "a selection opens no seal" in link(lambda d: d["record"].update(opened=[{
        "faction": "western", "map": "tk", "card": "tk-western-28a", "nonce": "0" * 32, "seal": "sha256:00",
        "sealed-in": "sha256:00"}]), "opened")
    assert "selects nothing" in link(lambda d: None, "nothing")     # a link that places and changes nothing


def test_1_1_a_file_of_the_record_from_standard_input_and_a_war_state_caused_by_a_hidden_card(table, monkeypatch):
    """A file of the record read from standard input is refused (no folder to find its parent in); a war state
    change whose record names as its cause a card that is no Current Card of its parent is a broken link (12)."""
    t = table
    _play_to_the_reveal(t)
    west = t.home("western") / "mail"
    monkeypatch.chdir(west)                 # the decks are found from the working folder
    r = _run("show", "-", input=(west / "t5.yaml").read_text(encoding="utf-8"))
    assert r.exit_code == 2 and "read from standard input cannot be checked" in r.stderr, r
    import hashlib
    d = yaml.safe_load((west / "t5.yaml").read_text(encoding="utf-8"))
    d["record"].update(parent="sha256:" + hashlib.sha256((west / "t5.yaml").read_bytes()).hexdigest(),
                       **{"parent-file": "t5.yaml", "made-by": {"command": "war-state", "map": "tk",
                                                                  "turn": "May-June 1939", "card": "tk-axis-22a"}})
    (west / "t9.yaml").write_text(yaml.safe_dump(d, sort_keys=False), encoding="utf-8")
    code, out, _ = run("verify", west / "t9.yaml")
    assert code == 1 and "record.made-by.card: tk-axis-22a sets off the war state change, but it is no Current" in out


def test_1_1_a_key_given_twice_in_a_file_of_the_record_is_refused_by_verify_too(table):
    """A file with `War_State: total` beside `war-state: pre-war` is refused by every command; verify, which
    reads the files' keys as every command does, refuses it too (exit 2, naming the key) rather than taking one."""
    t = table
    west = t.home("western") / "mail"
    text = (west / "t1.yaml").read_text(encoding="utf-8")
    (west / "t1.yaml").write_text(text + "War_State: total\n", encoding="utf-8")
    code, _, err = run("verify", west / "t1.yaml")
    assert code == 2 and "key war-state is given twice" in err, err


def test_a_public_file_written_from_a_whole_file_starts_no_record(tmp_path):
    """`select --seal --write` on a whole file (every hand in it, no record): the public file it writes is read again
    by every command (`pairs --as`, `show`, `validate`); it names no parent (a whole file is no link every player
    can check: only `split` deals a game record)."""
    shutil.copytree(EXAMPLES / "decks", tmp_path / "decks")
    shutil.copy(EXAMPLES / "ae-soviet-production.yaml", tmp_path)
    src, out = tmp_path / "ae-soviet-production.yaml", tmp_path / "sealed.yaml"
    code, _, err = run("select", src, "--faction", "soviet", "--tk", "39", "--ds", "24", "--seal", "--write", out)
    assert code == 0, err
    assert "record" not in yaml.safe_load(out.read_text(encoding="utf-8"))
    for args in (("pairs", out, "--faction", "soviet", "--as", "western", "--count"), ("show", out),
                 ("validate", out)):
        code, _, err = run(*args)
        assert code == 0, (args, err)
