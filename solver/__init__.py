"""The rules of the Seasonal Phase and the CP-SAT models built from them.

One module per part of the rulebook: :mod:`solver.selection` (1.1.3),
:mod:`solver.requirements` (1.1.3.1 Selection Requirements). Each rule is
defined once as constraints over choice literals (:mod:`solver.core`);
:mod:`solver.cpsat` compiles the same constraints to CP-SAT. ortools is
imported only by the modules that solve.
"""
