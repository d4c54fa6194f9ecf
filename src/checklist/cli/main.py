"""The `checklist` command: thin I/O around load, check, run and render.

Exit codes: see checklist.cli.exitcodes and docs/exit-codes.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from checklist.cli import exitcodes
from checklist.cli.arguments import command_of, parser
from checklist.cli.data import default_flow
from checklist.graph.memory import gc_paused
from checklist.model import limits
from checklist.model.visible import visible
from checklist.program.files import LoadError

EXIT_OK = exitcodes.OK
EXIT_FINDINGS = exitcodes.FINDINGS
EXIT_USAGE = exitcodes.USAGE
EXIT_INTERRUPTED = exitcodes.INTERRUPTED


def use_colour(choice: str, stream: object) -> bool:
    if choice != "auto":
        return choice == "always"
    return not os.environ.get("NO_COLOR") and bool(getattr(stream, "isatty", lambda: False)())


# The commands import their engines when they run (deferred): `checklist --help` or `--version`
# needs none of them, and a command only its own (a cached flow does not even need lark).


def cmd_check(args: argparse.Namespace) -> int:
    from checklist.checks import check  # deferred: see above
    from checklist.checks.report import render_text, to_json  # deferred: see above
    from checklist.program import cache  # deferred: see above
    from checklist.program.load import load  # deferred: see above

    paths = list(args.paths) or [default_flow()]
    program = load(paths)
    found = cache.findings(list(program.sources.items()), lambda: check(program))
    if args.format == "json":
        sys.stdout.write(to_json(found))
    else:
        sys.stdout.write(render_text(found, program.sources, use_colour(args.color, sys.stdout)))
    errors = any(d.severity == "error" for d in found)
    global _done_at_once
    _done_at_once = True
    return EXIT_FINDINGS if errors or (args.werror and found) else EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    with gc_paused():  # importing makes objects by the thousand and no garbage cycles (graph/memory.py)
        from checklist.cli.run import run  # deferred: the run engine and lark

    return run(args)


def cmd_roster(args: argparse.Namespace) -> int:
    from checklist.cli.roster import run  # deferred: the roster reader (no lark)

    return run(args)


def cmd_render(args: argparse.Namespace) -> int:
    from checklist.cli.render import run  # deferred: the renderer and lark

    return run(args)


def cmd_cards(args: argparse.Namespace) -> int:
    from checklist.model.decks import card_text, deck_listing, find  # deferred: see above
    from checklist.program.load import load  # deferred: see above

    program = load([args.flow or default_flow()])
    deck = program.decks.get(args.deck)
    if deck is None:
        known = sorted(program.decks)
        fix = (
            f"decks: {', '.join(known)}; pass one of them, e.g. --deck {known[0]}"
            if known
            else "it declares none; pass a flow with decks with --flow (the bundled flow/ has 4e and 3e)"
        )
        print(f"checklist: error: --deck {visible(args.deck[:40])}: no such deck in the flow; {fix}", file=sys.stderr)
        return EXIT_USAGE
    if not args.name:
        print("\n".join(deck_listing(deck)))
        return EXIT_OK
    found = find(deck, args.name)
    if len(found) != 1:
        names = ", ".join(c.name for c in found) if found else ", ".join(c.name for c in deck.cards)
        why = "matches several cards" if found else "matches no card"
        shown = visible(args.name[:60])
        print(f"checklist: error: `{shown}` {why} in deck {deck.name}; try one of: {names}", file=sys.stderr)
        return EXIT_USAGE
    print("\n".join(card_text(found[0])))
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    with gc_paused():  # importing makes objects by the thousand and no garbage cycles (graph/memory.py)
        from checklist.cli.serve import run  # deferred: the run engine, lark and the web stack

    return run(args)


def cmd_simulate(args: argparse.Namespace) -> int:
    from checklist.cli.simulate import run  # deferred: the run engine and lark

    return run(args)


def cmd_paths(args: argparse.Namespace) -> int:
    from checklist.cli.paths import run  # deferred: the planner, the run engine and lark

    return run(args)


def cmd_fmt(args: argparse.Namespace) -> int:
    from checklist.cli.fmt import run  # deferred: lark

    return run(args, use_colour(args.color, sys.stderr))


def cmd_lsp(args: argparse.Namespace) -> int:
    try:
        from checklist.lsp.server import run  # deferred: pygls, and the checker with lark
    except ImportError as exc:  # installed without its dependencies
        print(
            f"checklist: error: `checklist lsp` needs pygls and lsprotocol ({exc}); install them: "
            'pip install pygls lsprotocol (or pip install -e ".[dev]" in the source tree)',
            file=sys.stderr,
        )
        return EXIT_USAGE
    return run()


COMMANDS = {
    "check": cmd_check,
    "fmt": cmd_fmt,
    "run": cmd_run,
    "render": cmd_render,
    "paths": cmd_paths,
    "cards": cmd_cards,
    "roster": cmd_roster,
    "serve": cmd_serve,
    "simulate": cmd_simulate,
    "lsp": cmd_lsp,
}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        line = sys.argv[1:] if argv is None else list(argv)
        args = parser(command_of(line)).parse_args(line)
        if hasattr(args, "no_cache"):  # a command that loads a flow
            from checklist.program import cache  # deferred: see above

            cache.configure(enabled=not args.no_cache)
        limits.set_flow_mb(getattr(args, "max_flow_mb", None))  # `--max-flow-mb`, or the default
        return COMMANDS[args.command](args)
    except LoadError as exc:
        print(f"checklist: error: {visible(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\nchecklist: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except SystemExit as exc:  # argparse: usage errors exit 2, --help exits 0
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except MemoryError:
        print(
            "checklist: error: out of memory; give it a smaller input (docs/reliability.md lists the limits)",
            file=sys.stderr,
        )
        return exitcodes.INTERNAL
    except Exception as exc:  # a bug: say so, with its own exit code (1 means "check found errors")
        where = exc.__traceback__
        while where is not None and where.tb_next is not None:
            where = where.tb_next
        place = f" at {where.tb_frame.f_code.co_filename.rsplit('/', 1)[-1]}:{where.tb_lineno}" if where else ""
        print(
            f"checklist: internal error (a bug in checklist): {type(exc).__name__}{place}: "
            f"{visible(str(exc)[:300])}\nPlease report it with the command line and the input that caused it.",
            file=sys.stderr,
        )
        return exitcodes.INTERNAL


def entry() -> None:
    code = main()
    if _done_at_once:
        _exit_at_once(code)
    sys.exit(code)


# `check` has written all it says when main() returns: the process may end there, without freeing
# the flow it built object by object (about 0.2 s of a 10 000-step check), as mypy ends.
_done_at_once = False


def _exit_at_once(code: int) -> None:
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # a closed pipe, a full disk: let the usual exit say so
        return
    os._exit(code)
