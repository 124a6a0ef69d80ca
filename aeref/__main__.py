"""``python -m aeref``: the ``aeref`` console script run by the interpreter (same commands, options
and exit codes, FORMAT 5), for a machine where the script's folder is not on the PATH."""
from aeref.cli.main import main

if __name__ == "__main__":
    main()
