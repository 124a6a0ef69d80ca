"""The command line is built on the public API: cli/ imports from aeref.api (or aeref), aeref.model and
aeref.cli only, never from aeref.solver, at module level or inside a function."""
import ast
from pathlib import Path

CLI = Path(__file__).resolve().parents[2] / "cli"
#: What cli/ may import of aeref: the API, the plain data of model/, its own modules.
ALLOWED = ("aeref", "aeref.api", "aeref.model", "aeref.cli")


def _imports(path: Path):
    """``(line, absolute module name)`` of every import in ``path`` (relative ones resolved in aeref.cli)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom):
            base = ["aeref", "cli"][: 2 - node.level + 1] if node.level else []
            head = ".".join(base + ([node.module] if node.module else []))
            for a in node.names:                     # `from .. import solver` names a module too
                yield node.lineno, f"{head}.{a.name}" if head in ("aeref", "aeref.cli") else head


def _forbidden(name: str) -> bool:
    if name.split(".")[0] in ("solver", "model", "cli"):       # a top-level name that is not installed
        return True
    if name.split(".")[0] != "aeref":
        return False                                             # a library (click, tabulate, jinja2 ...)
    return not any(name == a or name.startswith(a + ".") for a in ALLOWED[1:]) and name != "aeref.__version__"


def test_cli_imports_nothing_from_the_solver():
    files = sorted(CLI.glob("*.py"))
    assert len(files) > 10, files
    bad = [f"{p.name}:{line}: {name}" for p in files for line, name in _imports(p) if _forbidden(name)]
    assert not bad, "cli/ imports past the public API:\n" + "\n".join(bad)


def test_the_probe_sees_relative_and_function_level_imports(tmp_path):
    """The check can fail: an import of the solver inside a function, relative or absolute, is found."""
    p = tmp_path / "x.py"
    p.write_text("def f():\n    from ..solver.engine.limits import Budget\n    from .. import solver\n"
                 "    import aeref.solver.selection.choices\n    from ..api import load\n    from .common import budget\n")
    found = [name for _, name in _imports(p) if _forbidden(name)]
    assert found == ["aeref.solver.engine.limits", "aeref.solver", "aeref.solver.selection.choices"]
