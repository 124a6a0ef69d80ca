"""1.1.3 Pending Card Selection: every selection rule (:mod:`.rules`), the
1.1.3.3 Other Selection Restrictions (:mod:`.restrictions`), whether a 1.1.3.1
Selection Requirement holds (:mod:`.requirements`), and every legal selection
enumerated and explained by CP-SAT (:mod:`.choices`, kept compact by :mod:`.found`); another
faction's selection from one faction's view, its face-down hand a choice (:mod:`.hidden`, 1.1),
decided over every hand (:mod:`.hidden_solve`).
"""
