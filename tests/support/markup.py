"""A position whose card and country are named with markup, quotes and non-Latin letters (test-only names)."""
import json

EVIL = '<script>alert("x")</script> Ω «Πόλεμος» ' + "'q'"


def write_markup_position(path, name: str = EVIL):
    """Write a TK state file at ``path`` with one Soviet card and one country named ``name``."""
    path.write_text(f"""
game: tk
turn: Mar-Apr 1942
war-state: total
factions: {{soviet: {{tk: {{hand: [1]}}}}}}
countries: {{{json.dumps(name)}: {{posture: war, alignment: soviet}}}}
cards:   # test-only card
  - {{map: tk, faction: soviet, number: 1, name: {json.dumps(name)}, war-state: total, production: 0}}
""")
    return path
