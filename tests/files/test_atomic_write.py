"""Writing a file (model/files/atomic.py): a file replaced with --force keeps its mode."""
import os
import stat

from aeref.model.files.atomic import write_text


def test_a_replaced_file_keeps_its_mode(tmp_path):
    target = tmp_path / "s.yaml"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    write_text(target, "new\n", force=True)
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640


def test_a_new_file_gets_the_usual_mode(tmp_path):
    mask = os.umask(0o022)
    try:
        write_text(tmp_path / "n.yaml", "x\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE(os.stat(tmp_path / "n.yaml").st_mode) == 0o644
