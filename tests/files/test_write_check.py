"""A write checks what it writes without leaving a file beside the source file: the read-back of the
round trip (model/files/write.py ``state_text``) reads the text in memory, so a source folder that is
read-only (a mail attachment's, a shared folder) keeps the player's comments and layout in the written
file, and a write killed meanwhile leaves nothing in the source folder."""
from __future__ import annotations

import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from ..support.seasonal import EXAMPLES

#: While set, the folder whose files may not be opened for writing: the audit hook below refuses
#: such an open as a read-only folder would (the tests run as root too, for whom chmod refuses nothing).
_GUARD: dict = {"folder": None, "seen": []}
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT


def _hook(event, args):
    folder = _GUARD["folder"]
    if folder is None or event != "open":
        return
    path, mode, flags = args
    if not isinstance(path, (str, bytes, os.PathLike)):
        return
    writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (isinstance(flags, int) and flags & _WRITING)
    if writes and Path(os.fsdecode(path)).resolve().parent == folder:
        _GUARD["seen"].append(os.fsdecode(path))
        raise PermissionError(13, "Permission denied (a read-only folder)", os.fsdecode(path))


sys.addaudithook(_hook)


@pytest.fixture
def read_only(tmp_path):
    """A read-only copy of the examples (``src``) and a folder to write into (``out``)."""
    src = tmp_path / "src"
    shutil.copytree(EXAMPLES, src)
    out = tmp_path / "out"
    out.mkdir()
    os.chmod(src, stat.S_IRUSR | stat.S_IXUSR)
    _GUARD.update(folder=src.resolve(), seen=[])
    yield src, out
    _GUARD["folder"] = None
    os.chmod(src, stat.S_IRWXU)


def _comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("#")]


def test_1_1_1_next_turn_from_a_read_only_folder_keeps_the_comments(aeref, read_only):
    """``next-turn`` (1.1.1 Step 4 to the next Seasonal Turn) of a state file in a read-only folder: the
    written file keeps every comment line of the source, and nothing is opened for writing beside it."""
    src, out = read_only
    source = src / "ds-axis-selected.yaml"
    before = sorted(os.listdir(src))
    r = aeref("next-turn", source, "--write", out / "next.yaml")
    assert r.exit_code == 0, r
    written = (out / "next.yaml").read_text(encoding="utf-8")
    kept = _comments(source.read_text(encoding="utf-8"))
    assert len(kept) >= 5 and _comments(written) == kept
    assert "turn: Nov-Dec 1941" in written and "previous:" in written
    assert _GUARD["seen"] == [] and sorted(os.listdir(src)) == before


def test_1_1_1_reveal_from_a_read_only_folder_keeps_the_comments(aeref, read_only):
    """``reveal`` (1.1.1 Steps 1-2) of a file in a read-only folder: comments kept, nothing beside it."""
    src, out = read_only
    source = src / "ds-axis-reveal.yaml"
    before = sorted(os.listdir(src))
    r = aeref("reveal", source, "--faction", "axis", "--write", out / "revealed.yaml")
    assert r.exit_code in (0, 1), r
    written = (out / "revealed.yaml").read_text(encoding="utf-8")
    assert _comments(written) == _comments(source.read_text(encoding="utf-8"))
    assert _GUARD["seen"] == [] and sorted(os.listdir(src)) == before


def test_a_write_beside_its_source_leaves_only_the_written_file(aeref, tmp_path):
    """Written into the source's own folder: the folder afterwards holds the files it held and the one
    written, no check file (``.NAME.XXXXXXXX.check.yaml``) or temporary file."""
    shutil.copytree(EXAMPLES, tmp_path / "ex")
    folder = tmp_path / "ex"
    before = set(os.listdir(folder))
    r = aeref("next-turn", folder / "ds-axis-selected.yaml", "--write", folder / "next.yaml")
    assert r.exit_code == 0, r
    assert set(os.listdir(folder)) == before | {"next.yaml"}


def test_the_check_reads_in_memory(tmp_path, monkeypatch):
    """``state_text`` makes no file at all while it checks the round trip (no ``tempfile``): a write
    killed at any moment of the check leaves nothing behind anywhere."""
    import tempfile

    from aeref import api
    from aeref.model.files.write import state_text

    def refused(*a, **k):
        raise AssertionError("a temporary file was made")
    monkeypatch.setattr(tempfile, "mkstemp", refused)
    monkeypatch.setattr(tempfile, "NamedTemporaryFile", refused)
    pos = api.load(EXAMPLES / "ds-axis-selected.yaml")
    text = state_text(pos.data, tmp_path / "same.yaml")
    assert _comments(text) == _comments((EXAMPLES / "ds-axis-selected.yaml").read_text(encoding="utf-8"))
