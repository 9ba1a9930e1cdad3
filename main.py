"""Subword Studio: with no arguments, open the workbench; with a subcommand, run headless.

The headless path imports only ``core`` (never Qt), so it works on a machine
without a display or without PySide6 installed.
"""

import sys


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and not argv[0].startswith("--gui"):
        from core.cli.main import main as cli_main  # here: the workbench never needs the command line

        if argv[0] in ("-h", "--help") or not argv[0].startswith("-"):
            return cli_main(argv)
    from gui.shell.app import run  # here: a headless command must not import Qt (nor need PySide6 installed)

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
