"""Planning ahead (``aeref plan``, 1.1.1 and 1.1.3 over several Seasonal Turns):
the questions asked (:mod:`.planner`: earliest turns, goals, conflicts, the
count), the plan as one CP-SAT model (:mod:`.model`), the facts one planned
Seasonal Turn answers the selection rules with (:mod:`.facts`), and one planned
Seasonal Turn played out by the Seasonal Turn's own procedure (:mod:`.turn`).
"""
