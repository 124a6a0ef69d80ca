"""The rules of the Seasonal Phase and the CP-SAT models built from them.

One module per part of the rulebook (docs/design.md lists them): for example
:mod:`solver.selection.rules` (1.1.3), :mod:`solver.selection.requirements` (1.1.3.1
Selection Requirements), :mod:`solver.replacements` (1.3). Each rule is defined
once as constraints over choice literals (:mod:`solver.engine.constraints`), evaluated
directly for rulings and compiled to CP-SAT by :mod:`solver.engine.compiler` (values as
Booleans) or :mod:`solver.engine.counts` (interchangeable units as counts), which
share :mod:`solver.engine.core`; every solve runs through
:mod:`solver.engine.runner`. ortools is imported only by the modules that solve.
"""
