"""Wording the commands' text output shares."""
from __future__ import annotations


def interpretations_text(interps: dict) -> str:
    """``Interpretations: annual-scope=calendar-year, ...``: the last line of a ruling."""
    return "Interpretations: " + ", ".join(
        f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in interps.items()
    )


def natural(cid):
    """Sort key for people: no card last, then by printed number (9 before 10, 26a before 26b)."""
    if cid is None:
        return (1, 0, "")
    num = cid.rsplit("-", 1)[1]
    digits = "".join(ch for ch in num if ch.isdigit())
    return (0, int(digits or 0), num)
