"""The rules of the Seasonal Phase and the CP-SAT models built from them.

One module per part of the rulebook (docs/design.md lists them): for example
:mod:`solver.selection` (1.1.3), :mod:`solver.requirements` (1.1.3.1
Selection Requirements), :mod:`solver.replacements` (1.3). Each rule is defined
once as constraints over choice literals (:mod:`solver.constraints`), evaluated
directly for rulings and compiled to CP-SAT by :mod:`solver.cpsat` (values as
Booleans) or :mod:`solver.cpsat_counts` (interchangeable units as counts), which
share :mod:`solver.cpsat_core`; every solve runs through
:mod:`solver.cpsat_runner`. ortools is imported only by the modules that solve.
"""
