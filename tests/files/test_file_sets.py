"""A set of files written as one (model/files/fileset.py, docs/state-files.md "How aeref writes"): `select
--seal` writes a public file and private files; after a kill -9 at any moment, a file of the set that cannot be
replaced, or a second writer, every command reads the old set or the new set whole, and a failed write changes
nothing. Files of two different writes mixed by hand are refused by the first command that reads them."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..support.cli import run
from ..support.seasonal import EXAMPLES

FACTIONS = ("axis", "western", "soviet")


def _set(folder: Path, stem: str = "t2") -> dict[str, bytes]:
    names = [f"{stem}.yaml"] + [f"{stem}.{f}.private.yaml" for f in FACTIONS]
    return {n: (folder / n).read_bytes() for n in names if (folder / n).exists()}


@pytest.fixture
def game(tmp_path) -> Path:
    """TK Mar-Apr 1939 dealt (t1.yaml, its private files beside it) and the Axis 4a sealed in t2.yaml: the old set."""
    folder = tmp_path / "ex"
    shutil.copytree(EXAMPLES, folder)
    assert run("split", folder / "tk-1939.yaml", "-o", folder / "t1.yaml").exit_code == 0
    r = run("select", folder / "t1.yaml", "--faction", "axis", "--tk", "4a", "--seal", "--write", folder / "t2.yaml")
    assert r.exit_code == 0, r
    return folder


def _select_28a(folder: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    """The Axis selects 28a over the old set (--force), in a process of its own."""
    return subprocess.run([sys.executable, "-m", "aeref", "select", str(folder / "t1.yaml"), "--faction", "axis",
                           "--tk", "28a", "--seal", "--write", str(folder / "t2.yaml"), "--force"],
                          env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=120)


def _whole(folder: Path, old: dict[str, bytes]) -> str:
    """Which set the folder holds: "old" or "new" (every file of it), after a command has read it."""
    r = run("validate", folder / "t2.yaml")
    assert r.exit_code == 0, r                          # the public file and its private files agree
    now = _set(folder)
    assert set(now) == set(old)
    changed = ["t2.yaml", "t2.axis.private.yaml"]        # the other factions' private files are the same in both
    same = [n for n in changed if now[n] == old[n]]
    assert same in ([], changed), f"a mixed set: {same} old, the rest new"
    assert not list(folder.glob(".t2.yaml.aeref-set")) and not list(folder.glob("*.aeref-old"))
    return "old" if same else "new"


@pytest.mark.parametrize("moment", ["staged", "0", "1", "2", "3", "4"])
def test_a_writer_killed_at_any_moment_leaves_the_old_set_or_the_new_one_whole(game, moment):
    """kill -9 after every file of the set is staged (the old set stays), after the journal is written and after
    each file is put in place (the next command that reads the set finishes the commit: the new set)."""
    old = _set(game)
    r = _select_28a(game, {"AEREF_TEST_KILL_AFTER": moment})
    assert r.returncode == -9, (r.returncode, r.stderr)
    assert _whole(game, old) == ("old" if moment == "staged" else "new")
    if moment != "staged":
        private = (game / "t2.axis.private.yaml").read_text(encoding="utf-8")
        assert "pending: tk-axis-28a" in private


def test_a_failed_write_of_one_file_changes_nothing(game, monkeypatch):
    """A private file of the set cannot be replaced: exit 2, and every file of the old set is as it was (the files
    put in place before the failure are put back), with no journal, backup or temporary file left."""
    from aeref.model.files import fileset
    old = _set(game)
    real = os.replace

    def refuse(src, dst, *a, **k):
        if str(dst).endswith("t2.soviet.private.yaml"):
            raise PermissionError(1, "Operation not permitted")
        return real(src, dst, *a, **k)
    monkeypatch.setattr(fileset.os, "replace", refuse)
    r = run("select", game / "t1.yaml", "--faction", "axis", "--tk", "28a", "--seal", "--write", game / "t2.yaml",
            "--force")
    assert r.exit_code == 2 and r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r
    monkeypatch.undo()
    assert _set(game) == old
    assert _whole(game, old) == "old"
    assert not [p for p in game.iterdir() if p.name.startswith(".t2")]


def test_an_immutable_file_of_the_set_changes_nothing(game):
    """`chattr +i` on a private file: the write is refused before anything is replaced."""
    target = game / "t2.axis.private.yaml"
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(target)], capture_output=True).returncode:
        pytest.skip("chattr +i is not available on this file system")
    try:
        old = _set(game)
        r = _select_28a(game)
        assert r.returncode == 2 and r.stderr.startswith("Error: "), r.stderr
        assert _set(game) == old
    finally:
        subprocess.run(["chattr", "-i", str(target)])


def test_two_writers_of_one_set_leave_one_set_whole(game):
    """Two processes write the same set at once: one wins whole (or the other is refused: another aeref is
    writing), never a mix."""
    old = _set(game)
    procs = [subprocess.Popen([sys.executable, "-m", "aeref", "select", str(game / "t1.yaml"), "--faction", "axis",
                               "--tk", card, "--seal", "--write", str(game / "t2.yaml"), "--force"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for card in ("28a", "4a")]
    codes = [p.wait(timeout=120) for p in procs]
    assert set(codes) <= {0, 2}, codes
    _whole(game, old)


def test_files_of_two_writes_mixed_by_hand_are_refused(game, tmp_path):
    """The public file of one sealed write and the private file of another: `validate` refuses it, naming both
    files and the seal."""
    keep = tmp_path / "old.axis.private.yaml"
    shutil.copyfile(game / "t2.axis.private.yaml", keep)
    assert _select_28a(game).returncode == 0
    shutil.copyfile(keep, game / "t2.axis.private.yaml")
    r = run("validate", game / "t2.yaml")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r
    assert "t2.axis.private.yaml: tk.pending: tk-axis-4a with this nonce does not open the seal of the public file" in r.stderr
    assert "come from different writes" in r.stderr


def _files(folder: Path, names: list[str]) -> dict[str, bytes]:
    return {n: (folder / n).read_bytes() for n in names}


@pytest.mark.parametrize("moment", ["staged", "0", "1", "2", "3", "4"])
def test_split_killed_at_any_moment_leaves_the_old_deal_or_the_new_one(tmp_path, moment):
    """`split --force` over an earlier deal (its public file and three private files; the decks are the same): after a
    kill -9 at any moment the next command reads one deal whole, never a public file with another deal's hands."""
    folder = tmp_path / "ex"
    shutil.copytree(EXAMPLES, folder)
    assert run("split", folder / "tk-1939.yaml", "-o", folder / "deal" / "t1.yaml").exit_code == 0
    names = ["t1.yaml"] + [f"t1.{f}.private.yaml" for f in FACTIONS]
    old = _files(folder / "deal", names)
    other = folder / "tk-1939-other.yaml"            # another deal: the Axis hand without 22a
    other.write_text((folder / "tk-1939.yaml").read_text(encoding="utf-8").replace(", 22a", ""), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "aeref", "split", str(other), "-o", str(folder / "deal" / "t1.yaml"),
                        "--force"], env={**os.environ, "AEREF_TEST_KILL_AFTER": moment}, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == -9, (r.returncode, r.stderr)
    v = run("validate", folder / "deal" / "t1.yaml")
    assert v.exit_code == 0, v                         # the hand counts of the public file fit the private files
    now = _files(folder / "deal", names)
    changed = [n for n in ("t1.yaml", "t1.axis.private.yaml") if now[n] != old[n]]
    assert changed in ([], ["t1.yaml", "t1.axis.private.yaml"]), changed
    assert (changed == []) == (moment == "staged")
