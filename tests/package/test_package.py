"""One package: aeref.model, aeref.solver and aeref.cli, never a second copy of a module.

The repository keeps ``model/``, ``solver/`` and ``cli/`` at the top; installed,
they are ``aeref.model``, ``aeref.solver`` and ``aeref.cli`` (pyproject
``package-dir``). Nothing named ``model``, ``solver`` or ``cli`` is installed,
and no file of the source tree is loaded twice under two names.
"""
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import aeref

ROOT = Path(__file__).resolve().parents[2]


def _import_everything():
    for pkg in ("aeref.model", "aeref.solver", "aeref.cli"):
        mod = importlib.import_module(pkg)
        for info in pkgutil.walk_packages(mod.__path__, pkg + "."):
            importlib.import_module(info.name)


def test_every_source_file_is_loaded_once_under_the_aeref_name():
    _import_everything()
    by_file: dict = {}
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None)
        if not f:
            continue
        p = Path(f).resolve()
        if any(p.is_relative_to(ROOT / d) for d in ("model", "solver", "cli", "aeref")):
            by_file.setdefault(p, []).append(name)
    assert by_file, "aeref's modules were not loaded from this source tree"
    for p, names in by_file.items():
        assert len(names) == 1, f"{p} is loaded twice: {names}"
        assert names[0].startswith("aeref"), f"{p} is loaded as {names[0]}, not under aeref"
    for top in ("model", "solver", "cli"):
        mod = sys.modules.get(top)
        assert mod is None or not str(getattr(mod, "__file__", "")).startswith(str(ROOT)), top


def test_version_and_typed_marker():
    assert aeref.__version__ and aeref.__version__ != "0+unknown"
    assert (Path(aeref.__file__).parent / "py.typed").exists()


def test_no_top_level_model_solver_or_cli_is_installed(tmp_path):
    """A user's own ``model.py`` is not shadowed, and aeref installs no ``cli`` package."""
    (tmp_path / "model.py").write_text("MINE = True\n")
    probe = ("import model, importlib.util, aeref.model.files.load\n"
             "assert model.MINE\n"
             "print(importlib.util.find_spec('solver'), importlib.util.find_spec('cli'))\n")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "None None"


def test_the_wheel_lists_every_package():
    """pyproject's ``packages`` names every folder of model/, solver/ and cli/ with an ``__init__.py``
    (a subpackage left out is missing from the wheel, though an editable install still finds it)."""
    import ast
    line = next(l for l in (ROOT / "pyproject.toml").read_text().splitlines() if l.startswith("packages = "))
    listed = set(ast.literal_eval(line.split("=", 1)[1].strip()))        # Python 3.10 has no tomllib
    for top in ("model", "solver", "cli"):
        for init in (ROOT / top).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT).parts
            assert ".".join(("aeref",) + rel) in listed, f"{init.parent} is not in pyproject's packages"
