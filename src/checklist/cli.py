"""The `checklist` command: thin I/O around load, check, run and render.

Exit codes: see checklist.exitcodes and docs/exit-codes.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from checklist import exitcodes

EXIT_OK = exitcodes.OK
EXIT_FINDINGS = exitcodes.FINDINGS
EXIT_USAGE = exitcodes.USAGE
EXIT_INTERRUPTED = exitcodes.INTERRUPTED


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="checklist", description="GURPS combat checklists as executable flowcharts."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = sub.add_parser("check", help="validate flows the way a compiler would")
    check.add_argument("paths", nargs="*", type=Path, help="flow files or folders (default: the bundled flow/)")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.add_argument("--werror", action="store_true", help="treat warnings as errors (exit 1)")
    check.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    return parser


def use_colour(choice: str, stream: object) -> bool:
    if choice != "auto":
        return choice == "always"
    return not os.environ.get("NO_COLOR") and bool(getattr(stream, "isatty", lambda: False)())


def cmd_check(args: argparse.Namespace) -> int:
    from checklist.checks import check
    from checklist.data import default_flow
    from checklist.loader import load
    from checklist.report import render_text, to_json

    paths = list(args.paths) or [default_flow()]
    program = load(paths)
    found = check(program)
    if args.format == "json":
        sys.stdout.write(to_json(found))
    else:
        sys.stdout.write(render_text(found, program.sources, use_colour(args.color, sys.stdout)))
    errors = any(d.severity == "error" for d in found)
    return EXIT_FINDINGS if errors or (args.werror and found) else EXIT_OK


COMMANDS = {"check": cmd_check}


def main(argv: Sequence[str] | None = None) -> int:
    from checklist.loader import LoadError

    try:
        args = _parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except LoadError as exc:
        print(f"checklist: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\nchecklist: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except SystemExit as exc:  # argparse: usage errors exit 2, --help exits 0
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK


def entry() -> None:
    sys.exit(main())
