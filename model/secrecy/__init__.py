"""1.1 "face down": a position as one viewer may see it (:mod:`.views`), the
public and private files of a split position (:mod:`.private`), and sealed
Pending Cards (:mod:`.seal`).
"""
