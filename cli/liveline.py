"""The live line a long solve shows on stderr (best so far, proven bound, time left)."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator, Optional

import click

from ..api import Progress


class LiveLine:
    """The live line a long solve shows on stderr (best so far, proven bound, time left), drawn
    with click's progress bar from the :class:`~aeref.api.Progress` reports of the solver's
    callback; shown only after :attr:`AFTER` seconds, and only on a terminal."""

    AFTER = 1.0

    def __init__(self):
        self.bar = None
        self.done = 0

    def __call__(self, p: Progress) -> None:
        if p.elapsed < self.AFTER:
            return
        total = None if p.left is None else p.elapsed + p.left
        if self.bar is None:
            length = max(1, int(total * 10)) if total else 1
            template = "%(bar)s  %(info)s" if total else "%(info)s"
            self.bar = click.progressbar(length=length, file=sys.stderr, show_eta=False, show_percent=False,
                                         show_pos=False, bar_template=template, item_show_func=lambda x: x,
                                         width=20)
            self.bar.__enter__()
        target = min(int(p.elapsed * 10), self.bar.length) if total else 0
        self.bar.update(max(0, target - self.done), p.line())
        self.done = max(self.done, target)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


@contextmanager
def live_line(as_json: bool) -> Iterator[Optional[LiveLine]]:
    """A :class:`LiveLine` while the block runs, or None (``--json``, or stderr not a terminal)."""
    if as_json or not sys.stderr.isatty():
        yield None
        return
    line = LiveLine()
    try:
        yield line
    finally:
        line.close()
