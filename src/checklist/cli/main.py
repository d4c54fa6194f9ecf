"""The `checklist` command: thin I/O around load, check, run and render.

Exit codes: see checklist.cli.exitcodes and docs/exit-codes.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from checklist.cli import exitcodes

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
    from checklist.cli.run import add_arguments as run_arguments  # argparse only

    run_arguments(sub.add_parser("run", help="play a flow step by step at the table"))
    from checklist.cli.render import add_parser as render_parser  # argparse only

    render_parser(sub)
    cards = sub.add_parser("cards", help="print a maneuver card, or list a deck by category")
    cards.add_argument("name", nargs="?", help="card name or title, or its start (default: list the deck)")
    cards.add_argument("--deck", default="4e", help="which deck: 4e (default) or 3e")
    cards.add_argument("--flow", type=Path, help="flow file or folder holding the decks (default: the bundled flow/)")
    paths = sub.add_parser("paths", help="answer scripts that visit every step or take every edge of a flow")
    paths.add_argument("flow", nargs="?", type=Path, help="flow file or folder (default: the bundled flow/)")
    paths.add_argument("--cover", choices=("edges", "steps"), default="edges", help="what to cover (default: edges)")
    paths.add_argument("-o", "--output", type=Path, metavar="DIR",
                       help="write the scripts here (script-01.answers, ...); default: print them")  # fmt: skip
    paths.add_argument("--budget", type=int, default=2000, metavar="N",
                       help="engine states one search may try before a target counts as missed (default 2000)")
    return parser


def use_colour(choice: str, stream: object) -> bool:
    if choice != "auto":
        return choice == "always"
    return not os.environ.get("NO_COLOR") and bool(getattr(stream, "isatty", lambda: False)())


def cmd_check(args: argparse.Namespace) -> int:
    from checklist.checks import check
    from checklist.checks.report import render_text, to_json
    from checklist.cli.data import default_flow
    from checklist.graph.load import load

    paths = list(args.paths) or [default_flow()]
    program = load(paths)
    found = check(program)
    if args.format == "json":
        sys.stdout.write(to_json(found))
    else:
        sys.stdout.write(render_text(found, program.sources, use_colour(args.color, sys.stdout)))
    errors = any(d.severity == "error" for d in found)
    return EXIT_FINDINGS if errors or (args.werror and found) else EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    from checklist.cli.run import run

    return run(args)


def cmd_render(args: argparse.Namespace) -> int:
    from checklist.cli.render import run

    return run(args)


def cmd_cards(args: argparse.Namespace) -> int:
    from checklist.cli.data import default_flow
    from checklist.graph.load import load
    from checklist.model.decks import card_text, deck_listing, find

    program = load([args.flow or default_flow()])
    deck = program.decks.get(args.deck)
    if deck is None:
        known = ", ".join(sorted(program.decks)) or "none"
        print(f"checklist: error: no deck `{args.deck}` in the flow; decks: {known}", file=sys.stderr)
        return EXIT_USAGE
    if not args.name:
        print("\n".join(deck_listing(deck)))
        return EXIT_OK
    found = find(deck, args.name)
    if len(found) != 1:
        names = ", ".join(c.name for c in found) if found else ", ".join(c.name for c in deck.cards)
        why = "matches several cards" if found else "matches no card"
        print(f"checklist: error: `{args.name}` {why} in deck {deck.name}; try one of: {names}", file=sys.stderr)
        return EXIT_FINDINGS
    print("\n".join(card_text(found[0])))
    return EXIT_OK


def cmd_paths(args: argparse.Namespace) -> int:
    from checklist.cli.paths import run

    return run(args)


COMMANDS = {"check": cmd_check, "run": cmd_run, "render": cmd_render, "paths": cmd_paths, "cards": cmd_cards}


def main(argv: Sequence[str] | None = None) -> int:
    from checklist.graph.load import LoadError

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
