"""``aeref schema``: the JSON Schema of state and deck files, for editors, and of each command's ``--json``
output (:mod:`.output_schemas`), for programs."""
from __future__ import annotations

import json

import click

from .options import OutputFile
from .output_schemas import COMMANDS, output_schema
from .writing import write_text_safely


@click.command()
@click.option("--kind", type=click.Choice(["state", "deck"], case_sensitive=False), default="state", show_default=True,
              help="Which file the schema describes: a state file (docs/format.md sections 4, 6) or a deck file (section 2).")
@click.option("--command", "command", type=click.Choice(sorted(COMMANDS)), default=None, metavar="COMMAND",
              help="The schema of COMMAND's --json output instead (one of: " + ", ".join(sorted(COMMANDS)) + ").")
@click.option("--output", "-o", type=OutputFile(), default=None, metavar="FILE",
              help="Write the schema to FILE instead of printing it.")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists (without it an existing file is never replaced).")
@click.option("--json", "as_json", is_flag=True, help="Accepted for symmetry with the other commands: the schema is JSON anyway.")
def schema(kind, command, output, force, as_json):
    """Print the JSON Schema of state or deck files, generated from aeref's models.

    An editor with a YAML language server (VS Code with the YAML extension,
    Neovim, Helix ...) then validates and completes a file as you type when
    its first line names the schema:

    \b
      # yaml-language-server: $schema=../schema/state.schema.json

    The shipped copies are in the project's schema/ folder. With --command
    COMMAND, the schema of that command's --json output (shipped in
    schema/output/), for a program that reads it.

    \b
    Example:
      aeref schema --kind deck -o schema/deck.schema.json --force
    """
    if command is not None:
        text = json.dumps(output_schema(command), indent=2, ensure_ascii=False) + "\n"
    else:
        from ..model.files.json_schema import json_schema

        text = json.dumps(json_schema(kind.lower()), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return 0
    write_text_safely(output, text, force, "--output")
    return 0
