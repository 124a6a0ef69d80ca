"""aeref's game position as data (:mod:`.game`), the files it is read from and
written to (:mod:`.files`), and what each faction may see of it (:mod:`.secrecy`).

No rule of 1.1-1.3 or 12 is decided here; only derived facts are (a card's
kinds, the next Seasonal Turn, a calendar year).
"""
