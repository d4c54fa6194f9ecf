"""`checklist render`: the command line. Importing this module is cheap: the model and the renderer
are imported when a drawing is made, not when the cache holds it (program/cache.py `drawing`)."""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from checklist.cli import exitcodes
from checklist.cli.arguments import TEXT_FORMATS
from checklist.cli.data import default_flow
from checklist.model.visible import visible
from checklist.program import cache
from checklist.program.sources import sources
from checklist.render.errors import RenderUsageError
from checklist.render.runner import INSTALL_HELP, DotFailed, NoGraphviz, run_dot

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (5 ms)
if TYPE_CHECKING:
    from typing import Any

MAX_DOT_TIMEOUT = 3600.0  # an hour
MAX_DEPTH = 1000  # --around STEP --depth N: jumps away
SUFFIX_FORMATS = {
    ".svg": "svg",
    ".png": "png",
    ".pdf": "pdf",
    ".dot": "dot",
    ".gv": "dot",
    ".mmd": "mermaid",
    ".mermaid": "mermaid",
}


def run(args: argparse.Namespace) -> int:

    try:
        return _run(args)
    except RenderUsageError as exc:
        print(f"checklist: error: {visible(str(exc))}", file=sys.stderr)
        return exitcodes.USAGE


def _run(args: argparse.Namespace) -> int:
    if not math.isfinite(args.dot_timeout) or not 0 < args.dot_timeout <= MAX_DOT_TIMEOUT:
        raise RenderUsageError(
            f"--dot-timeout {args.dot_timeout}: give the seconds dot may take, "
            f"above 0 and at most {MAX_DOT_TIMEOUT:g}, e.g. --dot-timeout 60"
        )
    if not 0 <= args.depth <= MAX_DEPTH:
        raise RenderUsageError(f"--depth {args.depth}: give 0 to {MAX_DEPTH} jumps, e.g. --depth 2")

    fmt = args.format or SUFFIX_FORMATS.get(Path(args.output or "").suffix.lower(), "svg")
    kind = fmt if fmt in TEXT_FORMATS else "dot"
    texts = sources(list(args.paths) or [default_flow()])
    if args.trace is None:  # a session's path is read afresh each time: not kept
        options = json.dumps([kind, args.checklist, args.section, args.around, args.depth, args.findings])
        drawn = cache.drawing(texts, options, lambda: _draw(texts, args, kind))
    else:
        drawn = _draw(texts, args, kind)
    if drawn["empty"]:
        print(f"checklist: warning: {drawn['title']}: no steps to draw", file=sys.stderr)

    if fmt in TEXT_FORMATS:
        _write_text(drawn["text"], args.output)
        return exitcodes.OK

    source = drawn["text"]
    size = (drawn["nodes"], drawn["edges"])
    output = Path(args.output) if args.output else Path(f"{drawn['slug']}.{fmt}")
    to_stdout = args.output == "-"
    dot_file = None if to_stdout or output.suffix.lower() == ".dot" else output.with_suffix(".dot")
    if dot_file is not None:
        _write_file(dot_file, source.encode("utf-8"))
    try:
        image = run_dot(source, fmt, args.dot_timeout, size)
    except NoGraphviz as exc:
        kept = f"The DOT source was written to {dot_file}.\n" if dot_file else ""
        print(f"checklist: error: {exc}, so no {fmt.upper()} was drawn.\n{kept}{INSTALL_HELP}", file=sys.stderr)
        if dot_file:
            print(f"Or draw it wherever Graphviz runs: dot -T{fmt} {dot_file} -o {output}", file=sys.stderr)
        return exitcodes.NO_GRAPHVIZ
    except DotFailed as exc:
        kept = f"\nThe DOT source is in {dot_file}." if dot_file else ""
        print(f"checklist: error: {visible(str(exc))}{kept}", file=sys.stderr)
        if str(exc).startswith("dot failed"):  # the others say what to do already
            print(
                "Draw a part of it with --checklist, --section or --around STEP, or report it with the DOT source.",
                file=sys.stderr,
            )
        return exitcodes.DOT_FAILED
    if to_stdout:
        sys.stdout.buffer.write(image)
        sys.stdout.flush()
    else:
        _write_file(output, image)
        nodes, edges = size
        also = f" and {dot_file}" if dot_file else ""
        print(f"wrote {output}{also} ({nodes} nodes, {edges} edges)", file=sys.stderr)
    return exitcodes.OK


def _draw(texts: list[tuple[str, str]], args: argparse.Namespace, kind: str) -> dict[str, Any]:
    """Load the program, select, overlay and draw it as `kind` text (dot or mermaid): cache.DRAWING."""
    # deferred, all four: a drawing the cache holds needs neither the model nor the renderer
    from checklist.program.load import load_sources  # deferred: see above
    from checklist.render import make_scene, render_text  # deferred: see above
    from checklist.render.overlay import read_trace  # deferred: see above
    from checklist.render.select import select  # deferred: see above

    program = load_sources(texts)
    selection = select(program, args.checklist, args.section, args.around, args.depth)
    trace = None
    if args.trace is not None:
        trace, warnings = read_trace(args.trace, program)
        for warning in warnings:
            print(f"checklist: warning: {visible(warning)}", file=sys.stderr)
    scene = make_scene(program, selection, findings=args.findings, trace=trace)
    nodes, edges = scene.size
    text = render_text(scene, kind)
    return {"text": text, "title": selection.title, "slug": selection.slug, "nodes": nodes, "edges": edges,
            "empty": not selection.keys}  # fmt: skip


def _write_text(text: str, output: str | None) -> None:
    if output is None or output == "-":
        sys.stdout.write(text)
    else:
        _write_file(Path(output), text.encode("utf-8"))


def _write_file(path: Path, data: bytes) -> None:

    try:
        if path.parent != Path():
            path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as exc:
        raise RenderUsageError(
            f"-o {path}: cannot write: {exc.strerror or exc}; write elsewhere with -o PATH"
        ) from None
