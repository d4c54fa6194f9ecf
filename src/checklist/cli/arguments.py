"""The command line's arguments, for every command: argparse only, so `--help` and `--version`
start without loading any engine."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from checklist import __version__
from checklist.model.limits import FLOW_OPTION, MAX_FILE_BYTES, MAX_FLOW_MB

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (5 ms): `checklist render` needs none of it

DEFAULT_SESSION = Path("checklist-session.json")
IMAGE_FORMATS = ("svg", "png", "pdf")
TEXT_FORMATS = ("dot", "mermaid")


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `only` (the command a line starts with, see `command_of`), that
    command's parser alone: argparse then parses the line exactly as with them all, since the other
    commands' parsers are never reached, and `checklist render` does not build nine of them."""
    parser = argparse.ArgumentParser(prog="checklist", description="GURPS combat checklists as executable flowcharts.")
    # the version from checklist/__init__.py, not importlib.metadata (28 ms at every start)
    parser.add_argument("--version", action="version", version=f"checklist {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, add in _COMMANDS.items():
        if only is None or only == name:
            add(sub)
    return parser


def command_of(argv: Sequence[str]) -> str | None:
    """The command a command line starts with (`render` in `render --checklist combat`), if it is one:
    everything after it is that command's, so `parser(command_of(argv))` parses it as `parser()` does."""
    return argv[0] if argv and argv[0] in _COMMANDS else None


if TYPE_CHECKING:
    Sub = argparse._SubParsersAction[argparse.ArgumentParser]  # what add_parser is called on


def _check(sub: Sub) -> None:
    check = sub.add_parser("check", help="validate flows the way a compiler would")
    check.add_argument("paths", nargs="*", type=Path, help="flow files or folders (default: the bundled flow/)")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.add_argument("--werror", action="store_true", help="treat warnings as errors (exit 1)")
    check.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    cache_option(check)
    flow_limit_option(check)


def _fmt(sub: Sub) -> None:
    fmt = sub.add_parser(
        "fmt",
        help="lay out flow files the one canonical way (indentation, spacing, aligned table rows)",
        description="Rewrite flow files in the canonical layout: the indentation, the spacing and the alignment "
        "of table rows. Comments and prose are kept byte for byte, and the result parses to the same model. "
        "A file that does not parse is left as it was (exit 1). docs/authoring.md describes the layout.",
    )
    fmt.add_argument("paths", nargs="*", type=Path, help="flow files or folders (default: the bundled flow/)")
    fmt.add_argument("--check", action="store_true", help="write nothing; exit 10 when a file would change")
    fmt.add_argument("--diff", action="store_true", help="write nothing; print a unified diff, exit 10 if any")
    fmt.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    flow_limit_option(fmt)


def _run(sub: Sub) -> None:
    run = sub.add_parser("run", help="play a flow step by step at the table")
    run_arguments(run)
    cache_option(run)
    flow_limit_option(run)


def _roster(sub: Sub) -> None:
    roster = sub.add_parser("roster", help="print the roster that `run --roster` would use (TOML rosters, .gcs files)")
    roster.add_argument("files", nargs="+", type=Path, metavar="FILE", help="TOML rosters and GCS sheets (.gcs)")
    roster.add_argument("--toml", action="store_true", help="write it as a TOML roster, to edit and use again")


def _render(sub: Sub) -> None:
    render = render_parser(sub)
    cache_option(render)
    flow_limit_option(render)


def _serve(sub: Sub) -> None:
    serve = sub.add_parser("serve", help="play a flow in a web browser, with the flowchart lit up")
    serve_arguments(serve)
    cache_option(serve)
    flow_limit_option(serve)


def _simulate(sub: Sub) -> None:
    simulate = sub.add_parser("simulate", help="play many fights on autopilot and report who wins, and how")
    simulate_arguments(simulate)
    cache_option(simulate)
    flow_limit_option(simulate)


def _cards(sub: Sub) -> None:
    cards = sub.add_parser("cards", help="print a maneuver card, or list a deck by category")
    cards.add_argument("name", nargs="?", help="card name or title, or its start (default: list the deck)")
    cards.add_argument("--deck", default="4e", help="which deck: 4e (default) or 3e")
    cards.add_argument("--flow", type=Path, help="flow file or folder holding the decks (default: the bundled flow/)")
    cache_option(cards)
    flow_limit_option(cards)


def _lsp(sub: Sub) -> None:
    lsp = sub.add_parser(
        "lsp",
        help="a language server for editors, over stdin and stdout (docs/authoring.md)",
        description="Speak the Language Server Protocol on stdin and stdout: the findings of `checklist check` "
        "as you type, go to definition, references, hover, completion, rename, quick fixes and the outline. "
        "An editor starts it; docs/authoring.md shows how.",
    )
    lsp.add_argument("--stdio", action="store_true", help="talk over stdin and stdout (the default and only way)")


def _paths(sub: Sub) -> None:
    paths = sub.add_parser("paths", help="answer scripts that visit every step or take every edge of a flow")
    paths.add_argument("flow", nargs="?", type=Path, help="flow file or folder (default: the bundled flow/)")
    paths.add_argument("--cover", choices=("edges", "steps"), default="edges", help="what to cover (default: edges)")
    paths.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="DIR",
        help="write the scripts here (script-01.answers, ...); default: print them",
    )
    paths.add_argument(
        "--budget",
        type=int,
        default=6000,
        metavar="N",
        help="engine states one search may try before a target counts as missed (default 6000)",
    )
    cache_option(paths)
    flow_limit_option(paths)


_COMMANDS = {  # in the order `checklist --help` lists them
    "check": _check,
    "fmt": _fmt,
    "run": _run,
    "roster": _roster,
    "render": _render,
    "serve": _serve,
    "simulate": _simulate,
    "cards": _cards,
    "lsp": _lsp,
    "paths": _paths,
}


def flow_limit_option(parser: argparse.ArgumentParser) -> None:
    """`--max-flow-mb N`, on every command that reads flows (docs/reliability.md, "The limits")."""
    parser.add_argument(
        FLOW_OPTION,
        type=_megabytes,
        metavar="N",
        help=f"read flows of up to N MB of text (default {MAX_FILE_BYTES // 2**20}; a 100 000-step flow is "
        "20 MB and takes about 320 MB of memory to check)",
    )


def _megabytes(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_FLOW_MB:
        raise argparse.ArgumentTypeError(f"expected a whole number of MB from 1 to {MAX_FLOW_MB}, got {text!r}")
    return value


def cache_option(parser: argparse.ArgumentParser) -> None:
    """`--no-cache`, on every command that loads a flow (docs/cache.md)."""
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="parse and build the flow again instead of taking it from the cache of built flows",
    )


def _set_option(parser: argparse.ArgumentParser) -> None:
    """`--set FACT=VALUE`, as run and serve both take it."""
    parser.add_argument(
        "--set",
        metavar="FACT=VALUE",
        action="append",
        default=[],
        help="a fact known from the start, e.g. stunned=no (repeatable)",
    )


def _pilot_options(parser: argparse.ArgumentParser) -> None:
    """`--npc`, `--autopilot` and `--roll`, as run and serve both take them: what the tool does by itself."""
    parser.add_argument(
        "--npc",
        metavar="NAME[=TACTIC]",
        action="append",
        help="a combatant the tool proposes decisions for: TACTIC is aggressive (the default), defensive "
        "or ranged (flow/tactics.flow); repeatable",
    )
    parser.add_argument(
        "--autopilot",
        action=argparse.BooleanOptionalAction,
        help="the NPCs' decisions and rolls are taken without asking, one line each (a resumed session keeps "
        "how it was played: --no-autopilot stops it)",
    )
    parser.add_argument(
        "--roll",
        choices=("ask", "auto"),
        help="ask (a new session's default): each roll waits for the dice typed (or Enter to roll); auto: the "
        "tool rolls them all without waiting, one line each (a resumed session keeps how it was played)",
    )


def run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("flow", nargs="?", type=Path, help="flow file or folder (default: the bundled flow/)")
    parser.add_argument("--at", metavar="STEP", help="start at this step, e.g. combat.54")
    _set_option(parser)
    parser.add_argument(
        "--session",
        type=Path,
        metavar="FILE",
        help=f"save the session here after every answer (default: {DEFAULT_SESSION})",
    )
    parser.add_argument("--resume", type=Path, metavar="FILE", help="continue a saved session")
    parser.add_argument("--answers", type=Path, metavar="FILE", help="read the answers from FILE, one per prompt")
    parser.add_argument("--seed", type=int, metavar="N", help="seed for the dice the program rolls")
    parser.add_argument(
        "--ask-computed",
        action="store_true",
        help="ask computed facts instead of working them out (to replay `checklist paths` scripts)",
    )
    parser.add_argument(
        "--learn", action="store_true", help="show every step with its prose and wait for Enter (learning the rules)"
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="at the end, print every step visited too (the table view prints the fight and its log)",
    )
    _pilot_options(parser)
    parser.add_argument(
        "--roster",
        type=Path,
        metavar="FILE",
        action="append",
        help="the combatants: a TOML roster or a GCS character sheet (.gcs), repeatable "
        "(docs/roster.md); steps read them instead of asking",
    )


def simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "rosters",
        nargs="+",
        metavar="ROSTER",
        help="TOML rosters and GCS sheets (.gcs), FILE@SIDE to put a file's combatants on a side",
    )
    parser.add_argument("--fights", type=int, default=1000, metavar="N", help="how many fights (default 1000)")
    parser.add_argument(
        "--seed", type=int, metavar="S", help="the seed of the whole run (default: a random one, shown)"
    )
    parser.add_argument("--jobs", type=int, metavar="J", help="processes to play on (default: every core)")
    parser.add_argument(
        "--rounds", type=int, default=100, metavar="MAX", help="a fight still going after MAX rounds is a draw (100)"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text", help="the report as a table or JSON")
    parser.add_argument("--plot", type=Path, metavar="FILE", help="a chart of HP left and rounds: FILE.svg or .png")
    parser.add_argument(
        "--replay",
        type=int,
        metavar="K",
        help="play fight K alone: its combat log and its `checklist run` command",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="check every fight's invariants (HP never rises, the dead never act, ...; docs/simulate.md)",
    )
    parser.add_argument(
        "--keep", type=Path, default=Path("."), metavar="DIR", help="where a fight that breaks one is saved (default .)"
    )
    parser.add_argument(
        "--vary",
        metavar="NAME=A..B",
        help="compare: the fights again with A, A+1, ... B of combatant NAME (copies of the first), e.g. orc=2..5",
    )
    parser.add_argument("--flow", type=Path, metavar="PATH", help="flow file or folder (default: the bundled flow/)")


def serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("flow", nargs="?", type=Path, help="flow file or folder (default: the bundled flow/)")
    parser.add_argument(
        "--roster",
        type=Path,
        metavar="FILE",
        action="append",
        help="the combatants: a TOML roster or a GCS sheet (.gcs), repeatable",
    )
    parser.add_argument(
        "--session",
        type=Path,
        metavar="FILE",
        help=f"the session, saved after every answer and resumed when it exists (default: {DEFAULT_SESSION})",
    )
    parser.add_argument("--port", type=int, default=8000, metavar="N", help="port (default 8000; 0: any free one)")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDR",
        help="address to listen on (default 127.0.0.1: this machine only)",
    )
    parser.add_argument("--at", metavar="STEP", help="start at this step, e.g. combat.1")
    _set_option(parser)
    parser.add_argument("--seed", type=int, metavar="N", help="seed for the dice the program rolls")
    parser.add_argument("--learn", action="store_true", help="show every step with its prose (learning the rules)")
    parser.add_argument(
        "--players",
        action="store_true",
        help="a page of its own for each combatant who is not an NPC, to answer their own questions on a phone "
        "(a link each, with its own token; docs/serve.md)",
    )
    _pilot_options(parser)
    parser.set_defaults(ask_computed=False)


def render_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p: argparse.ArgumentParser = sub.add_parser(
        "render",
        help="draw flows as flowcharts (SVG, PNG, PDF, DOT or Mermaid)",
        description="Draw the flow, one checklist, one section or the steps around one step. "
        "Images need Graphviz's `dot`; the DOT source is written beside every image.",
    )
    p.add_argument(
        "paths", nargs="*", type=Path, metavar="FLOW", help="flow files or folders (default: the bundled flow/)"
    )
    p.add_argument("--checklist", metavar="ID", help="draw one checklist, e.g. combat")
    p.add_argument("--section", metavar="NAME", help="draw one section, e.g. damage")
    p.add_argument("--around", metavar="STEP", help="draw the steps near STEP, e.g. combat.54")
    p.add_argument("--depth", type=int, default=2, help="with --around: how many jumps away (default 2)")
    p.add_argument(
        "--format", choices=IMAGE_FORMATS + TEXT_FORMATS, help="output format (default: from -o's suffix, else svg)"
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="where to write; `-` for stdout (default: SCOPE.FORMAT, or stdout for dot/mermaid)",
    )
    p.add_argument(
        "--trace",
        metavar="SESSION",
        type=Path,
        help='highlight a session\'s path: a JSON file {"trace": [step keys], "current": key}',
    )
    p.add_argument("--findings", action="store_true", help="draw the checker's findings on the picture")
    p.add_argument(
        "--dot-timeout", type=float, default=20.0, metavar="SECONDS", help="stop dot after this long (default 20)"
    )
    return p
