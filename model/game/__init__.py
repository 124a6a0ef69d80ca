"""The game as data: the vocabulary (factions, maps, war states), option cards,
the Seasonal Turn calendar, countries, markers, the map and its units, Force
Pools, Selection Requirements, the named interpretations, and the position that
holds them. Derived facts live here ("next Seasonal Turn", a card's kinds);
no rule of 1.1-1.3 or 12 is decided here.
"""
