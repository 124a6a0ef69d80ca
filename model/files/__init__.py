"""The files a game is read from and written to: safe YAML reading
(:mod:`.yamlio`), the schemas (:mod:`.base`, :mod:`.state_schema`,
:mod:`.section_schemas`, :mod:`.json_schema`), loading a state file and its decks
(:mod:`.load`, :mod:`.decks`, :mod:`.map_section`, :mod:`.allocation`,
:mod:`.consistency`), writing back as the player wrote it (:mod:`.write`,
:mod:`.round_trip`, :mod:`.atomic`), and errors in the player's words
(:mod:`.errors`, :mod:`.wording`, :mod:`.names`).
"""
