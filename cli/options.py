"""The click options and arguments the aeref commands share.

The choices of ``--faction``, ``--map`` and ``--to`` are the vocabulary's
(:mod:`aeref.model.game.vocabulary`), never lists of their own. ``STATE`` may be
``-`` (the position from standard input); ``--tk`` / ``--ds`` complete the card
numbers of the faction's hand in the STATE file already typed.
"""
from __future__ import annotations

import os
from typing import Optional

import click
from click.shell_completion import CompletionItem, split_arg_string

from ..api import DEFAULT_TIME_LIMIT, load
from ..model.game.vocabulary import FACTIONS, MAPS, WAR_STATES
from ..model.files.wording import suggest

#: What ``--help`` says of STATE read from standard input.
STDIN_HELP = "STATE may be - to read the position from standard input (its decks then relative to the working directory)."


def state_argument(name: str = "state"):
    """The STATE argument of a command: a state file, or ``-`` for standard input."""
    return click.argument(name, type=click.Path(dir_okay=False, allow_dash=True))


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/format.md section 5) instead of text.")
def _one_value_per_name(ctx, param, values):
    """``-i NAME=A -i NAME=B``: refused (which one was meant is not ours to guess); the same value twice is kept."""
    seen: dict = {}
    for item in values or ():
        name, _, value = str(item).partition("=")
        key = name.strip().lower()
        if key in seen and seen[key] != value.strip():
            raise click.BadParameter(f"{name.strip()} is given twice with different values ({seen[key]}, "
                                     f"{value.strip()}): give it once", ctx, param)
        seen[key] = value.strip()
    return values


interp_option = click.option(
    "--interpretation", "-i", "interpretations", multiple=True, metavar="NAME=VALUE",
    callback=_one_value_per_name,
    help="Override an interpretation of the state file (repeatable), e.g. annual-scope=map.",
)


class Words(click.Choice):
    """A :class:`click.Choice` of words, any case, whose usage error says which word was meant when one
    is close, as every other name aeref reads does (``--faction sovet``: ``... (did you mean soviet?).``)."""

    def __init__(self, words):
        super().__init__(list(words), case_sensitive=False)

    def convert(self, value, param, ctx):
        """The word ``value`` names; raises click's usage error (exit 2), with a "did you mean" when a word is close."""
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            hint = suggest(value, self.choices)
            if not hint:
                raise
            self.fail(f"{value!r} is not one of {', '.join(repr(c) for c in self.choices)}{hint}.", param, ctx)


def faction_choice(*more: str) -> click.Choice:
    """The factions of the vocabulary (and ``more``, such as ``all``), any case."""
    return Words(list(FACTIONS) + list(more))


def map_choice() -> click.Choice:
    """The maps of the vocabulary, any case."""
    return Words(MAPS)


def war_state_choice() -> click.Choice:
    """The war states of the vocabulary as FORMAT spells them (``pre-war``, ``limited``, ``total``)."""
    return Words([w.value for w in WAR_STATES])


as_option = click.option(
    "--as", "viewer", type=click.Choice(list(FACTIONS) + ["referee"], case_sensitive=False), default=None,
    help="Whose view: a faction sees its own hands and Pending Cards, of the others only what is public "
         "(1.1); referee sees every card.")

#: Where the ``--private`` files of the running command are kept for :func:`aeref.cli.arguments.load`.
PRIVATES_KEY = "aeref.privates"


def _keep_privates(ctx: click.Context, _param, value) -> tuple:
    ctx.meta[PRIVATES_KEY] = tuple(value or ())
    return value


private_option = click.option(
    "--private", "privates", multiple=True, type=click.Path(dir_okay=False), metavar="FILE", expose_value=False,
    callback=_keep_privates,
    help="A faction's private file (its hands, Pending Cards, seal nonces) to join to a public STATE file "
         "(repeatable; STEM.FACTION.private.yaml beside STATE is found without it). See docs/face-down.md.")

#: Where ``--seal`` of the running command is kept (:func:`seal_requested`).
SEAL_KEY = "aeref.seal"


def _keep_seal(ctx: click.Context, _param, value) -> bool:
    ctx.meta[SEAL_KEY] = bool(value)
    return value


seal_option = click.option(
    "--seal", is_flag=True, expose_value=False, callback=_keep_seal,
    help="Place the Pending Cards sealed: the public file holds sealed: sha256:... per map, the faction's private "
         "file the card and the nonce (docs/face-down.md).")


#: Where ``--unseal`` of the running command is kept (:func:`unseal_cards`).
UNSEAL_KEY = "aeref.unseal"


def _keep_unseal(ctx: click.Context, _param, value) -> tuple:
    out = {}
    for item in value or ():
        m, eq, rest = item.partition("=")
        card, colon, nonce = rest.partition(":")
        if not (eq and colon and card and nonce) or m.lower() not in MAPS:
            raise click.BadParameter(f"{item}: write MAP=CARD:NONCE, e.g. tk=26b:{'0' * 32}", param_hint="--unseal")
        out[m.lower()] = (card, nonce)
    ctx.meta[UNSEAL_KEY] = out
    return value


unseal_option = click.option(
    "--unseal", multiple=True, metavar="MAP=CARD:NONCE", expose_value=False, callback=_keep_unseal,
    help="A sealed Pending Card and its nonce (repeatable), when its private file is not at hand; the reveal "
         "checks them against the seal (docs/face-down.md).")


def unseal_cards() -> dict:
    """``--unseal`` of the running command: ``{map: (card, nonce)}``."""
    ctx = click.get_current_context(silent=True)
    return dict(ctx.meta.get(UNSEAL_KEY, {})) if ctx is not None else {}


def seal_requested() -> bool:
    """Whether ``--seal`` was given to the running command."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(SEAL_KEY))


faction_option = click.option("--faction", "-f", required=True, type=faction_choice(),
                              help="The faction asked about (with --as F: as faction F sees it).")


#: The largest ``--time-limit`` (seconds, about 11 days): larger values (``inf``, ``1e18``) overflow the timers
#: the command's budget is built on, an internal error instead of a ruling.
MAX_SECONDS = 1_000_000.0
#: The largest whole number an option takes (rows, turns): past it ``islice`` and the solver refuse the value.
MAX_COUNT = 1_000_000_000


class Count(click.IntRange):
    """A whole number from 0 to :data:`MAX_COUNT`, the one type of every numeric count option, bounded
    where it is parsed so that no value reaches the engine it would overflow."""

    name = "count"

    def __init__(self, min: int = 0):
        super().__init__(min=min, max=MAX_COUNT)


class Seconds(click.FloatRange):
    """A number of seconds, 0 to :data:`MAX_SECONDS` (``nan`` is not a number of seconds)."""

    name = "seconds"

    def __init__(self):
        super().__init__(min=0, max=MAX_SECONDS)

    def convert(self, value, param, ctx):
        v = super().convert(value, param, ctx)
        if v != v:                                   # nan
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return v


time_limit_option = click.option(
    "--time-limit", type=Seconds(), default=DEFAULT_TIME_LIMIT, show_default=True, metavar="SECONDS",
    help="Bound the whole command (loading, supply tracing, model building, solving) to this many seconds; "
         "0: no limit. When it ends the search the best answer found is printed and said not to be proved.",
)

map_option = click.option("--map", "map_", type=map_choice(), default=None,
                          help="The map asked about (may be left out in TK or DS).")

class OutputFile(click.Path):
    """A file to write (``--write``, ``-o``): not empty, and not a folder (``t9/`` names a folder, even one
    that does not exist yet)."""

    def __init__(self):
        super().__init__(dir_okay=False)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty file name: give the file to write", param, ctx)
        if isinstance(value, str) and (value.endswith(("/", os.sep)) or os.path.isdir(value)):
            self.fail(f"{value} names a folder: give the file to write", param, ctx)
        return super().convert(value, param, ctx)


class OutputFolder(click.Path):
    """A folder to write into (``--write-dir``): not empty (an empty name would write nothing, silently)."""

    def __init__(self):
        super().__init__(file_okay=False)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty folder name: give the folder to write into", param, ctx)
        return super().convert(value, param, ctx)


def plan_goal_options(lead: str = ""):
    """The options of a plan (``aeref plan``, ``aeref report --plan``): ``--turns``, ``--want``, ``--by``,
    ``--avoid``, ``--assume`` (:meth:`aeref.api.Position.plan`); ``lead`` opens each help text
    (``"With --plan: "``)."""
    def up(text: str) -> str:
        return lead + (text[0].lower() + text[1:] if lead else text)
    options = (
        click.option("--turns", type=Count(), default=None, metavar="N",
                     help=up("The horizon in Seasonal Turns (1 to 40; default: to the end of the next calendar year).")),
        click.option("--want", multiple=True, metavar="MAP:CARD", help=up("A card the plan must reveal (repeatable).")),
        click.option("--by", "by", default=None, metavar="TURN",
                     help=up("The Seasonal Turn by which the wanted cards are revealed.")),
        click.option("--avoid", multiple=True, metavar="CARD", help=up("A card the plan never selects (repeatable).")),
        click.option("--assume", multiple=True, metavar="[MAP:]war-state=STATE@TURN|played=CARD@TURN",
                     help=up("A fact of the turns ahead, e.g. war-state=total@Mar-Apr 1940, or another faction's card "
                             "revealed in a turn, e.g. played=tk-western-23@May-June 1939 (repeatable).")),
    )

    def apply(f):
        for option in reversed(options):
            f = option(f)
        return f
    return apply


force_option = click.option("--force", is_flag=True, help="Overwrite FILE if it exists (without it an existing file is never replaced).")


def _typed_state(ctx: click.Context) -> Optional[str]:
    """The STATE file already on the command line being completed: the parsed argument, or (click
    stops parsing at an option still waiting for its value, before the arguments are assigned) the
    first word of the line the shell hands over (``COMP_WORDS``, bash, zsh and fish) that is a file."""
    if ctx.params.get("state"):
        return ctx.params["state"]
    words = split_arg_string(os.environ.get("COMP_WORDS", ""))
    files = [w for w in words[1:] if not w.startswith("-") and os.path.isfile(w)]
    return files[0] if files else None


def hand_numbers(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion of ``--tk`` / ``--ds``: the numbers of the cards in the faction's hand on that
    map (every faction's when ``--faction`` is not given yet), read from the STATE file already on the
    command line; nothing when there is none yet or it cannot be read (completion prints no error)."""
    state, faction = _typed_state(ctx), ctx.params.get("faction")
    m = param.name.split("_")[0]
    if not state or state == "-":
        return []
    try:
        pos = load(state)
        factions = [faction.lower()] if faction else list(pos.factions)
        cards = [pos.cards[c] for f in factions if f in pos.factions and m in pos.maps for c in pos.hand(f, m)]
    except Exception:                                    # a broken file: offer nothing
        return []
    return [CompletionItem(c.number, help=c.name) for c in cards if c.number.startswith(incomplete.lower())]


def card_option(map_: str, help_: str):
    """``--tk`` / ``--ds``: a Pending Card (id or number), completed from the hand in STATE."""
    return click.option(f"--{map_}", f"{map_}_card", metavar="CARD", help=help_, shell_complete=hand_numbers)
