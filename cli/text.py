"""Wording the commands' text output shares."""
from __future__ import annotations


def interpretations_text(interps: dict) -> str:
    """``Interpretations: annual-scope=calendar-year, ...``: the last line of a ruling."""
    return "Interpretations: " + ", ".join(
        f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in interps.items()
    )
