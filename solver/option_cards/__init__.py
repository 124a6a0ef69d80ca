"""1.1 Option Card Segment: the Option Card Procedure (1.1.1 Steps 1, 2, *5:
:mod:`.procedure`, one printed ruling :mod:`.steps`, interned units repatriated
:mod:`.repatriation`), the Current Card's actions (1.1.2, 1.1.2.2, *1.1.4:
:mod:`.actions`), the Political DRMs (1.1.2.1: :mod:`.drm`) and a Seasonal Turn
by commands (1.1.1 Step 4, the next Seasonal Turn, the order of play: :mod:`.turn`).
Pending Card selection (1.1.3) is :mod:`solver.selection`.
"""
