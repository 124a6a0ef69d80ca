"""aeref's game position as data: cards and decks, the Seasonal Turn calendar,
factions' hands and history, countries, markers and the map.

Loading and validating YAML lives here. No rule of 1.1-1.3 is decided here;
only derived facts are (a card's kinds, the next Seasonal Turn, a calendar year).
"""
