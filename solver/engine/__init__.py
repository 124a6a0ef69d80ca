"""The engine that runs every rule: the constraint language and the one evaluator
(:mod:`.constraints`), the rules by number (:mod:`.registry`; their index: :mod:`solver.rules_index`),
the one CP-SAT compiler (:mod:`.compiler`, with the pieces it shares: :mod:`.core`,
:mod:`.counts`, :mod:`.groups`), the solve runner (:mod:`.runner`) and the time
budget of a command (:mod:`.limits`). No rule of the rulebook is written here.
"""
