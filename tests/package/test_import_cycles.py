"""The package's imports: no import circle, and no import inside a function unless it is deliberately lazy.

A data type and the code that builds it in one file, with the loop
broken by an import inside a function, is an import circle in disguise. The
graph here is read from the source with :mod:`ast` (no module is executed):
every ``import`` and ``from ... import`` of a module of aeref, at module level,
under ``if TYPE_CHECKING`` and inside functions alike, relative imports
resolved. A ``from pkg import name`` where ``pkg.name`` is a module is an edge
to that module.
"""
from __future__ import annotations

import ast
import importlib.util
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

def _packages() -> tuple[str, ...]:
    """Every package of aeref: ``aeref`` and each folder with an ``__init__.py`` below the installed
    ``aeref.model``, ``aeref.solver`` and ``aeref.cli`` (an editable install maps them from the repository's
    top), so a new folder is never missed."""
    out = ["aeref", "aeref.answers"]
    for top in ("aeref.model", "aeref.solver", "aeref.cli"):
        spec = importlib.util.find_spec(top)
        assert spec is not None and spec.submodule_search_locations, top
        folder = Path(next(iter(spec.submodule_search_locations)))
        out += [".".join((top, *init.parent.relative_to(folder).parts)) for init in sorted(folder.rglob("__init__.py"))]
    return tuple(out)


#: The packages of aeref; their folders come from the installed package's specs.
PACKAGES = _packages()

#: Import circles allowed, each as the set of modules on it: none.
ALLOWED_CYCLES: set = set()

#: Imports inside a function that are deliberate: the heavy libraries, imported by the code that needs them only,
#: so that `validate`, `check` and `show` start without them (tests/test_imports.py).
HEAVY = {"ortools": "CP-SAT, only where a model is solved", "networkx": "graphs, only where supply is traced"}

#: Deliberately lazy imports by importer package (a prefix of the importing module) and imported module (a prefix),
#: each with its reason.
LAZY = {
    ("aeref", "importlib.metadata"): "__version__ is read on first use; the import costs every command start-up time",
    ("aeref", "aeref.api"): "`import aeref` stays cheap: the API module is loaded on the first use of one of its names",
    ("aeref.api", "aeref.solver"): "the rules that solve (ortools) or trace supply (networkx) are loaded by the method that runs them",
    ("aeref.plan_options", "aeref.solver.plan"): "the plan's modules (ortools) load only when a plan is asked",
    ("aeref.api", "aeref.model.files.write"): "only the methods that write a position load the round-trip writer",
    ("aeref.answers.selection", "aeref.solver"): "the rules that solve (ortools) are loaded by the answer that needs them",
    ("aeref.answers.replacements", "aeref.solver"): "the 1.3 rules (supply, ortools) are loaded by the answer that needs them",
    ("aeref.answers.logistics", "aeref.solver"): "the 1.2 rules (supply on the map) are loaded by the answer that needs them",
    ("aeref.answers.turn", "aeref.model.files.write"): "only an answer that is written loads the round-trip writer",
    ("aeref.answers.plan", "aeref.model.files.write"): "only an answer that is written loads the round-trip writer",
    # the answers `check` never gives (their dataclasses cost a cold start) are imported where they are made
    ("aeref.answers.selection", "aeref.answers.why"): "counting and explaining selections: `check` does neither",
    ("aeref.api", "aeref.answers.why"): "`check` never counts or explains a selection",
    ("aeref.api", "aeref.answers.replacements"): "`check` gives no 1.3 answer",
    ("aeref.api", "aeref.answers.turn"): "`check` neither selects, reveals nor advances the turn",
    ("aeref.api", "aeref.answers.logistics"): "`check` gives no 1.2 answer",
    ("aeref.api", "aeref.answers.plan"): "`check` plans nothing",
    ("aeref.record", "aeref.api"): "a link is re-derived by the answers of the API, which imports this module",
    ("aeref.record", "aeref.model.files.write"): "only a link that is re-derived loads the writer (the one definition of a file's keys)",
    ("aeref.api", "aeref.answers.others"): "`check` of a faction's own selection asks nothing of another faction's face-down hand",
    ("aeref.api", "aeref.model.files.yamlio"): "only check_replacements reads a second file (the allocation)",
    ("aeref.model.files.record", "aeref.model.files"): "only the walk back through a game record's files reads YAML (`--version` loads this module)",
    ("aeref.cli", "aeref.cli"): "command modules are loaded when their command runs (start-up speed)",
    ("aeref.cli", "aeref.solver"): "the rules are loaded by the command that runs them (start-up speed)",
    ("aeref.cli", "aeref.model.files.wording"): "its pydantic is loaded only for an unknown command's suggestion (--version's start-up)",
    ("aeref.cli", "tabulate"): "tables are loaded only by the commands that print one",
    ("aeref.cli", "jinja2"): "templates are loaded only by `report`",
    ("aeref.cli", "aeref.model.files.json_schema"): "the JSON Schema models are built only by `schema`",
    ("aeref.solver.option_cards.repatriation", "aeref.solver.engine.compiler"): "CP-SAT (ortools) only for a revealed card carrying interned units",
    ("aeref.solver.option_cards.repatriation", "aeref.solver.engine.runner"): "CP-SAT (ortools) only for a revealed card carrying interned units",
    # the map's and the Force Pools' modules (their schemas: about 12 ms) only for a state file with a map
    ("aeref.model.files.load", "aeref.model.files.map_section"): "the map's schemas only for a state file with a map",
    ("aeref.model.files.load", "aeref.model.game.replacements"): "the Force Pools' schemas only for a file with a map",
    ("aeref.model.game.position", "aeref.model.game.board"): "an empty map only when a rule reads a position without one",
}

@dataclass(frozen=True)
class Import:
    """One import statement: the importing module, the module imported, its line, and where it stands."""
    importer: str
    imported: str
    line: int
    in_function: bool


def modules() -> dict[str, Path]:
    """Every module of aeref by its dotted name (a package by its own name, for its ``__init__.py``)."""
    out: dict[str, Path] = {}
    for pkg in PACKAGES:
        spec = importlib.util.find_spec(pkg)
        assert spec is not None and spec.submodule_search_locations, pkg
        folder = Path(next(iter(spec.submodule_search_locations)))
        for f in sorted(folder.glob("*.py")):
            out[pkg if f.stem == "__init__" else f"{pkg}.{f.stem}"] = f
    return out


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The module a ``from`` import names, relative imports resolved against ``module``."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """Every import in ``path`` (module ``module``), anywhere in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                out.extend(Import(module, a.name, child.lineno, inner) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = _absolute(module, path.name == "__init__.py", child)
                for a in child.names:
                    sub = f"{base}.{a.name}"
                    out.append(Import(module, sub if sub in known else base, child.lineno, inner))
            visit(child, inner)

    visit(tree, False)
    return out


def all_imports() -> list[Import]:
    known = modules()
    return [i for m, p in known.items() for i in imports_of(m, p, known)]


def import_graph(imports: list[Import]) -> nx.DiGraph:
    """The modules of aeref, an edge from each importer to each aeref module it imports."""
    known = modules()
    g = nx.DiGraph()
    g.add_nodes_from(known)
    g.add_edges_from((i.importer, i.imported) for i in imports if i.imported in known and i.imported != i.importer)
    return g


def _is_under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def deliberately_lazy(i: Import) -> bool:
    """True for an import inside a function that :data:`HEAVY` or :data:`LAZY` allows."""
    if i.imported.split(".")[0] in HEAVY:
        return True
    return any(_is_under(i.importer, a) and _is_under(i.imported, b) for a, b in LAZY)


def test_the_import_graph_is_read():
    """The probe can fail: the graph holds the package's modules and a known edge of each kind."""
    imports = all_imports()
    g = import_graph(imports)
    assert {"aeref.model.files.load", "aeref.solver.engine.compiler", "aeref.cli.main", "aeref.solver.replacements"} <= set(g)
    assert g.has_edge("aeref.api", "aeref.model.files.load")                   # from .model.position import ...
    assert g.has_edge("aeref.solver.replacements", "aeref.solver.replacements.context")   # from .context (package)
    assert any(i.in_function and i.imported == "networkx" for i in imports)                 # model/game/board.py


def test_no_import_circle():
    """No module of aeref imports itself through others (TYPE_CHECKING and function imports count)."""
    cycles = {frozenset(c) for c in nx.simple_cycles(import_graph(all_imports()))}
    new = sorted(sorted(c) for c in cycles - ALLOWED_CYCLES)
    assert not new, "import circles: " + "; ".join(" <-> ".join(c) for c in new)


def test_no_import_inside_a_function_unless_deliberately_lazy():
    """House rule: imports stand at the top of the module, except the heavy libraries and the lazy command modules."""
    bad = sorted({(i.importer, i.imported, i.line) for i in all_imports()
                  if i.in_function and not deliberately_lazy(i)})
    assert not bad, "imports inside functions: " + "; ".join(f"{a} line {n} imports {b}" for a, b, n in bad)
