"""The shape of the tree: layers import one way, modules and functions stay short, comments say why.

Read from the source with :mod:`ast` and plain text; nothing is executed. The import graph is the one
:mod:`tests.package.test_import_cycles` reads (relative imports resolved, functions and TYPE_CHECKING
blocks included).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from .test_import_cycles import all_imports, modules

ROOT = Path(__file__).resolve().parents[2]

#: The layers, lowest first: a module may import its own layer and the layers below it only.
#: cli -> aeref (the public API and its answers) -> solver -> model; cli may also read model (files, words).
LAYERS = ("aeref.model", "aeref.solver", "aeref", "aeref.cli")

#: The longest module model/ or solver/ may hold, in lines; the longest function, docstring included.
LONGEST_MODULE = 500
LONGEST_FUNCTION = 60

#: An issue number cited in code: the reader of the code has no issue tracker (history lives in git).
ISSUE = re.compile(r"\b[Ii]ssues? ?#?\d+")


def layer(module: str) -> int:
    """The index in :data:`LAYERS` of the innermost layer ``module`` belongs to. ``aeref.__main__``
    (``python -m aeref``) is the command line run by the interpreter: the cli layer."""
    if module == "aeref.__main__":
        return 3
    for i in (3, 0, 1, 2):                      # cli, model, solver before the aeref package that holds them
        name = LAYERS[i]
        if module == name or module.startswith(name + "."):
            return i
    raise AssertionError(f"{module} is in no layer")


def wrong_way(imports) -> list[str]:
    """Every import of an aeref module by a module of a lower layer."""
    known = modules()
    return sorted({f"{i.importer} (line {i.line}) imports {i.imported}" for i in imports
                   if i.imported in known and layer(i.imported) > layer(i.importer)})


def test_layers_import_one_way():
    """model imports nothing of solver, aeref or cli; solver nothing of aeref or cli; aeref nothing of cli."""
    bad = wrong_way(all_imports())
    assert not bad, "imports against the layers: " + "; ".join(bad)


def test_the_layer_check_can_fail():
    """A model module importing the solver is found (the probe is not blind)."""
    from .test_import_cycles import Import
    probe = [Import("aeref.model.game.cards", "aeref.solver.selection.rules", 1, False),
             Import("aeref.solver.selection.rules", "aeref.api", 2, True),
             Import("aeref.cli.main", "aeref.model.files.errors", 3, False)]
    assert len(wrong_way(probe)) == 2, wrong_way(probe)


def _sources(*tops: str) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for top in tops for p in sorted((ROOT / top).rglob("*.py"))}


def test_no_module_of_model_or_solver_is_longer_than_500_lines():
    long = [f"{p.relative_to(ROOT)} ({t.count(chr(10))} lines)" for p, t in _sources("model", "solver").items()
            if t.count("\n") > LONGEST_MODULE]
    assert not long, "split by concern: " + "; ".join(long)


def long_functions(text: str) -> list[str]:
    return [f"{node.name} line {node.lineno} ({node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(ast.parse(text)) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > LONGEST_FUNCTION]


def test_no_function_of_model_or_solver_is_longer_than_sixty_lines():
    long = [f"{p.relative_to(ROOT)}: {f}" for p, t in _sources("model", "solver").items() for f in long_functions(t)]
    assert not long, "cut into named steps: " + "; ".join(long)
    assert long_functions("def f():\n" + "    x = 1\n" * 60)          # the probe can fail


def test_no_code_or_test_cites_an_issue():
    """A comment says why (the rule, the measured cost, the failure it prevents), not which issue asked."""
    cited = [f"{p.relative_to(ROOT)}:{t.count(chr(10), 0, m.start()) + 1}"
             for p, t in _sources("aeref", "model", "solver", "cli", "tests", "bench").items()
             for m in ISSUE.finditer(t)]
    assert not cited, "cites an issue: " + ", ".join(cited)
    assert ISSUE.search("# lazy (" + "iss" + "ue 20)")                      # the probe can fail (split: not a citation)


def test_one_module_builds_cp_sat_models():
    """The one compiler: only solver/engine/compiler.py makes a ``CpModel``; counting over interchangeable
    entities is its mode (``compile_model(..., entities=...)``), read by solver/engine/counts.py without ortools."""
    builders = sorted(str(p.relative_to(ROOT)) for p, t in _sources("aeref", "model", "solver", "cli").items()
                      if re.search(r"\bCpModel\s*\(", t))
    assert builders == ["solver/engine/compiler.py"], builders
    assert "import ortools" not in (ROOT / "solver" / "engine" / "counts.py").read_text(encoding="utf-8")
    assert "from ortools" not in (ROOT / "solver" / "engine" / "counts.py").read_text(encoding="utf-8")


def package_graph() -> list[str]:
    """The import graph between aeref's packages, one line per package: ``package -> imported, ...``
    (imports inside a package left out), as docs/design.md shows it."""
    known = modules()
    pkgs = set(known) & {m for m in known if (known[m].name == "__init__.py")}

    def pkg(m: str) -> str:
        return m if m in pkgs else m.rsplit(".", 1)[0]

    edges: dict[str, set] = {pkg(m): set() for m in known}
    for i in all_imports():
        if i.importer == "aeref.__main__":          # `python -m aeref` is the command line's door (cli layer)
            continue
        if i.imported in known and pkg(i.importer) != pkg(i.imported):
            edges[pkg(i.importer)].add(pkg(i.imported))
    return [f"{p} -> {', '.join(sorted(e)) or '(nothing of aeref)'}" for p, e in
            sorted(edges.items(), key=lambda kv: (-layer(kv[0]), kv[0]))]


def test_design_page_shows_the_current_package_graph():
    """docs/design.md's package graph is the one the source has (regenerate: ``python -m tests.package.test_shape``)."""
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    block = text.split("<!-- package graph -->\n```text\n", 1)[1].split("```", 1)[0]
    assert block.rstrip("\n").split("\n") == package_graph()


if __name__ == "__main__":
    print("\n".join(package_graph()))
